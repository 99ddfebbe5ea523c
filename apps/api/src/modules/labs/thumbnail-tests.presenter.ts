// Stored tests → the contract's ThumbnailTest: figures per variant over its measured days, the
// posterior on the deciding metric while running, exposure windows from the done swaps.
import type { ThumbnailTest } from '@tubewise/contract';
import { thumbnailUploadUrl } from '../optimization/index.ts';
import { exposureHours } from './exposure.ts';
import {
  doneSwaps,
  liveVariantId,
  measuringNotice,
  posteriorsOf,
  swapPoints,
  type DayRow,
  type SwapRow,
  type TestRow,
  type VariantRow,
} from './thumbnail-test-runner.ts';

/** Everything stored about one test that its page shows. */
export interface StoredTest {
  test: TestRow;
  videoTitle: string;
  variants: VariantRow[];
  /** Width and height of each variant's upload, by upload id. */
  sizes: Map<string, { width: number; height: number }>;
  swaps: SwapRow[];
  days: DayRow[];
}

/** A stored test as the contract shows it, at `now`, with its next swap. */
export function presentTest(stored: StoredTest, now: Date, nextSwapAt: Date | null): ThumbnailTest {
  const { test, variants, swaps, days } = stored;
  const until = test.endedAt ?? now;
  const hours = exposureHours(swapPoints(swaps, variants), variants.length, until);
  const post = posteriorsOf(test, variants, days);
  const live = liveVariantId(swaps);
  const done = doneSwaps(swaps);
  const windows = done.flatMap((s, i) => {
    if (!s.variantId || s.kind !== 'rotate') return [];
    const next = done[i + 1];
    const ended = next?.appliedAt ?? test.endedAt ?? null;
    return [
      {
        variantId: s.variantId,
        startedAt: s.appliedAt!.toISOString(),
        endedAt: ended?.toISOString() ?? null,
      },
    ];
  });
  return {
    id: test.id,
    channelId: test.channelId,
    videoId: test.videoYoutubeId,
    videoTitle: stored.videoTitle,
    originalImageUrl: test.originalThumbnailId
      ? thumbnailUploadUrl(test.originalThumbnailId)
      : null,
    metric: test.metric,
    durationDays: test.durationDays,
    status: test.status,
    startedAt: test.startedAt.toISOString(),
    endsAt: test.endsAt.toISOString(),
    endedAt: test.endedAt?.toISOString() ?? null,
    nextSwapAt: nextSwapAt?.toISOString() ?? null,
    measuredThrough: test.measuredThrough,
    startedBy: test.startedByName,
    variants: variants.map((v, i) => {
      const own = days.filter((d) => d.variantId === v.id);
      // A day without views has no percentage viewed.
      const watched = own.filter((d) => d.views > 0);
      const views = own.reduce((sum, d) => sum + d.views, 0);
      const minutes = own.reduce((sum, d) => sum + d.watchMinutes, 0);
      const p = post[i];
      const measurable = own.length > 0 && p !== undefined;
      const size = stored.sizes.get(v.thumbnailId);
      return {
        id: v.id,
        label: String.fromCharCode(65 + i),
        imageUrl: thumbnailUploadUrl(v.thumbnailId),
        width: size?.width ?? 0,
        height: size?.height ?? 0,
        isLive: live === v.id,
        exposureHours: Math.max(0, Math.round((hours[i] ?? 0) * 10) / 10),
        measuredDays: own.length,
        views,
        watchMinutes: minutes,
        averageViewPercentage: watched.length
          ? watched.reduce((sum, d) => sum + d.averageViewPercentage, 0) / watched.length
          : null,
        viewsPerDay: own.length ? views / own.length : null,
        probabilityBest:
          measurable && p.probabilityBest !== null ? clamp01(p.probabilityBest) : null,
        interval: measurable && p.interval ? { low: p.interval.low, high: p.interval.high } : null,
      };
    }),
    windows,
    skippedSwaps: swaps
      .filter(
        (s) =>
          s.kind === 'rotate' &&
          (s.status === 'skipped' ||
            // A failed rotation retried the same day with success was no skip.
            (s.status === 'failed' &&
              !done.some((d) => d.kind === 'rotate' && d.quotaDay === s.quotaDay))),
      )
      // One line a day (a day's two failed tries, or a failure then a budget skip, are one).
      .filter((s, i, all) => all.findIndex((o) => o.quotaDay === s.quotaDay) === i)
      .map((s) => ({
        day: s.quotaDay,
        reason: s.reason === 'budget' ? ('budget' as const) : ('platform-error' as const),
      })),
    decision: test.decision
      ? {
          winnerVariantId: test.decision.winnerVariantId,
          probability: test.decision.probability,
          reason: test.decision.reason,
          applied: test.decision.applied,
          decidedAt: test.decision.decidedAt,
        }
      : null,
    notice: measuringNotice(test, now) ?? test.notice,
  };
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
