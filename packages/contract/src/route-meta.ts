/**
 * The route table's metadata without its schemas: each API call's method, path and scope, by
 * name. `routes` (routes.ts) adds the summary and the zod schemas to these entries, so there is
 * one definition; the web's HTTP client reads only this.
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

/** What every route declares besides its summary and schemas. */
export interface RouteMeta {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  scope: RouteScope;
}

/** Whether a scope requires a signed-in session. */
export function scopeRequiresAuth(scope: RouteScope): boolean {
  return scope !== 'public';
}

/** Method, path and scope of every API call of the product, by name. */
export const routeMeta = {
  publicConfig: { method: 'GET', path: '/api/public/config', scope: 'public' },
  login: { method: 'POST', path: '/api/users/login', scope: 'public' },
  logout: { method: 'POST', path: '/api/users/logout', scope: 'public' },
  refresh: { method: 'POST', path: '/api/users/refresh-token', scope: 'public' },
  checkToken: { method: 'GET', path: '/api/users/check-token', scope: 'signed-in' },
  forget: { method: 'POST', path: '/api/users/forget', scope: 'public' },
  setPassword: { method: 'POST', path: '/api/users/set-password', scope: 'public' },
  setEmail: { method: 'POST', path: '/api/users/set-email', scope: 'signed-in' },
  updatePassword: { method: 'POST', path: '/api/users/update-password', scope: 'signed-in' },
  me: { method: 'GET', path: '/api/users/me', scope: 'signed-in' },
  myChannels: { method: 'GET', path: '/api/users/me/channels', scope: 'signed-in' },
  emailNotifications: {
    method: 'PATCH',
    path: '/api/users/notification-settings/email',
    scope: 'signed-in',
  },
  event: { method: 'POST', path: '/api/users/event', scope: 'public' },
  pageView: { method: 'POST', path: '/api/users/event/page', scope: 'public' },
  youtubeAuthUrl: {
    method: 'GET',
    path: '/api/users/youtube-auth-url',
    scope: { channel: 'query.channel_id', via: 'any-id', optional: true },
  },
  removeChannel: {
    method: 'DELETE',
    path: '/accounts/users/channels/:youtubeId/',
    scope: { channel: 'params.youtubeId', via: 'youtube-id' },
  },
  channelMembers: {
    method: 'GET',
    path: '/api/channels/:id/members',
    scope: { channel: 'params.id' },
  },
  inviteMember: {
    method: 'POST',
    path: '/api/channels/:id/members',
    scope: { channel: 'params.id', role: 'owner' },
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/channels/:id/members/:email',
    scope: { channel: 'params.id', role: 'owner' },
  },
  getChannelSettings: {
    method: 'GET',
    path: '/api/channels/:id/settings',
    scope: { channel: 'params.id' },
  },
  updateChannelSettings: {
    method: 'PUT',
    path: '/api/channels/:id/settings',
    scope: { channel: 'params.id' },
  },
  locales: { method: 'GET', path: '/api/keywords/locales', scope: 'signed-in' },
  publicChannelSearch: { method: 'GET', path: '/yt/api/public/channels/search', scope: 'public' },
  startSync: {
    method: 'POST',
    path: '/optimization/channels/:id/sync',
    scope: { channel: 'params.id' },
  },
  syncStatus: {
    method: 'GET',
    path: '/optimization/channels/:id/sync/status',
    scope: { channel: 'params.id' },
  },
  videoList: {
    method: 'GET',
    path: '/optimization/channels/:id/videos',
    scope: { channel: 'params.id' },
  },
  videoExport: {
    method: 'GET',
    path: '/optimization/channels/:id/videos.csv',
    scope: { channel: 'params.id' },
  },
  checkVideos: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/check',
    scope: { channel: 'params.id' },
  },
  playlists: {
    method: 'GET',
    path: '/optimization/channels/:id/playlists',
    scope: { channel: 'params.id' },
  },
  nextVideo: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/next',
    scope: { channel: 'params.id' },
  },
  videoDetails: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId',
    scope: { channel: 'params.id' },
  },
  setSearchTerm: {
    method: 'PUT',
    path: '/optimization/channels/:id/videos/:videoId/search-term',
    scope: { channel: 'params.id' },
  },
  recommendations: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/recommendations',
    scope: { channel: 'params.id' },
  },
  ignoreTip: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/recommendations/:type/ignore',
    scope: { channel: 'params.id' },
  },
  unignoreTip: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/recommendations/:type/unignore',
    scope: { channel: 'params.id' },
  },
  saveDraft: {
    method: 'PUT',
    path: '/optimization/channels/:id/videos/:videoId/draft',
    scope: { channel: 'params.id' },
  },
  deleteDraft: {
    method: 'DELETE',
    path: '/optimization/channels/:id/videos/:videoId/draft',
    scope: { channel: 'params.id' },
  },
  rankings: {
    method: 'GET',
    path: '/api/rankings/channels/:id/rankings',
    scope: { channel: 'params.id' },
  },
  trackedKeywords: {
    method: 'GET',
    path: '/api/rankings/channels/:id/keywords',
    scope: { channel: 'params.id' },
  },
  addTrackedKeywords: {
    method: 'POST',
    path: '/api/rankings/channels/:id/keywords',
    scope: { channel: 'params.id' },
  },
  deleteTrackedKeywords: {
    method: 'POST',
    path: '/api/rankings/channels/:id/keywords/delete',
    scope: { channel: 'params.id' },
  },
  trackedKeywordSuggestions: {
    method: 'GET',
    path: '/api/rankings/channels/:id/keywords/suggestions',
    scope: { channel: 'params.id' },
  },
  keywordRanking: {
    method: 'GET',
    path: '/api/rankings/channels/:id/rankings/:trackedKeywordId',
    scope: { channel: 'params.id' },
  },
  runRankChecks: {
    method: 'POST',
    path: '/api/rankings/channels/:id/checks',
    scope: { channel: 'params.id' },
  },
  templates: {
    method: 'GET',
    path: '/optimization/channels/:id/templates',
    scope: { channel: 'params.id' },
  },
  createTemplate: {
    method: 'POST',
    path: '/optimization/channels/:id/templates',
    scope: { channel: 'params.id' },
  },
  updateTemplate: {
    method: 'PUT',
    path: '/optimization/channels/:id/templates/:templateId',
    scope: { channel: 'params.id' },
  },
  deleteTemplate: {
    method: 'DELETE',
    path: '/optimization/channels/:id/templates/:templateId',
    scope: { channel: 'params.id' },
  },
  uploadThumbnail: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/thumbnail',
    scope: { channel: 'params.id' },
  },
  thumbnailImage: {
    method: 'GET',
    path: '/optimization/thumbnails/:thumbnailId',
    scope: { channel: 'params.thumbnailId', via: 'thumbnail' },
  },
  publish: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/publish',
    scope: { channel: 'params.id' },
  },
  publishHistory: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/publishes',
    scope: { channel: 'params.id' },
  },
  restorePublish: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/publishes/:publishId/restore',
    scope: { channel: 'params.id' },
  },
  discoverIdeas: {
    method: 'POST',
    path: '/api/ideas/discover',
    scope: { channel: 'body.channelId' },
  },
  suggestedIdeas: {
    method: 'GET',
    path: '/api/ideas/suggested',
    scope: { channel: 'query.channelId' },
  },
  ideaDetails: { method: 'GET', path: '/api/ideas/details', scope: { channel: 'query.channelId' } },
  ideaFolders: { method: 'GET', path: '/api/ideas/folders', scope: { channel: 'query.channelId' } },
  createIdeaFolder: {
    method: 'POST',
    path: '/api/ideas/folders',
    scope: { channel: 'body.channelId' },
  },
  renameIdeaFolder: {
    method: 'PATCH',
    path: '/api/ideas/folders/:id',
    scope: { channel: 'params.id', via: 'idea-folder' },
  },
  deleteIdeaFolder: {
    method: 'DELETE',
    path: '/api/ideas/folders/:id',
    scope: { channel: 'params.id', via: 'idea-folder' },
  },
  savedIdeas: { method: 'GET', path: '/api/ideas/saved', scope: { channel: 'query.channelId' } },
  saveIdea: { method: 'POST', path: '/api/ideas/saved', scope: { channel: 'body.channelId' } },
  moveSavedIdea: {
    method: 'PATCH',
    path: '/api/ideas/saved/:id',
    scope: { channel: 'params.id', via: 'saved-idea' },
  },
  deleteSavedIdea: {
    method: 'DELETE',
    path: '/api/ideas/saved/:id',
    scope: { channel: 'params.id', via: 'saved-idea' },
  },
  videoScript: {
    method: 'GET',
    path: '/api/ideas/saved/:id/script',
    scope: { channel: 'params.id', via: 'saved-idea' },
  },
  saveVideoScript: {
    method: 'PUT',
    path: '/api/ideas/saved/:id/script',
    scope: { channel: 'params.id', via: 'saved-idea' },
  },
  videoScriptVersions: {
    method: 'GET',
    path: '/api/ideas/saved/:id/script/versions',
    scope: { channel: 'params.id', via: 'saved-idea' },
  },
  ideaInboxSettings: { method: 'GET', path: '/api/ideas/inbox-settings', scope: 'signed-in' },
  updateIdeaInboxSettings: {
    method: 'PUT',
    path: '/api/ideas/inbox-settings',
    scope: { channel: 'body.channelId' },
  },
  unsubscribeWeeklyIdeas: { method: 'POST', path: '/api/ideas/unsubscribe', scope: 'public' },
  keywordSearch: {
    method: 'GET',
    path: '/api/keywords/search',
    scope: { channel: 'query.channelId', optional: true },
  },
  bookmarkedKeywords: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/keywords',
    scope: { channel: 'params.id' },
  },
  bookmarkKeyword: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/keywords',
    scope: { channel: 'params.id' },
  },
  removeBookmarkedKeyword: {
    method: 'DELETE',
    path: '/optimization/channels/:id/videos/:videoId/keywords/:keywordId',
    scope: { channel: 'params.id' },
  },
  aiPermission: { method: 'PUT', path: '/api/users/me/ai-permission', scope: 'signed-in' },
  aiQuota: {
    method: 'GET',
    path: '/optimization/channels/:id/ai/quota',
    scope: { channel: 'params.id' },
  },
  aiEligibility: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/ai/eligibility',
    scope: { channel: 'params.id' },
  },
  generateAiMetadata: {
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/ai/generations',
    scope: { channel: 'params.id' },
  },
  latestAiGeneration: {
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/ai/generations/latest',
    scope: { channel: 'params.id' },
  },
  aiFeedback: {
    method: 'PUT',
    path: '/optimization/channels/:id/videos/:videoId/ai/generations/:generationId/feedback',
    scope: { channel: 'params.id' },
  },
  rankingsMovement: {
    method: 'GET',
    path: '/api/rankings/channels/:id/movement',
    scope: { channel: 'params.id' },
  },
  organicStats: {
    method: 'GET',
    path: '/api/reporting/channels/:id/organic',
    scope: { channel: 'params.id' },
  },
  setCostPerView: {
    method: 'PUT',
    path: '/api/reporting/channels/:id/cost-per-view',
    scope: { channel: 'params.id' },
  },
  billingOverview: { method: 'GET', path: '/api/billing', scope: 'signed-in' },
  invoices: { method: 'GET', path: '/api/billing/invoices', scope: 'signed-in' },
  startCheckout: { method: 'POST', path: '/api/billing/checkout', scope: 'signed-in' },
  confirmCheckout: { method: 'POST', path: '/api/billing/checkout/confirm', scope: 'signed-in' },
  billingPortal: { method: 'POST', path: '/api/billing/portal', scope: 'signed-in' },
  refreshBilling: { method: 'POST', path: '/api/billing/refresh', scope: 'signed-in' },
  customPlanRequest: { method: 'POST', path: '/api/custom-plan', scope: 'signed-in' },
  setProfileName: { method: 'PUT', path: '/api/users/me/name', scope: 'signed-in' },
  accountExports: { method: 'GET', path: '/api/users/me/exports', scope: 'signed-in' },
  requestAccountExport: { method: 'POST', path: '/api/users/me/exports', scope: 'signed-in' },
  deleteAccount: { method: 'POST', path: '/api/users/me/delete', scope: 'signed-in' },
  newOnboarding: { method: 'POST', path: '/api/public/onboarding/new', scope: 'public' },
  getOnboarding: { method: 'GET', path: '/api/public/onboarding/:id', scope: 'public' },
  updateOnboarding: { method: 'PATCH', path: '/api/public/onboarding/:id', scope: 'public' },
  validateEmailToken: {
    method: 'POST',
    path: '/api/public/onboarding/validate-email-token',
    scope: 'public',
  },
  validateEmailCode: {
    method: 'POST',
    path: '/api/public/onboarding/validate-email-code',
    scope: 'public',
  },
  renewValidateEmailCode: {
    method: 'POST',
    path: '/api/public/onboarding/renew-validate-email-code',
    scope: 'public',
  },
  onboardingKeywordSuggestions: {
    method: 'GET',
    path: '/api/public/onboarding/:id/keyword-suggestions',
    scope: 'public',
  },
  createOnboardingAccount: {
    method: 'POST',
    path: '/api/public/onboarding/:id/account',
    scope: 'public',
  },
  publicLocales: { method: 'GET', path: '/api/public/locales', scope: 'public' },
  sharedInsights: { method: 'GET', path: '/api/public/insights/:id', scope: 'public' },
  revokeInsights: { method: 'POST', path: '/api/public/insights/:id/revoke', scope: 'public' },
  competitors: {
    method: 'GET',
    path: '/api/channels/:id/competitors',
    scope: { channel: 'params.id' },
  },
  addCompetitor: {
    method: 'POST',
    path: '/api/channels/:id/competitors',
    scope: { channel: 'params.id' },
  },
  removeCompetitor: {
    method: 'DELETE',
    path: '/api/channels/:id/competitors/:youtubeId',
    scope: { channel: 'params.id' },
  },
  competition: {
    method: 'GET',
    path: '/api/channels/:id/competition',
    scope: { channel: 'params.id' },
  },
} as const satisfies Record<string, RouteMeta>;
