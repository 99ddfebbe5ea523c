import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import { channels } from './channels.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A generation's state: waiting for a worker, being written, written, or given up. */
export type AiGenerationStatus = 'pending' | 'running' | 'done' | 'failed';
/** One written text and its rating. */
export interface StoredAiSuggestion {
  text: string;
  feedback: 'up' | 'down' | null;
}
/** What went into the prompt besides the metadata. */
export interface StoredAiInputs {
  captions: 'used' | 'none' | 'not-allowed' | 'over-budget' | 'failed';
  relatedKeywords: number;
  rankingVideos: number;
}

/**
 * One request for AI-written titles and a description for a video. It counts against the
 * channel's month (`counted`) from the moment it is created until it fails; the result, its
 * ratings and the tokens it used stay with it. Prompts and answers are never logged.
 */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The video's platform id (what every optimisation route takes). */
    videoId: text('video_id').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<AiGenerationStatus>().notNull().default('pending'),
    searchTerm: text('search_term'),
    language: text('language'),
    model: text('model'),
    titles: jsonb('titles')
      .$type<StoredAiSuggestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    description: jsonb('description').$type<StoredAiSuggestion | null>(),
    inputs: jsonb('inputs')
      .$type<StoredAiInputs>()
      .notNull()
      .default(sql`'{"captions":"none","relatedKeywords":0,"rankingVideos":0}'::jsonb`),
    /** Whether it counts against the month's quota (false once it failed). */
    counted: boolean('counted').notNull().default(true),
    /** Model calls made (a malformed answer is asked again once). */
    attempts: integer('attempts').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    createdAt: ts('created_at').notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('ai_generations_video_idx').on(t.channelId, t.videoId, t.createdAt),
    index('ai_generations_month_idx').on(t.channelId, t.createdAt),
    // One generation in progress per video: a second click joins it instead of paying again.
    uniqueIndex('ai_generations_one_open_per_video')
      .on(t.channelId, t.videoId)
      .where(sql`status in ('pending', 'running')`),
  ],
);

/**
 * A video's caption text as last downloaded (captions.list 50 + captions.download 200 units), so
 * another generation for the same track does not pay again.
 */
export const videoCaptions = pgTable(
  'video_captions',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    videoId: text('video_id').notNull(),
    trackId: text('track_id').notNull(),
    language: text('language'),
    /** The track's lastUpdated on the platform. */
    trackUpdatedAt: text('track_updated_at'),
    text: text('text').notNull(),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.videoId] })],
);

/**
 * Platform quota units a channel's optional work spent per quota day (midnight Pacific), so
 * optional calls (captions for AI, thumbnail test swaps) stop at the channel's budget instead of
 * eating the installation's shared daily allocation.
 */
export const platformUnitSpend = pgTable(
  'platform_unit_spend',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    units: integer('units').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.day] })],
);
