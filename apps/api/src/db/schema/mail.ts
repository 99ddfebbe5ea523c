import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every outgoing e-mail; without SMTP this table is the dev mailbox. */
export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** List-Unsubscribe URL of a recurring e-mail (the weekly ideas), else null. */
  listUnsubscribe: text('list_unsubscribe'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});
