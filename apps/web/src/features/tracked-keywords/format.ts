/** Texts of the tracked-keywords page: refusal reasons, ranks, changes, competition, the limit. */
import type { TrackedKeywordRefusal, TrackedKeywordSuggestionSource } from '@tubewise/contract';
import { formatNumber } from '../../lib/format.ts';

/** Why a keyword was not added, in words. */
export const REFUSAL_TEXT: Record<TrackedKeywordRefusal, string> = {
  duplicate: 'listed more than once in what you pasted',
  'already-tracked': 'already tracked in this language',
  'too-long': 'too long (at most 80 characters and 10 words)',
  unusable: 'nothing is left to search for once symbols such as ! ( ) , are removed',
};

/** The headings of the suggestion groups. */
export const SOURCE_LABEL: Record<TrackedKeywordSuggestionSource, string> = {
  'search-term': "Your videos' search terms",
  bookmark: 'Bookmarked keywords',
  ranking: 'Phrases your videos rank for',
};

/** "1 keyword", "3 keywords". */
export function keywordCount(n: number): string {
  return `${formatNumber(n)} ${n === 1 ? 'keyword' : 'keywords'}`;
}

/** The rank as shown: "#3", "Not in the top 50", or "Not checked yet". */
export function rankText(rank: number | null, day: string | null, depth: number): string {
  if (day === null) return 'Not checked yet';
  return rank === null ? `Not in the top ${formatNumber(depth)}` : `#${formatNumber(rank)}`;
}

/** The direction of a change (positive = moved up). */
export type ChangeDirection = 'up' | 'down' | 'same' | 'unknown';

/** Direction of a 7-day change. */
export function changeDirection(change: number | null): ChangeDirection {
  if (change === null) return 'unknown';
  return change > 0 ? 'up' : change < 0 ? 'down' : 'same';
}

/** The change in words for everyone (screen readers included): "Up 7 places since a week before". */
export function changeText(change: number | null): string {
  if (change === null) return 'No rank a week before to compare with';
  if (change === 0) return 'No change in a week';
  const places = Math.abs(change) === 1 ? 'place' : 'places';
  return `${change > 0 ? 'Up' : 'Down'} ${formatNumber(Math.abs(change))} ${places} in a week`;
}

/** The change's short figure: "+7", "−3", "0", "–". */
export function changeFigure(change: number | null): string {
  if (change === null) return '–';
  if (change === 0) return '0';
  return `${change > 0 ? '+' : '−'}${formatNumber(Math.abs(change))}`;
}

/** Competition 0..1 as a level and a figure out of 100: "Medium (42)"; "–" when unknown. */
export function competitionText(competition: number | null): string {
  if (competition === null) return '–';
  const level = competition < 0.34 ? 'Low' : competition < 0.67 ? 'Medium' : 'High';
  return `${level} (${Math.round(competition * 100)})`;
}

/** Monthly volume: "1,900"; "–" when unknown. */
export function volumeText(volume: number | null): string {
  return volume === null ? '–' : formatNumber(volume);
}

/** Details of a `tracked-keywords-limit` answer. */
export interface LimitDetails {
  limit: number;
  tracked: number;
  adding: number;
}

/** Reads the details of a `tracked-keywords-limit` answer, if they are there. */
export function limitDetailsOf(details: unknown): LimitDetails | null {
  if (!details || typeof details !== 'object') return null;
  const d = details as Record<string, unknown>;
  return typeof d.limit === 'number' &&
    typeof d.tracked === 'number' &&
    typeof d.adding === 'number'
    ? { limit: d.limit, tracked: d.tracked, adding: d.adding }
    : null;
}

/** The limit refusal in words, with the count and the plan's limit. */
export function limitText(d: LimitDetails): string {
  const room = Math.max(0, d.limit - d.tracked);
  return (
    `This channel's plan allows up to ${keywordCount(d.limit)}. It tracks ${formatNumber(d.tracked)}, ` +
    `so ${room === 0 ? 'no more fit' : `${formatNumber(room)} more fit`}, and you tried to add ` +
    `${formatNumber(d.adding)}. Delete some keywords, add fewer or choose a bigger plan.`
  );
}
