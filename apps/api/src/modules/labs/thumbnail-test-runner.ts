// The life of a thumbnail test after it started: the daily rotation at the quota-day boundary,
// the swap journal (written before every thumbnails.set and reconciled from what the platform
// shows), the Analytics measurement of each day, and the decision that sets the winner or the
// original back. Everything a tick does is safe to repeat and safe against a second process:
// a swap is claimed by inserting its journal row (one pending swap per test, one rotation per
// test and quota day, both unique indexes), and every status change is conditional.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  THUMBNAIL_SWAP_UNITS,
  THUMBNAIL_TEST_CONFIDENCE,
  THUMBNAIL_TEST_MIN_DAYS_PER_VARIANT,
} from '@tubewise/contract/labs-constants';
import type { Db } from '../../db/client.ts';
import {
  channels,
  thumbnailTestDays,
  thumbnailTests,
  thumbnailTestSwaps,
  thumbnailTestVariants,
  thumbnailUploads,
  videos,
  type ThumbnailSwapKind,
  type ThumbnailTestDecisionRow,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChannelCredentials } from '../channels/index.ts';
import {
  quotaDayOf,
  type PlatformVideo,
  type UnitBudget,
  type VideoPlatform,
} from '../video-platform/index.ts';
import { posteriors, verdict, type DayObservation } from './decision.ts';
import {
  addDays,
  attributeDays,
  nextQuotaDayStart,
  quotaDayStart,
  type SwapPoint,
} from './exposure.ts';

/**
 * How long a process owns a swap it journalled before a reconciler may look at it. A slower
 * thumbnails.set is at worst sent twice (the same image): the reconciler reads the video first.
 */
export const SWAP_LEASE_MS = 30_000;
/** How long after start-up a process follows up leases left by the one that died. */
const START_FOLLOW_UP_MS = 5 * 60_000;
/** How often a swap whose outcome is unknown, or that did not land, is tried in all. */
const MAX_SWAP_ATTEMPTS = 3;
/** Units of the videos.list read before a swap (recorded with the swap, not budgeted). */
const READ_UNITS = 1;
/** Analytics reads per test and tick once the duration ended (catching up the last days). */
const FINAL_REPORTS = 3;

/** A stored test. */
export type TestRow = typeof thumbnailTests.$inferSelect;
/** A stored variant. */
export type VariantRow = typeof thumbnailTestVariants.$inferSelect;
/** A stored swap (journal row). */
export type SwapRow = typeof thumbnailTestSwaps.$inferSelect;
/** A stored measured day. */
export type DayRow = typeof thumbnailTestDays.$inferSelect;

/** What became of a swap: set, another process has it, over budget, refused, or not known yet. */
type SwapOutcome = 'done' | 'busy' | 'budget' | 'gone' | 'refused' | 'unknown';

/** Active statuses (a test that still owns the video's thumbnail). */
export const ACTIVE_STATUSES = ['running', 'ending'] as const;

/** The first full quota day of a test (the day after the one it started in). */
export function firstFullDay(test: Pick<TestRow, 'startedAt'>): string {
  return quotaDayOf(nextQuotaDayStart(test.startedAt));
}

