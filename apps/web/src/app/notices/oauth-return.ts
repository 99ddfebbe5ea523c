import { OAUTH_TEXTS } from '../../config/texts.ts';

/** Query parameters the OAuth return adds to the URL; all are stripped once read. */
export const OAUTH_RETURN_PARAMS = [
  'oauth-success',
  'valid-channel',
  'channel-reconnect',
  'correct-channel',
  'yt-permissions-given',
  'xsrf',
] as const;

/**
 * The error toast for an OAuth return, or null. Only `oauth-success=false` produces one; the
 * most specific cause wins, in this order: invalid channel (reconnect or first connect, told
 * apart by `channel-reconnect=true`), wrong channel on reconnect (`correct-channel=false`),
 * missing permissions (`yt-permissions-given=false`), then a failed state check (`xsrf=false`).
 * A failure that names no cause gets the generic "something went wrong" (xsrf) text, so a
 * failed connection is never silent.
 */
export function oauthReturnError(params: URLSearchParams): string | null {
  if (params.get('oauth-success') !== 'false') return null;
  if (params.get('valid-channel') === 'false') {
    return params.get('channel-reconnect') === 'true'
      ? OAUTH_TEXTS.invalidChannelReconnect
      : OAUTH_TEXTS.invalidChannel;
  }
  if (params.get('correct-channel') === 'false') return OAUTH_TEXTS.wrongChannel;
  if (params.get('yt-permissions-given') === 'false') return OAUTH_TEXTS.missingPermissions;
  return OAUTH_TEXTS.xsrf;
}

/** The search string without the OAuth return parameters, or null when there were none. */
export function stripOAuthParams(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!OAUTH_RETURN_PARAMS.some((p) => params.has(p))) return null;
  OAUTH_RETURN_PARAMS.forEach((p) => params.delete(p));
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
