/**
 * The OAuth return's error toasts, quoted exactly from the spec (section 8). Apart from texts.ts,
 * which the entry chunk carries (the global notices use it): only the lazily loaded OAuth return
 * shows these, so the sign-in pages do not download them.
 */
export const OAUTH_TEXTS = {
  invalidChannel:
    'The account you selected does not appear to be a valid video-platform channel. Please select a different account.',
  invalidChannelReconnect:
    'The channel you tried to reconnect does not appear to be a valid video-platform channel. Please select a different channel.',
  wrongChannel:
    'The channel you tried to reconnect does not match your selected channel. Please try to reconnect again and make sure to select the correct channel.',
  missingPermissions:
    "It seems that you did not give sufficient permissions. Please try again and click on the 'Manage your account' checkbox when prompted.",
  xsrf: 'Something went wrong while we tried to connect your channel. Please try again.',
} as const;

/**
 * Toasts of the Search Console connection's return (`searchConsole=…`), in the channel flow's
 * style; the missing-scope one names the consent page's Search Console checkbox.
 */
export const SEARCH_CONSOLE_OAUTH_TEXTS = {
  connected: 'Google Search Console connected.',
  missingScope:
    "It seems that you did not give sufficient permissions. Please try again and click on the 'View Search Console data for your verified sites' checkbox when prompted.",
  denied:
    "Google Search Console was not connected: access was not allowed on Google's page. Please try again and click on 'Allow' when prompted.",
  error: 'Something went wrong while we tried to connect Google Search Console. Please try again.',
} as const;