/** The last quota day a test rotates on (the day before its end). */
export function lastRotationDay(test: Pick<TestRow, 'endsAt'>): string {
  return addDays(quotaDayOf(test.endsAt), -1);
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * The variant index live on quota day `day`: A on the starting (partial) day and the first full
 * day, then one step per day in rotation order.
 */
export function scheduledVariant(test: Pick<TestRow, 'startedAt'>, count: number, day: string) {
  const offset = dayNumber(day) - dayNumber(firstFullDay(test));
  return offset <= 0 ? 0 : offset % count;
}

/** The done swaps of a test as exposure points, in the order the platform took them. */
export function swapPoints(swaps: SwapRow[], variants: VariantRow[]): SwapPoint[] {
  return doneSwaps(swaps).map((s) => ({
    at: s.appliedAt!,
    variant: s.variantId ? variants.findIndex((v) => v.id === s.variantId) : null,
  }));
}

/** Done swaps, oldest first. */
export function doneSwaps(swaps: SwapRow[]): SwapRow[] {
  return swaps
    .filter((s) => s.status === 'done' && s.appliedAt)
    .sort((a, b) => a.appliedAt!.getTime() - b.appliedAt!.getTime());
}

/** The variant the platform shows now by the journal (null: the original, or nothing yet). */
export function liveVariantId(swaps: SwapRow[]): string | null {
  const done = doneSwaps(swaps);
  return done.at(-1)?.variantId ?? null;
}

/** The deciding metric's value of a measured day. */
export function metricValue(test: Pick<TestRow, 'metric'>, day: DayRow): number {
  return test.metric === 'viewsPerDay' ? day.views : day.averageViewPercentage;
}

/** The posteriors of a test's measured days on its deciding metric. */
export function posteriorsOf(test: TestRow, variants: VariantRow[], days: DayRow[]) {
  const obs: DayObservation[] = days.map((d) => ({
    variant: variants.findIndex((v) => v.id === d.variantId),
    value: metricValue(test, d),
  }));
  return posteriors(
    obs.filter((o) => o.variant >= 0),
    variants.length,
    { seed: test.id },
  );
}

const sameThumbnails = (a: unknown, b: unknown) => {
  const urls = (t: unknown) =>
    Object.fromEntries(
      Object.entries((t ?? {}) as Record<string, { url?: string } | undefined>)
        .filter(([, v]) => v?.url)
        .map(([k, v]) => [k, v!.url]),
    );
  return isDeepStrictEqual(urls(a), urls(b));
};

/** A refusal the platform gave (nothing changed), as opposed to a call whose outcome is unknown. */
const isRefusal = (error: unknown) =>
  error instanceof AppError && error.code !== 'platform-unavailable' && error.code !== 'internal';

/** Why a refused swap was refused, as its journal row records it. */
const refusalReason = (error: unknown) =>
  error instanceof AppError && error.code === 'not-found'
    ? 'video-gone'
    : error instanceof AppError && error.code === 'invalid-grant'
      ? 'invalid-grant'
      : 'platform-error';

/**
 * Runs thumbnail tests: `tick()` (the job `labs.thumbnail-tests`, every 5 minutes, and once at
 * start-up) reconciles, rotates, measures and decides every running test; `stop()` and the
 * creation's first swap go through the same code under the same per-test lock.
 */
export class ThumbnailTestRunner {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly budget: UnitBudget;
  private readonly clock: Clock;
  private readonly log: Logger;
  /** Per-test chains: one step of a test at a time in this process. */
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    budget: UnitBudget;
    clock: Clock;
    log: Logger;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.budget = deps.budget;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  /** Runs `work` for a test after any other work of this process on it. */
  exclusive<T>(testId: string, work: () => Promise<T>): Promise<T> {
    const before = this.running.get(testId) ?? Promise.resolve();
    const next = before.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(testId, settled);
    void settled.then(() => {
      if (this.running.get(testId) === settled) this.running.delete(testId);
    });
    return next;
  }

  /**
   * At start-up: one pass now, then again when a swap lease left by a dead process runs out
   * (within SWAP_LEASE_MS), for a few minutes; the periodic job carries on after that.
   */
  start(): void {
    const until = Date.now() + START_FOLLOW_UP_MS;
    const pass = async () => {
      await this.tick();
      const [next] = await this.db
        .select({ at: sql<Date | string | null>`min(${thumbnailTestSwaps.leaseUntil})` })
        .from(thumbnailTestSwaps)
        .where(eq(thumbnailTestSwaps.status, 'pending'));
      if (!next?.at) return;
      const wait = Math.max(new Date(next.at).getTime() - this.clock.now().getTime(), 0) + 250;
      if (Date.now() + wait < until) this.later(wait, pass);
    };
    this.later(0, pass);
  }

  /** Stops the start-up follow-ups (shutdown). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(ms: number, run: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run().catch((error: unknown) =>
        this.log.error({ err: error }, 'Thumbnail tests: a start-up run failed'),
      );
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** One pass over every running or ending test; each test on its own (one failure stops none). */
  async tick(): Promise<{ tests: number; failed: number }> {
    const rows = await this.db
      .select({ id: thumbnailTests.id })
      .from(thumbnailTests)
      .where(inArray(thumbnailTests.status, [...ACTIVE_STATUSES]))
      .orderBy(asc(thumbnailTests.startedAt));
    let failed = 0;
    for (const { id } of rows) {
      try {
        await this.step(id);
      } catch (error) {
        failed += 1;
        this.log.error({ err: error, testId: id }, 'Thumbnail test step failed');
      }
    }
    return { tests: rows.length, failed };
  }

  /** Everything due for one test now (under its lock). */
  step(testId: string): Promise<void> {
    return this.exclusive(testId, () => this.stepNow(testId));
  }

  private async load(testId: string) {
    const test = await this.db.query.thumbnailTests.findFirst({
      where: eq(thumbnailTests.id, testId),
    });
    if (!test) return null;
    const [variants, swaps] = await Promise.all([
      this.db
        .select()
        .from(thumbnailTestVariants)
        .where(eq(thumbnailTestVariants.testId, testId))
        .orderBy(asc(thumbnailTestVariants.position)),
      this.db
        .select()
        .from(thumbnailTestSwaps)
        .where(eq(thumbnailTestSwaps.testId, testId))
        .orderBy(asc(thumbnailTestSwaps.createdAt)),
    ]);
    return { test, variants, swaps };
  }

  private async stepNow(testId: string): Promise<void> {
    await this.reconcile(testId);
    let loaded = await this.load(testId);
    if (!loaded || !ACTIVE_STATUSES.includes(loaded.test.status as 'running')) return;
    const now = this.clock.now();
    // A live lease: another process is in the middle of a swap of this test.
    if (loaded.swaps.some((s) => s.status === 'pending')) return;
    let { test } = loaded;
    if (test.status === 'running' && test.stopRequestedAt) {
      test = await this.decide(test, {
        winnerVariantId: null,
        probability: null,
        reason: 'stopped',
        applied: 'original',
        decidedAt: now.toISOString(),
      });
    } else if (test.status === 'running' && now >= test.endsAt) {
      for (let i = 0; i < FINAL_REPORTS && (await this.measureSafely(test, loaded)); i++) {
        loaded = (await this.load(testId))!;
        test = loaded.test;
      }
      test = await this.decideFromDays(test, loaded.variants, true);
    } else if (test.status === 'running') {
      await this.rotateIfDue(test, loaded.variants, loaded.swaps);
      loaded = (await this.load(testId))!;
      if (await this.measureSafely(loaded.test, loaded)) loaded = (await this.load(testId))!;
      test = await this.decideFromDays(loaded.test, loaded.variants, false);
    }
    if (test.status === 'ending') await this.finish(testId);
  }

  /** Measures, logging a failed Analytics read (the next tick reads again; the swaps go on). */
  private async measureSafely(test: TestRow, loaded: { variants: VariantRow[]; swaps: SwapRow[] }) {
    try {
      return await this.measure(test, loaded);
    } catch (error) {
      this.log.warn({ err: error, testId: test.id }, 'Measuring a thumbnail test failed');
      return false;
    }
  }

  /** Records a decision and moves the test to `ending` (the final swap comes next). */
  private async decide(test: TestRow, decision: ThumbnailTestDecisionRow): Promise<TestRow> {
    const [row] = await this.db
      .update(thumbnailTests)
      .set({ status: 'ending', decision, updatedAt: this.clock.now() })
      .where(and(eq(thumbnailTests.id, test.id), eq(thumbnailTests.status, 'running')))
      .returning();
    return row ?? (await this.load(test.id))!.test;
  }

  /** Decides from the measured days: early only when confident; at the end in every case. */
  private async decideFromDays(
    test: TestRow,
    variants: VariantRow[],
    final: boolean,
  ): Promise<TestRow> {
    const days = await this.db
      .select()
      .from(thumbnailTestDays)
      .where(eq(thumbnailTestDays.testId, test.id));
    const result = verdict(posteriorsOf(test, variants, days), {
      confidence: THUMBNAIL_TEST_CONFIDENCE,
      minDaysPerVariant: THUMBNAIL_TEST_MIN_DAYS_PER_VARIANT,
      final,
    });
    const winner = result.winner !== null ? (variants[result.winner] ?? null) : null;
    if (!final && !winner) return test;
    return this.decide(test, {
      winnerVariantId: winner?.id ?? null,
      probability: result.probability,
      reason: final ? 'duration-ended' : 'confident',
      applied: winner ? 'winner' : 'original',
      decidedAt: this.clock.now().toISOString(),
    });
  }

  /** Sets what the decision says (unless live already) and closes the test. */
  private async finish(testId: string): Promise<void> {
    const loaded = await this.load(testId);
    if (!loaded || loaded.test.status !== 'ending' || !loaded.test.decision) return;
    const { test, variants, swaps } = loaded;
    const decision = test.decision!;
    const decidedAt = Date.parse(decision.decidedAt);
    const finalKind: ThumbnailSwapKind = decision.applied === 'winner' ? 'winner' : 'restore';
    const landed = swaps.some(
      (s) => s.kind === finalKind && s.status === 'done' && s.createdAt.getTime() >= decidedAt,
    );
    const target =
      decision.applied === 'winner'
        ? (variants.find((v) => v.id === decision.winnerVariantId) ?? null)
        : null;
    let notice: string | null = null;
    if (!landed) {
      const live = liveVariantId(swaps);
      const nothingToSet =
        (decision.applied === 'winner' && live === decision.winnerVariantId) ||
        (decision.applied === 'original' && !test.originalThumbnailId);
      if (nothingToSet) {
        if (decision.applied === 'original' && !test.originalThumbnailId) {
          const label = labelOf(variants, live);
          notice = `The video had no thumbnail before the test, so there is no original to set back${label ? `: variant ${label} stays live` : ''}.`;
        }
      } else {
        const outcome = await this.swap(test, finalKind, target);
        if (outcome === 'budget') {
          await this.setNotice(
            test.id,
            `The channel's daily budget of quota units is spent, so ${decision.applied === 'winner' ? 'the winning thumbnail' : 'the original thumbnail'} is set when the budget renews at midnight Pacific time.`,
          );
          return;
        }
        if (outcome === 'gone') return this.giveUp(test, 'video-gone');
        if (outcome === 'refused') return this.giveUp(test, 'refused');
        if (outcome !== 'done') return;
      }
    }
    const status =
      decision.reason === 'stopped'
        ? 'stopped'
        : decision.reason === 'video-gone'
          ? 'failed'
          : 'completed';
    await this.db
      .update(thumbnailTests)
      .set({
        status,
        endedAt: this.clock.now(),
        updatedAt: this.clock.now(),
        ...(notice ? { notice } : { notice: null }),
      })
      .where(and(eq(thumbnailTests.id, test.id), eq(thumbnailTests.status, 'ending')));
  }

  /** Ends a test whose video or grant went away, or whose final swap is refused for good. */
  private async giveUp(test: TestRow, why: 'video-gone' | 'refused' | 'invalid-grant') {
    const now = this.clock.now();
    const notice =
      why === 'video-gone'
        ? 'The video is gone from YouTube, so the test ended without setting a thumbnail.'
        : why === 'invalid-grant'
          ? 'Tubewise lost access to the channel (reconnect it), so the test ended and the thumbnail live on YouTube was not changed back.'
          : 'YouTube refused the thumbnail, so the test ended with the thumbnail live on YouTube now.';
    await this.db
      .update(thumbnailTests)
      .set({
        status: 'failed',
        endedAt: now,
        updatedAt: now,
        notice,
        decision: {
          winnerVariantId: test.decision?.winnerVariantId ?? null,
          probability: test.decision?.probability ?? null,
          reason: 'video-gone',
          applied: test.decision?.applied ?? 'original',
          decidedAt: test.decision?.decidedAt ?? now.toISOString(),
        },
      })
      .where(
        and(eq(thumbnailTests.id, test.id), inArray(thumbnailTests.status, [...ACTIVE_STATUSES])),
      );
  }

  private async setNotice(testId: string, notice: string | null) {
    await this.db
      .update(thumbnailTests)
      .set({ notice, updatedAt: this.clock.now() })
      .where(eq(thumbnailTests.id, testId));
  }

  /** Today's rotation, when today has none yet and the scheduled variant is not the live one. */
  private async rotateIfDue(test: TestRow, variants: VariantRow[], swaps: SwapRow[]) {
    const now = this.clock.now();
    const today = quotaDayOf(now);
    if (swaps.some((s) => s.kind === 'rotate' && s.quotaDay === today && s.status !== 'failed'))
      return;
    // A test just created: its creator is making the first swap (with the budget it reserved).
    if (!swaps.length && now.getTime() - test.startedAt.getTime() < SWAP_LEASE_MS) return;
    const target = variants[scheduledVariant(test, variants.length, today)]!;
    if (liveVariantId(swaps) === target.id) return;
    const outcome = await this.swap(test, 'rotate', target);
    if (outcome === 'budget') {
      const live = labelOf(variants, liveVariantId(swaps));
      await this.setNotice(
        test.id,
        `Today's swap to variant ${labelOf(variants, target.id)} was skipped: the channel's daily budget of quota units is spent.${live ? ` Variant ${live} stays live` : ''} until the next swap at midnight Pacific time.`,
      );
    } else if (outcome === 'done') {
      await this.setNotice(test.id, null);
    } else if (outcome === 'gone') {
      await this.giveUp(test, 'video-gone');
    }
  }

  /**
   * One journalled thumbnails.set: the journal row (the claim), the budget, a read of the video
   * (its thumbnails before, to tell later whether the write landed), the write, the row `done`.
   * `reserved`: the budget was reserved by the caller (a test's first swap).
   */
  async swap(
    test: TestRow,
    kind: ThumbnailSwapKind,
    variant: VariantRow | null,
    options: { reserved?: boolean } = {},
  ): Promise<SwapOutcome> {
    const now = this.clock.now();
    const owner = randomUUID();
    const [row] = await this.db
      .insert(thumbnailTestSwaps)
      .values({
        testId: test.id,
        kind,
        variantId: variant?.id ?? null,
        quotaDay: quotaDayOf(now),
        status: 'pending',
        leaseOwner: owner,
        leaseUntil: new Date(now.getTime() + SWAP_LEASE_MS),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return 'busy';
    if (
      !options.reserved &&
      !(await this.budget.tryReserve(test.channelId, THUMBNAIL_SWAP_UNITS))
    ) {
      // A rotation skipped stays as the day's row (no second try that day); a final swap waits.
      if (kind === 'rotate')
        await this.db
          .update(thumbnailTestSwaps)
          .set({ status: 'skipped', reason: 'budget', leaseOwner: null, leaseUntil: null })
          .where(eq(thumbnailTestSwaps.id, row.id));
      else await this.db.delete(thumbnailTestSwaps).where(eq(thumbnailTestSwaps.id, row.id));
      return 'budget';
    }
    return this.send(test, row, owner);
  }

  /** Reads the video, journals what it shows, sets the image and marks the row done. */
  private async send(test: TestRow, row: SwapRow, owner: string): Promise<SwapOutcome> {
    const imageId = row.variantId
      ? (
          await this.db
            .select({ id: thumbnailTestVariants.thumbnailId })
            .from(thumbnailTestVariants)
            .where(eq(thumbnailTestVariants.id, row.variantId))
        )[0]?.id
      : test.originalThumbnailId;
    const image = imageId
      ? await this.db.query.thumbnailUploads.findFirst({ where: eq(thumbnailUploads.id, imageId) })
      : undefined;
    if (!image) {
      await this.settle(row.id, owner, { status: 'failed', reason: 'image-missing' });
      return 'refused';
    }
    let video: PlatformVideo | undefined;
    try {
      [video] = await this.credentials.withToken(test.channelId, (token) =>
        this.platform.getVideos(token, [test.videoYoutubeId]),
      );
    } catch (error) {
      // Nothing was written: the row fails (a rotation may be tried again by the next tick).
      await this.settle(row.id, owner, { status: 'failed', reason: refusalReason(error) });
      if (error instanceof AppError && error.code === 'invalid-grant') {
        await this.giveUp(test, 'invalid-grant');
        return 'refused';
      }
      this.log.warn({ err: error, testId: test.id }, 'Reading the video before a swap failed');
      return 'refused';
    }
    if (!video) {
      await this.settle(row.id, owner, { status: 'failed', reason: 'video-gone' });
      return 'gone';
    }
    const [held] = await this.db
      .update(thumbnailTestSwaps)
      .set({
        thumbnailsBefore: video.thumbnails,
        quotaUnits: sql`${thumbnailTestSwaps.quotaUnits} + ${READ_UNITS}`,
        attempts: sql`${thumbnailTestSwaps.attempts} + 1`,
      })
      .where(
        and(
          eq(thumbnailTestSwaps.id, row.id),
          eq(thumbnailTestSwaps.leaseOwner, owner),
          eq(thumbnailTestSwaps.status, 'pending'),
        ),
      )
      .returning({ id: thumbnailTestSwaps.id });
    if (!held) return 'busy';
    let sizes: PlatformVideo['thumbnails'];
    try {
      sizes = await this.credentials.withToken(test.channelId, (token) =>
        this.platform.setThumbnail(token, test.videoYoutubeId, image.data, image.mimeType),
      );
    } catch (error) {
      if (isRefusal(error)) {
        const reason = refusalReason(error);
        await this.settle(row.id, owner, { status: 'failed', reason });
        if (reason === 'video-gone') return 'gone';
        if (reason === 'invalid-grant') await this.giveUp(test, 'invalid-grant');
        return 'refused';
      }
      // Sent without an answer: it may have landed. The reconciler reads the video once the
      // lease runs out and records what the platform shows.
      this.log.warn({ err: error, testId: test.id }, 'A thumbnail swap has an unknown outcome');
      this.later(SWAP_LEASE_MS + 250, () => this.step(test.id));
      return 'unknown';
    }
    await this.markDone(row.id, owner, this.clock.now(), sizes, test);
    return 'done';
  }

  /** Records a landed swap (and the video's new thumbnails, as the product shows them). */
  private async markDone(
    swapId: string,
    owner: string,
    appliedAt: Date,
    sizes: PlatformVideo['thumbnails'],
    test: TestRow,
  ) {
    await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(thumbnailTestSwaps)
        .set({
          status: 'done',
          appliedAt,
          quotaUnits: sql`${thumbnailTestSwaps.quotaUnits} + ${THUMBNAIL_SWAP_UNITS}`,
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(
          and(
            eq(thumbnailTestSwaps.id, swapId),
            eq(thumbnailTestSwaps.leaseOwner, owner),
            eq(thumbnailTestSwaps.status, 'pending'),
          ),
        )
        .returning({ id: thumbnailTestSwaps.id });
      if (!done) return;
      await tx
        .update(videos)
        .set({ thumbnails: sizes as Record<string, never> })
        .where(eq(videos.id, test.videoId));
    });
  }

  private async settle(
    swapId: string,
    owner: string,
    values: { status: 'failed'; reason: string },
  ) {
    await this.db
      .update(thumbnailTestSwaps)
      .set({ ...values, leaseOwner: null, leaseUntil: null })
      .where(
        and(
          eq(thumbnailTestSwaps.id, swapId),
          eq(thumbnailTestSwaps.leaseOwner, owner),
          eq(thumbnailTestSwaps.status, 'pending'),
        ),
      );
  }

  /**
   * Finishes a swap a dead (or unanswered) process left pending once its lease ran out: the
   * video's thumbnails differ from those journalled before → it landed (its window starts at the
   * row's creation); unchanged → it did not: sent again (bounded, within the budget) or failed.
   */
  async reconcile(testId: string): Promise<void> {
    const now = this.clock.now();
    const owner = randomUUID();
    const [row] = await this.db
      .update(thumbnailTestSwaps)
      .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + SWAP_LEASE_MS) })
      .where(
        and(
          eq(thumbnailTestSwaps.testId, testId),
          eq(thumbnailTestSwaps.status, 'pending'),
          lt(thumbnailTestSwaps.leaseUntil, now),
        ),
      )
      .returning();
    if (!row) return;
    const test = (await this.load(testId))!.test;
    if (row.thumbnailsBefore === null) {
      // Died before the write was sent (the budget was reserved): send it now.
      if (row.attempts >= MAX_SWAP_ATTEMPTS) {
        await this.settle(row.id, owner, { status: 'failed', reason: 'platform-error' });
        return;
      }
      await this.send(test, row, owner);
      return;
    }
    let video: PlatformVideo | undefined;
    try {
      [video] = await this.credentials.withToken(test.channelId, (token) =>
        this.platform.getVideos(token, [test.videoYoutubeId]),
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'invalid-grant') {
        await this.settle(row.id, owner, { status: 'failed', reason: 'invalid-grant' });
        await this.giveUp(test, 'invalid-grant');
        return;
      }
      // Not known yet: the next tick looks again.
      await this.db
        .update(thumbnailTestSwaps)
        .set({ leaseUntil: now })
        .where(and(eq(thumbnailTestSwaps.id, row.id), eq(thumbnailTestSwaps.leaseOwner, owner)));
      return;
    }
    if (!video) {
      await this.settle(row.id, owner, { status: 'failed', reason: 'video-gone' });
      await this.giveUp(test, 'video-gone');
      return;
    }
    if (!sameThumbnails(video.thumbnails, row.thumbnailsBefore)) {
      await this.markDone(row.id, owner, row.createdAt, video.thumbnails, test);
      return;
    }
    if (
      row.attempts >= MAX_SWAP_ATTEMPTS ||
      !(await this.budget.tryReserve(test.channelId, THUMBNAIL_SWAP_UNITS))
    ) {
      await this.settle(row.id, owner, {
        status: 'failed',
        reason: row.attempts >= MAX_SWAP_ATTEMPTS ? 'platform-error' : 'budget',
      });
      return;
    }
    await this.send(test, row, owner);
  }

  /**
   * Reads one Analytics report (days, this video) from the day after the last measured one to
   * the latest day Analytics can have (yesterday, Pacific) within the rotation, attributes each
   * day to the variant live all of it, and stores the figures. True when it read one.
   */
  async measure(test: TestRow, loaded: { variants: VariantRow[]; swaps: SwapRow[] }) {
    const now = this.clock.now();
    const yesterday = addDays(quotaDayOf(now), -1);
    const last = lastRotationDay(test);
    const to = yesterday < last ? yesterday : last;
    const from = test.measuredThrough ? addDays(test.measuredThrough, 1) : firstFullDay(test);
    if (from > to) return false;
    const [channel] = await this.db
      .select({ youtubeId: channels.youtubeId })
      .from(channels)
      .where(eq(channels.id, test.channelId));
    if (!channel) return false;
    const table = await this.credentials.withToken(test.channelId, (token) =>
      this.platform.analyticsReport(token, {
        channelId: channel.youtubeId,
        startDate: from,
        endDate: to,
        metrics: ['views', 'estimatedMinutesWatched', 'averageViewPercentage'],
        dimensions: ['day'],
        filters: `video==${test.videoYoutubeId}`,
        sort: 'day',
      }),
    );
    const column = (name: string) => table.columns.indexOf(name);
    const [dayCol, viewsCol, minutesCol, percentCol] = [
      column('day'),
      column('views'),
      column('estimatedMinutesWatched'),
      column('averageViewPercentage'),
    ];
    const attributed = attributeDays(swapPoints(loaded.swaps, loaded.variants), from, to);
    let through: string | null = null;
    for (const r of table.rows) {
      const day = String(r[dayCol]);
      if (!(day >= from && day <= to)) continue;
      if (!through || day > through) through = day;
      const index = attributed.get(day);
      const variant = index === undefined ? undefined : loaded.variants[index];
      if (!variant) continue;
      const values = {
        variantId: variant.id,
        views: Math.round(Number(r[viewsCol]) || 0),
        watchMinutes: Math.round(Number(r[minutesCol]) || 0),
        averageViewPercentage: Number(r[percentCol]) || 0,
      };
      await this.db
        .insert(thumbnailTestDays)
        .values({ testId: test.id, day, ...values })
        .onConflictDoUpdate({
          target: [thumbnailTestDays.testId, thumbnailTestDays.day],
          set: values,
        });
    }
    // A day Analytics has no row for yet stays unmeasured, unless later days have rows (then it
    // had no views) or it is at least three days old (Analytics is complete by then).
    const settledDay = addDays(quotaDayOf(now), -3);
    if (!through && to <= settledDay) through = to;
    if (through)
      await this.db
        .update(thumbnailTests)
        .set({ measuredThrough: through, updatedAt: now })
        .where(eq(thumbnailTests.id, test.id));
    return true;
  }

  /** The instant the next daily swap is due (the next quota-day boundary, at most the end). */
  nextSwapAt(test: TestRow): Date | null {
    if (test.status !== 'running') return null;
    const next = nextQuotaDayStart(this.clock.now());
    return next < test.endsAt ? next : test.endsAt;
  }
}

/** 'A', 'B' or 'C' of a variant id (null when it is none of the test's). */
export function labelOf(variants: VariantRow[], id: string | null): string | null {
  const index = id ? variants.findIndex((v) => v.id === id) : -1;
  return index >= 0 ? String.fromCharCode(65 + index) : null;
}

/** The quota-day boundary a test ends at: the start of the day after its last rotation day. */
export function endOf(startedAt: Date, durationDays: number): Date {
  return quotaDayStart(addDays(quotaDayOf(nextQuotaDayStart(startedAt)), durationDays));
}
