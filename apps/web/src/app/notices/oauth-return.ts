import { OAUTH_TEXTS, SEARCH_CONSOLE_OAUTH_TEXTS } from '../../config/oauth-texts.ts';
import { OAUTH_CHANNEL_PARAM, OAUTH_RETURN_PARAMS } from './oauth-params.ts';

export { OAUTH_RETURN_PARAMS } from './oauth-params.ts';

/** The toast of `within-plan=false`: the plan's channel limit was reached at the callback. */
export const OAUTH_PLAN_LIMIT_TEXT =
  'The channel was not connected: you have connected as many channels as your plan allows. Choose a bigger plan to connect more.';

/** Whether the return says the plan had no room for the channel (`within-plan=false`). */
export function oauthOutsidePlan(params: URLSearchParams): boolean {
  return params.get('within-plan') === 'false';
}

/** Success toasts of the OAuth return (our wording; the spec only lists the failures). */
export const OAUTH_SUCCESS_TEXTS = {
  connected: 'Channel connected.',
  reconnected: 'Channel reconnected.',
} as const;

/**
 * The error toast for an OAuth return, or null. `within-plan=false` (the plan's channel limit)
 * always produces one; otherwise only `oauth-success=false` does, and the most specific cause
 * wins, in this order: invalid channel (reconnect or first connect, told apart by
 * `channel-reconnect=true`), wrong channel on reconnect (`correct-channel=false`), missing
 * permissions (`yt-permissions-given=false`), then a failed state check (`xsrf=false`).
 * A failure that names no cause gets the generic "something went wrong" (xsrf) text, so a
 * failed connection is never silent.
 */
export function oauthReturnError(params: URLSearchParams): string | null {
  if (oauthOutsidePlan(params)) return OAUTH_PLAN_LIMIT_TEXT;
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

/** A successful OAuth return: the connected channel's youtubeId (when given) and the toast. */
export interface OAuthReturnSuccess {
  youtubeId: string | null;
  message: string;
}

/** The successful OAuth return described by the query, or null when it is not one. */
export function oauthReturnSuccess(params: URLSearchParams): OAuthReturnSuccess | null {
  if (params.get('oauth-success') !== 'true' || oauthOutsidePlan(params)) return null;
  return {
    youtubeId: params.get(OAUTH_CHANNEL_PARAM) || null,
    message:
      params.get('channel-reconnect') === 'true'
        ? OAUTH_SUCCESS_TEXTS.reconnected
        : OAUTH_SUCCESS_TEXTS.connected,
  };
}

/** The toast of a Search Console connection's return (`searchConsole=…`), or null without one. */
export function searchConsoleReturn(
  params: URLSearchParams,
): { variant: 'success' | 'error'; message: string } | null {
  const value = params.get('searchConsole');
  if (value === null) return null;
  if (value === 'connected')
    return { variant: 'success', message: SEARCH_CONSOLE_OAUTH_TEXTS.connected };
  if (value === 'missing-scope')
    return { variant: 'error', message: SEARCH_CONSOLE_OAUTH_TEXTS.missingScope };
  if (value === 'denied') return { variant: 'error', message: SEARCH_CONSOLE_OAUTH_TEXTS.denied };
  // 'error', or a value this build does not know: a failed connection is never silent.
  return { variant: 'error', message: SEARCH_CONSOLE_OAUTH_TEXTS.error };
}

/** The search string without the OAuth return parameters, or null when there were none. */
export function stripOAuthParams(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!OAUTH_RETURN_PARAMS.some((p) => params.has(p))) return null;
  if (params.has('oauth-success')) params.delete(OAUTH_CHANNEL_PARAM);
  OAUTH_RETURN_PARAMS.forEach((p) => params.delete(p));
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
