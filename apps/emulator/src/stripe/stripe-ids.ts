// Stripe-shaped ids (cus_…, sub_1…, cs_test_a1…) from a CSPRNG, and stable product ids.
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random base-62 characters. */
export function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const byte = bytes[i]!;
    // 248 = 4 · 62: rejecting the rest keeps every character equally likely.
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out.length === length ? out : out + randomBase62(length - out.length);
}

/** The id kinds and their shapes, as Stripe's test mode writes them. */
export const newId = {
  customer: () => `cus_${randomBase62(14)}`,
  subscription: () => `sub_1${randomBase62(23)}`,
  subscriptionItem: () => `si_${randomBase62(14)}`,
  invoice: () => `in_1${randomBase62(23)}`,
  invoiceLine: () => `il_1${randomBase62(23)}`,
  checkoutSession: () => `cs_test_a1${randomBase62(56)}`,
  portalSession: () => `bps_1${randomBase62(23)}`,
  paymentMethod: () => `pm_1${randomBase62(23)}`,
  event: () => `evt_1${randomBase62(23)}`,
  request: () => `req_${randomBase62(14)}`,
  fingerprint: () => randomBase62(16),
};

/** The product id of a product name: stable across restarts. */
export function productIdOf(productName: string): string {
  const digest = createHash('sha256').update(productName).digest();
  let id = '';
  for (const byte of digest) {
    if (id.length === 14) break;
    id += ALPHABET[byte % 62];
  }
  return `prod_${id}`;
}

/** An invoice prefix like Stripe's (8 upper-case hex characters). */
export function invoicePrefix(): string {
  return randomBytes(4).toString('hex').toUpperCase();
}
