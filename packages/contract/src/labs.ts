/** Labs (labs_user): thumbnail A/B tests that rotate 2–3 thumbnails of a video daily. */
import { z } from 'zod';
import { channelIdParams } from './channels.ts';
import {
  THUMBNAIL_TEST_DEFAULT_METRIC,
  THUMBNAIL_TEST_DURATION_DEFAULT_DAYS,
  THUMBNAIL_TEST_DURATION_MAX_DAYS,
  THUMBNAIL_TEST_DURATION_MIN_DAYS,
  THUMBNAIL_TEST_METRICS,
  THUMBNAIL_TEST_VARIANTS_MAX,
  THUMBNAIL_TEST_VARIANTS_MIN,
} from './labs-constants.ts';

/**
 * Where a test is: `running` (rotating), `ending` (its result or the original is being set),
 * `completed` (ran to a decision; the winner or the original is live), `stopped` (stopped
 * early; the original is live), `failed` (the video could not be set back, e.g. it was deleted
 * or the channel lost its grant; `notice` says why).
 */
export const thumbnailTestStatus = z.enum(['running', 'ending', 'completed', 'stopped', 'failed']);
export type ThumbnailTestStatus = z.infer<typeof thumbnailTestStatus>;

/** A credible interval of a variant's metric (95%). */
export const credibleInterval = z.object({ low: z.number(), high: z.number() });

/** One thumbnail of a test, with its figures over the days it was live all day. */
export const thumbnailVariant = z.object({
  id: z.string(),
  /** 'A', 'B' or 'C', in rotation order. */
  label: z.string(),
  /** The product's URL of the uploaded image. */
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Live on the platform now (by the latest swap). */
  isLive: z.boolean(),
  /** Hours it has been live so far, every window together. */
  exposureHours: z.number().min(0),
  /** Days measured (live all day and reported by Analytics). */
  measuredDays: z.number().int().min(0),
  views: z.number().int().min(0),
  watchMinutes: z.number().int().min(0),
  /** Mean of the measured days' averageViewPercentage; null before the first measured day. */
  averageViewPercentage: z.number().nullable(),
  /** Views per measured day; null before the first measured day. */
  viewsPerDay: z.number().nullable(),
  /** Probability (0–1) that it is the best on the deciding metric; null until measurable. */
  probabilityBest: z.number().min(0).max(1).nullable(),
  /** 95% credible interval of the deciding metric's mean; null until measurable. */
  interval: credibleInterval.nullable(),
});
export type ThumbnailVariant = z.infer<typeof thumbnailVariant>;

/** One stretch of time a variant was live, from the swap that set it to the next. */
export const exposureWindow = z.object({
  variantId: z.string(),
  startedAt: z.string(),
  /** Null while live. */
  endedAt: z.string().nullable(),
});

/** A day's swap that did not happen, and why. */
export const skippedSwap = z.object({
  /** The quota day (YYYY-MM-DD, Pacific). */
  day: z.string(),
  reason: z.enum(['budget', 'platform-error']),
});

/** How a test was decided. */
export const thumbnailTestDecision = z.object({
  winnerVariantId: z.string().nullable(),
  /**
   * The most probable best variant's probability of being best when decided; also when it fell
   * short of the confidence and the original was restored (it says how close it came).
   */
  probability: z.number().min(0).max(1).nullable(),
  /**
   * `confident` (a variant reached the confidence early), `duration-ended`, `stopped` (stopped
   * early by a person), `video-gone` (the video or the grant went away), `refused` (YouTube
   * refused the final thumbnail for days: the test ended with what was live then).
   */
  reason: z.enum(['confident', 'duration-ended', 'stopped', 'video-gone', 'refused']),
  /** What is live after the test: the winning variant or the original thumbnail. */
  applied: z.enum(['winner', 'original']),
  decidedAt: z.string(),
});

/** A thumbnail test of a video. */
export const thumbnailTest = z.object({
  id: z.string(),
  channelId: z.string(),
  /** The platform's video id. */
  videoId: z.string(),
  videoTitle: z.string(),
  /** The image live before the test (kept to restore it), or null when none could be kept. */
  originalImageUrl: z.string().nullable(),
  metric: z.enum(THUMBNAIL_TEST_METRICS),
  durationDays: z.number().int(),
  status: thumbnailTestStatus,
  startedAt: z.string(),
  /** When rotation ends and the test is decided (a quota-day boundary). */
  endsAt: z.string(),
  endedAt: z.string().nullable(),
  /** The next swap (a quota-day boundary) while running. */
  nextSwapAt: z.string().nullable(),
  /** The latest day Analytics figures were read for; null before the first. */
  measuredThrough: z.string().nullable(),
  startedBy: z.string(),
  variants: z.array(thumbnailVariant),
  windows: z.array(exposureWindow),
  skippedSwaps: z.array(skippedSwap),
  decision: thumbnailTestDecision.nullable(),
  /** A problem a person should know of (a skipped swap, a failed restore), or null. */
  notice: z.string().nullable(),
});
export type ThumbnailTest = z.infer<typeof thumbnailTest>;

export const thumbnailTestsResponse = z.object({
  /** Running tests first, then the latest ended ones (at most 50). */
  tests: z.array(thumbnailTest),
  /** The channel's daily budget of quota units for swaps and what today's used. */
  budget: z.object({ dailyUnits: z.number().int(), spentToday: z.number().int() }),
});
export type ThumbnailTestsResponse = z.infer<typeof thumbnailTestsResponse>;

export const thumbnailTestsParams = channelIdParams;
export const thumbnailTestParams = channelIdParams.extend({ testId: z.string().min(1).max(100) });

/** Body of POST …/thumbnail-tests: the video, its 2–3 uploaded thumbnails, duration and metric. */
export const createThumbnailTestBody = z.object({
  /** The platform's video id. */
  videoId: z.string().min(1).max(100),
  /** Thumbnails uploaded for this video (POST …/videos/{videoId}/thumbnail), in rotation order. */
  thumbnailIds: z
    .array(z.string().min(1).max(100))
    .min(THUMBNAIL_TEST_VARIANTS_MIN)
    .max(THUMBNAIL_TEST_VARIANTS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'thumbnails must differ' }),
  durationDays: z
    .number()
    .int()
    .min(THUMBNAIL_TEST_DURATION_MIN_DAYS)
    .max(THUMBNAIL_TEST_DURATION_MAX_DAYS)
    .default(THUMBNAIL_TEST_DURATION_DEFAULT_DAYS),
  metric: z.enum(THUMBNAIL_TEST_METRICS).default(THUMBNAIL_TEST_DEFAULT_METRIC),
});
export type CreateThumbnailTestBody = z.input<typeof createThumbnailTestBody>;
