import {
  date,
  doublePrecision,
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

/**
 * A channel's reporting settings: the cost per view (USD) its monetary value uses for search
 * terms without a CPC, instead of the documented default for its location.
 */
export const reportingSettings = pgTable('reporting_settings', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  costPerView: doublePrecision('cost_per_view').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * YouTube Analytics answers cached per (channel, report, day): `report` names the query and its
 * date range (e.g. `organic-daily:2025-01-01:2025-01-28`), `day` is the UTC day it was fetched,
 * so a page view spends no Analytics call again the same day.
 */
export const analyticsReports = pgTable(
  'analytics_reports',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    report: text('report').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: jsonb('value').notNull(),
    fetchedAt: ts('fetched_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.report, t.day] })],
);
