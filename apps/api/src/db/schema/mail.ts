import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Every outgoing e-mail; without SMTP this table is the dev mailbox. Bodies are kept only until
 * delivery plus a short retention (erased bodies are empty strings with `body_erased_at` set);
 * the envelope (recipient, subject, delivery state) is kept a little longer for support.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** List-Unsubscribe URL of a recurring e-mail (the weekly ideas), else null. */
    listUnsubscribe: text('list_unsubscribe'),
    /** The body carries a secret link (reset, set-password, unsubscribe): erased at delivery. */
    sensitive: boolean('sensitive').notNull().default(false),
    /**
     * Nothing of the message may stay once it is delivered, not even its recipient (the goodbye
     * e-mail of a deleted account): the row is deleted at delivery.
     */
    forgetAfterDelivery: boolean('forget_after_delivery').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When text, html and listUnsubscribe were erased; null while the body is kept. */
    bodyErasedAt: timestamp('body_erased_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * A delivery is sending the message until then: another one (a retry, the stranded-mail
     * sweep) waits, so a message is sent once; a crashed sender's claim simply runs out.
     */
    deliveryClaimedUntil: timestamp('delivery_claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    // The purge job looks only at messages whose body is still kept.
    index('email_outbox_body_kept_idx')
      .on(table.createdAt)
      .where(sql`${table.bodyErasedAt} IS NULL`),
    index('email_outbox_created_at_idx').on(table.createdAt),
  ],
);
