import { sql } from 'drizzle-orm';
import type { ErrorCode } from '@tubewise/contract';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { channels, videos } from './channels.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Raw bytes (PostgreSQL bytea). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

/** Where a stored thumbnail image came from. */
export type ThumbnailOrigin = 'upload' | 'previous';

/** A thumbnail image uploaded for a video, checked with sharp, kept until published or replaced. */
export const thumbnailUploads = pgTable(
  'thumbnail_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    videoYoutubeId: text('video_youtube_id').notNull(),
    mimeType: text('mime_type').$type<'image/jpeg' | 'image/png'>().notNull(),
    data: bytea('data').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * `upload`: a person uploaded it. `previous`: the image the video showed before a publish
     * replaced it, kept so undoing that publish can set it back.
     */
    origin: text('origin').$type<ThumbnailOrigin>().notNull().default('upload'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('thumbnail_uploads_video_idx').on(t.channelId, t.videoYoutubeId)],
);

/** The shared draft of a video's metadata; `revision` guards against silent overwrites. */
export const videoDrafts = pgTable('video_drafts', {
  videoId: uuid('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  channelId: uuid('channel_id')
    .notNull()
    .references(() => channels.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  tags: jsonb('tags').$type<string[]>().notNull(),
  searchTerm: text('search_term'),
  language: text('language'),
  thumbnailId: uuid('thumbnail_id').references(() => thumbnailUploads.id, {
    onDelete: 'set null',
  }),
  revision: integer('revision').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedByName: text('updated_by_name').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A description template of a channel. */
export const descriptionTemplates = pgTable(
  'description_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('description_templates_channel_idx').on(t.channelId, t.updatedAt)],
);

/** The metadata one publish replaced or wrote. */
export interface PublishedMetadata {
  title: string;
  description: string;
  tags: string[];
  defaultLanguage: string | null;
}

/** Every publish through the product: who, when, what it replaced and what it wrote. */
export const videoPublishes = pgTable(
  'video_publishes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    before: jsonb('before').$type<PublishedMetadata>().notNull(),
    after: jsonb('after').$type<PublishedMetadata>().notNull(),
    thumbnailChanged: boolean('thumbnail_changed').notNull(),
    /**
     * The image the video showed before this publish set a new thumbnail (origin `previous`);
     * undo sets it back. Null when no thumbnail was set or no copy could be kept.
     */
    thumbnailBeforeId: uuid('thumbnail_before_id').references(() => thumbnailUploads.id, {
      onDelete: 'set null',
    }),
    restoresId: uuid('restores_id'),
    quotaUnits: integer('quota_units').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('video_publishes_video_idx').on(t.videoId, t.createdAt)],
);

/** Where a journalled publish stands. */
export type PublishStatus = 'pending' | 'completed' | 'failed';

/**
 * The last step a pending publish reached, which says what may have reached the platform:
 * `started` — nothing was sent (at most the read is in flight); `updating` — the video was read
 * and videos.update may have been sent; `thumbnail` — the metadata is settled and thumbnails.set
 * may have been sent.
 */
export type PublishStep = 'started' | 'updating' | 'thumbnail';

/**
 * Why a journalled publish ended: `published` (all of it is on the platform), `partial` (the
 * metadata is, the thumbnail is not), `not-applied` (nothing reached the platform),
 * `nothing-to-publish`, `superseded` (the platform shows neither the old nor the new copy:
 * someone else changed the video meanwhile), `unverified` (the platform could not be asked).
 */
export type PublishOutcome =
  'published' | 'partial' | 'not-applied' | 'nothing-to-publish' | 'superseded' | 'unverified';

/** The thumbnail sizes a platform read reported (to tell whether thumbnails.set landed). */
export type JournalThumbnails = Partial<
  Record<string, { url: string; width: number | null; height: number | null }>
>;

/**
 * Why the thumbnail of a publish that ended `partial` was not set: the error the publish answered
 * (or the reconciler found), answered again to a retry with the same idempotency key.
 */
export interface ThumbnailRefusal {
  code: ErrorCode;
  message: string;
}

/**
 * The write-ahead journal of publishes (and undos): written before any platform call, advanced
 * before each platform write, completed after. A pending entry whose lease has run out belongs to
 * a process that died; the reconciler reads the video from the platform and finishes it or marks
 * it failed. Completed entries are copied to `video_publishes` (same id).
 */
export const publishJournal = pgTable(
  'publish_journal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    /** Chosen by the client per publish (or by the server); a retry with it answers this entry. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<PublishStatus>().notNull(),
    step: text('step').$type<PublishStep>().notNull(),
    outcome: text('outcome').$type<PublishOutcome>(),
    /** The video as the platform showed it just before the write (null until read). */
    before: jsonb('before').$type<PublishedMetadata>(),
    /** What the write sets (merged into what was read; the platform's answer once it answered). */
    after: jsonb('after').$type<PublishedMetadata>(),
    /** The thumbnail sizes the platform reported before thumbnails.set (to tell whether it landed). */
    thumbnailsBefore: jsonb('thumbnails_before').$type<JournalThumbnails>(),
    /** Why the thumbnail of a `partial` publish was not set (a retry with the same key hears it). */
    thumbnailRefusal: jsonb('thumbnail_refusal').$type<ThumbnailRefusal>(),
    /** The uploaded thumbnail to set, if any (null also when the upload was deleted since). */
    thumbnailId: uuid('thumbnail_id').references(() => thumbnailUploads.id, {
      onDelete: 'set null',
    }),
    thumbnailPlanned: boolean('thumbnail_planned').notNull(),
    /** A copy of the image the video showed before thumbnails.set (copied to the history). */
    thumbnailBeforeId: uuid('thumbnail_before_id').references(() => thumbnailUploads.id, {
      onDelete: 'set null',
    }),
    /** Whether videos.update wrote something (known from step `thumbnail` on). */
    metadataChanged: boolean('metadata_changed'),
    searchTerm: text('search_term'),
    /** The draft revision published from; the draft is deleted on success only if unchanged. */
    draftRevision: integer('draft_revision'),
    restoresId: uuid('restores_id'),
    quotaUnits: integer('quota_units').notNull(),
    /** Who works on the entry now (a request or a reconciler) and until when, unless renewed. */
    leaseOwner: uuid('lease_owner'),
    leaseUntil: ts('lease_until').notNull(),
    /** Reconciliation attempts (the platform could not be asked); bounded. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    // One publish in flight per video: a second one is refused, never sent unjournalled.
    uniqueIndex('publish_journal_pending_video_idx')
      .on(t.videoId)
      .where(sql`${t.status} = 'pending'`),
    // A retried request finds its entry; a failed entry does not block trying again.
    uniqueIndex('publish_journal_key_idx')
      .on(t.videoId, t.idempotencyKey)
      .where(sql`${t.status} <> 'failed'`),
    index('publish_journal_due_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'pending'`),
    index('publish_journal_updated_idx').on(t.updatedAt),
  ],
);
