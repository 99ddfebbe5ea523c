import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './optimization.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A request for a plan larger than the catalogue's, e-mailed to sales. */
export const customPlanRequests = pgTable(
  'custom_plan_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    channels: integer('channels').notNull(),
    people: integer('people').notNull(),
    keywords: integer('keywords').notNull(),
    message: text('message').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('custom_plan_requests_user_idx').on(t.userId, t.createdAt)],
);

/** Status of an account export. */
export type AccountExportStatus = 'pending' | 'running' | 'ready' | 'failed' | 'expired';

/**
 * An export of everything an account owns: a ZIP archive built by a job, kept in the database
 * (every process can serve it) until `expires_at`, then its bytes are dropped.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<AccountExportStatus>().notNull().default('pending'),
    archive: bytea('archive'),
    bytes: integer('bytes'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('account_exports_user_idx').on(t.userId, t.createdAt)],
);
