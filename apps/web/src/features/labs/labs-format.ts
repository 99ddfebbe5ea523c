/**
 * Texts and figures of the Labs page: metric names and explanations, statuses, the decision in
 * words, skipped swaps, errors, and the quota days (midnight Pacific) the rotation follows.
 */
import type { ThumbnailTest, ThumbnailVariant } from '@tubewise/contract';
import { THUMBNAIL_SWAP_UNITS, type ThumbnailTestMetric } from '@tubewise/contract/labs-constants';
import { isApiError } from '../../lib/api-error.ts';
import { formatNumber } from '../../lib/format.ts';

/** Each deciding metric's name and what it means for the person choosing it. */
export const METRIC_TEXTS: Record<ThumbnailTestMetric, { label: string; explanation: string }> = {
  averageViewPercentage: {
    label: 'Average percentage viewed',
    explanation:
      'How much of the video viewers watch on average (YouTube Analytics’ average percentage viewed). Choose it when the thumbnail should promise what the video delivers, so the people it brings stay.',
  },
  viewsPerDay: {
    label: 'Views per day',
    explanation:
      'How many views the video gets on each day a thumbnail is live. Choose it when you want the thumbnail that brings the most clicks.',
  },
};

/** A status as the page names it. */
export const STATUS_TEXTS: Record<ThumbnailTest['status'], string> = {
  running: 'Running',
  ending: 'Ending',
  completed: 'Completed',
  stopped: 'Stopped',
  failed: 'Failed',
};

/** The chip colour of a status. */
export const STATUS_COLORS: Record<
  ThumbnailTest['status'],
  'success' | 'info' | 'default' | 'warning' | 'error'
> = {
  running: 'success',
  ending: 'info',
  completed: 'default',
  stopped: 'warning',
  failed: 'error',
};

/**
 * Each variant's colour in the timeline and the chart (A, B, C), dark enough for white text
 * (contrast ≥ 4.5:1).
 */
export const VARIANT_COLORS = ['#6a1b9a', '#00695c', '#bf360c'] as const;

/** The colour of the variant at `index` in rotation order. */
export function variantColor(index: number): string {
  return VARIANT_COLORS[index % VARIANT_COLORS.length]!;
}

/** The stop dialog's question. */
export const STOP_QUESTION = 'Stop the test and put the original thumbnail back?';
/** What a stopped test says. */
export const ORIGINAL_RESTORED = 'Original thumbnail restored';
/** What a stopped test says while the original still waits to go back (budget, YouTube). */
export const ORIGINAL_PENDING =
  'Test stopped: the original thumbnail goes back as soon as YouTube takes it';

/** What the person is told once Stop was answered: what is live now, in truth. */
export function stoppedText(test: ThumbnailTest): string {
  if (test.status === 'stopped') return ORIGINAL_RESTORED;
  if (test.decision?.reason !== 'stopped') {
    // The test ended on its own just before the stop: its decision says what is live.
    return decisionText(test)?.title ?? 'The test had already ended';
  }
  return ORIGINAL_PENDING;
}
/** What a test without a winner says at its end. */
export const NO_CLEAR_WINNER = 'No clear winner: the original thumbnail is back.';

/** "87%" (a probability 0–1). */
export function probabilityText(p: number): string {
  const percent = p * 100;
  if (percent > 99 && percent < 100) return '>99%';
  if (percent > 0 && percent < 1) return '<1%';
  return `${Math.round(percent)}%`;
}

/** A value of the metric: "45.2%" or "1,234 views/day". */
export function metricValueText(metric: ThumbnailTestMetric, value: number): string {
  return metric === 'averageViewPercentage'
    ? `${value.toFixed(1)}%`
    : `${formatNumber(Math.round(value))} views/day`;
}

/** The 95% credible interval in words, or what is missing for one. */
export function intervalText(metric: ThumbnailTestMetric, variant: ThumbnailVariant): string {
  if (!variant.interval) return 'Not enough measured days yet';
  const { low, high } = variant.interval;
  return `${metricValueText(metric, low)} to ${metricValueText(metric, high)}`;
}

/** What a skipped swap's reason means. */
export const SKIP_REASON_TEXTS: Record<'budget' | 'platform-error', string> = {
  budget: `the channel's daily quota budget had no ${THUMBNAIL_SWAP_UNITS} units left`,
  'platform-error': 'YouTube did not accept the change',
};

/** The decision in words: a title and a sentence. */
export function decisionText(test: ThumbnailTest): { title: string; body: string } | null {
  const decision = test.decision;
  if (!decision) return null;
  const winner = test.variants.find((v) => v.id === decision.winnerVariantId);
  if (decision.reason === 'stopped') {
    return {
      title: 'Test stopped',
      body: test.status === 'stopped' ? `${ORIGINAL_RESTORED}.` : `${ORIGINAL_PENDING}.`,
    };
  }
  if (decision.reason === 'refused') {
    return {
      title: 'Test ended',
      body: 'YouTube refused the thumbnail again and again over two days, so the test ended with the thumbnail live on YouTube then.',
    };
  }
  if (decision.reason === 'video-gone') {
    return {
      title: 'Test ended',
      body: 'The video or the channel’s access to YouTube went away, so the test could not go on.',
    };
  }
  if (decision.applied === 'winner' && winner) {
    const probability =
      decision.probability === null
        ? ''
        : ` with a ${probabilityText(decision.probability)} probability of being best`;
    const when =
      decision.reason === 'confident' ? ' It was clearly best before the test’s end.' : '';
    return {
      title: `Winner: ${winner.label}`,
      body: `Thumbnail ${winner.label} won${probability} and is applied to the video.${when}`,
    };
  }
  return { title: 'No clear winner', body: NO_CLEAR_WINNER };
}

