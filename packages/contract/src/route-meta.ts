/**
 * The route table's metadata without its schemas: each API call's method and path by name, and
 * the scope types (`route-scopes.ts` says each route's scope). `routes` (routes.ts) adds the
 * scope, summary and zod schemas to these entries, so there is one definition; the web's HTTP
 * client reads only this.
 */

/** Where a channel-scoped route reads the value naming its channel: `<part>.<field>`. */
export type ChannelSource = `${'params' | 'query' | 'body'}.${string}`;

/**
 * What the value names: the product's channel id (`id`, the default), the platform's channel id
 * (`youtube-id`), either (`any-id`), or a resource whose channel is looked up (a thumbnail
 * upload, an idea folder, a saved idea); a resource nobody may see answers its own 404.
 */
export type ChannelVia =
  'id' | 'youtube-id' | 'any-id' | 'thumbnail' | 'idea-folder' | 'saved-idea';

/** A route acting on one channel: only people on that channel may call it. */
export interface ChannelScope {
  /** Where the request names the channel, e.g. 'params.id' or 'query.channelId'. */
  channel: ChannelSource;
  /** How the value names it (default 'id'). */
  via?: ChannelVia;
  /**
   * 'member' (default): the channel's owners and the people it is shared with; 'owner': owners
   * only, a member is refused with 403 'forbidden'.
   */
  role?: 'member' | 'owner';
  /** The value may be absent; the route then acts on no channel (the caller is signed in). */
  optional?: boolean;
}

/**
 * Who may call a route: anyone (`public`; a session is still read when present), any signed-in
 * person (`signed-in`; their own data only), or the people on the channel the request names.
 * The API checks it once, from here, before the handler: signed out → 401 (before the input is
 * validated), not on the channel → 404 (no existence leak), a member on an owner-only call → 403.
 */
export type RouteScope = 'public' | 'signed-in' | ChannelScope;

