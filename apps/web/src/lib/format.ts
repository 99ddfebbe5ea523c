/** Formatting of numbers and dates shown across the app (English texts, like the rest of the app). */
const LOCALE = 'en-US';
const compactNumber = new Intl.NumberFormat(LOCALE, {
  notation: 'compact',
  maximumFractionDigits: 1,
});
const fullNumber = new Intl.NumberFormat(LOCALE);
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });

/** "12.3K", "1.2M", "999". */
export function formatCompactNumber(value: number): string {
  return compactNumber.format(value);
}

/** "1,234". */
export function formatNumber(value: number): string {
  return fullNumber.format(value);
}

/** "Jan 2, 2026". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "Jan 2, 2026, 3:04 PM" (the exact moment behind a relative date). */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", "3 days ago", "2 weeks ago", "last month"… */
export function formatRelativeDate(iso: string, now: number = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const abs = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  const of = (unit: number) => sign * Math.floor(abs / unit);
  if (abs < MINUTE) return 'just now';
  if (abs < HOUR) return relative.format(of(MINUTE), 'minute');
  if (abs < DAY) return relative.format(of(HOUR), 'hour');
  if (abs < 7 * DAY) return relative.format(of(DAY), 'day');
  if (abs < 30 * DAY) return relative.format(of(7 * DAY), 'week');
  if (abs < 365 * DAY) return relative.format(of(30 * DAY), 'month');
  return relative.format(of(365 * DAY), 'year');
}

/** "1–50 of 1,234" (the pagination's text). */
export function formatPageRange(from: number, to: number, count: number): string {
  return `${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(count)}`;
}
