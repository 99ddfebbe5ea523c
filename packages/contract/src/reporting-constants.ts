/**
 * Constants of keyword rankings and reporting (`@tubewise/contract/reporting-constants`,
 * zod-free): an entry of its own, not part of `constants`, whose contents land in the web's entry
 * chunk; only the rankings and reporting pages need these.
 */

/** Default of the per-channel tracked-keyword limit (the server's TRACKED_KEYWORDS_MAX setting). */
export const DEFAULT_TRACKED_KEYWORDS_MAX = 250;
/** The longest pasted keyword list one add takes (characters). */
export const TRACKED_KEYWORDS_PASTE_MAX_LENGTH = 20_000;
/** Most keywords one delete takes. */
export const TRACKED_KEYWORDS_DELETE_MAX = 500;
/** Rank buckets of the rankings pages (spec section 3). */
export const rankBuckets = ['top3', 'top10', 'top20', 'noRank'] as const;
/** Sort fields of the rankings table (spec section 3: value, rank, change). */
export const rankingSortFields = ['value', 'rank', 'change'] as const;
/** Periods of the movement view (/new-rankings), in days; the first is the default. */
export const MOVEMENT_PERIODS = [30, 90, 365] as const;
/** One period of the movement view. */
export type MovementPeriod = (typeof MOVEMENT_PERIODS)[number];
/** How many winners and how many losers the movement view lists. */
export const MOVEMENT_TOP_N = 10;
/** Periods of the reporting overview (/reporting/overview), in days; the first is the default. */
export const REPORTING_PERIODS = [28, 90, 365] as const;
/** One period of the reporting overview. */
export type ReportingPeriod = (typeof REPORTING_PERIODS)[number];
/** How many top search terms the overview lists (YouTube answers at most 25 for that report). */
export const REPORTING_TOP_TERMS = 25;
/** Largest cost per view (USD) a channel may set for its monetary value. */
export const COST_PER_VIEW_MAX = 10;