/** Where a route is: its method and path. */
export interface RouteMeta {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

/** Whether a scope requires a signed-in session. */
export function scopeRequiresAuth(scope: RouteScope): boolean {
  return scope !== 'public';
}

/** Method and path of every API call of the product, by name (all the web needs). */
export const routeMeta = {
  publicConfig: { method: 'GET', path: '/api/public/config' },
  login: { method: 'POST', path: '/api/users/login' },
  logout: { method: 'POST', path: '/api/users/logout' },
  refresh: { method: 'POST', path: '/api/users/refresh-token' },
  checkToken: { method: 'GET', path: '/api/users/check-token' },
  forget: { method: 'POST', path: '/api/users/forget' },
  setPassword: { method: 'POST', path: '/api/users/set-password' },
  setEmail: { method: 'POST', path: '/api/users/set-email' },
  updatePassword: { method: 'POST', path: '/api/users/update-password' },
  me: { method: 'GET', path: '/api/users/me' },
  myChannels: { method: 'GET', path: '/api/users/me/channels' },
  emailNotifications: { method: 'PATCH', path: '/api/users/notification-settings/email' },
  event: { method: 'POST', path: '/api/users/event' },
  pageView: { method: 'POST', path: '/api/users/event/page' },
  youtubeAuthUrl: { method: 'GET', path: '/api/users/youtube-auth-url' },
  removeChannel: { method: 'DELETE', path: '/accounts/users/channels/:youtubeId/' },
  channelMembers: { method: 'GET', path: '/api/channels/:id/members' },
  inviteMember: { method: 'POST', path: '/api/channels/:id/members' },
  removeMember: { method: 'DELETE', path: '/api/channels/:id/members/:email' },
  getChannelSettings: { method: 'GET', path: '/api/channels/:id/settings' },
  updateChannelSettings: { method: 'PUT', path: '/api/channels/:id/settings' },
  locales: { method: 'GET', path: '/api/keywords/locales' },
  publicChannelSearch: { method: 'GET', path: '/yt/api/public/channels/search' },
  startSync: { method: 'POST', path: '/optimization/channels/:id/sync' },
  syncStatus: { method: 'GET', path: '/optimization/channels/:id/sync/status' },
  videoList: { method: 'GET', path: '/optimization/channels/:id/videos' },
  videoExport: { method: 'GET', path: '/optimization/channels/:id/videos.csv' },
  checkVideos: { method: 'POST', path: '/optimization/channels/:id/videos/check' },
  playlists: { method: 'GET', path: '/optimization/channels/:id/playlists' },
  nextVideo: { method: 'GET', path: '/optimization/channels/:id/videos/:videoId/next' },
  videoDetails: { method: 'GET', path: '/optimization/channels/:id/videos/:videoId' },
  setSearchTerm: { method: 'PUT', path: '/optimization/channels/:id/videos/:videoId/search-term' },
  recommendations: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/recommendations',
  },
  ignoreTip: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/recommendations/:type/ignore',
  },
  unignoreTip: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/recommendations/:type/unignore',
  },
  saveDraft: { method: 'PUT', path: '/optimization/channels/:id/videos/:videoId/draft' },
  deleteDraft: { method: 'DELETE', path: '/optimization/channels/:id/videos/:videoId/draft' },
  rankings: { method: 'GET', path: '/api/rankings/channels/:id/rankings' },
  trackedKeywords: { method: 'GET', path: '/api/rankings/channels/:id/keywords' },
  addTrackedKeywords: { method: 'POST', path: '/api/rankings/channels/:id/keywords' },
  deleteTrackedKeywords: { method: 'POST', path: '/api/rankings/channels/:id/keywords/delete' },
  trackedKeywordSuggestions: {
    method: 'GET',
    path: '/api/rankings/channels/:id/keywords/suggestions',
  },
  keywordRanking: { method: 'GET', path: '/api/rankings/channels/:id/rankings/:trackedKeywordId' },
  runRankChecks: { method: 'POST', path: '/api/rankings/channels/:id/checks' },
  templates: { method: 'GET', path: '/optimization/channels/:id/templates' },
  createTemplate: { method: 'POST', path: '/optimization/channels/:id/templates' },
  updateTemplate: { method: 'PUT', path: '/optimization/channels/:id/templates/:templateId' },
  deleteTemplate: { method: 'DELETE', path: '/optimization/channels/:id/templates/:templateId' },
  uploadThumbnail: { method: 'POST', path: '/optimization/channels/:id/videos/:videoId/thumbnail' },
  thumbnailImage: { method: 'GET', path: '/optimization/thumbnails/:thumbnailId' },
  publish: { method: 'POST', path: '/optimization/channels/:id/videos/:videoId/publish' },
  publishHistory: { method: 'GET', path: '/optimization/channels/:id/videos/:videoId/publishes' },
  restorePublish: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/publishes/:publishId/restore',
  },
  discoverIdeas: { method: 'POST', path: '/api/ideas/discover' },
  suggestedIdeas: { method: 'GET', path: '/api/ideas/suggested' },
  ideaDetails: { method: 'GET', path: '/api/ideas/details' },
  ideaFolders: { method: 'GET', path: '/api/ideas/folders' },
  createIdeaFolder: { method: 'POST', path: '/api/ideas/folders' },
  renameIdeaFolder: { method: 'PATCH', path: '/api/ideas/folders/:id' },
  deleteIdeaFolder: { method: 'DELETE', path: '/api/ideas/folders/:id' },
  savedIdeas: { method: 'GET', path: '/api/ideas/saved' },
  saveIdea: { method: 'POST', path: '/api/ideas/saved' },
  moveSavedIdea: { method: 'PATCH', path: '/api/ideas/saved/:id' },
  deleteSavedIdea: { method: 'DELETE', path: '/api/ideas/saved/:id' },
  videoScript: { method: 'GET', path: '/api/ideas/saved/:id/script' },
  saveVideoScript: { method: 'PUT', path: '/api/ideas/saved/:id/script' },
  videoScriptVersions: { method: 'GET', path: '/api/ideas/saved/:id/script/versions' },
  ideaInboxSettings: { method: 'GET', path: '/api/ideas/inbox-settings' },
  updateIdeaInboxSettings: { method: 'PUT', path: '/api/ideas/inbox-settings' },
  unsubscribeWeeklyIdeas: { method: 'POST', path: '/api/ideas/unsubscribe' },
  keywordSearch: { method: 'GET', path: '/api/keywords/search' },
  bookmarkedKeywords: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/keywords',
  },
  bookmarkKeyword: { method: 'POST', path: '/optimization/channels/:id/videos/:videoId/keywords' },
  removeBookmarkedKeyword: {
    method: 'DELETE',
    path: '/optimization/channels/:id/videos/:videoId/keywords/:keywordId',
  },
  aiPermission: { method: 'PUT', path: '/api/users/me/ai-permission' },
  aiQuota: { method: 'GET', path: '/optimization/channels/:id/ai/quota' },
  aiEligibility: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/ai/eligibility',
  },
  generateAiMetadata: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/ai/generations',
  },
  latestAiGeneration: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/ai/generations/latest',
  },
  aiFeedback: {
    method: 'PUT',
    path: '/optimization/channels/:id/videos/:videoId/ai/generations/:generationId/feedback',
  },
  rankingsMovement: { method: 'GET', path: '/api/rankings/channels/:id/movement' },
  organicStats: { method: 'GET', path: '/api/reporting/channels/:id/organic' },
  setCostPerView: { method: 'PUT', path: '/api/reporting/channels/:id/cost-per-view' },
  billingOverview: { method: 'GET', path: '/api/billing' },
  invoices: { method: 'GET', path: '/api/billing/invoices' },
  startCheckout: { method: 'POST', path: '/api/billing/checkout' },
  confirmCheckout: { method: 'POST', path: '/api/billing/checkout/confirm' },
  billingPortal: { method: 'POST', path: '/api/billing/portal' },
  refreshBilling: { method: 'POST', path: '/api/billing/refresh' },
  customPlanRequest: { method: 'POST', path: '/api/custom-plan' },
  setProfileName: { method: 'PUT', path: '/api/users/me/name' },
  accountExports: { method: 'GET', path: '/api/users/me/exports' },
  requestAccountExport: { method: 'POST', path: '/api/users/me/exports' },
  deleteAccount: { method: 'POST', path: '/api/users/me/delete' },
  newOnboarding: { method: 'POST', path: '/api/public/onboarding/new' },
  getOnboarding: { method: 'GET', path: '/api/public/onboarding/:id' },
  updateOnboarding: { method: 'PATCH', path: '/api/public/onboarding/:id' },
  validateEmailToken: { method: 'POST', path: '/api/public/onboarding/validate-email-token' },
  validateEmailCode: { method: 'POST', path: '/api/public/onboarding/validate-email-code' },
  renewValidateEmailCode: {
    method: 'POST',
    path: '/api/public/onboarding/renew-validate-email-code',
  },
  onboardingKeywordSuggestions: {
    method: 'GET',
    path: '/api/public/onboarding/:id/keyword-suggestions',
  },
  createOnboardingAccount: { method: 'POST', path: '/api/public/onboarding/:id/account' },
  publicLocales: { method: 'GET', path: '/api/public/locales' },
  sharedInsights: { method: 'GET', path: '/api/public/insights/:id' },
  revokeInsights: { method: 'POST', path: '/api/public/insights/:id/revoke' },
  competitors: { method: 'GET', path: '/api/channels/:id/competitors' },
  addCompetitor: { method: 'POST', path: '/api/channels/:id/competitors' },
  removeCompetitor: { method: 'DELETE', path: '/api/channels/:id/competitors/:youtubeId' },
  competition: { method: 'GET', path: '/api/channels/:id/competition' },
  searchConsoleConnection: { method: 'GET', path: '/api/search-console' },
  searchConsoleAuthUrl: { method: 'GET', path: '/api/search-console/auth-url' },
  disconnectSearchConsole: { method: 'DELETE', path: '/api/search-console' },
  channelSearchConsole: { method: 'GET', path: '/api/reporting/channels/:id/search-console' },
  setChannelSearchConsole: { method: 'PUT', path: '/api/reporting/channels/:id/search-console' },
  thumbnailTests: { method: 'GET', path: '/api/labs/channels/:id/thumbnail-tests' },
  createThumbnailTest: { method: 'POST', path: '/api/labs/channels/:id/thumbnail-tests' },
  thumbnailTest: { method: 'GET', path: '/api/labs/channels/:id/thumbnail-tests/:testId' },
  stopThumbnailTest: {
    method: 'POST',
    path: '/api/labs/channels/:id/thumbnail-tests/:testId/stop',
  },
} as const satisfies Record<string, RouteMeta>;
