/** Every client-side path of the product (spec section 2), in one place. */
export const paths = {
  home: '/',
  login: '/login',
  forgetPassword: '/forget-password',
  setPassword: '/set-password',
  onboarding: '/onboarding',
  setupStep1: '/setup-step1',
  reconnectChannel: '/reconnect-channel',
  optimization: '/optimization',
  optimizationVideo: '/optimization/videos/:videoId',
  optimize: '/optimize',
  reporting: '/reporting',
  reportingOverview: '/reporting/overview',
  reportingKeywords: '/reporting/keywords',
  reportingRankings: '/reporting/rankings',
  newRankings: '/new-rankings',
  settingsAccount: '/settings/account',
  settingsChannels: '/settings/channels',
  videoIdea: '/video-idea',
  videoIdeaDiscover: '/video-idea/discover',
  videoIdeaDetails: '/video-idea/details',
  videoIdeaSaved: '/video-idea/saved',
  videoIdeaSettings: '/video-idea/settings',
  /** Public: the weekly ideas e-mail's unsubscribe link (contract UNSUBSCRIBE_PAGE_PATH). */
  videoIdeaUnsubscribe: '/video-idea/unsubscribe',
  customPlan: '/custom-plan',
  labs: '/labs',
  competition: '/competition',
  notFound: '/404',
  serviceDiscontinuation: '/service-discontinuation',
  shareInsights: '/share/insights/:id',
} as const;

/** The plans: the "Plan and billing" section of the account settings (limits point there). */
export const PLANS_HREF = `${paths.settingsAccount}#billing`;

/** Where a signed-in user lands when going "home". */
export const HOME_LANDING_PATH = paths.videoIdeaDiscover;

/** Builds the editor's link of a video (its platform id). */
export function optimizationVideoHref(videoId: string): string {
  return `/optimization/videos/${encodeURIComponent(videoId)}`;
}

/** Builds the public shared-insights link for an id. */
export function shareInsightsHref(id: string): string {
  return `/share/insights/${encodeURIComponent(id)}`;
}

/** The editor of a video with a search term to choose (the rankings' "Optimise for this keyword"). */
export function optimizeForKeywordHref(videoId: string, keyword: string): string {
  return `${optimizationVideoHref(videoId)}?${new URLSearchParams({ searchTerm: keyword })}`;
}
