/** Words and numbers of the competition view, pure so each is unit-tested. */
import type { CompetitionReport } from '@tubewise/contract';
import { COMPETITOR_UPLOADS_READ_MAX } from '@tubewise/contract/onboarding-constants';
import { formatNumber } from '../../lib/format.ts';

/** A channel of the report (the active one or a competitor). */
export type ReportChannel = CompetitionReport['channels'][number];
/** One channel's activity over the period. */
export type ChannelActivity = CompetitionReport['activity'][number];

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'UTC',
});

/** "3 keywords", "1 keyword". */
export function countText(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** A share 0–1 as "23.4%" (one decimal at most). */
export function shareText(share: number): string {
  return `${(Math.round(share * 1000) / 10).toLocaleString('en-US')}%`;
}

/** A day (YYYY-MM-DD) as "Oct 27". */
export function shortDayText(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

/** A day (YYYY-MM-DD) or a timestamp as "Oct 27, 2026". */
export function dayText(day: string): string {
  return longDay.format(new Date(day.length === 10 ? `${day}T00:00:00Z` : day));
}

/** Views per video rounded to a whole view ("1,235"), "No uploads" without any. */
export function viewsPerVideoText(value: number | null): string {
  return value === null ? 'No uploads' : formatNumber(Math.round(value));
}

/** The week's views per upload, or null in a week without uploads. */
export function weekViewsPerVideo(week: { uploads: number; views: number }): number | null {
  return week.uploads === 0 ? null : week.views / week.uploads;
}

/** A channel's busiest week (most uploads, the earliest on a tie), or null without uploads. */
export function busiestWeek(activity: ChannelActivity): ChannelActivity['weeks'][number] | null {
  let best: ChannelActivity['weeks'][number] | null = null;
  for (const week of activity.weeks) {
    if (week.uploads > 0 && (!best || week.uploads > best.uploads)) best = week;
  }
  return best;
}

/** Uploads per week over the period, one decimal ("1.5"). */
export function uploadsPerWeekText(uploads: number, days: number, partial = false): string {
  // Over a whole period a short one is not scaled up; a capped read's few days are the rate.
  const weeks = partial ? Math.max(1, days) / 7 : Math.max(1, days / 7);
  return (Math.round((uploads / weeks) * 10) / 10).toLocaleString('en-US');
}

/** Days from `from` to `to` (YYYY-MM-DD), both included. */
export function daysFrom(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** Why a competitor's figures start late: a read takes its latest uploads only. */
export function countedFromText(day: string): string {
  return `Counted from ${shortDayText(day)}: only its latest ${formatNumber(COMPETITOR_UPLOADS_READ_MAX)} uploads are read`;
}

/** Looks up a channel of the report by platform id (its title, or the id when unknown). */
export function channelNamer(channels: readonly ReportChannel[]): (youtubeId: string) => string {
  const names = new Map(channels.map((c) => [c.youtubeId, c.title]));
  return (youtubeId) => names.get(youtubeId) ?? youtubeId;
}

/** What the 409 `competitors-limit` says, with the channel's limit. */
export function competitorsLimitText(max: number): string {
  return `A channel can have at most ${countText(max, 'competitor')}, and this one has them all. Remove a competitor to add another.`;
}

/** The weekly charts' x labels: the Monday of each week as "Oct 27". */
export function weekLabels(activity: readonly ChannelActivity[]): string[] {
  return (activity[0]?.weeks ?? []).map((w) => shortDayText(w.weekStart));
}
