// Words and numbers of the rankings page, so the table, the CSV and the screen reader agree.
import type { RankingItem } from '@tubewise/contract';
import { formatNumber } from '../../lib/format.ts';
import type { RankBucket } from './rankings-params.ts';

/** Bucket names as the page shows them. */
export const BUCKET_LABELS: Record<RankBucket, string> = {
  top3: 'Top 3',
  top10: 'Top 4–10',
  top20: 'Top 11–20',
  noRank: 'Not in the top 20',
};

/** A rank as shown: "#3", or why there is none. */
export function rankText(rank: number | null, day: string | null, depth: number): string {
  if (day === null) return 'Not checked yet';
  return rank === null ? `Not in top ${depth}` : `#${rank}`;
}

/** A change in positions, with an arrow (positive = moved up). */
export function changeText(change: number | null): string {
  if (change === null) return '–';
  if (change === 0) return '±0';
  return change > 0 ? `▲ ${change}` : `▼ ${-change}`;
}

/** A change in words, for screen readers and titles. */
export function changeWords(change: number | null, days: number): string {
  if (change === null) return `no data from ${days} days ago`;
  if (change === 0) return `unchanged in ${days} days`;
  const n = Math.abs(change);
  return `${change > 0 ? 'up' : 'down'} ${n} position${n === 1 ? '' : 's'} in ${days} days`;
}

/** An average change (may be fractional). */
export function averageChangeText(change: number | null): string {
  if (change === null) return '–';
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return '±0';
  return rounded > 0 ? `▲ ${rounded}` : `▼ ${-rounded}`;
}

/** A monthly volume, or a dash when unknown. */
export function volumeText(volume: number | null): string {
  return volume === null ? '–' : formatNumber(volume);
}

/** A day (YYYY-MM-DD) as a short date in the reader's locale, in UTC. */
export function dayText(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The sparkline in words: first and last known rank of the 30 days. */
export function sparkWords(item: Pick<RankingItem, 'spark'>, depth: number): string {
  const known = item.spark.filter((v): v is number => v !== null);
  if (known.length === 0) return 'No checks in the last 30 days';
  const words = (v: number) => (v > depth ? 'no rank' : `#${v}`);
  return known.length === 1
    ? `One check in 30 days: ${words(known[0]!)}`
    : `30 days: from ${words(known[0]!)} to ${words(known.at(-1)!)}`;
}
