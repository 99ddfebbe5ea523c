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
/**
 * The probability of being best the most probable best needs at the test's end to win. For two
 * variants P(best) ≥ 95% is a one-sided 5% test in either direction, so the last look alone
 * would name a winner between identical thumbnails about 10% of the time; 97.5% halves that.
 */
export const THUMBNAIL_TEST_CONFIDENCE = 0.975;
/**
 * The stricter bar of an early stop: the test looks every day, and each look is another chance
 * for noise to cross a bar.
 */
export const THUMBNAIL_TEST_EARLY_CONFIDENCE = 0.995;
/** Measured days every variant needs before a test may end early with a winner. */
export const THUMBNAIL_TEST_MIN_DAYS_PER_VARIANT = 3;
/** Quota units of one swap (thumbnails.set). */
export const THUMBNAIL_SWAP_UNITS = 50;
/** The method, as the page states it. */
export const THUMBNAIL_TEST_METHOD =
  'The thumbnail changes every day at midnight Pacific time, when YouTube starts a new quota day. Each variant is measured only on the days it was live all day (at least 90% of the day, as a swap may land a few minutes after midnight), from YouTube Analytics. Each day is one observation. A Bayesian model estimates each variant’s level together with one straight-line trend over the days that all variants share (once there are enough days to fit it), so a channel whose numbers rise or fall does not favour the thumbnail shown first; the figures shown are each variant’s level at the middle of the measured days. Its Student-t posterior (20,000 draws) gives the probability that each variant is the best. The test checks once a day and ends early only when a variant’s probability of being best reaches 99.5% after at least 3 measured days each, a stricter bar because every daily check is another chance for chance to win. Otherwise it runs its full duration, and once YouTube Analytics has the figures of the last day (at most 3 days after the end; a day without views counts as zero views) the most probable best wins if its probability reaches 97.5%, else the original thumbnail is restored. In simulations of identical thumbnails over 14 days with 10% daily noise, a winner was named in about 7% of tests with two thumbnails and under 2% with three.';

/** Periods of the Google search section, in days; the first is the default. */
export const SEARCH_CONSOLE_PERIODS = [28, 90] as const;
/** One period of the Google search section. */
export type SearchConsolePeriod = (typeof SEARCH_CONSOLE_PERIODS)[number];
/** How many queries and pages the section lists. */
export const SEARCH_CONSOLE_TOP_ROWS = 25;
