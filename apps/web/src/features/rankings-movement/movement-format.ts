// Texts and numbers of the movement view: periods, ranks, changes and days.
import { type MovementPeriod } from '@tubewise/contract/constants';
import { MOVEMENT_PERIODS } from '@tubewise/contract/reporting-constants';

/** The period a `?days=` value names; the default (30) for anything else. */
export function periodOf(value: string | null): MovementPeriod {
  const days = Number(value);
  return (MOVEMENT_PERIODS as readonly number[]).includes(days)
    ? (days as MovementPeriod)
    : MOVEMENT_PERIODS[0];
}

/** The switch's label of a period: "30 days", "90 days", "12 months". */
export function periodLabel(days: MovementPeriod): string {
  return days === 365 ? '12 months' : `${days} days`;
}

/** A rank as the tables show it: "#3", or "Not ranked" (beyond the checked depth). */
export function rankText(rank: number | null): string {
  return rank === null ? 'Not ranked' : `#${rank}`;
}

/** Positions gained or lost: "+5", "−12", "0". */
export function changeText(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${Math.abs(change)}`;
  return '0';
}

/** Points of a score: "+2.5 points", "−0.4 points". */
export function pointsText(delta: number): string {
  const rounded = Math.round(delta * 10) / 10;
  const abs = Math.abs(rounded).toFixed(1);
  return rounded > 0 ? `+${abs} points` : rounded < 0 ? `−${abs} points` : 'no change';
}

/** A percentage with one decimal at most: "12.5%", "3%". */
export function percentText(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A day (YYYY-MM-DD, a UTC day) as "Nov 20, 2026", whatever the browser's time zone. */
export function dayText(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** A day as the chart's axis shows it: "Nov 20". */
export function shortDayText(day: string | Date): string {
  return shortDayFormat.format(typeof day === 'string' ? new Date(`${day}T00:00:00Z`) : day);
}
