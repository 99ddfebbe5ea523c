// Amounts, dates and periods the way Stripe's hosted pages and line descriptions write them.

/** Digits after the decimal point of a currency (0 for jpy, 2 for usd, 3 for kwd). */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** 1900 usd → "$19.00"; 500 jpy → "¥500". */
export function formatAmount(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
    }).format(amount / 10 ** digits);
  } catch {
    return `${(amount / 10 ** digits).toFixed(digits)} ${currency.toUpperCase()}`;
  }
}

/** Unix seconds → "March 5, 2026" (UTC). */
export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** Unix seconds → "05 Mar 2026" (UTC), as in Stripe's proration line descriptions. */
export function formatShortDate(seconds: number): string {
  const date = new Date(seconds * 1000);
  const month = date.toLocaleString('en-US', { timeZone: 'UTC', month: 'short' });
  return `${String(date.getUTCDate()).padStart(2, '0')} ${month} ${date.getUTCFullYear()}`;
}

/** "$19.00 / month" */
export function formatPrice(amount: number, currency: string, interval: string): string {
  return `${formatAmount(amount, currency)} / ${interval}`;
}

/** `count` intervals after `anchor` (Unix seconds): same day of month, clamped to its end. */
export function shiftPeriod(anchor: number, interval: 'month' | 'year', count: number): number {
  const date = new Date(anchor * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return (
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ) / 1000
  );
}
