// Google Search Console: a person's own grant (webmasters.readonly, never merged into a channel's
// grant), and the property each channel's Reporting shows.
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A person's Search Console grant, its tokens encrypted with AES-256-GCM like a channel's. */
export const searchConsoleGrants = pgTable('search_console_grants', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  refreshTokenEnc: text('refresh_token_enc').notNull(),
  accessTokenEnc: text('access_token_enc'),
  accessExpiresAt: ts('access_expires_at'),
  scopes: text('scopes').notNull().default(''),
  /** The refresh token stopped working (revoked or expired at Google): connect again. */
  needsReconnect: boolean('needs_reconnect').notNull().default(false),
  connectedAt: ts('connected_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** The Search Console property a channel's Reporting shows, read with its chooser's grant. */
export const channelSearchConsole = pgTable('channel_search_console', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  siteUrl: text('site_url').notNull(),
  /** Whose grant reads it; the choice goes when that grant is disconnected. */
  userId: uuid('user_id')
    .notNull()
    .references(() => searchConsoleGrants.userId, { onDelete: 'cascade' }),
  chosenAt: ts('chosen_at').notNull(),
});
