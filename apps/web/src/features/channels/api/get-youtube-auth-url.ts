// The consent URL is shared with other features (the editor's Reconnect), so it lives in lib/.
export {
  getYoutubeAuthUrl,
  NO_AUTH_URL_TEXT,
  useConnectChannel,
  type AuthUrlRequest,
} from '../../../lib/channels/youtube-auth-url.ts';
