import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Where a check is: to queue, being queued, queued at the provider, done, or given up. */
export type SerpCheckStatus = 'pending' | 'posting' | 'queued' | 'done' | 'failed';

/**
 * One video of stored results, compact: [videoId, channelId, title, channelName, views,
 * publishedAt]; its position is its index + 1.
 */
export type StoredSerpVideo = [string, string, string, string, number | null, string | null];

/**
 * YouTube's organic results for one (normalised keyword, location, language, day): one check for
 * the whole installation, shared by every channel that tracks the keyword. A daily check moves
 * pending → posting (a queue call may be under way; the provider gives the row's id back as the
 * task's tag) → queued (task_id known) → done, or failed once the retries are used up.
 */
export const serpChecks = pgTable(
  'serp_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyword: text('keyword').notNull(),
    /** Google Ads / DataForSEO location code (e.g. 2840). */
    locationCode: integer('location_code').notNull(),
    /** ISO 639-1 language code. */
    languageCode: text('language_code').notNull(),
    /** The UTC day the check is for (YYYY-MM-DD). */
    day: date('day', { mode: 'string' }).notNull(),
    /** How many results the check reads (RANK_CHECK_DEPTH when it was made). */
    depth: integer('depth').notNull(),
    status: text('status').$type<SerpCheckStatus>().notNull(),
    /** The provider's task id once queued. */
    taskId: text('task_id'),
    /** When the last queue call for this check started (a posting row older than a lease is stale). */
    postedAt: ts('posted_at'),
    attempts: integer('attempts').notNull().default(0),
    /** Not retried before this instant (backoff after a provider failure). */
    retryAt: ts('retry_at'),
    lastError: text('last_error'),
    /** The results, best first; null until done. */
    videos: jsonb('videos').$type<StoredSerpVideo[]>(),
    /** How many results YouTube reported in all. */
    totalResults: integer('total_results'),
    /** When the provider read the results. */
    checkedAt: ts('checked_at'),
    /** Provider name shown next to the results. */
    source: text('source'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('serp_checks_key').on(t.keyword, t.locationCode, t.languageCode, t.day),
    index('serp_checks_day_status_idx').on(t.day, t.status),
  ],
);

/**
 * The keywords a channel tracks, per keyword language (a locale id such as 'en-us'; the same
 * keyword may be tracked in several). `keyword` is normalised, so a keyword is tracked once per
 * language whatever its spelling.
 */
export const trackedKeywords = pgTable(
  'tracked_keywords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    language: text('language').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('tracked_keywords_key').on(t.channelId, t.keyword, t.language)],
);

/**
 * A channel's daily rank for a tracked keyword: the best position of its videos in that day's
 * check (null: not within the check's depth), kept compactly (one small row per channel,
 * keyword, language and day) so the rankings pages read history without the results.
 */
export const keywordRanks = pgTable(
  'keyword_ranks',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    language: text('language').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 1-based best position; null = no rank within the depth. */
    position: smallint('position'),
    /** The platform id of the ranking video. */
    videoId: text('video_id'),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.keyword, t.language, t.day] })],
);
