import { sql } from 'drizzle-orm';
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
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessionFamilies, users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A connected video-platform channel. */
export const channels = pgTable('channels', {
  id: uuid('id').primaryKey().defaultRandom(),
  youtubeId: text('youtube_id').notNull().unique(),
  name: text('name').notNull(),
  thumbnailUrl: text('thumbnail_url').notNull().default(''),
  customUrl: text('custom_url'),
  uploadsPlaylistId: text('uploads_playlist_id'),
  needsReconnect: boolean('needs_reconnect').notNull().default(false),
  /**
   * Bumped by triggers (migration 0005) on every write to the channel's videos, drafts and
   * playlist members: the version the optimisation list's cache is keyed by.
   */
  videosVersion: bigint('videos_version', { mode: 'number' }).notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Who works on a channel: its owner, and members it was shared with. */
export const channelMembers = pgTable(
  'channel_members',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'member'>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Null while an invited person has not opened their channel list since the invitation: until
     * then the owner sees only the address (no name), whether or not it had an account.
     */
    joinedAt: ts('joined_at').defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.userId] }),
    index('channel_members_user_idx').on(t.userId),
  ],
);

/** The platform tokens of a channel, encrypted with AES-256-GCM. */
export const channelCredentials = pgTable('channel_credentials', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  refreshTokenEnc: text('refresh_token_enc').notNull(),
  accessTokenEnc: text('access_token_enc'),
  accessExpiresAt: ts('access_expires_at'),
  scopes: text('scopes').notNull().default(''),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One-time OAuth `state` values, bound to the session that asked for them. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  familyId: uuid('family_id')
    .notNull()
    .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
  codeVerifierEnc: text('code_verifier_enc').notNull(),
  mode: text('mode').$type<'connect' | 'reconnect' | 'search-console'>().notNull(),
  firstChannel: boolean('first_channel').notNull().default(false),
  /** On reconnect: the channel the user said they would pick. */
  expectedYoutubeId: text('expected_youtube_id'),
  /**
   * Where the callback sends the browser back on success (a validated same-origin path, chosen
   * when the consent started; never read from the callback's query). Null: the default page.
   */
  returnTo: text('return_to'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Per-channel settings (topics, language, E-E-A-T, tone, industries, company). */
export const channelSettings = pgTable('channel_settings', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  topics: jsonb('topics')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  language: text('language').notNull().default('en-us'),
  eeatStatement: text('eeat_statement').notNull().default(''),
  toneOfVoice: text('tone_of_voice').notNull().default(''),
  industries: jsonb('industries')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  companyName: text('company_name').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A channel's video as last synced from the platform. */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    youtubeId: text('youtube_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    categoryId: text('category_id'),
    defaultLanguage: text('default_language'),
    defaultAudioLanguage: text('default_audio_language'),
    publishedAt: ts('published_at'),
    privacyStatus: text('privacy_status'),
    publishAt: ts('publish_at'),
    durationSeconds: integer('duration_seconds'),
    thumbnails: jsonb('thumbnails')
      .$type<Record<string, { url: string; width: number | null; height: number | null }>>()
      .notNull(),
    viewCount: bigint('view_count', { mode: 'number' }),
    likeCount: bigint('like_count', { mode: 'number' }),
    commentCount: bigint('comment_count', { mode: 'number' }),
    localizations: jsonb('localizations')
      .$type<Record<string, { title: string; description: string }>>()
      .notNull(),
    /** contentDetails.caption: whether the video has captions. */
    hasCaptions: boolean('has_captions'),
    /** The search term the video should be found for (chosen in the editor). */
    searchTerm: text('search_term'),
    /** Tip types ignored for this video. */
    ignoredTips: jsonb('ignored_tips')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Recommended tags for the search term, as last computed (so rescoring matches the editor). */
    recommendedTags: jsonb('recommended_tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Optimization level 0–100 of the live metadata (shared rules). */
    level: integer('level').notNull().default(0),
    /** Optimization impact 0–100. */
    impact: integer('impact').notNull().default(0),
    /** Last known search position for the search term; null = not ranked / unknown. */
    searchPosition: integer('search_position'),
    /** When level and impact were last computed; null = needs scoring. */
    scoredAt: ts('scored_at'),
    /** When the metadata changed on the platform without the product (cleared when opened). */
    platformChangedAt: ts('platform_changed_at'),
    /** Last publish through the product ("last update via the product"). */
    lastPublishedAt: ts('last_published_at'),
    /** The sync run that last saw this video; videos no run sees any more are gone. */
    syncRunId: uuid('sync_run_id'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [
    unique('videos_channel_youtube_unique').on(t.channelId, t.youtubeId),
    index('videos_channel_published_idx').on(t.channelId, t.publishedAt),
    // The optimisation list's four sorts, each with the platform id as tie-breaker in the same
    // direction, so a page of 50 is an index range scan (see video-list.repository.ts).
    index('videos_channel_level_idx').on(t.channelId, t.level, t.youtubeId),
    index('videos_channel_impact_idx').on(t.channelId, t.impact, t.youtubeId),
    index('videos_channel_last_published_idx').on(
      t.channelId,
      t.lastPublishedAt.desc().nullsLast(),
      t.youtubeId.desc(),
    ),
    index('videos_channel_date_idx').on(
      t.channelId,
      sql`coalesce(${t.publishAt}, ${t.publishedAt}) desc nulls last`,
      t.youtubeId.desc(),
    ),
    index('videos_unscored_idx')
      .on(t.channelId)
      .where(sql`${t.scoredAt} IS NULL`),
  ],
);

/** A channel's playlist. */
export const playlists = pgTable(
  'playlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    youtubeId: text('youtube_id').notNull(),
    title: text('title').notNull(),
    itemCount: integer('item_count').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    syncRunId: uuid('sync_run_id'),
  },
  (t) => [unique('playlists_channel_youtube_unique').on(t.channelId, t.youtubeId)],
);

/** Which videos a playlist holds. */
export const playlistVideos = pgTable(
  'playlist_videos',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoYoutubeId: text('video_youtube_id').notNull(),
    position: integer('position'),
    syncRunId: uuid('sync_run_id'),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.videoYoutubeId] })],
);

/** Sync phases, in order. */
export type SyncPhase = 'channel' | 'uploads' | 'playlists' | 'playlist-items' | 'finish';

/** Where a sync run stands, saved after every page so a killed worker resumes there. */
export interface SyncCursor {
  phase: SyncPhase;
  pageToken: string | null;
  /** Index into the playlists being walked in the playlist-items phase. */
  playlistIndex: number;
}

/** The current (or last) sync run of each channel. */
export const channelSyncs = pgTable('channel_syncs', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull(),
  state: text('state').$type<'queued' | 'running' | 'succeeded' | 'failed'>().notNull(),
  videosDone: integer('videos_done').notNull().default(0),
  videosTotal: integer('videos_total'),
  cursor: jsonb('cursor').$type<SyncCursor>().notNull(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
  lastSyncedAt: ts('last_synced_at'),
  error: text('error'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
