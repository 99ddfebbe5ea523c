/** The channels module's public surface: connecting, access checks, credentials, settings. */
export {
  CHANNEL_ACCESS_TOPIC,
  type ChannelAccessCache,
  ChannelGuard,
  type ChannelAccess,
} from './channel-access.ts';
export { ChannelConnectService, OAUTH_STATE_TTL_SECONDS } from './channel-connect.service.ts';
export { ChannelCredentials } from './channel-credentials.ts';
export { ChannelSearchService } from './channel-search.service.ts';
export { OAUTH_CALLBACK_PATH, registerChannelRoutes } from './channels.routes.ts';
export { ChannelsService, DEFAULT_CHANNEL_SETTINGS } from './channels.service.ts';
export { LOCALES, sortedLocales } from './locales.ts';
export { oauthCallbackQuery, redirectWithParams } from './oauth-callback.ts';
export { safeOAuthReturnPath } from './oauth-return-path.ts';
export { claimOAuthState, type OAuthStateRow } from './oauth-state.ts';
