import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A competitor as the visitor chose it from the public channel search. */
export interface StoredOnboardingCompetitor {
  youtubeId: string;
  title: string;
  thumbnailUrl: string;
}

/**
 * A visitor's public onboarding: competitors, keywords and locale, then an e-mail verified by a
 * code or a link. Bound to the browser session id that created it (a link opened elsewhere moves
 * it). Codes, links and owner tokens are stored only as keyed hashes.
 */
export const onboardings = pgTable(
  'onboardings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').notNull(),
    locale: text('locale').notNull(),
    competitors: jsonb('competitors').$type<StoredOnboardingCompetitor[]>().notNull().default([]),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    /** Lower-cased; null until the e-mail step. */
    email: text('email'),
    tosAcceptedAt: ts('tos_accepted_at'),
    /** HMAC of the current code; null when none is out (used, dead or never sent). */
    codeHash: text('code_hash'),
    codeExpiresAt: ts('code_expires_at'),
    /** Wrong tries on the current code. */
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** When the last code was sent (the resend cooldown counts from it). */
    codeSentAt: ts('code_sent_at'),
    /** HMAC of the e-mailed link's token (valid once, until link_expires_at). */
    linkHash: text('link_hash'),
    linkExpiresAt: ts('link_expires_at'),
    verifiedAt: ts('verified_at'),
    /** HMAC of the owner token given at verification. */
    tokenHash: text('token_hash'),
    /** The account made from it ("Create my account"). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When its keywords and competitors went to the account's first channel. */
    carriedAt: ts('carried_at'),
    carriedChannelId: uuid('carried_channel_id').references(() => channels.id, {
      onDelete: 'set null',
    }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('onboardings_email_idx').on(t.email),
    // The e-mailed link is looked up by its hash.
    index('onboardings_link_idx').on(t.linkHash),
    index('onboardings_user_idx').on(t.userId),
    index('onboardings_created_idx').on(t.createdAt),
  ],
);

/** Where a shared report is. */
export type InsightsStatus = 'pending' | 'ready' | 'failed';

/**
 * An onboarding's insights report, public at /share/insights/{id}: the id is 128 random bits
 * (base64url); readable until `expires_at` unless revoked. Holds no personal data of the visitor.
 */
export const sharedInsights = pgTable(
  'shared_insights',
  {
    id: text('id').primaryKey(),
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    status: text('status').$type<InsightsStatus>().notNull().default('pending'),
    /** The report (contract `insightsReport`); null until ready. */
    report: jsonb('report'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('shared_insights_onboarding_idx').on(t.onboardingId),
    index('shared_insights_expires_idx').on(t.expiresAt),
  ],
);

/** A competitor a channel follows in the competition view (at most 5 per channel). */
export const channelCompetitors = pgTable(
  'channel_competitors',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    youtubeId: text('youtube_id').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.youtubeId] }),
    index('channel_competitors_youtube_idx').on(t.youtubeId),
  ],
);

/** One recent upload of a public channel as the competition view keeps it. */
export interface StoredPublicVideo {
  videoId: string;
  title: string;
  thumbnailUrl: string;
  publishedAt: string;
  views: number | null;
  likes: number | null;
  comments: number | null;
  tags: string[];
}

/**
 * Public data of a channel read with the product's API key (channels.list, playlistItems.list,
 * videos.list), shared by every channel that follows it and by onboarding reports; refreshed
 * daily. `videos` holds the uploads of the last COMPETITION_PERIOD_DAYS (at most a few hundred).
 */
export const publicChannels = pgTable('public_channels', {
  youtubeId: text('youtube_id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  thumbnailUrl: text('thumbnail_url').notNull().default(''),
  customUrl: text('custom_url'),
  subscriberCount: bigint('subscriber_count', { mode: 'number' }),
  videoCount: bigint('video_count', { mode: 'number' }),
  viewCount: bigint('view_count', { mode: 'number' }),
  uploadsPlaylistId: text('uploads_playlist_id'),
  videos: jsonb('videos').$type<StoredPublicVideo[]>().notNull().default([]),
  /** When the data was last read; null before the first read. */
  refreshedAt: ts('refreshed_at'),
  /**
   * That read was light (an anonymous onboarding's: only the latest page of uploads, which did
   * not reach the period's start): a full reader reads the channel again.
   */
  lightRead: boolean('light_read').notNull().default(false),
  /**
   * A full read stopped at its page cap before the period's start: the uploads before this
   * instant (the oldest one read) were not read, so figures count from here. Null when the read
   * reached the period's start or the channel's first upload.
   */
  uploadsCountedFrom: ts('uploads_counted_from'),
  /** The last failed read (the data above stays as it was). */
  failedAt: ts('failed_at'),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
