/** Texts of plans and billing: prices, savings, limits, standings and invoice statuses. */
import type { BillingOverview, Invoice, PlanOffer } from '@tubewise/contract';
import { formatPrice, type BillingInterval } from '@tubewise/contract/billing-constants';
import { formatNumber } from '../../lib/format.ts';

const count = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "monthly" / "yearly". */
export function intervalAdverb(interval: BillingInterval): string {
  return interval === 'year' ? 'yearly' : 'monthly';
}

/** "$19 / month". */
export function priceText(offer: PlanOffer, interval: BillingInterval): string {
  return `${formatPrice(offer.prices[interval], offer.currency)} / ${interval}`;
}

/** What a year costs less billed yearly than monthly: the amount and the share in percent. */
export function yearlySaving(offer: PlanOffer): { amount: number; percent: number } {
  const monthly = offer.prices.month * 12;
  const amount = Math.max(0, monthly - offer.prices.year);
  return { amount, percent: monthly > 0 ? Math.round((amount / monthly) * 100) : 0 };
}

/** Under the price: the month's share of a yearly price and the saving, or the yearly offer. */
export function savingText(offer: PlanOffer, interval: BillingInterval): string | null {
  const { amount, percent } = yearlySaving(offer);
  if (interval === 'month') {
    return amount > 0
      ? `Or ${formatPrice(offer.prices.year, offer.currency)} a year: save ${percent}%`
      : null;
  }
  const perMonth = formatPrice(Math.round(offer.prices.year / 12), offer.currency);
  return amount > 0
    ? `${perMonth} a month, billed yearly. You save ${formatPrice(amount, offer.currency)} (${percent}%).`
    : `${perMonth} a month, billed yearly.`;
}

/** The best yearly saving of the catalogue in percent (0 when yearly saves nothing). */
export function bestYearlySaving(offers: readonly PlanOffer[]): number {
  return Math.max(0, ...offers.map((o) => yearlySaving(o).percent));
}

/** A plan's limits as a list: "3 channels", "5 people per channel", … */
export function limitLines(limits: BillingOverview['limits']): string[] {
  return [
    count(limits.channels, 'channel'),
    `${count(limits.peoplePerChannel, 'person', 'people')} per channel`,
    `${count(limits.trackedKeywordsPerChannel, 'tracked keyword')} per channel`,
    `${count(limits.aiGenerationsPerMonth, 'AI generation')} per channel a month`,
  ];
}

/** Whether a subscription is live (its plan changes in the billing portal, not a new checkout). */
export function hasLiveSubscription(overview: BillingOverview): boolean {
  return overview.subscription !== null && overview.standing !== 'expired';
}

/** The standing as a short label. */
export const STANDING_LABELS: Record<BillingOverview['standing'], string> = {
  trialing: 'Free trial',
  active: 'Active',
  'past-due': 'Payment failed',
  expired: 'Trial ended',
};

/** Stripe's invoice statuses in words. */
export function invoiceStatusText(status: Invoice['status']): string {
  const known: Record<string, string> = {
    paid: 'Paid',
    open: 'Due',
    draft: 'Draft',
    void: 'Void',
    uncollectible: 'Not collected',
  };
  return known[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** What an invoice came to: paid once paid, else what is due. */
export function invoiceAmountText(invoice: Invoice): string {
  const amount = invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue;
  return formatPrice(amount, invoice.currency);
}

/** A used-of-limit share for a bar, 0–100 (full when the limit is 0 and something is used). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, (used / limit) * 100);
}
