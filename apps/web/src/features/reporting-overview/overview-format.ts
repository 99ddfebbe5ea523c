// Texts and numbers of the reporting overview: periods, changes, money, watch time and days.
import { type ReportingPeriod } from '@tubewise/contract/constants';
import { REPORTING_PERIODS } from '@tubewise/contract/reporting-constants';

/** The period a `?days=` value names; the default (28) for anything else. */
export function periodOf(value: string | null): ReportingPeriod {
  const days = Number(value);
  return (REPORTING_PERIODS as readonly number[]).includes(days)
    ? (days as ReportingPeriod)
    : REPORTING_PERIODS[0];
}

/** The switch's label of a period: "28 days", "90 days", "12 months". */
export function periodLabel(days: number): string {
  return days === 365 ? '12 months' : `${days} days`;
}

/** A change in percent against the previous period: "+12.5%", "−3%", "no change", or null. */
export function changeText(changePercent: number | null): string | null {
  if (changePercent === null) return null;
  const rounded = Math.round(changePercent * 10) / 10;
  if (rounded === 0) return 'no change';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}%`;
}

/** A difference of two percentages in points: "+2.5 points", "−0.4 points", "no change". */
export function pointsText(delta: number): string {
  const rounded = Math.round(delta * 10) / 10;
  const abs = Math.abs(rounded).toFixed(1);
  return rounded > 0 ? `+${abs} points` : rounded < 0 ? `−${abs} points` : 'no change';
}

/** A percentage with one decimal at most: "12.5%". */
export function percentText(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdPrecise = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 3,
});

/** An amount in US dollars: "$1,234.56". */
export function moneyText(value: number): string {
  return usd.format(value);
}

/** A cost per view or per click, to a tenth of a cent: "$0.026", "$1.20". */
export function rateText(value: number): string {
  return usdPrecise.format(value);
}

/** Minutes of watch time as hours when there are many: "1,234 hours", "45 minutes". */
export function watchTimeText(minutes: number): string {
  if (minutes >= 120) return `${Math.round(minutes / 60).toLocaleString('en-US')} hours`;
  return `${minutes.toLocaleString('en-US')} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** A UTC day as the page writes it: "Nov 20, 2026" (the same day in every time zone). */
export function dayText(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A UTC day on the chart's axis: "Nov 20". */
export function shortDayText(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The cost per view a person typed, in US dollars: a number (a comma as decimal point is
 * accepted, a leading "$" too) above 0 and at most `max`; null with the reason otherwise.
 */
export function parseCostPerView(
  text: string,
  max: number,
): { ok: true; value: number } | { ok: false; error: string } {
  const cleaned = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(',', '.');
  if (cleaned === '') return { ok: false, error: 'Enter a cost per view, e.g. 0.03.' };
  if (!/^\d*\.?\d+$/.test(cleaned))
    return { ok: false, error: 'Enter a number in US dollars, e.g. 0.03.' };
  const value = Number(cleaned);
  if (!(value > 0)) return { ok: false, error: 'The cost per view must be more than $0.' };
  if (value > max)
    return { ok: false, error: `The cost per view can be at most ${rateText(max)}.` };
  return { ok: true, value };
}
