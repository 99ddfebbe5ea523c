import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Shared cache of platform answers (e.g. public channel search), so repeats spend no quota. */
export const platformCache = pgTable('platform_cache', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
