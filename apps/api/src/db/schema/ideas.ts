import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A folder of a channel's saved ideas; exactly one per channel is the default one. */
export const ideaFolders = pgTable(
  'idea_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idea_folders_one_default_idx')
      .on(t.channelId)
      .where(sql`${t.isDefault}`),
    index('idea_folders_channel_idx').on(t.channelId, t.createdAt),
    // Names are unique per channel whatever their case (the default's name is taken too).
    uniqueIndex('idea_folders_channel_name_idx').on(t.channelId, sql`lower(${t.name})`),
  ],
);

/** An idea saved by someone working on a channel (shared by all of them). */
export const savedIdeas = pgTable(
  'saved_ideas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    // No action on delete: a folder's ideas are moved to the default folder before it goes.
    folderId: uuid('folder_id')
      .notNull()
      .references(() => ideaFolders.id),
    phrase: text('phrase').notNull(),
    /** The phrase normalised like keywords (one saved idea per channel, language and key). */
    phraseKey: text('phrase_key').notNull(),
    languageId: text('language_id').notNull(),
    volume: integer('volume'),
    competition: doublePrecision('competition'),
    opportunity: integer('opportunity').notNull().default(0),
    reason: text('reason').notNull().default(''),
    savedBy: uuid('saved_by').references(() => users.id, { onDelete: 'set null' }),
    savedByName: text('saved_by_name').notNull(),
    savedAt: ts('saved_at').notNull().defaultNow(),
  },
  (t) => [
    unique('saved_ideas_phrase_unique').on(t.channelId, t.languageId, t.phraseKey),
    index('saved_ideas_folder_idx').on(t.folderId, t.savedAt),
    index('saved_ideas_channel_idx').on(t.channelId, t.savedAt),
  ],
);

/** The script of a saved idea (sanitised HTML); `revision` guards against silent overwrites. */
export const videoScripts = pgTable('video_scripts', {
  savedIdeaId: uuid('saved_idea_id')
    .primaryKey()
    .references(() => savedIdeas.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  revision: integer('revision').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedByName: text('updated_by_name').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Earlier versions of a script: every save keeps the version it replaces, so a conflict
 * resolved with "keep mine" never loses the other person's text (the last 50 are kept).
 */
export const videoScriptVersions = pgTable(
  'video_script_versions',
  {
    savedIdeaId: uuid('saved_idea_id')
      .notNull()
      .references(() => savedIdeas.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    content: text('content').notNull(),
    updatedByName: text('updated_by_name').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.savedIdeaId, t.revision] })],
);

/** A person's choice of the weekly ideas e-mail for one channel, and when it was last sent. */
export const ideaInboxSubscriptions = pgTable(
  'idea_inbox_subscriptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    optedIn: boolean('opted_in').notNull(),
    lastSentAt: ts('last_sent_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channelId] }),
    index('idea_inbox_subscriptions_channel_idx').on(t.channelId),
  ],
);
