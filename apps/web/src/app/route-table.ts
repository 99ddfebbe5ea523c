/**
 * The route table: every route of spec section 2 with its page flags. Pure data (no React) so
 * the guards, the tests and the build's bundle report can all read it.
 */
import { HOME_LANDING_PATH, paths } from '../config/paths.ts';

/** Name of a lazily loaded page module under src/app/routes/ (file = `${name}.tsx`). */
export type PageName =
  | 'login'
  | 'forget-password'
  | 'set-password'
  | 'onboarding'
  | 'setup-step1'
  | 'reconnect-channel'
  | 'optimization'
  | 'optimization-video'
  | 'optimize'
  | 'reporting-overview'
  | 'reporting-keywords'
  | 'reporting-rankings'
  | 'new-rankings'
  | 'settings-account'
  | 'settings-channels'
  | 'video-idea-discover'
  | 'video-idea-details'
  | 'video-idea-saved'
  | 'video-idea-settings'
  | 'video-idea-unsubscribe'
  | 'custom-plan'
  | 'labs'
  | 'competition'
  | 'not-found'
  | 'service-discontinuation'
  | 'share-insights';

/** Page flags of spec section 2 ("Page flags and access"). */
export interface PageFlags {
  /** Signed-in users only; others go to login. */
  protected?: boolean;
  /** Signed-out users only; signed-in users go home (or back where they were heading). */
  anonymousOnly?: boolean;
  noNav?: boolean;
  noHeader?: boolean;
  noLoader?: boolean;
  fullWidth?: boolean;
  fullHeight?: boolean;
  /** Do not load the user on this page. */
  skipSessionCheck?: boolean;
  /**
   * A signed-in user without channels may stay here instead of being sent to connect a channel:
   * the connect/reconnect pages themselves, and account/channel settings, so a user without a
   * channel can still change their password, e-mail or sign out.
   */
  allowWithoutChannels?: boolean;
  /** document.title; the product name when absent. */
  title?: string;
  /**
   * Only for signed-in users with this feature flag: everyone else gets the not-found page and
   * its title, as if the route did not exist.
   */
  flag?: string;
}

/** One route of the table: a page or a redirect. */
export interface RouteEntry extends PageFlags {
  path: string;
  /** The page rendered here; absent for pure redirects. */
  page?: PageName;
  /** Redirect target (replace) for routes that only forward. */
  redirectTo?: string;
}

const app: PageFlags = { protected: true };

/** The not-found page's title (also of a flagged route for someone without the flag). */
export const NOT_FOUND_TITLE = 'Page not found';
const publicPage: PageFlags = { noNav: true, noHeader: true };

/** Every route of the product, in matching order (the catch-all comes last). */
export const routeTable: readonly RouteEntry[] = [
  // Home only forwards; the guard still applies first, so signed-out visitors go to login.
  { path: paths.home, ...app, redirectTo: HOME_LANDING_PATH },
  { path: paths.login, ...publicPage, anonymousOnly: true, page: 'login', title: 'Log in' },
  {
    path: paths.forgetPassword,
    ...publicPage,
    anonymousOnly: true,
    page: 'forget-password',
    title: 'Reset your password',
  },
  {
    path: paths.setPassword,
    ...publicPage,
    page: 'set-password',
    skipSessionCheck: true,
    title: 'Set a new password',
  },
  {
    path: paths.onboarding,
    ...publicPage,
    anonymousOnly: true,
    page: 'onboarding',
    fullWidth: true,
    title: 'Get started',
  },
  {
    path: paths.setupStep1,
    ...app,
    noNav: true,
    allowWithoutChannels: true,
    page: 'setup-step1',
    title: 'Connect your channel',
  },
  {
    path: paths.reconnectChannel,
    ...app,
    noNav: true,
    allowWithoutChannels: true,
    page: 'reconnect-channel',
    title: 'Reconnect your channel',
  },
  {
    path: paths.optimization,
    ...app,
    page: 'optimization',
    fullWidth: true,
    title: 'Optimization',
  },
  {
    path: paths.optimizationVideo,
    ...app,
    page: 'optimization-video',
    fullWidth: true,
    title: 'Optimize video',
  },
  { path: paths.optimize, ...app, page: 'optimize', fullWidth: true, title: 'Optimize' },
  { path: paths.reporting, ...app, redirectTo: paths.reportingOverview },
  { path: paths.reportingOverview, ...app, page: 'reporting-overview', title: 'Reporting' },
  { path: paths.reportingKeywords, ...app, page: 'reporting-keywords', title: 'Keywords' },
  {
    path: paths.reportingRankings,
    ...app,
    page: 'reporting-rankings',
    title: 'Keyword rankings',
  },
  { path: paths.newRankings, ...app, page: 'new-rankings', title: 'Rankings' },
  {
    path: paths.settingsAccount,
    ...app,
    allowWithoutChannels: true,
    page: 'settings-account',
    title: 'Account settings',
  },
  {
    path: paths.settingsChannels,
    ...app,
    allowWithoutChannels: true,
    page: 'settings-channels',
    title: 'Channel settings',
  },
  { path: paths.videoIdea, ...app, redirectTo: paths.videoIdeaDiscover },
  { path: paths.videoIdeaDiscover, ...app, page: 'video-idea-discover', title: 'Ideation' },
  { path: paths.videoIdeaDetails, ...app, page: 'video-idea-details', title: 'Idea details' },
  { path: paths.videoIdeaSaved, ...app, page: 'video-idea-saved', title: 'Saved ideas' },
  {
    path: paths.videoIdeaSettings,
    ...app,
    page: 'video-idea-settings',
    title: 'Inbox settings',
  },
  {
    path: paths.videoIdeaUnsubscribe,
    ...publicPage,
    skipSessionCheck: true,
    page: 'video-idea-unsubscribe',
    title: 'Unsubscribe from weekly video ideas',
  },
  // An account matter, like the settings: asking for a larger plan needs no channel yet.
  {
    path: paths.customPlan,
    ...app,
    allowWithoutChannels: true,
    page: 'custom-plan',
    title: 'Custom plan',
  },
  { path: paths.labs, ...app, page: 'labs', title: 'Labs', flag: 'labs_user' },
  // The flag's literal: COMPETITION_FLAG's module would add its chunk to this file's (the entry).
  {
    path: paths.competition,
    ...app,
    page: 'competition',
    title: 'Competition',
    flag: 'competition_user',
  },
  {
    path: paths.notFound,
    ...publicPage,
    skipSessionCheck: true,
    page: 'not-found',
    title: NOT_FOUND_TITLE,
  },
  {
    path: paths.serviceDiscontinuation,
    ...publicPage,
    skipSessionCheck: true,
    page: 'service-discontinuation',
    title: 'Service discontinued',
  },
  {
    path: paths.shareInsights,
    ...publicPage,
    skipSessionCheck: true,
    fullWidth: true,
    page: 'share-insights',
    title: 'Shared insights',
  },
  { path: '*', ...publicPage, skipSessionCheck: true, page: 'not-found', title: NOT_FOUND_TITLE },
];

/** Whether the route renders inside the lazily loaded shell (navigation and/or header). */
export function usesShell(route: PageFlags): boolean {
  return !route.noNav || (Boolean(route.protected) && !route.noHeader);
}
