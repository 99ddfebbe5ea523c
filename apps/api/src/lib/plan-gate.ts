/**
 * What an account's plan allows, as the modules that enforce limits see it (the billing module
 * implements it; the others depend only on this interface, never on billing).
 */
import type { PlanId, PlanLimits } from '@tubewise/contract/billing-constants';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';

/** Where an account stands (see the contract's ACCOUNT_STANDINGS). */
export type AccountStanding = 'trialing' | 'active' | 'past-due' | 'expired';

/** Stripe statuses under which a subscription's plan applies (past_due while Stripe retries). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** `(…)` SQL list of LIVE_SUBSCRIPTION_STATUSES, for `status in …`. */
export const liveStatusesSql = (): SQL =>
  sql.raw(`(${LIVE_SUBSCRIPTION_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** An account's plan, standing and limits at one instant. */
export interface AccountPlan {
  planId: PlanId;
  planName: string;
  standing: AccountStanding;
  /** Publishing, AI and rank checks are stopped (no trial left and no subscription). */
  readOnly: boolean;
  limits: PlanLimits;
}

/** Answers what an account, or the account that owns a channel, may do. */
export interface PlanGate {
  /** The person's own plan. */
  forUser(userId: string, db?: Db): Promise<AccountPlan>;
  /**
   * The plan a channel works under: its owner's (the best of its owners' when several people
   * connected it), which also binds the people it is shared with.
   */
  forChannel(channelId: string, db?: Db): Promise<AccountPlan>;
}

/** The error a stopped action answers when the channel's account is read-only. */
export function readOnlyError(plan: AccountPlan): AppError {
  return new AppError(
    'account-read-only',
    "This channel's account has no active plan (its free trial has ended). Publishing, AI " +
      'suggestions and rank checks are paused until a plan is chosen; everything else, and all ' +
      'data, is kept.',
    { details: { plan: plan.planId, standing: plan.standing } },
  );
}

/** Throws `account-read-only` when the channel's account may not publish, generate or check. */
export async function assertChannelWritable(
  gate: PlanGate,
  channelId: string,
  db?: Db,
): Promise<AccountPlan> {
  const plan = await gate.forChannel(channelId, db);
  if (plan.readOnly) throw readOnlyError(plan);
  return plan;
}

/**
 * SQL condition: the channel (a column or value) has an owner whose account is not read-only
 * (a live subscription with a known plan, or a trial not yet over). The same rule as the
 * billing module's `accountStanding`, for queries that pick channels in bulk (daily rank checks).
 */
export function channelWritableSql(channelId: SQLWrapper, now: Date): SQL {
  return sql`exists (
    select 1 from channel_members m
      join users u on u.id = m.user_id
      left join billing_subscriptions s on s.user_id = u.id
    where m.channel_id = ${channelId} and m.role = 'owner'
      and (u.trial_ends_at > ${now.toISOString()}::timestamptz
        or (s.status in ${liveStatusesSql()} and s.plan_id is not null)))`;
}
