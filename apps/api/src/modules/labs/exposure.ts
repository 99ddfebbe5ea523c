// Thumbnail tests swap at the start of each Pacific quota day, so a day is the unit of
// measurement: a variant is measured on a day only when it was live (nearly) all of it, and
// Analytics reports the channel's days in the same Pacific calendar.
import { addDays as addCalendarDays } from '../../lib/days.ts';
import { quotaDayOf } from '../video-platform/index.ts';

const HOUR_MS = 3_600_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The share of a day a variant must have been live for the day to count as its own. */
const DEFAULT_MIN_SHARE = 0.9;

/** The quota day (YYYY-MM-DD) `days` after `day` (may be negative). */
export function addDays(day: string, days: number): string {
  return addCalendarDays(checkedDay(day), days);
}

/** The instant a Pacific quota day (YYYY-MM-DD, America/Los_Angeles) starts; DST-correct (23/25-hour days). */
export function quotaDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${checkedDay(day)}T00:00:00Z`);
  // Pacific midnight is 07:00 UTC in daylight time and 08:00 UTC in standard time (clocks move
  // at 02:00, never at midnight), so the day's start is whichever of the two already falls in it;
  // asking quotaDayOf keeps the time zone rules in one place.
  const daylight = new Date(utcMidnight + 7 * HOUR_MS);
  if (quotaDayOf(daylight) === day) return daylight;
  const standard = new Date(utcMidnight + 8 * HOUR_MS);
  if (quotaDayOf(standard) === day) return standard;
  throw new RangeError(`not a calendar day: ${day}`);
}

/** The start of the quota day after the one `at` falls in (the next swap boundary). */
export function nextQuotaDayStart(at: Date): Date {
  return quotaDayStart(addDays(quotaDayOf(at), 1));
}

/** A done swap: from `at` on, `variant` (an index 0..n-1, or null for the original/another image) was live. */
export interface SwapPoint {
  at: Date;
  variant: number | null;
}

/**
 * For each quota day in [fromDay, toDay], the variant live for at least `minShare` (default 0.9)
 * of that day's length according to the swaps (sorted or not); days with no such variant (mixed
 * days, or the original live) are left out. Never attributes a day before the first swap. The
 * latest swap counts as live from then on, so `toDay` should be a day that has ended.
 */
export function attributeDays(
  swaps: SwapPoint[],
  fromDay: string,
  toDay: string,
  minShare: number = DEFAULT_MIN_SHARE,
): Map<string, number> {
  const days = new Map<string, number>();
  const timeline = sortedSwaps(swaps);
  if (timeline.length === 0) return days;
  const share = Number.isFinite(minShare) ? Math.min(1, Math.max(minShare, 0)) : DEFAULT_MIN_SHARE;
  let day = checkedDay(fromDay);
  const last = checkedDay(toDay);
  let start = quotaDayStart(day).getTime();
  while (day <= last) {
    const next = addDays(day, 1);
    const end = quotaDayStart(next).getTime();
    const live = liveMs(timeline, start, end);
    // The variant live longest: with a share of a half or less two could reach it, one owns the day.
    let owner: number | null = null;
    let ownerMs = 0;
    for (const [variant, ms] of live) {
      if (ms > ownerMs) {
        owner = variant;
        ownerMs = ms;
      }
    }
    if (owner !== null && ownerMs >= share * (end - start)) days.set(day, owner);
    day = next;
    start = end;
  }
  return days;
}

/** Hours each variant index was live between the first swap and `until`. */
export function exposureHours(swaps: SwapPoint[], variantCount: number, until: Date): number[] {
  const hours = new Array<number>(Math.max(0, Math.floor(variantCount))).fill(0);
  const timeline = sortedSwaps(swaps);
  const first = timeline[0];
  if (!first) return hours;
  for (const [variant, ms] of liveMs(timeline, first.at.getTime(), until.getTime())) {
    if (variant < hours.length) hours[variant] = (hours[variant] ?? 0) + ms / HOUR_MS;
  }
  return hours;
}

/** Swaps in time order (a stable sort, so of two swaps at one instant the later listed wins). */
function sortedSwaps(swaps: SwapPoint[]): SwapPoint[] {
  return swaps
    .filter((swap) => Number.isFinite(swap.at.getTime()))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Milliseconds each variant index was live within [from, to), by the sorted swaps. */
function liveMs(timeline: SwapPoint[], from: number, to: number): Map<number, number> {
  const live = new Map<number, number>();
  for (let i = 0; i < timeline.length; i += 1) {
    const swap = timeline[i];
    if (!swap || swap.variant === null || !Number.isInteger(swap.variant) || swap.variant < 0) {
      continue;
    }
    const nextAt = timeline[i + 1]?.at.getTime() ?? Number.POSITIVE_INFINITY;
    const ms = Math.min(nextAt, to) - Math.max(swap.at.getTime(), from);
    if (ms > 0) live.set(swap.variant, (live.get(swap.variant) ?? 0) + ms);
  }
  return live;
}

/** The day itself when it is a YYYY-MM-DD calendar day; a RangeError otherwise. */
function checkedDay(day: string): string {
  const parsed = Date.parse(`${day}T00:00:00Z`);
  if (!DAY_PATTERN.test(day) || Number.isNaN(parsed)) {
    throw new RangeError(`not a calendar day: ${day}`);
  }
  if (new Date(parsed).toISOString().slice(0, 10) !== day) {
    throw new RangeError(`not a calendar day: ${day}`);
  }
  return day;
}
