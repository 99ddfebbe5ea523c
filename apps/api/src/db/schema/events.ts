import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Usage events sent by the web app (spec "Tracking event"). */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anonymousId: text('anonymous_id').notNull(),
    userId: uuid('user_id'),
    channelId: text('channel_id'),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_events_created_idx').on(t.createdAt)],
);

/** Page views sent by the web app. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anonymousId: text('anonymous_id').notNull(),
    userId: uuid('user_id'),
    url: text('url').notNull(),
    title: text('title').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)],
);
