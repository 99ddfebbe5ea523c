/**
 * Copies of the optimisation list's contract constants. Importing them from
 * `@tubewise/contract` would pull its zod schemas (about 40 KB gzip) into the page's chunk;
 * constants.test.ts fails if a copy drifts from the contract.
 */

/** Videos per page of the list (contract VIDEO_PAGE_SIZE, spec section 9). */
export const VIDEO_PAGE_SIZE = 50;
/** Most videos one check call takes (contract VIDEOS_TO_CHECK_LIMIT). */
export const VIDEOS_TO_CHECK_LIMIT = 150;
/** Level from which a video counts as optimised (contract HIGH_LEVEL). */
export const HIGH_LEVEL = 80;
/** Level below which a video counts as weak (contract LOW_LEVEL). */
export const LOW_LEVEL = 40;

/** The list's tabs by slug; the first is the default (contract videoTabs). */
export const videoTabs = [
  { slug: 'all', label: 'All videos' },
  { slug: 'needs-work', label: 'Needs work' },
  { slug: 'optimized', label: 'Optimized' },
] as const;

/** A tab's slug. */
export type VideoTabSlug = (typeof videoTabs)[number]['slug'];

/** The sortable columns (contract videoSortField). */
export const videoSortFields = ['level', 'impact', 'lastUpdate', 'date'] as const;
/** A sortable column. */
export type VideoSortField = (typeof videoSortFields)[number];

/** Visibility filter values (contract privacyStatus). */
export const visibilities = ['public', 'private', 'unlisted'] as const;
/** A visibility filter value. */
export type Visibility = (typeof visibilities)[number];

/** Time filter values (contract videoListQuery.time). */
export const timeFilters = ['lastMonth', 'lastWeek'] as const;
/** A time filter value. */
export type TimeFilter = (typeof timeFilters)[number];

/** Impact from which a video's impact is called "High" (a choice of the web app). */
export const HIGH_IMPACT = 60;
/** Impact from which a video's impact is called "Medium" (below it: "Low"). */
export const MEDIUM_IMPACT = 30;
