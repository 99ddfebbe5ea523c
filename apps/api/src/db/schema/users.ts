import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Product accounts. E-mails are stored lower-cased; flags is a comma-separated string. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash'),
  flags: text('flags').notNull().default(''),
  isV2Enterprise: boolean('is_v2_enterprise').notNull().default(false),
  aiPermission: text('ai_permission').notNull().default('ai-generate-description'),
  settings: jsonb('settings')
    .$type<{ skipSearchTermHelp: boolean }>()
    .notNull()
    .default(sql`'{"skipSearchTermHelp":false}'::jsonb`),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  /** When the free trial ends (set at creation from TRIAL_DAYS). */
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true })
    .notNull()
    .default(sql`now() + interval '14 days'`),
  /** The trial e-mails already sent, so each goes out once. */
  trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
  trialEndedSentAt: timestamp('trial_ended_sent_at', { withTimezone: true }),
  /** The account's Stripe customer, created at its first checkout. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sign-in: every refresh token rotated from one login belongs to one family. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('session_families_user_idx').on(t.userId)],
);

/** Session (short-lived) and refresh (long-lived) tokens, stored as keyed hashes only. */
export const sessionTokens = pgTable(
  'session_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'access' | 'refresh'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a refresh token has been rotated; presenting it again is reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** On a session token: the hash of the refresh token issued with it (rotating that one revokes it). */
    issuedWith: text('issued_with'),
    createdAt: createdAt(),
  },
  (t) => [
    index('session_tokens_family_idx').on(t.familyId),
    index('session_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Single-use password-reset and set-password tokens, stored hashed. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'reset' | 'set'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The channel whose invitation mailed this set-password link; removing the invitation voids it. */
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_tokens_user_idx').on(t.userId),
    index('password_tokens_channel_idx').on(t.channelId),
  ],
);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Failure counters with growing delays (sign-in and current-password checks): `failures` in a
 * window that starts with the first one; past the rule's threshold each failure sets
 * `blocked_until`. `account` (lower-cased e-mail) lets a password reset clear them all.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    account: text('account'),
    failures: integer('failures').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** The block before the last counted attempt, restored when that attempt turns out not to count. */
    prevBlockedUntil: timestamp('prev_blocked_until', { withTimezone: true }),
  },
  (t) => [
    index('auth_throttles_account_idx').on(t.account),
    index('auth_throttles_window_idx').on(t.windowEndsAt),
  ],
);
