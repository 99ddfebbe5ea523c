/** The plan catalogue of this installation: the contract's plans with the configured prices. */
import {
  PAID_PLANS,
  TRIAL_LIMITS,
  TRIAL_PLAN_NAME,
  type BillingInterval,
  type PaidPlan,
  type PaidPlanId,
  type PlanId,
  type PlanLimits,
} from '@tubewise/contract/billing-constants';

/** Stripe price ids per paid plan and interval. */
export type PriceIds = Record<PaidPlanId, Record<BillingInterval, string>>;

/** Plans, their limits and prices, and which plan a Stripe price is. */
export class PlanCatalogue {
  private readonly byPrice = new Map<string, { plan: PaidPlan; interval: BillingInterval }>();
  readonly trialLimits: PlanLimits;
  readonly priceIds: PriceIds;

  constructor(
    priceIds: PriceIds,
    /**
     * The trial's limits from the settings: channels (TRIAL_CHANNELS), tracked keywords
     * (TRACKED_KEYWORDS_MAX) and AI generations (AI_GENERATIONS_PER_MONTH).
     */
    trial: Partial<PlanLimits> &
      Pick<PlanLimits, 'trackedKeywordsPerChannel' | 'aiGenerationsPerMonth'>,
  ) {
    this.priceIds = priceIds;
    this.trialLimits = { ...TRIAL_LIMITS, ...trial };
    for (const plan of PAID_PLANS) {
      for (const interval of ['month', 'year'] as const) {
        this.byPrice.set(priceIds[plan.id][interval], { plan, interval });
      }
    }
  }

  /** The paid plans on offer. */
  get paidPlans(): readonly PaidPlan[] {
    return PAID_PLANS;
  }

  /** The Stripe price of a plan and interval. */
  priceOf(plan: PaidPlanId, interval: BillingInterval): string {
    return this.priceIds[plan][interval];
  }

  /** Which plan and interval a Stripe price is (undefined: no plan names it). */
  planOfPrice(priceId: string): { plan: PaidPlan; interval: BillingInterval } | undefined {
    return this.byPrice.get(priceId);
  }

  /** The limits of a plan. */
  limitsOf(plan: PlanId): PlanLimits {
    if (plan === 'trial') return this.trialLimits;
    return PAID_PLANS.find((p) => p.id === plan)!.limits;
  }

  /** The display name of a plan. */
  nameOf(plan: PlanId): string {
    return plan === 'trial' ? TRIAL_PLAN_NAME : PAID_PLANS.find((p) => p.id === plan)!.name;
  }
}
