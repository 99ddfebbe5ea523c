import { z } from 'zod';
import * as u from './users.ts';
import { publicConfig } from './config.ts';
import * as c from './channels.ts';
import * as k from './keywords.ts';
import * as o from './optimization.ts';
import * as i from './ideation.ts';
import * as r from './rankings.ts';
import * as rm from './rankings-movement.ts';
import * as rep from './reporting.ts';
import * as ai from './ai-metadata.ts';
import * as b from './billing.ts';
import * as ob from './onboarding.ts';
import * as cmp from './competition.ts';
import * as sc from './search-console.ts';
import * as labs from './labs.ts';
import { routeMeta, scopeRequiresAuth, type RouteMeta, type RouteScope } from './route-meta.ts';
import { routeScopes } from './route-scopes.ts';

/** A route as the table declares it; `auth` follows from the scope. */
interface RouteDecl extends RouteMeta {
  scope: RouteScope;
  summary: string;
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

const def = <const T extends RouteDecl>(d: T): T & { auth: AuthOf<T['scope']> } =>
  ({ ...d, auth: scopeRequiresAuth(d.scope) }) as T & { auth: AuthOf<T['scope']> };

/** Every API call of the product, by name. */
export const routes = {
  publicConfig: def({
    ...routeMeta.publicConfig,
    scope: routeScopes.publicConfig,
    summary: 'Public settings the web app needs at start',
    response: publicConfig,
  }),
  login: def({
    ...routeMeta.login,
    scope: routeScopes.login,
    summary: 'Sign in with e-mail and password; sets the session cookies',
    body: u.loginBody,
    response: u.sessionInfo,
  }),
  logout: def({
    ...routeMeta.logout,
    scope: routeScopes.logout,
    summary: 'Sign out: revokes the session server-side and clears the cookies',
    response: u.success,
  }),
  refresh: def({
    ...routeMeta.refresh,
    scope: routeScopes.refresh,
    summary: 'Rotate the refresh token and issue a new session token',
    response: u.refreshResponse,
  }),
  checkToken: def({
    ...routeMeta.checkToken,
    scope: routeScopes.checkToken,
    summary: 'Whether the session token is valid',
    response: u.checkTokenResponse,
  }),
  forget: def({
    ...routeMeta.forget,
    scope: routeScopes.forget,
    summary: 'Send a password-reset e-mail (always answers success)',
    body: u.forgetBody,
    response: u.success,
  }),
  setPassword: def({
    ...routeMeta.setPassword,
    scope: routeScopes.setPassword,
    summary: 'Set a new password with a reset or set-password token',
    body: u.setPasswordBody,
    response: u.success,
  }),
  setEmail: def({
    ...routeMeta.setEmail,
    scope: routeScopes.setEmail,
    summary: "Change the signed-in user's e-mail (current password required)",
    body: u.setEmailBody,
    response: u.user,
  }),
  updatePassword: def({
    ...routeMeta.updatePassword,
    scope: routeScopes.updatePassword,
    summary: "Change the signed-in user's password; signs out other sessions",
    body: u.updatePasswordBody,
    response: u.success,
  }),
  me: def({
    ...routeMeta.me,
    scope: routeScopes.me,
    summary: 'The signed-in user',
    response: u.user,
  }),
  myChannels: def({
    ...routeMeta.myChannels,
    scope: routeScopes.myChannels,
    summary: 'Channels the user owns and channels shared with the user',
    response: u.myChannels,
  }),
  emailNotifications: def({
    ...routeMeta.emailNotifications,
    scope: routeScopes.emailNotifications,
    summary: 'Turn e-mail notifications on or off; returns the user',
    body: u.notificationSettingsBody,
    response: u.user,
  }),
  event: def({
    ...routeMeta.event,
    scope: routeScopes.event,
    summary: 'Record a usage event (fire-and-forget)',
    body: u.eventBody,
    response: u.accepted,
    status: 202,
  }),
  pageView: def({
    ...routeMeta.pageView,
    scope: routeScopes.pageView,
    summary: 'Record a page view (fire-and-forget)',
    body: u.pageViewBody,
    response: u.accepted,
    status: 202,
  }),
  youtubeAuthUrl: def({
    ...routeMeta.youtubeAuthUrl,
    scope: routeScopes.youtubeAuthUrl,
    summary: 'The consent URL for connecting or reconnecting a channel',
    query: c.youtubeAuthUrlQuery,
    response: c.youtubeAuthUrlResponse,
  }),
  removeChannel: def({
    ...routeMeta.removeChannel,
    scope: routeScopes.removeChannel,
    summary: 'Remove a channel: revokes its platform token and removes its data for this user',
    params: c.youtubeIdParams,
    response: u.success,
  }),
  channelMembers: def({
    ...routeMeta.channelMembers,
    scope: routeScopes.channelMembers,
    summary: 'The owner and the members of a channel',
    params: c.channelIdParams,
    response: c.channelMembers,
  }),
  inviteMember: def({
    ...routeMeta.inviteMember,
    scope: routeScopes.inviteMember,
    summary: 'Share a channel with someone by e-mail (owner only)',
    params: c.channelIdParams,
    body: c.inviteMemberBody,
    response: c.channelMembers,
    status: 201,
  }),
  removeMember: def({
    ...routeMeta.removeMember,
    scope: routeScopes.removeMember,
    summary: 'Stop sharing a channel with someone (owner only)',
    params: c.memberParams,
    response: c.channelMembers,
  }),
  getChannelSettings: def({
    ...routeMeta.getChannelSettings,
    scope: routeScopes.getChannelSettings,
    summary: 'Topics, language, E-E-A-T statement, tone of voice, industries and company name',
    params: c.channelIdParams,
    response: c.channelSettings,
  }),
  updateChannelSettings: def({
    ...routeMeta.updateChannelSettings,
    scope: routeScopes.updateChannelSettings,
    summary: 'Replace the channel settings',
    params: c.channelIdParams,
    body: c.channelSettings,
    response: c.channelSettings,
  }),
  locales: def({
    ...routeMeta.locales,
    scope: routeScopes.locales,
    summary: 'Keyword languages (locations and languages of keyword data)',
    query: c.localesQuery,
    response: c.locales,
  }),
  publicChannelSearch: def({
    ...routeMeta.publicChannelSearch,
    scope: routeScopes.publicChannelSearch,
    summary: 'Search channels by name (signed-out onboarding); cached and rate-limited',
    query: c.channelSearchQuery,
    response: c.channelSearchResponse,
  }),
  startSync: def({
    ...routeMeta.startSync,
    scope: routeScopes.startSync,
    summary: "Start syncing a channel's videos and playlists",
    params: c.channelIdParams,
    response: c.syncStatus,
    status: 202,
  }),
  syncStatus: def({
    ...routeMeta.syncStatus,
    scope: routeScopes.syncStatus,
    summary: 'Sync state and progress (videos done / total)',
    params: c.channelIdParams,
    response: c.syncStatus,
  }),
  videoList: def({
    ...routeMeta.videoList,
    scope: routeScopes.videoList,
    summary: 'A page of 50 videos with level, impact and last update; sorted and filtered',
    params: c.channelIdParams,
    query: o.videoListQuery,
    response: o.videoListResponse,
  }),
  videoExport: def({
    ...routeMeta.videoExport,
    scope: routeScopes.videoExport,
    summary: "Every video the list's tab, filters and search select, as a CSV file (text/csv)",
    params: c.channelIdParams,
    query: o.videoExportQuery,
    response: o.videoExportCsv,
  }),
  checkVideos: def({
    ...routeMeta.checkVideos,
    scope: routeScopes.checkVideos,
    summary: 'Which of up to 150 videos changed on the platform since the product last saw them',
    params: c.channelIdParams,
    body: o.videosCheckBody,
    response: o.videosCheckResponse,
  }),
  playlists: def({
    ...routeMeta.playlists,
    scope: routeScopes.playlists,
    summary: "The channel's playlists (for the playlist filter)",
    params: c.channelIdParams,
    response: o.channelPlaylists,
  }),
  nextVideo: def({
    ...routeMeta.nextVideo,
    scope: routeScopes.nextVideo,
    summary: 'The next video to work on: highest impact, not yet optimised, not this one',
    params: o.channelVideoParams,
    response: o.nextVideoResponse,
  }),
  videoDetails: def({
    ...routeMeta.videoDetails,
    scope: routeScopes.videoDetails,
    summary: 'Live metadata, shared draft and last publish of a video (the editor)',
    params: o.channelVideoParams,
    response: o.videoDetails,
  }),
  setSearchTerm: def({
    ...routeMeta.setSearchTerm,
    scope: routeScopes.setSearchTerm,
    summary: 'Choose the search term a video should be found for',
    params: o.channelVideoParams,
    body: o.searchTermBody,
    response: o.recommendationsResponse,
  }),
  recommendations: def({
    ...routeMeta.recommendations,
    scope: routeScopes.recommendations,
    summary: 'Live recommendations: tips, level, impact, keyword figures and recommended tags',
    params: o.channelVideoParams,
    query: o.recommendationsQuery,
    response: o.recommendationsResponse,
  }),
  ignoreTip: def({
    ...routeMeta.ignoreTip,
    scope: routeScopes.ignoreTip,
    summary: 'Ignore a tip for this video (it stops counting toward the level)',
    params: o.tipParams,
    response: o.recommendationsResponse,
  }),
  unignoreTip: def({
    ...routeMeta.unignoreTip,
    scope: routeScopes.unignoreTip,
    summary: 'Count an ignored tip again',
    params: o.tipParams,
    response: o.recommendationsResponse,
  }),
  saveDraft: def({
    ...routeMeta.saveDraft,
    scope: routeScopes.saveDraft,
    summary: 'Save the shared draft; refused with draft-conflict if someone saved since',
    params: o.channelVideoParams,
    body: o.saveDraftBody,
    response: o.videoDraft,
  }),
  deleteDraft: def({
    ...routeMeta.deleteDraft,
    scope: routeScopes.deleteDraft,
    summary: 'Delete the shared draft (names the revision it saw)',
    params: o.channelVideoParams,
    query: o.deleteDraftQuery,
    response: u.success,
  }),
  rankings: def({
    ...routeMeta.rankings,
    scope: routeScopes.rankings,
    summary:
      "The channel's keyword rankings: buckets, average, change, and the rows (sort, bucket, search)",
    params: c.channelIdParams,
    query: r.rankingsQuery,
    response: r.rankings,
  }),
  trackedKeywords: def({
    ...routeMeta.trackedKeywords,
    scope: routeScopes.trackedKeywords,
    summary: "The channel's tracked keywords, newest first, and the limit",
    params: c.channelIdParams,
    response: r.trackedKeywords,
  }),
  addTrackedKeywords: def({
    ...routeMeta.addTrackedKeywords,
    scope: routeScopes.addTrackedKeywords,
    summary:
      'Track keywords (a pasted list, one per line or comma separated); says which were refused',
    params: c.channelIdParams,
    body: r.addTrackedKeywordsBody,
    response: r.addTrackedKeywordsResult,
    status: 201,
  }),
  deleteTrackedKeywords: def({
    ...routeMeta.deleteTrackedKeywords,
    scope: routeScopes.deleteTrackedKeywords,
    summary: 'Stop tracking keywords; answers the deleted ones (for undo)',
    params: c.channelIdParams,
    body: r.deleteTrackedKeywordsBody,
    response: r.deleteTrackedKeywordsResult,
  }),
  trackedKeywordSuggestions: def({
    ...routeMeta.trackedKeywordSuggestions,
    scope: routeScopes.trackedKeywordSuggestions,
    summary:
      "Keywords the channel could track: its videos' search terms, bookmarked keywords and phrases its videos rank for",
    params: c.channelIdParams,
    query: r.trackedKeywordSuggestionsQuery,
    response: r.trackedKeywordSuggestions,
  }),
  keywordRanking: def({
    ...routeMeta.keywordRanking,
    scope: routeScopes.keywordRanking,
    summary:
      "One tracked keyword: its latest results (the channel's videos marked), 90 days of rank history and the video to optimise",
    params: r.keywordRankingParams,
    response: r.keywordRanking,
  }),
  runRankChecks: def({
    ...routeMeta.runRankChecks,
    scope: routeScopes.runRankChecks,
    summary:
      "Runs today's checks of the channel's keywords (each keyword checked at most once a day for everyone)",
    params: c.channelIdParams,
    response: r.rankChecksRun,
  }),
  templates: def({
    ...routeMeta.templates,
    scope: routeScopes.templates,
    summary: "The channel's description templates, newest first",
    params: c.channelIdParams,
    response: o.templates,
  }),
  createTemplate: def({
    ...routeMeta.createTemplate,
    scope: routeScopes.createTemplate,
    summary: 'Create a description template',
    params: c.channelIdParams,
    body: o.templateBody,
    response: o.template,
    status: 201,
  }),
  updateTemplate: def({
    ...routeMeta.updateTemplate,
    scope: routeScopes.updateTemplate,
    summary: 'Replace a template',
    params: o.templateParams,
    body: o.templateBody,
    response: o.template,
  }),
  deleteTemplate: def({
    ...routeMeta.deleteTemplate,
    scope: routeScopes.deleteTemplate,
    summary: 'Delete a template',
    params: o.templateParams,
    response: u.success,
  }),
  uploadThumbnail: def({
    ...routeMeta.uploadThumbnail,
    scope: routeScopes.uploadThumbnail,
    summary: 'Upload a JPEG or PNG thumbnail (raw body); checked for size, width and ratio',
    params: o.channelVideoParams,
    response: o.uploadedThumbnail,
    status: 201,
  }),
  thumbnailImage: def({
    ...routeMeta.thumbnailImage,
    scope: routeScopes.thumbnailImage,
    summary: 'An uploaded thumbnail image (for previews); only for people on its channel',
    params: o.thumbnailParams,
    response: u.success,
  }),
  publish: def({
    ...routeMeta.publish,
    scope: routeScopes.publish,
    summary: 'Publish title, description, tags, language and thumbnail to the platform',
    params: o.channelVideoParams,
    body: o.publishBody,
    response: o.publishResponse,
  }),
  publishHistory: def({
    ...routeMeta.publishHistory,
    scope: routeScopes.publishHistory,
    summary: 'Every publish of this video through the product, newest first',
    params: o.channelVideoParams,
    response: o.publishHistory,
  }),
  restorePublish: def({
    ...routeMeta.restorePublish,
    scope: routeScopes.restorePublish,
    summary: 'Undo a publish: publish the metadata it replaced',
    params: o.publishParams,
    response: o.publishResponse,
  }),
  discoverIdeas: def({
    ...routeMeta.discoverIdeas,
    scope: routeScopes.discoverIdeas,
    summary: 'Video ideas for 1–10 seed keywords, by opportunity (11 on page 1, then 10)',
    body: i.discoverBody,
    response: i.discoverResponse,
  }),
  suggestedIdeas: def({
    ...routeMeta.suggestedIdeas,
    scope: routeScopes.suggestedIdeas,
    summary: "Ideas seeded from the channel's topics and industries",
    query: i.suggestedQuery,
    response: i.suggestedResponse,
  }),
  ideaDetails: def({
    ...routeMeta.ideaDetails,
    scope: routeScopes.ideaDetails,
    summary: 'An idea with its trend, the videos ranking for it, why it scores so, and titles',
    query: i.ideaDetailsQuery,
    response: i.ideaDetails,
  }),
  ideaFolders: def({
    ...routeMeta.ideaFolders,
    scope: routeScopes.ideaFolders,
    summary: "A channel's idea folders; the default 'Your saved ideas' first",
    query: i.channelQuery,
    response: i.ideaFolders,
  }),
  createIdeaFolder: def({
    ...routeMeta.createIdeaFolder,
    scope: routeScopes.createIdeaFolder,
    summary: 'Create a folder',
    body: i.folderBody,
    response: i.ideaFolder,
    status: 201,
  }),
  renameIdeaFolder: def({
    ...routeMeta.renameIdeaFolder,
    scope: routeScopes.renameIdeaFolder,
    summary: 'Rename a folder (not the default one)',
    params: i.idParams,
    body: i.renameFolderBody,
    response: i.ideaFolder,
  }),
  deleteIdeaFolder: def({
    ...routeMeta.deleteIdeaFolder,
    scope: routeScopes.deleteIdeaFolder,
    summary: 'Delete a folder (not the default one); its ideas move to the default folder',
    params: i.idParams,
    response: u.success,
  }),
  savedIdeas: def({
    ...routeMeta.savedIdeas,
    scope: routeScopes.savedIdeas,
    summary: "A channel's saved ideas, newest first, optionally of one folder",
    query: i.savedIdeasQuery,
    response: i.savedIdeas,
  }),
  saveIdea: def({
    ...routeMeta.saveIdea,
    scope: routeScopes.saveIdea,
    summary: 'Save an idea into a folder (the default one unless given)',
    body: i.saveIdeaBody,
    response: i.savedIdea,
    status: 201,
  }),
  moveSavedIdea: def({
    ...routeMeta.moveSavedIdea,
    scope: routeScopes.moveSavedIdea,
    summary: 'Move a saved idea to another folder of its channel',
    params: i.idParams,
    body: i.moveIdeaBody,
    response: i.savedIdea,
  }),
  deleteSavedIdea: def({
    ...routeMeta.deleteSavedIdea,
    scope: routeScopes.deleteSavedIdea,
    summary: 'Delete a saved idea and its script',
    params: i.idParams,
    response: u.success,
  }),
  videoScript: def({
    ...routeMeta.videoScript,
    scope: routeScopes.videoScript,
    summary: "A saved idea's script (empty, revision 0, before the first save)",
    params: i.idParams,
    response: i.videoScript,
  }),
  saveVideoScript: def({
    ...routeMeta.saveVideoScript,
    scope: routeScopes.saveVideoScript,
    summary: "Save a script; 409 'script-conflict' with the current script when the base is stale",
    params: i.idParams,
    body: i.saveScriptBody,
    response: i.videoScript,
  }),
  videoScriptVersions: def({
    ...routeMeta.videoScriptVersions,
    scope: routeScopes.videoScriptVersions,
    summary: 'Earlier versions of a script, newest first (the last 50 replaced by a save)',
    params: i.idParams,
    response: i.scriptVersions,
  }),
  ideaInboxSettings: def({
    ...routeMeta.ideaInboxSettings,
    scope: routeScopes.ideaInboxSettings,
    summary: "The weekly ideas e-mail per channel (people with 'weekly_video_ideas')",
    response: i.ideaInboxSettings,
  }),
  updateIdeaInboxSettings: def({
    ...routeMeta.updateIdeaInboxSettings,
    scope: routeScopes.updateIdeaInboxSettings,
    summary: 'Opt in or out of the weekly ideas e-mail for a channel',
    body: i.ideaInboxBody,
    response: i.ideaInboxSettings,
  }),
  unsubscribeWeeklyIdeas: def({
    ...routeMeta.unsubscribeWeeklyIdeas,
    scope: routeScopes.unsubscribeWeeklyIdeas,
    summary:
      'Unsubscribe from the weekly ideas e-mail with the token of its link (no sign-in; the link opens a page that posts this, so mail scanners fetching links change nothing)',
    body: i.unsubscribeBody,
    response: i.unsubscribeResponse,
  }),
  keywordSearch: def({
    ...routeMeta.keywordSearch,
    scope: routeScopes.keywordSearch,
    summary: 'Keyword suggestions with estimated volume, competition and CPC',
    query: k.keywordSearchQuery,
    response: k.keywordSearchResponse,
  }),
  bookmarkedKeywords: def({
    ...routeMeta.bookmarkedKeywords,
    scope: routeScopes.bookmarkedKeywords,
    summary: "A video's bookmarked keywords, by volume descending",
    params: o.channelVideoParams,
    response: k.bookmarkedKeywords,
  }),
  bookmarkKeyword: def({
    ...routeMeta.bookmarkKeyword,
    scope: routeScopes.bookmarkKeyword,
    summary: 'Bookmark a keyword for a video',
    params: o.channelVideoParams,
    body: k.bookmarkKeywordBody,
    response: k.bookmarkedKeywords,
  }),
  removeBookmarkedKeyword: def({
    ...routeMeta.removeBookmarkedKeyword,
    scope: routeScopes.removeBookmarkedKeyword,
    summary: 'Remove a bookmarked keyword',
    params: o.channelVideoParams.extend({ keywordId: z.string().min(1).max(100) }),
    response: k.bookmarkedKeywords,
  }),
  rankingsMovement: def({
    ...routeMeta.rankingsMovement,
    scope: routeScopes.rankingsMovement,
    summary:
      "The channel's ranking movement over 30, 90 or 365 days: visibility, winners and losers, top-10 entries and exits, top-20 share",
    params: c.channelIdParams,
    query: rm.movementQuery,
    response: rm.rankingsMovement,
  }),
  organicStats: def({
    ...routeMeta.organicStats,
    scope: routeScopes.organicStats,
    summary:
      "The channel's organic search performance over 28, 90 or 365 days against the previous period: daily views and watch time from YouTube search, search's share of views, top search terms, and the monetary value with its method",
    params: c.channelIdParams,
    query: rep.organicStatsQuery,
    response: rep.organicStats,
  }),
  setCostPerView: def({
    ...routeMeta.setCostPerView,
    scope: routeScopes.setCostPerView,
    summary:
      "Set the channel's cost per view for its monetary value (null: the location's documented default)",
    params: c.channelIdParams,
    body: rep.costPerViewBody,
    response: rep.costPerViewSetting,
  }),
  billingOverview: def({
    ...routeMeta.billingOverview,
    scope: routeScopes.billingOverview,
    summary:
      "The account's plan, trial, subscription, usage against its limits and the plans on offer",
    response: b.billingOverview,
  }),
  invoices: def({
    ...routeMeta.invoices,
    scope: routeScopes.invoices,
    summary: "The account's invoices, newest first, with links to Stripe's pages",
    response: b.invoiceList,
  }),
  startCheckout: def({
    ...routeMeta.startCheckout,
    scope: routeScopes.startCheckout,
    summary:
      'Start Stripe Checkout for a plan and interval; answers the page to send the browser to',
    body: b.checkoutBody,
    response: b.redirectUrl,
  }),
  confirmCheckout: def({
    ...routeMeta.confirmCheckout,
    scope: routeScopes.confirmCheckout,
    summary:
      'Apply a finished Checkout session now (the return page calls it; the webhook does the same)',
    body: b.confirmCheckoutBody,
    response: b.billingOverview,
  }),
  billingPortal: def({
    ...routeMeta.billingPortal,
    scope: routeScopes.billingPortal,
    summary: "Open Stripe's Customer Portal (card, plan changes, cancellation, invoices)",
    response: b.redirectUrl,
  }),
  refreshBilling: def({
    ...routeMeta.refreshBilling,
    scope: routeScopes.refreshBilling,
    summary:
      "Read the account's subscriptions from Stripe again (the return from the Customer Portal; webhooks do the same later)",
    response: b.billingOverview,
  }),
  customPlanRequest: def({
    ...routeMeta.customPlanRequest,
    scope: routeScopes.customPlanRequest,
    summary: 'Ask for a plan larger than the catalogue (stored and e-mailed to sales)',
    body: b.customPlanBody,
    response: b.customPlanRequest,
    status: 201,
  }),
  setProfileName: def({
    ...routeMeta.setProfileName,
    scope: routeScopes.setProfileName,
    summary: "Change the person's name; returns the user",
    body: b.profileNameBody,
    response: u.user,
  }),
  accountExports: def({
    ...routeMeta.accountExports,
    scope: routeScopes.accountExports,
    summary: "The account's exports, newest first",
    response: b.accountExportList,
  }),
  requestAccountExport: def({
    ...routeMeta.requestAccountExport,
    scope: routeScopes.requestAccountExport,
    summary:
      'Start an export of everything the account owns (a job; a ZIP of JSON and CSV files, linked by e-mail)',
    response: b.accountExport,
    status: 202,
  }),
  deleteAccount: def({
    ...routeMeta.deleteAccount,
    scope: routeScopes.deleteAccount,
    summary:
      'Delete the account: revokes platform tokens, cancels the subscription, deletes the data, signs out everywhere',
    body: b.deleteAccountBody,
    response: u.success,
  }),
  aiPermission: def({
    ...routeMeta.aiPermission,
    scope: routeScopes.aiPermission,
    summary:
      "Allow or refuse sending the person's channel data (metadata, captions) to the AI model; returns the user",
    body: ai.aiPermissionBody,
    response: u.user,
  }),
  aiQuota: def({
    ...routeMeta.aiQuota,
    scope: routeScopes.aiQuota,
    summary: "The channel's AI generations this month against its limit (quota exceeded or not)",
    params: c.channelIdParams,
    response: ai.aiQuota,
  }),
  aiEligibility: def({
    ...routeMeta.aiEligibility,
    scope: routeScopes.aiEligibility,
    summary: 'Whether the video can get AI-written metadata now, with every condition that fails',
    params: o.channelVideoParams,
    response: ai.aiEligibility,
  }),
  generateAiMetadata: def({
    ...routeMeta.generateAiMetadata,
    scope: routeScopes.generateAiMetadata,
    summary:
      'Start writing titles and a description for the video (a job); answers the pending generation at once',
    params: o.channelVideoParams,
    body: ai.generateAiMetadataBody,
    response: ai.aiGeneration,
    status: 202,
  }),
  latestAiGeneration: def({
    ...routeMeta.latestAiGeneration,
    scope: routeScopes.latestAiGeneration,
    summary: "The video's latest AI generation (pending, running, done or failed) with its result",
    params: o.channelVideoParams,
    response: ai.latestAiGeneration,
  }),
  aiFeedback: def({
    ...routeMeta.aiFeedback,
    scope: routeScopes.aiFeedback,
    summary: 'Rate a generated title or the description up or down, or unset the rating',
    params: ai.aiGenerationParams,
    body: ai.aiFeedbackBody,
    response: ai.aiGeneration,
  }),
  newOnboarding: def({
    ...routeMeta.newOnboarding,
    scope: routeScopes.newOnboarding,
    summary: 'Start an onboarding bound to the browser session id',
    body: ob.newOnboardingBody,
    response: ob.onboarding,
    status: 201,
  }),
  getOnboarding: def({
    ...routeMeta.getOnboarding,
    scope: routeScopes.getOnboarding,
    summary: "The browser session's onboarding (404 for any other session)",
    params: ob.onboardingParams,
    query: ob.onboardingQuery,
    response: ob.onboarding,
  }),
  updateOnboarding: def({
    ...routeMeta.updateOnboarding,
    scope: routeScopes.updateOnboarding,
    summary:
      'Save a step (competitors, keywords, locale); the e-mail with the terms sends the code; after verification needs the owner token',
    params: ob.onboardingParams,
    body: ob.updateOnboardingBody,
    response: ob.onboarding,
  }),
  validateEmailToken: def({
    ...routeMeta.validateEmailToken,
    scope: routeScopes.validateEmailToken,
    summary:
      "Verify the e-mail with the link's token; answers the e-mail and owner token when valid",
    body: ob.validateEmailTokenBody,
    response: ob.validateEmailTokenResponse,
  }),
  validateEmailCode: def({
    ...routeMeta.validateEmailCode,
    scope: routeScopes.validateEmailCode,
    summary: 'Verify the e-mail with the 6-digit code; answers the owner token, or none and why',
    body: ob.validateEmailCodeBody,
    response: ob.validateEmailCodeResponse,
  }),
  renewValidateEmailCode: def({
    ...routeMeta.renewValidateEmailCode,
    scope: routeScopes.renewValidateEmailCode,
    summary: 'Send a new code and link (rate-limited; the same answer whether or not one went)',
    body: ob.renewValidateEmailCodeBody,
    response: ob.renewValidateEmailCodeResponse,
  }),
  onboardingKeywordSuggestions: def({
    ...routeMeta.onboardingKeywordSuggestions,
    scope: routeScopes.onboardingKeywordSuggestions,
    summary: "Keyword suggestions from the chosen competitors' recent videos",
    params: ob.onboardingParams,
    query: ob.onboardingQuery,
    response: ob.onboardingKeywordSuggestions,
  }),
  createOnboardingAccount: def({
    ...routeMeta.createOnboardingAccount,
    scope: routeScopes.createOnboardingAccount,
    summary:
      'Create the account of a verified onboarding (trial starts; keywords and competitors carried to the first channel) and sign in',
    params: ob.onboardingParams,
    body: ob.createOnboardingAccountBody,
    response: u.sessionInfo,
    status: 201,
  }),
  publicLocales: def({
    ...routeMeta.publicLocales,
    scope: routeScopes.publicLocales,
    summary: 'The keyword languages (public: onboarding)',
    query: c.localesQuery,
    response: c.locales,
  }),
  sharedInsights: def({
    ...routeMeta.sharedInsights,
    scope: routeScopes.sharedInsights,
    summary:
      'A shared insights report (public; 404 when unknown, 410 link-expired when expired or revoked)',
    params: ob.insightsParams,
    response: ob.sharedInsights,
  }),
  revokeInsights: def({
    ...routeMeta.revokeInsights,
    scope: routeScopes.revokeInsights,
    summary: 'Stop sharing an insights report (its owner token)',
    params: ob.insightsParams,
    body: ob.revokeInsightsBody,
    response: u.success,
  }),
  competitors: def({
    ...routeMeta.competitors,
    scope: routeScopes.competitors,
    summary: "The channel's competitors with their public figures (competition_user)",
    params: cmp.competitorsParams,
    response: cmp.competitorsResponse,
  }),
  addCompetitor: def({
    ...routeMeta.addCompetitor,
    scope: routeScopes.addCompetitor,
    summary: 'Add a competitor by platform channel id (at most 5 per channel)',
    params: cmp.competitorsParams,
    body: cmp.addCompetitorBody,
    response: cmp.competitorsResponse,
    status: 201,
  }),
  removeCompetitor: def({
    ...routeMeta.removeCompetitor,
    scope: routeScopes.removeCompetitor,
    summary: 'Remove a competitor',
    params: cmp.competitorParams,
    response: cmp.competitorsResponse,
  }),
  competition: def({
    ...routeMeta.competition,
    scope: routeScopes.competition,
    summary:
      'Share of voice, keyword gaps, upload cadence, views per video, top videos and tags over 90 days',
    params: cmp.competitorsParams,
    response: cmp.competitionReport,
  }),
  searchConsoleConnection: def({
    ...routeMeta.searchConsoleConnection,
    scope: routeScopes.searchConsoleConnection,
    summary: "The signed-in person's Google Search Console connection and the properties it sees",
    response: sc.searchConsoleConnection,
  }),
  searchConsoleAuthUrl: def({
    ...routeMeta.searchConsoleAuthUrl,
    scope: routeScopes.searchConsoleAuthUrl,
    summary: 'The Google consent URL for Search Console (webmasters.readonly, a grant of its own)',
    query: sc.searchConsoleAuthUrlQuery,
    response: sc.searchConsoleAuthUrl,
  }),
  disconnectSearchConsole: def({
    ...routeMeta.disconnectSearchConsole,
    scope: routeScopes.disconnectSearchConsole,
    summary:
      "Disconnect Search Console: revoke the person's grant at Google and forget it and the properties chosen with it",
    response: sc.searchConsoleConnection,
  }),
  channelSearchConsole: def({
    ...routeMeta.channelSearchConsole,
    scope: routeScopes.channelSearchConsole,
    summary:
      "The channel's Google search section: its property's web queries and pages over 28 or 90 days, and the queries leading to pages that embed its videos",
    params: sc.channelSearchConsoleParams,
    query: sc.searchConsolePeriodQuery,
    response: sc.channelSearchConsole,
  }),
  setChannelSearchConsole: def({
    ...routeMeta.setChannelSearchConsole,
    scope: routeScopes.setChannelSearchConsole,
    summary:
      "Choose the channel's Search Console property (one the caller's grant can read) or none",
    params: sc.channelSearchConsoleParams,
    query: sc.searchConsolePeriodQuery,
    body: sc.setChannelPropertyBody,
    response: sc.channelSearchConsole,
  }),
  thumbnailTests: def({
    ...routeMeta.thumbnailTests,
    scope: routeScopes.thumbnailTests,
    summary: "The channel's thumbnail tests, running first (labs_user)",
    params: labs.thumbnailTestsParams,
    response: labs.thumbnailTestsResponse,
  }),
  createThumbnailTest: def({
    ...routeMeta.createThumbnailTest,
    scope: routeScopes.createThumbnailTest,
    summary:
      'Start a thumbnail test of a video: 2–3 uploaded thumbnails swapped daily at midnight Pacific (labs_user)',
    params: labs.thumbnailTestsParams,
    body: labs.createThumbnailTestBody,
    response: labs.thumbnailTest,
    status: 201,
  }),
  thumbnailTest: def({
    ...routeMeta.thumbnailTest,
    scope: routeScopes.thumbnailTest,
    summary: 'One thumbnail test with its windows, figures and decision (labs_user)',
    params: labs.thumbnailTestParams,
    response: labs.thumbnailTest,
  }),
  stopThumbnailTest: def({
    ...routeMeta.stopThumbnailTest,
    scope: routeScopes.stopThumbnailTest,
    summary: 'Stop a running thumbnail test early and restore the original thumbnail (labs_user)',
    params: labs.thumbnailTestParams,
    response: labs.thumbnailTest,
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
