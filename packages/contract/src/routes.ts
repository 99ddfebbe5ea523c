import { z } from 'zod';
import * as u from './users.ts';
import { publicConfig } from './config.ts';
import * as c from './channels.ts';
import * as k from './keywords.ts';
import * as o from './optimization.ts';
import * as i from './ideation.ts';

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

/** A route as the table declares it; `auth` follows from the scope. */
interface RouteDecl {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  scope: RouteScope;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** Status of the success answer (200 unless stated). */
  status?: 200 | 201 | 202 | 204;
}

/** A route definition shared by the API (validation, access, OpenAPI) and the web (paths, types). */
export interface RouteDef extends RouteDecl {
  /** Whether a signed-in session is required: every scope but `public`. */
  auth: boolean;
}

/** `auth` of a scope: false for public routes only. */
type AuthOf<S extends RouteScope> = S extends 'public' ? false : true;

/** Whether a scope requires a signed-in session. */
export function scopeRequiresAuth(scope: RouteScope): boolean {
  return scope !== 'public';
}

const def = <const T extends RouteDecl>(d: T): T & { auth: AuthOf<T['scope']> } =>
  ({ ...d, auth: scopeRequiresAuth(d.scope) }) as T & { auth: AuthOf<T['scope']> };

/** Every API call of the product, by name. */
export const routes = {
  publicConfig: def({
    method: 'GET',
    path: '/api/public/config',
    summary: 'Public settings the web app needs at start',
    scope: 'public',
    response: publicConfig,
  }),
  login: def({
    method: 'POST',
    path: '/api/users/login',
    summary: 'Sign in with e-mail and password; sets the session cookies',
    scope: 'public',
    body: u.loginBody,
    response: u.sessionInfo,
  }),
  logout: def({
    method: 'POST',
    path: '/api/users/logout',
    summary: 'Sign out: revokes the session server-side and clears the cookies',
    scope: 'public',
    response: u.success,
  }),
  refresh: def({
    method: 'POST',
    path: '/api/users/refresh-token',
    summary: 'Rotate the refresh token and issue a new session token',
    scope: 'public',
    response: u.refreshResponse,
  }),
  checkToken: def({
    method: 'GET',
    path: '/api/users/check-token',
    summary: 'Whether the session token is valid',
    scope: 'signed-in',
    response: u.checkTokenResponse,
  }),
  forget: def({
    method: 'POST',
    path: '/api/users/forget',
    summary: 'Send a password-reset e-mail (always answers success)',
    scope: 'public',
    body: u.forgetBody,
    response: u.success,
  }),
  setPassword: def({
    method: 'POST',
    path: '/api/users/set-password',
    summary: 'Set a new password with a reset or set-password token',
    scope: 'public',
    body: u.setPasswordBody,
    response: u.success,
  }),
  setEmail: def({
    method: 'POST',
    path: '/api/users/set-email',
    summary: "Change the signed-in user's e-mail (current password required)",
    scope: 'signed-in',
    body: u.setEmailBody,
    response: u.user,
  }),
  updatePassword: def({
    method: 'POST',
    path: '/api/users/update-password',
    summary: "Change the signed-in user's password; signs out other sessions",
    scope: 'signed-in',
    body: u.updatePasswordBody,
    response: u.success,
  }),
  me: def({
    method: 'GET',
    path: '/api/users/me',
    summary: 'The signed-in user',
    scope: 'signed-in',
    response: u.user,
  }),
  myChannels: def({
    method: 'GET',
    path: '/api/users/me/channels',
    summary: 'Channels the user owns and channels shared with the user',
    scope: 'signed-in',
    response: u.myChannels,
  }),
  emailNotifications: def({
    method: 'PATCH',
    path: '/api/users/notification-settings/email',
    summary: 'Turn e-mail notifications on or off; returns the user',
    scope: 'signed-in',
    body: u.notificationSettingsBody,
    response: u.user,
  }),
  event: def({
    method: 'POST',
    path: '/api/users/event',
    summary: 'Record a usage event (fire-and-forget)',
    scope: 'public',
    body: u.eventBody,
    response: u.accepted,
    status: 202,
  }),
  pageView: def({
    method: 'POST',
    path: '/api/users/event/page',
    summary: 'Record a page view (fire-and-forget)',
    scope: 'public',
    body: u.pageViewBody,
    response: u.accepted,
    status: 202,
  }),
  youtubeAuthUrl: def({
    method: 'GET',
    path: '/api/users/youtube-auth-url',
    summary: 'The consent URL for connecting or reconnecting a channel',
    scope: { channel: 'query.channel_id', via: 'any-id', optional: true },
    query: c.youtubeAuthUrlQuery,
    response: c.youtubeAuthUrlResponse,
  }),
  removeChannel: def({
    method: 'DELETE',
    path: '/accounts/users/channels/:youtubeId/',
    summary: 'Remove a channel: revokes its platform token and removes its data for this user',
    scope: { channel: 'params.youtubeId', via: 'youtube-id' },
    params: c.youtubeIdParams,
    response: u.success,
  }),
  channelMembers: def({
    method: 'GET',
    path: '/api/channels/:id/members',
    summary: 'The owner and the members of a channel',
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    response: c.channelMembers,
  }),
  inviteMember: def({
    method: 'POST',
    path: '/api/channels/:id/members',
    summary: 'Share a channel with someone by e-mail (owner only)',
    scope: { channel: 'params.id', role: 'owner' },
    params: c.channelIdParams,
    body: c.inviteMemberBody,
    response: c.channelMembers,
    status: 201,
  }),
  removeMember: def({
    method: 'DELETE',
    path: '/api/channels/:id/members/:email',
    summary: 'Stop sharing a channel with someone (owner only)',
    scope: { channel: 'params.id', role: 'owner' },
    params: c.memberParams,
    response: c.channelMembers,
  }),
  getChannelSettings: def({
    method: 'GET',
    path: '/api/channels/:id/settings',
    summary: 'Topics, language, E-E-A-T statement, tone of voice, industries and company name',
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    response: c.channelSettings,
  }),
  updateChannelSettings: def({
    method: 'PUT',
    path: '/api/channels/:id/settings',
    summary: 'Replace the channel settings',
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    body: c.channelSettings,
    response: c.channelSettings,
  }),
  locales: def({
    method: 'GET',
    path: '/api/keywords/locales',
    summary: 'Keyword languages (locations and languages of keyword data)',
    scope: 'signed-in',
    query: c.localesQuery,
    response: c.locales,
  }),
  publicChannelSearch: def({
    method: 'GET',
    path: '/yt/api/public/channels/search',
    summary: 'Search channels by name (signed-out onboarding); cached and rate-limited',
    scope: 'public',
    query: c.channelSearchQuery,
    response: c.channelSearchResponse,
  }),
  startSync: def({
    method: 'POST',
    path: '/optimization/channels/:id/sync',
    summary: "Start syncing a channel's videos and playlists",
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    response: c.syncStatus,
    status: 202,
  }),
  syncStatus: def({
    method: 'GET',
    path: '/optimization/channels/:id/sync/status',
    summary: 'Sync state and progress (videos done / total)',
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    response: c.syncStatus,
  }),
  videoList: def({
    method: 'GET',
    path: '/optimization/channels/:id/videos',
    summary: 'A page of 50 videos with level, impact and last update; sorted and filtered',
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    query: o.videoListQuery,
    response: o.videoListResponse,
  }),
  videoExport: def({
    method: 'GET',
    path: '/optimization/channels/:id/videos.csv',
    summary: "Every video the list's tab, filters and search select, as a CSV file (text/csv)",
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    query: o.videoExportQuery,
    response: o.videoExportCsv,
  }),
  checkVideos: def({
    method: 'POST',
    path: '/optimization/channels/:id/videos/check',
    summary: 'Which of up to 150 videos changed on the platform since the product last saw them',
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    body: o.videosCheckBody,
    response: o.videosCheckResponse,
  }),
  playlists: def({
    method: 'GET',
    path: '/optimization/channels/:id/playlists',
    summary: "The channel's playlists (for the playlist filter)",
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    response: o.channelPlaylists,
  }),
  nextVideo: def({
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/next',
    summary: 'The next video to work on: highest impact, not yet optimised, not this one',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    response: o.nextVideoResponse,
  }),
  videoDetails: def({
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId',
    summary: 'Live metadata, shared draft and last publish of a video (the editor)',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    response: o.videoDetails,
  }),
  setSearchTerm: def({
    method: 'PUT',
    path: '/optimization/channels/:id/videos/:videoId/search-term',
    summary: 'Choose the search term a video should be found for',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    body: o.searchTermBody,
    response: o.recommendationsResponse,
  }),
  recommendations: def({
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/recommendations',
    summary: 'Live recommendations: tips, level, impact, keyword figures and recommended tags',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    query: o.recommendationsQuery,
    response: o.recommendationsResponse,
  }),
  ignoreTip: def({
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/recommendations/:type/ignore',
    summary: 'Ignore a tip for this video (it stops counting toward the level)',
    scope: { channel: 'params.id' },
    params: o.tipParams,
    response: o.recommendationsResponse,
  }),
  unignoreTip: def({
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/recommendations/:type/unignore',
    summary: 'Count an ignored tip again',
    scope: { channel: 'params.id' },
    params: o.tipParams,
    response: o.recommendationsResponse,
  }),
  saveDraft: def({
    method: 'PUT',
    path: '/optimization/channels/:id/videos/:videoId/draft',
    summary: 'Save the shared draft; refused with draft-conflict if someone saved since',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    body: o.saveDraftBody,
    response: o.videoDraft,
  }),
  deleteDraft: def({
    method: 'DELETE',
    path: '/optimization/channels/:id/videos/:videoId/draft',
    summary: 'Delete the shared draft (names the revision it saw)',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    query: o.deleteDraftQuery,
    response: u.success,
  }),
  templates: def({
    method: 'GET',
    path: '/optimization/channels/:id/templates',
    summary: "The channel's description templates, newest first",
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    response: o.templates,
  }),
  createTemplate: def({
    method: 'POST',
    path: '/optimization/channels/:id/templates',
    summary: 'Create a description template',
    scope: { channel: 'params.id' },
    params: c.channelIdParams,
    body: o.templateBody,
    response: o.template,
    status: 201,
  }),
  updateTemplate: def({
    method: 'PUT',
    path: '/optimization/channels/:id/templates/:templateId',
    summary: 'Replace a template',
    scope: { channel: 'params.id' },
    params: o.templateParams,
    body: o.templateBody,
    response: o.template,
  }),
  deleteTemplate: def({
    method: 'DELETE',
    path: '/optimization/channels/:id/templates/:templateId',
    summary: 'Delete a template',
    scope: { channel: 'params.id' },
    params: o.templateParams,
    response: u.success,
  }),
  uploadThumbnail: def({
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/thumbnail',
    summary: 'Upload a JPEG or PNG thumbnail (raw body); checked for size, width and ratio',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    response: o.uploadedThumbnail,
    status: 201,
  }),
  thumbnailImage: def({
    method: 'GET',
    path: '/optimization/thumbnails/:thumbnailId',
    summary: 'An uploaded thumbnail image (for previews); only for people on its channel',
    scope: { channel: 'params.thumbnailId', via: 'thumbnail' },
    params: o.thumbnailParams,
    response: u.success,
  }),
  publish: def({
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/publish',
    summary: 'Publish title, description, tags, language and thumbnail to the platform',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    body: o.publishBody,
    response: o.publishResponse,
  }),
  publishHistory: def({
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/publishes',
    summary: 'Every publish of this video through the product, newest first',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    response: o.publishHistory,
  }),
  restorePublish: def({
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/publishes/:publishId/restore',
    summary: 'Undo a publish: publish the metadata it replaced',
    scope: { channel: 'params.id' },
    params: o.publishParams,
    response: o.publishResponse,
  }),
  discoverIdeas: def({
    method: 'POST',
    path: '/api/ideas/discover',
    summary: 'Video ideas for 1–10 seed keywords, by opportunity (11 on page 1, then 10)',
    scope: { channel: 'body.channelId' },
    body: i.discoverBody,
    response: i.discoverResponse,
  }),
  suggestedIdeas: def({
    method: 'GET',
    path: '/api/ideas/suggested',
    summary: "Ideas seeded from the channel's topics and industries",
    scope: { channel: 'query.channelId' },
    query: i.suggestedQuery,
    response: i.suggestedResponse,
  }),
  ideaDetails: def({
    method: 'GET',
    path: '/api/ideas/details',
    summary: 'An idea with its trend, the videos ranking for it, why it scores so, and titles',
    scope: { channel: 'query.channelId' },
    query: i.ideaDetailsQuery,
    response: i.ideaDetails,
  }),
  ideaFolders: def({
    method: 'GET',
    path: '/api/ideas/folders',
    summary: "A channel's idea folders; the default 'Your saved ideas' first",
    scope: { channel: 'query.channelId' },
    query: i.channelQuery,
    response: i.ideaFolders,
  }),
  createIdeaFolder: def({
    method: 'POST',
    path: '/api/ideas/folders',
    summary: 'Create a folder',
    scope: { channel: 'body.channelId' },
    body: i.folderBody,
    response: i.ideaFolder,
    status: 201,
  }),
  renameIdeaFolder: def({
    method: 'PATCH',
    path: '/api/ideas/folders/:id',
    summary: 'Rename a folder (not the default one)',
    scope: { channel: 'params.id', via: 'idea-folder' },
    params: i.idParams,
    body: i.renameFolderBody,
    response: i.ideaFolder,
  }),
  deleteIdeaFolder: def({
    method: 'DELETE',
    path: '/api/ideas/folders/:id',
    summary: 'Delete a folder (not the default one); its ideas move to the default folder',
    scope: { channel: 'params.id', via: 'idea-folder' },
    params: i.idParams,
    response: u.success,
  }),
  savedIdeas: def({
    method: 'GET',
    path: '/api/ideas/saved',
    summary: "A channel's saved ideas, newest first, optionally of one folder",
    scope: { channel: 'query.channelId' },
    query: i.savedIdeasQuery,
    response: i.savedIdeas,
  }),
  saveIdea: def({
    method: 'POST',
    path: '/api/ideas/saved',
    summary: 'Save an idea into a folder (the default one unless given)',
    scope: { channel: 'body.channelId' },
    body: i.saveIdeaBody,
    response: i.savedIdea,
    status: 201,
  }),
  moveSavedIdea: def({
    method: 'PATCH',
    path: '/api/ideas/saved/:id',
    summary: 'Move a saved idea to another folder of its channel',
    scope: { channel: 'params.id', via: 'saved-idea' },
    params: i.idParams,
    body: i.moveIdeaBody,
    response: i.savedIdea,
  }),
  deleteSavedIdea: def({
    method: 'DELETE',
    path: '/api/ideas/saved/:id',
    summary: 'Delete a saved idea and its script',
    scope: { channel: 'params.id', via: 'saved-idea' },
    params: i.idParams,
    response: u.success,
  }),
  videoScript: def({
    method: 'GET',
    path: '/api/ideas/saved/:id/script',
    summary: "A saved idea's script (empty, revision 0, before the first save)",
    scope: { channel: 'params.id', via: 'saved-idea' },
    params: i.idParams,
    response: i.videoScript,
  }),
  saveVideoScript: def({
    method: 'PUT',
    path: '/api/ideas/saved/:id/script',
    summary: "Save a script; 409 'script-conflict' with the current script when the base is stale",
    scope: { channel: 'params.id', via: 'saved-idea' },
    params: i.idParams,
    body: i.saveScriptBody,
    response: i.videoScript,
  }),
  videoScriptVersions: def({
    method: 'GET',
    path: '/api/ideas/saved/:id/script/versions',
    summary: 'Earlier versions of a script, newest first (the last 50 replaced by a save)',
    scope: { channel: 'params.id', via: 'saved-idea' },
    params: i.idParams,
    response: i.scriptVersions,
  }),
  ideaInboxSettings: def({
    method: 'GET',
    path: '/api/ideas/inbox-settings',
    summary: "The weekly ideas e-mail per channel (people with 'weekly_video_ideas')",
    scope: 'signed-in',
    response: i.ideaInboxSettings,
  }),
  updateIdeaInboxSettings: def({
    method: 'PUT',
    path: '/api/ideas/inbox-settings',
    summary: 'Opt in or out of the weekly ideas e-mail for a channel',
    scope: { channel: 'body.channelId' },
    body: i.ideaInboxBody,
    response: i.ideaInboxSettings,
  }),
  unsubscribeWeeklyIdeas: def({
    method: 'POST',
    path: '/api/ideas/unsubscribe',
    summary:
      'Unsubscribe from the weekly ideas e-mail with the token of its link (no sign-in; the link opens a page that posts this, so mail scanners fetching links change nothing)',
    scope: 'public',
    body: i.unsubscribeBody,
    response: i.unsubscribeResponse,
  }),
  keywordSearch: def({
    method: 'GET',
    path: '/api/keywords/search',
    summary: 'Keyword suggestions with estimated volume, competition and CPC',
    scope: { channel: 'query.channelId', optional: true },
    query: k.keywordSearchQuery,
    response: k.keywordSearchResponse,
  }),
  bookmarkedKeywords: def({
    method: 'GET',
    path: '/optimization/channels/:id/videos/:videoId/keywords',
    summary: "A video's bookmarked keywords, by volume descending",
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    response: k.bookmarkedKeywords,
  }),
  bookmarkKeyword: def({
    method: 'POST',
    path: '/optimization/channels/:id/videos/:videoId/keywords',
    summary: 'Bookmark a keyword for a video',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams,
    body: k.bookmarkKeywordBody,
    response: k.bookmarkedKeywords,
  }),
  removeBookmarkedKeyword: def({
    method: 'DELETE',
    path: '/optimization/channels/:id/videos/:videoId/keywords/:keywordId',
    summary: 'Remove a bookmarked keyword',
    scope: { channel: 'params.id' },
    params: o.channelVideoParams.extend({ keywordId: z.string().min(1).max(100) }),
    response: k.bookmarkedKeywords,
  }),
} as const satisfies Record<string, RouteDef>;

/** The routes table's type. */
export type Routes = typeof routes;
/** Request body type of a route. */
export type BodyOf<K extends keyof Routes> = Routes[K] extends { body: z.ZodType }
  ? z.input<Routes[K]['body']>
  : undefined;
/** Success response type of a route. */
export type ResponseOf<K extends keyof Routes> = z.output<Routes[K]['response']>;
