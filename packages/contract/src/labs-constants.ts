/**
 * Constants of Labs (`@tubewise/contract/labs-constants`, zod-free): thumbnail tests and the
 * Search Console section. An entry of its own, so only the pages that need them carry them.
 */

/** Fewest and most thumbnails a test rotates. */
export const THUMBNAIL_TEST_VARIANTS_MIN = 2;
export const THUMBNAIL_TEST_VARIANTS_MAX = 3;
/** A test's duration in days: default, least and most. */
export const THUMBNAIL_TEST_DURATION_DEFAULT_DAYS = 14;
export const THUMBNAIL_TEST_DURATION_MIN_DAYS = 6;
export const THUMBNAIL_TEST_DURATION_MAX_DAYS = 42;
/**
 * What decides a test: the Analytics API's `averageViewPercentage` (the average percentage of
 * the video watched) or the views per day, each measured only over the days a variant was live.
 */
export const THUMBNAIL_TEST_METRICS = ['averageViewPercentage', 'viewsPerDay'] as const;
/** One deciding metric. */
export type ThumbnailTestMetric = (typeof THUMBNAIL_TEST_METRICS)[number];
/** The default deciding metric. */
export const THUMBNAIL_TEST_DEFAULT_METRIC: ThumbnailTestMetric = 'averageViewPercentage';
/** A variant wins early once its probability of being best reaches this. */
export const THUMBNAIL_TEST_CONFIDENCE = 0.95;
/** Measured days every variant needs before a test may end early with a winner. */
export const THUMBNAIL_TEST_MIN_DAYS_PER_VARIANT = 2;
/** Quota units of one swap (thumbnails.set). */
export const THUMBNAIL_SWAP_UNITS = 50;
/** The method, as the page states it. */
export const THUMBNAIL_TEST_METHOD =
  'The thumbnail changes every day at midnight Pacific time, when YouTube starts a new quota day. Each variant is measured only on the days it was live all day (at least 90% of the day, as a swap may land a few minutes after midnight), from YouTube Analytics. Each day is one observation; a Bayesian model of each variant’s mean (Student-t posterior, 20,000 draws) gives the probability that it is the best. A variant wins as soon as that probability reaches 95% after at least 2 measured days each; otherwise the test runs its full duration and the most probable best wins only if it reaches 95%, else the original thumbnail is restored.';

/** Periods of the Google search section, in days; the first is the default. */
export const SEARCH_CONSOLE_PERIODS = [28, 90] as const;
/** One period of the Google search section. */
export type SearchConsolePeriod = (typeof SEARCH_CONSOLE_PERIODS)[number];
/** How many queries and pages the section lists. */
export const SEARCH_CONSOLE_TOP_ROWS = 25;
