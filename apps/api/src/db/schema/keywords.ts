import {
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Keyword figures as the keyword-data provider last gave them, per (keyword, location,
 * language). `keyword` is normalised (trimmed, lower case, single spaces). Rows older than the
 * freshness window (KEYWORD_DATA_TTL_HOURS) are fetched again; every figure is an estimate.
 */
export const keywordMetrics = pgTable(
  'keyword_metrics',
  {
    keyword: text('keyword').notNull(),
    /** Google Ads / DataForSEO location code (Language.code, e.g. 2840). */
    locationCode: integer('location_code').notNull(),
    /** ISO 639-1 language code (Language.iso6391, e.g. 'en'). */
    languageCode: text('language_code').notNull(),
    /** Average monthly searches; null when the provider has no figure. */
    volume: integer('volume'),
    /** Advertiser competition 0..1. */
    competition: doublePrecision('competition'),
    /** Cost per click in USD. */
    cpc: doublePrecision('cpc'),
    /** Monthly searches, oldest first ({ month: 'YYYY-MM-01', volume }); null when not given. */
    monthly: jsonb('monthly').$type<{ month: string; volume: number }[]>(),
    /** Provider name shown next to the figures. */
    source: text('source').notNull(),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyword, t.locationCode, t.languageCode] })],
);

/**
 * Keyword lists a provider gave for a seed (suggestions for the search-term field, related
 * keywords for recommended tags), cached with the same freshness window; their figures are in
 * keyword_metrics.
 */
export const keywordLists = pgTable(
  'keyword_lists',
  {
    kind: text('kind').$type<'suggestions' | 'related'>().notNull(),
    seed: text('seed').notNull(),
    locationCode: integer('location_code').notNull(),
    languageCode: text('language_code').notNull(),
    /** Normalised keywords, in the provider's order. */
    keywords: jsonb('keywords').$type<string[]>().notNull(),
    source: text('source').notNull(),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.seed, t.locationCode, t.languageCode] })],
);

/** Keywords bookmarked for a video of a channel (by the video's platform id), one row each. */
export const videoKeywords = pgTable(
  'video_keywords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    videoYoutubeId: text('video_youtube_id').notNull(),
    /** Normalised keyword. */
    keyword: text('keyword').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // The unique index also serves the per-video lookups (its leading columns).
  (t) => [
    unique('video_keywords_video_keyword_unique').on(t.channelId, t.videoYoutubeId, t.keyword),
  ],
);