/** What a failed call of the Labs page says. */
export function labsErrorText(err: unknown): string {
  if (isApiError(err)) {
    switch (err.code) {
      case 'thumbnail-test-running':
        return 'This video already has a running test. Wait for it to end, or stop it first.';
      case 'thumbnail-test-ended':
        return 'This test has already ended.';
      case 'feature-not-enabled':
        return 'Labs is not enabled for your account.';
      default:
        return err.message;
    }
  }
  return 'Something went wrong. Please try again.';
}

const PACIFIC = 'America/Los_Angeles';
const DAY_MS = 86_400_000;

const pacificDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PACIFIC,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const pacificOffsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC,
  timeZoneName: 'shortOffset',
});

/** The quota day (YYYY-MM-DD, Pacific) an instant belongs to. */
export function pacificDay(instant: number): string {
  return pacificDateFormat.format(new Date(instant));
}

/** Pacific's offset from UTC at an instant, in hours (-8 or -7). */
function pacificOffsetHours(instant: number): number {
  const name =
    pacificOffsetFormat.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')
      ?.value ?? 'GMT-8';
  const match = /GMT([+-]\d+)/.exec(name);
  return match ? Number(match[1]) : -8;
}

/** The instant a quota day (YYYY-MM-DD) starts: its midnight in Pacific time. */
export function pacificMidnight(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 8);
  // The offset at that midnight (a DST change never falls on midnight itself).
  return Date.UTC(y, m - 1, d) - pacificOffsetHours(guess) * 3_600_000;
}

/** The quota day after `day`. */
export function nextDay(day: string): string {
  return pacificDay(pacificMidnight(day) + DAY_MS + 3 * 3_600_000);
}

/** When a test started now would end: `days` quota days after the next midnight Pacific. */
export function estimatedEnd(now: number, days: number): number {
  let day = nextDay(pacificDay(now));
  for (let i = 0; i < days; i++) day = nextDay(day);
  return pacificMidnight(day);
}

/**
 * The server's "now" as far as a test tells it: the browser's clock kept within what the test
 * shows (after its latest swap and the start of the current quota day, before its next swap),
 * so a browser whose clock differs from the server's still shows the right day as today.
 */
export function testNow(test: ThumbnailTest, browserNow: number): number {
  if (test.endedAt) return Date.parse(test.endedAt);
  const starts = test.windows.map((w) => Date.parse(w.startedAt));
  let floor = Math.max(Date.parse(test.startedAt), ...starts);
  let ceiling = Number.POSITIVE_INFINITY;
  if (test.nextSwapAt) {
    const next = Date.parse(test.nextSwapAt);
    floor = Math.max(floor, pacificMidnight(pacificDay(next - DAY_MS / 2)));
    ceiling = next - 1;
  }
  return Math.max(floor, Math.min(browserNow, ceiling));
}

/** One quota day of a test's timeline: which variant was live at its noon, if any. */
export interface TimelineDay {
  day: string;
  /** Index of the variant in rotation order; null before its start or still to come. */
  variantIndex: number | null;
  /** Today (the quota day of `now`). */
  today: boolean;
  /** Still to come. */
  future: boolean;
}

/**
 * The test's quota days from its start to its end (or its earlier end), each with the variant
 * live for most of the day so far (the swap at midnight sets it; a late swap or a skipped one
 * still shows what was live), so the rotation reads as a row of coloured days.
 */
export function timelineDays(test: ThumbnailTest, now: number): TimelineDay[] {
  const start = Date.parse(test.startedAt);
  const end = Date.parse(test.endedAt ?? test.endsAt);
  const today = pacificDay(now);
  const indexOf = new Map(test.variants.map((v, i) => [v.id, i]));
  const days: TimelineDay[] = [];
  const live = test.windows.find((w) => w.endedAt === null);
  for (let day = pacificDay(start); pacificMidnight(day) < end && days.length < 400;) {
    const isToday = day === today && test.endedAt === null;
    const from = Math.max(pacificMidnight(day), start);
    const to = Math.min(pacificMidnight(nextDay(day)), end, now);
    let best: { index: number; ms: number } | null = null;
    for (const w of test.windows) {
      const ms =
        Math.min(to, w.endedAt === null ? now : Date.parse(w.endedAt)) -
        Math.max(from, Date.parse(w.startedAt));
      const index = indexOf.get(w.variantId);
      if (ms > 0 && index !== undefined && (!best || ms > best.ms)) best = { index, ms };
    }
    // Today is the live thumbnail's, however late in the day its swap was made.
    const liveIndex = isToday && live ? indexOf.get(live.variantId) : undefined;
    days.push({
      day,
      variantIndex: liveIndex ?? best?.index ?? null,
      today: isToday,
      future: pacificMidnight(day) > now,
    });
    day = nextDay(day);
  }
  return days;
}

/** "Nov 27" of a quota day (YYYY-MM-DD), the day as Pacific time names it. */
export function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
