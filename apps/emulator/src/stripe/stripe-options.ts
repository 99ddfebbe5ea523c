// Options of the Stripe emulator (EmulatorOptions.stripe) and the defaults of the standalone server.

/** A recurring price the emulator offers (prices.list answers these; products come from productName). */
export interface StripePriceConfig {
  /** The price id the product uses, e.g. price_pro_monthly. */
  id: string;
  /** The product's name, shown on Checkout, the portal and invoices (prices may share a product). */
  productName: string;
  /** In the currency's smallest unit (cents for usd), like Stripe's unit_amount. */
  unitAmount: number;
  /** Lower-case ISO currency code (usd, eur, …). */
  currency: string;
  interval: 'month' | 'year';
}

/** Turns on the Stripe emulator: the /v1 API (Emulator.stripeApi) and the hosted pages. */
export interface StripeEmulatorOptions {
  /** The secret key API calls must carry (Authorization: Bearer <secretKey>). */
  secretKey: string;
  /** The signing secret of the webhook endpoint (whsec_…), as stripe.webhooks.constructEvent expects. */
  webhookSecret: string;
  /** Where events are POSTed; without it events are only kept (events.list), never delivered. */
  webhookUrl?: string;
  prices: StripePriceConfig[];
}

/** The API version the emulator speaks: the one stripe@23.1.0 pins (stripe-node's ApiVersion). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The prices of the standalone emulator when STRIPE_EMULATOR_PRICES is unset. */
export const DEFAULT_STRIPE_PRICES: StripePriceConfig[] = [
  {
    id: 'price_tubewise_pro_monthly',
    productName: 'Tubewise Pro',
    unitAmount: 1900,
    currency: 'usd',
    interval: 'month',
  },
  {
    id: 'price_tubewise_pro_yearly',
    productName: 'Tubewise Pro',
    unitAmount: 19000,
    currency: 'usd',
    interval: 'year',
  },
];

/** The secret key and webhook secret of the standalone emulator when none are set. */
export const DEFAULT_STRIPE_SECRET_KEY = 'sk_test_tubewise_emulator';
export const DEFAULT_STRIPE_WEBHOOK_SECRET = 'whsec_tubewise_emulator';

const PRICE_ID = /^[A-Za-z0-9_]{1,200}$/;

/** Checks the options (ids, amounts, currencies); throws an Error naming the first problem. */
export function validateStripeOptions(options: StripeEmulatorOptions): void {
  if (!options.secretKey) throw new Error('stripe.secretKey is required');
  if (!options.webhookSecret) throw new Error('stripe.webhookSecret is required');
  if (options.webhookUrl !== undefined) {
    const url = new URL(options.webhookUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error('stripe.webhookUrl must be an http(s) URL');
  }
  if (options.prices.length === 0) throw new Error('stripe.prices must name at least one price');
  const seen = new Set<string>();
  for (const price of options.prices) {
    if (!PRICE_ID.test(price.id)) throw new Error(`Invalid price id ${JSON.stringify(price.id)}`);
    if (seen.has(price.id)) throw new Error(`Duplicate price id ${price.id}`);
    seen.add(price.id);
    if (!Number.isSafeInteger(price.unitAmount) || price.unitAmount < 0)
      throw new Error(`Price ${price.id}: unitAmount must be a whole number ≥ 0`);
    if (!/^[a-z]{3}$/.test(price.currency))
      throw new Error(`Price ${price.id}: currency must be a lower-case ISO code`);
    if (price.interval !== 'month' && price.interval !== 'year')
      throw new Error(`Price ${price.id}: interval must be month or year`);
    if (!price.productName.trim()) throw new Error(`Price ${price.id}: productName is required`);
  }
}

/** Reads STRIPE_EMULATOR_PRICES (a JSON array of StripePriceConfig); throws on bad JSON. */
export function parsePricesEnv(text: string | undefined): StripePriceConfig[] {
  if (!text) return DEFAULT_STRIPE_PRICES;
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed)) throw new Error('STRIPE_EMULATOR_PRICES must be a JSON array');
  return parsed as StripePriceConfig[];
}
