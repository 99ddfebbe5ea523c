/**
 * The fake API of plans and billing (overview, invoices, checkout, its confirmation, the
 * portal and its return's refresh) on the shared contract-checked MSW helpers, with builders of valid answers. setup.ts
 * installs the handlers before every test, so every signed-in page (the app shell's banners ask
 * for the overview) gets answers; tests adjust `billingApi`.
 */
import {
  billingOverview as billingOverviewSchema,
  invoice as invoiceSchema,
  type BillingOverview,
  type ChannelUsage,
  type Invoice,
  type PlanOffer,
} from '@tubewise/contract';
import { PAID_PLANS, TRIAL_PLAN_NAME } from '@tubewise/contract/billing-constants';
import { errorBody, handle } from './server.ts';

/** The catalogue as the server offers it. */
export function buildPlanOffers(): PlanOffer[] {
  return PAID_PLANS.map(({ id, name, tagline, prices, currency, limits }) => ({
    id,
    name,
    tagline,
    prices: { ...prices },
    currency,
    limits: { ...limits },
  }));
}

/** One own channel's usage (validated): 2 of 5 people, 40 of 100 keywords, 12 of 50 AI. */
export function buildChannelUsage(overrides: Partial<ChannelUsage> = {}): ChannelUsage {
  return {
    channelId: 'ch-1',
    name: 'Sourdough Sundays',
    people: { used: 2, limit: 5 },
    trackedKeywords: { used: 40, limit: 100 },
    aiGenerations: { used: 12, limit: 50, resetsAt: '2026-12-01T00:00:00.000Z' },
    ...overrides,
  };
}

/** An account in its free trial with 10 days left, one own channel (validated). */
export function buildBillingOverview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return billingOverviewSchema.parse({
    plan: { id: 'trial', name: TRIAL_PLAN_NAME },
    standing: 'trialing',
    readOnly: false,
    limits: {
      channels: 3,
      peoplePerChannel: 5,
      trackedKeywordsPerChannel: 100,
      aiGenerationsPerMonth: 50,
    },
    trialEndsAt: '2026-11-30T12:00:00.000Z',
    trialDaysLeft: 10,
    subscription: null,
    billingAvailable: true,
    usage: { channels: { used: 1, limit: 3 }, perChannel: [buildChannelUsage()] },
    plans: buildPlanOffers(),
    ...overrides,
  });
}

/** An account on a paid plan with a live subscription (validated). */
export function buildSubscribedOverview(
  planId: 'creator' | 'pro' | 'agency' = 'pro',
  overrides: Partial<BillingOverview> = {},
): BillingOverview {
  const plan = PAID_PLANS.find((p) => p.id === planId)!;
  return buildBillingOverview({
    plan: { id: plan.id, name: plan.name },
    standing: 'active',
    limits: { ...plan.limits },
    trialEndsAt: null,
    trialDaysLeft: null,
    subscription: {
      interval: 'month',
      status: 'active',
      currentPeriodEnd: '2026-12-15T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      trialEnd: null,
    },
    ...overrides,
  });
}

/** A paid invoice (validated). */
export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return invoiceSchema.parse({
    id: 'in_1',
    number: 'TW-0001',
    status: 'paid',
    amountDue: 4900,
    amountPaid: 4900,
    currency: 'usd',
    createdAt: '2026-11-15T12:00:00.000Z',
    periodStart: '2026-11-15T12:00:00.000Z',
    periodEnd: '2026-12-15T12:00:00.000Z',
    hostedUrl: 'https://invoice.stripe.example/i/in_1',
    pdfUrl: 'https://invoice.stripe.example/i/in_1/pdf',
    ...overrides,
  });
}

/** A refusal: status, error code and message. */
export interface BillingRefusal {
  status: number;
  code: string;
  message: string;
}

/** What the billing routes answer. */
export interface BillingApiState {
  overview: BillingOverview;
  invoices: Invoice[];
  /** Where a checkout or the portal sends the browser. */
  checkoutUrl: string;
  portalUrl: string;
  /** null: the checkout starts; else it is refused. */
  refuseCheckout: BillingRefusal | null;
  refusePortal: BillingRefusal | null;
  /** What a confirmation answers: the overview it makes current, or a refusal. */
  confirm: BillingOverview | BillingRefusal | null;
  /** What a refresh (the portal's return) makes current; null: the overview as it is. */
  refresh: BillingOverview | null;
}

/** The billing fake API's state for the running test. */
export const billingApi: BillingApiState = {
  overview: buildBillingOverview(),
  invoices: [],
  checkoutUrl: 'https://checkout.stripe.example/c/pay/cs_test_1',
  portalUrl: 'https://billing.stripe.example/p/session/bps_1',
  refuseCheckout: null,
  refusePortal: null,
  confirm: null,
  refresh: null,
};

/** Resets the billing fake API: a trial with 10 days left, no invoices, checkout and portal work. */
export function resetBillingApi(): void {
  billingApi.overview = buildBillingOverview();
  billingApi.invoices = [];
  billingApi.checkoutUrl = 'https://checkout.stripe.example/c/pay/cs_test_1';
  billingApi.portalUrl = 'https://billing.stripe.example/p/session/bps_1';
  billingApi.refuseCheckout = null;
  billingApi.refusePortal = null;
  billingApi.confirm = null;
  billingApi.refresh = null;
}

const refused = (r: BillingRefusal) => ({ status: r.status, body: errorBody(r.code, r.message) });
const isRefusal = (v: unknown): v is BillingRefusal =>
  typeof v === 'object' && v !== null && 'code' in v && 'status' in v;

/** The handlers of the billing routes. */
export const billingHandlers = [
  handle('billingOverview', () => ({ body: billingApi.overview })),
  handle('invoices', () => ({ body: { invoices: billingApi.invoices } })),
  handle('startCheckout', () =>
    billingApi.refuseCheckout
      ? refused(billingApi.refuseCheckout)
      : { body: { url: billingApi.checkoutUrl } },
  ),
  handle('confirmCheckout', () => {
    const answer = billingApi.confirm;
    if (isRefusal(answer)) return refused(answer);
    if (answer) billingApi.overview = answer;
    return { body: billingApi.overview };
  }),
  handle('refreshBilling', () => {
    if (billingApi.refresh) billingApi.overview = billingApi.refresh;
    return { body: billingApi.overview };
  }),
  handle('billingPortal', () =>
    billingApi.refusePortal
      ? refused(billingApi.refusePortal)
      : { body: { url: billingApi.portalUrl } },
  ),
];
