/**
 * Plans, their limits and the billing texts (`@tubewise/contract/billing-constants`, zod-free):
 * the one place a plan is defined. The server enforces these limits and the web shows them; the
 * Stripe price ids are the defaults the built-in emulator knows (production overrides them with
 * STRIPE_PRICE_IDS).
 */

/** Paid plans a person can subscribe to, cheapest first. */
export const PAID_PLAN_IDS = ['creator', 'pro', 'agency'] as const;
/** A paid plan. */
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
/** Every plan an account can be on: the free trial or a paid plan. */
export type PlanId = 'trial' | PaidPlanId;
/** How often a subscription is billed. */
export const BILLING_INTERVALS = ['month', 'year'] as const;
/** A billing interval. */
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** What a plan allows. `channels` counts the account's own connected channels. */
export interface PlanLimits {
  /** Channels the account may connect (channels shared with it do not count). */
  channels: number;
  /** People per channel, owner included (pending invitations count). */
  peoplePerChannel: number;
  /** Tracked keywords per channel. */
  trackedKeywordsPerChannel: number;
  /** AI generations per channel and calendar month (UTC). */
  aiGenerationsPerMonth: number;
}

/** A paid plan: its name, prices (in cents) and limits. */
export interface PaidPlan {
  id: PaidPlanId;
  name: string;
  /** One line saying who it is for. */
  tagline: string;
  /** Price per interval in the smallest unit of `currency`. */
  prices: Record<BillingInterval, number>;
  currency: 'usd';
  /** Default Stripe price ids (the emulator's); STRIPE_PRICE_IDS replaces them in production. */
  stripePriceIds: Record<BillingInterval, string>;
  limits: PlanLimits;
}

/** The paid plans, cheapest first. */
export const PAID_PLANS: readonly PaidPlan[] = [
  {
    id: 'creator',
    name: 'Creator',
    tagline: 'One channel, optimised every week.',
    prices: { month: 1900, year: 19000 },
    currency: 'usd',
    stripePriceIds: { month: 'price_tubewise_creator_month', year: 'price_tubewise_creator_year' },
    limits: {
      channels: 1,
      peoplePerChannel: 3,
      trackedKeywordsPerChannel: 100,
      aiGenerationsPerMonth: 30,
    },
  },
  {
    id: 'pro',
    name: 'Pro',
    tagline: 'A few channels and a small team.',
    prices: { month: 4900, year: 49000 },
    currency: 'usd',
    stripePriceIds: { month: 'price_tubewise_pro_month', year: 'price_tubewise_pro_year' },
    limits: {
      channels: 3,
      peoplePerChannel: 5,
      trackedKeywordsPerChannel: 500,
      aiGenerationsPerMonth: 150,
    },
  },
  {
    id: 'agency',
    name: 'Agency',
    tagline: 'Many channels, many people.',
    prices: { month: 14900, year: 149000 },
    currency: 'usd',
    stripePriceIds: { month: 'price_tubewise_agency_month', year: 'price_tubewise_agency_year' },
    limits: {
      channels: 10,
      peoplePerChannel: 20,
      trackedKeywordsPerChannel: 2000,
      aiGenerationsPerMonth: 500,
    },
  },
];

/** The trial's name. */
export const TRIAL_PLAN_NAME = 'Free trial';
/**
 * The trial's limits besides tracked keywords and AI generations, which are the server's
 * TRACKED_KEYWORDS_MAX and AI_GENERATIONS_PER_MONTH settings (the embedded defaults).
 */
export const TRIAL_LIMITS: Pick<PlanLimits, 'channels' | 'peoplePerChannel'> = {
  channels: 3,
  peoplePerChannel: 5,
};
/** Default trial length in days (the server's TRIAL_DAYS setting). */
export const DEFAULT_TRIAL_DAYS = 14;
/** Days before the trial ends that the reminder e-mail goes out. */
export const TRIAL_REMINDER_DAYS = 3;

/** The paid plan with this id. */
export function paidPlan(id: PaidPlanId): PaidPlan {
  const plan = PAID_PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

/** Formats an amount in the smallest currency unit, e.g. 1900 usd → "$19". */
export function formatPrice(amount: number, currency: string): string {
  const whole = amount % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
}

/** Most characters of the custom-plan form's message. */
export const CUSTOM_PLAN_MESSAGE_MAX_LENGTH = 5000;
/** Largest number the custom-plan form takes for channels, people or keywords. */
export const CUSTOM_PLAN_NUMBER_MAX = 1_000_000;
/** Most characters of a person's name. */
export const PROFILE_NAME_MAX_LENGTH = 100;
/** Days an account export stays downloadable. */
export const ACCOUNT_EXPORT_DAYS = 7;
/** What the person types to confirm deleting the account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
