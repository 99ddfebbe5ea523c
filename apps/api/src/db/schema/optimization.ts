import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { channels, videos } from './channels.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Raw bytes (PostgreSQL bytea). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

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
    restoresId: uuid('restores_id'),
    quotaUnits: integer('quota_units').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('video_publishes_video_idx').on(t.videoId, t.createdAt)],
);
