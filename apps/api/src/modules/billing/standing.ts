/**
 * Where an account stands, from its trial end and its subscription as Stripe last reported it.
 * Pure: the entitlement queries, the overview and the trial e-mails all decide with it.
 */
import type { PaidPlanId, PlanId } from '@tubewise/contract/billing-constants';
import { LIVE_SUBSCRIPTION_STATUSES, type AccountStanding } from '../../lib/plan-gate.ts';

/** The subscription facts the standing depends on. */
export interface SubscriptionFacts {
  status: string;
  /** The paid plan its price belongs to (null: a price no plan names). */
  planId: PaidPlanId | null;
}

/** Whether a subscription in this Stripe status gives its plan. */
export function isLiveStatus(status: string): boolean {
  return (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/**
 * The account's plan and standing: a live subscription's plan (past_due keeps it while Stripe
 * retries the payment); otherwise the trial until it ends; then expired and read-only. Nothing
 * is ever deleted for not paying.
 */
export function accountStanding(input: {
  trialEndsAt: Date;
  subscription: SubscriptionFacts | null;
  now: Date;
}): { planId: PlanId; standing: AccountStanding; readOnly: boolean } {
  const { subscription, now } = input;
  if (subscription && isLiveStatus(subscription.status) && subscription.planId) {
    return {
      planId: subscription.planId,
      standing: subscription.status === 'past_due' ? 'past-due' : 'active',
      readOnly: false,
    };
  }
  if (now.getTime() < input.trialEndsAt.getTime()) {
    return { planId: 'trial', standing: 'trialing', readOnly: false };
  }
  return { planId: 'trial', standing: 'expired', readOnly: true };
}

const DAY_MS = 86_400_000;

/** Days of trial left, counting a started day as a day: 14 at sign-up, 1 on the last day, 0 once ended. */
export function trialDaysLeft(trialEndsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}
