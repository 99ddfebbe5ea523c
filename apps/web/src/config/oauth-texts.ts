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
