import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { browser } from '../browser.ts';

/** Shown when the server answers without a consent URL (spec section 5). */
export const NO_AUTH_URL_TEXT = 'Could not fetch OAuth2 URL';

/** What the consent URL is for: a first channel, another channel, or reconnecting one. */
export interface AuthUrlRequest {
  userId: string;
  firstChannel?: boolean;
  /** The product id (Channel.id) of the channel to reconnect. */
  reconnectChannelId?: string;
  /**
   * The app page to come back to after the consent (e.g. the editor the reconnect started
   * from); the server keeps it with the state if it is a safe same-origin path.
   */
  returnTo?: string;
}

/** Fetches the platform's consent URL; fails with NO_AUTH_URL_TEXT when none comes back. */
export async function getYoutubeAuthUrl(request: AuthUrlRequest): Promise<string> {
  const reconnect = request.reconnectChannelId !== undefined;
  const { authUrl } = await apiRequest('youtubeAuthUrl', {
    query: {
      user_id: request.userId,
      reconnect: String(reconnect),
      first_channel: String(Boolean(request.firstChannel)),
      channel_id: request.reconnectChannelId,
      return_to: request.returnTo,
    },
  });
  if (!authUrl) throw new Error(NO_AUTH_URL_TEXT);
  return authUrl;
}

/**
 * Connect or reconnect a channel: fetches the consent URL and leaves the app for it (the OAuth
 * callback brings the browser back with the oauth-success parameters).
 */
export function useConnectChannel() {
  return useMutation({
    mutationFn: getYoutubeAuthUrl,
    onSuccess: (authUrl) => browser.assign(authUrl),
  });
}
