// Labs: thumbnail tests. A test rotates 2–3 uploaded thumbnails of a video, one per Pacific quota
// day; every platform write (a rotation, the winner, the original set back) is a row of
// `thumbnail_test_swaps` written before thumbnails.set is called, so a crash is reconciled.
import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ThumbnailTestMetric } from '@tubewise/contract/labs-constants';
import { channels, videos } from './channels.ts';
import { thumbnailUploads } from './optimization.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Where a test is (the contract's ThumbnailTestStatus). */
export type ThumbnailTestRowStatus = 'running' | 'ending' | 'completed' | 'stopped' | 'failed';

/** How a test was decided (stored as the contract's decision). */
export interface ThumbnailTestDecisionRow {
  winnerVariantId: string | null;
  probability: number | null;
  reason: 'confident' | 'duration-ended' | 'stopped' | 'video-gone' | 'refused';
  applied: 'winner' | 'original';
  decidedAt: string;
}

/** A thumbnail test of one video. At most one is running or ending per video. */
export const thumbnailTests = pgTable(
  'thumbnail_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    videoYoutubeId: text('video_youtube_id').notNull(),
    metric: text('metric').$type<ThumbnailTestMetric>().notNull(),
    durationDays: integer('duration_days').notNull(),
    status: text('status').$type<ThumbnailTestRowStatus>().notNull(),
    /** A copy of the image live before the test (to set back); null when none could be kept. */
    originalThumbnailId: uuid('original_thumbnail_id').references(() => thumbnailUploads.id, {
      onDelete: 'set null',
    }),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedByName: text('started_by_name').notNull(),
    startedAt: ts('started_at').notNull(),
    /** The quota-day boundary where rotation ends and the test is decided. */
    endsAt: ts('ends_at').notNull(),
    endedAt: ts('ended_at'),
    /** A person asked to stop it early: the next run sets the original back. */
    stopRequestedAt: ts('stop_requested_at'),
    decision: jsonb('decision').$type<ThumbnailTestDecisionRow>(),
    /** The latest Pacific day whose Analytics figures were read. */
    measuredThrough: date('measured_through'),
    notice: text('notice'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('thumbnail_tests_active_video_idx')
      .on(t.videoId)
      .where(sql`${t.status} in ('running', 'ending')`),
    index('thumbnail_tests_channel_idx').on(t.channelId, t.startedAt),
    index('thumbnail_tests_active_idx')
      .on(t.status)
      .where(sql`${t.status} in ('running', 'ending')`),
  ],
);

/** One thumbnail of a test, in rotation order (position 0 = 'A'). */
export const thumbnailTestVariants = pgTable(
  'thumbnail_test_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testId: uuid('test_id')
      .notNull()
      .references(() => thumbnailTests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /**
     * The uploaded image. The uploads' clean-up never deletes one a test refers to; the cascade
     * is for deleting a channel, which reaches this table both through its tests and through its
     * uploads (a restricting key would refuse that one statement).
     */
    thumbnailId: uuid('thumbnail_id')
      .notNull()
      .references(() => thumbnailUploads.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('thumbnail_test_variants_position_idx').on(t.testId, t.position)],
);

/** What a swap sets: a variant for a day, the winner, or the original set back. */
export type ThumbnailSwapKind = 'rotate' | 'winner' | 'restore';
/** `pending` (journalled, the platform may or may not have it), `done`, `skipped`, `failed`. */
export type ThumbnailSwapStatus = 'pending' | 'done' | 'skipped' | 'failed';

/**
 * The journal of a test's platform writes. A row is written `pending` (with the thumbnails the
 * platform showed before) before thumbnails.set, and marked `done` with `appliedAt` after; a
 * pending row whose lease ran out is reconciled by reading the video: changed sizes mean it
 * landed. Done rows are the exposure windows (each from its `appliedAt` to the next one's).
 */
export const thumbnailTestSwaps = pgTable(
  'thumbnail_test_swaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testId: uuid('test_id')
      .notNull()
      .references(() => thumbnailTests.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ThumbnailSwapKind>().notNull(),
    /** The variant set; null when the original is set back. */
    variantId: uuid('variant_id').references(() => thumbnailTestVariants.id, {
      onDelete: 'cascade',
    }),
    /** The Pacific quota day the swap is for (a rotation happens once per test and day). */
    quotaDay: date('quota_day').notNull(),
    status: text('status').$type<ThumbnailSwapStatus>().notNull(),
    /** Why a swap was skipped or failed: 'budget', 'platform-error', 'video-gone', … */
    reason: text('reason'),
    /** The platform's thumbnail sizes before the write (to tell whether it landed). */
    thumbnailsBefore: jsonb('thumbnails_before').$type<Record<string, unknown>>(),
    quotaUnits: integer('quota_units').notNull().default(0),
    leaseOwner: uuid('lease_owner'),
    leaseUntil: ts('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    /** When the platform took it (the start of its exposure window). */
    appliedAt: ts('applied_at'),
  },
  (t) => [
    uniqueIndex('thumbnail_test_swaps_rotation_idx')
      .on(t.testId, t.quotaDay)
      .where(sql`${t.kind} = 'rotate' and ${t.status} <> 'failed'`),
    uniqueIndex('thumbnail_test_swaps_pending_idx')
      .on(t.testId)
      .where(sql`${t.status} = 'pending'`),
    index('thumbnail_test_swaps_test_idx').on(t.testId, t.createdAt),
  ],
);

/** One measured Pacific day of a test: the variant live all that day and its Analytics figures. */
export const thumbnailTestDays = pgTable(
  'thumbnail_test_days',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => thumbnailTests.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => thumbnailTestVariants.id, { onDelete: 'cascade' }),
    views: integer('views').notNull(),
    watchMinutes: integer('watch_minutes').notNull(),
    averageViewPercentage: doublePrecision('average_view_percentage').notNull(),
  },
  (t) => [primaryKey({ columns: [t.testId, t.day] })],
);
