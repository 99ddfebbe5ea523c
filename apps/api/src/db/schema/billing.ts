import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An account's Stripe subscription as last read from Stripe (one per account: a new checkout
 * replaces an ended one). Written only from a fresh read of Stripe's state, the latest read
 * winning (`stripe_state_at`), so events arriving in any order converge.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id').notNull().unique(),
    priceId: text('price_id').notNull(),
    /** The paid plan the price belongs to (null: a price no plan names, e.g. retired). */
    planId: text('plan_id'),
    interval: text('interval').$type<'month' | 'year'>().notNull(),
    /** Stripe's status: trialing, active, past_due, canceled, unpaid, incomplete, … */
    status: text('status').notNull(),
    trialEnd: ts('trial_end'),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: ts('ended_at'),
    /**
     * When the stored state was read from Stripe (product clock, epoch milliseconds, taken just
     * before the read). A state read earlier never overwrites one read later.
     */
    stripeStateAt: bigint('stripe_state_at', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_customer_idx').on(t.stripeCustomerId)],
);

/**
 * Every Stripe webhook event received, by its id: stored before it is processed and marked
 * processed after its (idempotent) effects, so a replay changes nothing and a crash is
 * recovered by Stripe's retry. `user_id` lets account deletion remove them.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The event's `created` (unix seconds). */
    stripeCreated: bigint('stripe_created', { mode: 'number' }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);

/**
 * Invoices as Stripe last reported them. Kept when the account is deleted (user_id set null):
 * tax law requires the seller to keep issued invoices (e.g. 10 years in Germany, 6 in the UK);
 * the row holds the invoice's number, amounts, dates and Stripe ids only, no name or address.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    number: text('number'),
    status: text('status').notNull(),
    amountDue: integer('amount_due').notNull(),
    amountPaid: integer('amount_paid').notNull(),
    currency: text('currency').notNull(),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    stripeCreated: ts('stripe_created').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('billing_invoices_user_idx').on(t.userId, t.stripeCreated)],
);
