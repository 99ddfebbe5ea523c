/**
 * The OAuth return's parameter names, apart from the rest of the OAuth return handling so the
 * entry chunk only carries this check and loads the handler when a return actually happens.
 */

/** Query parameters the OAuth return adds to the URL; all are stripped once read. */
export const OAUTH_RETURN_PARAMS = [
  'oauth-success',
  'valid-channel',
  'channel-reconnect',
  'correct-channel',
  'yt-permissions-given',
  'xsrf',
  // false: the channel was not connected, the account's plan has no room for another channel.
  'within-plan',
  // Search Console's own grant: connected, missing-scope, denied or error.
  'searchConsole',
] as const;

/**
 * The connected channel's youtubeId on a successful return. A generic name, so it is only read
 * and stripped together with `oauth-success`.
 */
export const OAUTH_CHANNEL_PARAM = 'channel';

/** Whether the query string carries any OAuth return parameter. */
export function hasOAuthReturnParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return OAUTH_RETURN_PARAMS.some((p) => params.has(p));
}
