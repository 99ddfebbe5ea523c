// The life of a thumbnail test after it started: the daily rotation at the quota-day boundary,
// the swap journal (written before every thumbnails.set and reconciled from what the platform
// shows), the Analytics measurement of each day, and the decision that sets the winner or the
// original back. Everything a tick does is safe to repeat and safe against a second process:
// a swap is claimed by inserting its journal row (one pending swap per test, one rotation per
// test and quota day, both unique indexes), and every status change is conditional.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import sharp from 'sharp';
import {
  THUMBNAIL_SWAP_UNITS,
  THUMBNAIL_TEST_CONFIDENCE,
  THUMBNAIL_TEST_EARLY_CONFIDENCE,
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
import { fetchPreviousThumbnail, type ImageFetch } from '../optimization/index.ts';
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
/** How long a swap that did not go through waits before it is tried again. */
export const SWAP_RETRY_MS = 30 * 60_000;
/** Rotation tries per test and quota day (each may cost a thumbnails.set). */
const ROTATION_TRIES_PER_DAY = 2;
/** A final swap refused for good this often, over at least GIVE_UP_AFTER_MS, ends the test. */
const GIVE_UP_TRIES = 3;
const GIVE_UP_AFTER_MS = 2 * 86_400_000;
/** Analytics is read at most this often per test (except for the final decision). */
const MEASURE_EVERY_MS = 60 * 60_000;
/** Recent days read again on each pass: Analytics revises its first figures for a few days. */
const REREAD_DAYS = 3;
/** Mean grey-level difference (0–255) under which two thumbnails count as the same picture. */
const SAME_PICTURE = 12;

/** A stored test. */
export type TestRow = typeof thumbnailTests.$inferSelect;
/** A stored variant. */
export type VariantRow = typeof thumbnailTestVariants.$inferSelect;
/** A stored swap (journal row). */
export type SwapRow = typeof thumbnailTestSwaps.$inferSelect;
/** A stored measured day. */
export type DayRow = typeof thumbnailTestDays.$inferSelect;

/**
 * What became of a swap: set; another process has it; over budget; the video is gone; refused
 * for good (a 4xx about the image); not done for now (read failed, 5xx, quota or rate limit:
 * try later); the channel's grant is lost (reconnect); or sent and not known yet.
 */
type SwapOutcome =
  'done' | 'busy' | 'budget' | 'gone' | 'refused' | 'retry' | 'reconnect' | 'unknown';

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
  return (
    swaps
      .filter((s) => s.status === 'done' && s.appliedAt)
      // Same instant (one tick's rotation and final swap): the final swap came after.
      .sort(
        (a, b) =>
          a.appliedAt!.getTime() - b.appliedAt!.getTime() ||
          Number(a.kind !== 'rotate') - Number(b.kind !== 'rotate'),
      )
  );
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

/**
 * The days that have a value of the test's metric: every measured day for views; for the
 * average percentage viewed, the days someone watched (a day without views has none).
 */
function daysWithMetric<D extends Pick<DayRow, 'views'>>(
  test: Pick<TestRow, 'metric'>,
  days: D[],
): D[] {
  return test.metric === 'viewsPerDay' ? days : days.filter((d) => d.views > 0);
}

/** The posteriors of a test's measured days on its deciding metric. */
export function posteriorsOf(test: TestRow, variants: VariantRow[], days: DayRow[]) {
  const obs: DayObservation[] = daysWithMetric(test, days).map((d) => ({
    variant: variants.findIndex((v) => v.id === d.variantId),
    value: metricValue(test, d),
    // The day as a number, so the model can separate a trend (a video's views fading) from
    // the thumbnails that happened to be live early or late.
    day: dayNumber(d.day),
  }));
  return posteriors(
    obs.filter((o) => o.variant >= 0),
    variants.length,
    { seed: test.id },
  );
}

/** How a failed platform call counts: the grant is lost, the video is gone, a refusal, or transient. */
function failureOf(error: unknown): 'reconnect' | 'gone' | 'refused' | 'retry' {
  if (!(error instanceof AppError)) return 'retry';
  switch (error.code) {
    case 'invalid-grant':
      return 'reconnect';
    case 'not-found':
      return 'gone';
    case 'platform-unavailable':
    case 'platform-quota-exceeded':
    case 'rate-limited':
    case 'internal':
      return 'retry';
    default:
      return 'refused';
  }
}

/** Whether thumbnails.set failed without an answer (it may have landed). */
const outcomeUnknown = (error: unknown) =>
  !(error instanceof AppError) ||
  error.code === 'platform-unavailable' ||
  error.code === 'internal';

/** The journal reason of a failure. */
const reasonOf = (failure: 'reconnect' | 'gone' | 'refused' | 'retry') =>
  failure === 'reconnect'
    ? 'invalid-grant'
    : failure === 'gone'
      ? 'video-gone'
      : failure === 'refused'
        ? 'refused'
        : 'platform-error';

/** The notice of a test whose channel must be reconnected. */
/** Days after its end a test waits for Analytics to have its last days (complete by then). */
const FINAL_MEASURE_WAIT_DAYS = 3;
/** The latest instant a test past its end waits for its last days' figures. */
const measureWaitEnd = (test: Pick<TestRow, 'endsAt'>) =>
  new Date(test.endsAt.getTime() + FINAL_MEASURE_WAIT_DAYS * 86_400_000);

/**
 * What a running test past its end says while it waits for its last days' figures (shown
 * instead of its stored notice, unless that asks for a reconnect); null otherwise.
 */
export function measuringNotice(
  test: Pick<TestRow, 'status' | 'endsAt' | 'notice'>,
  now: Date,
): string | null {
  if (test.status !== 'running' || now < test.endsAt || test.notice === RECONNECT_NOTICE)
    return null;
  const day = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'America/Los_Angeles',
  }).format(measureWaitEnd(test));
  return `The test has run its course. The winner is chosen once YouTube Analytics has the figures of its last day (${day} at the latest); the last thumbnail stays live until then.`;
}

export const RECONNECT_NOTICE =
  'Tubewise lost access to the channel. Reconnect it, and the test sets the thumbnail it owes YouTube then.';

/** A 32×18 grey picture of an image, to compare thumbnails whatever their URL or encoding. */
async function fingerprint(data: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(data, { failOn: 'none' })
      .resize(32, 18, { fit: 'fill' })
      .greyscale()
      .raw()
      .toBuffer();
  } catch {
    return null;
  }
}

/** Mean absolute grey-level difference of two fingerprints (0–255). */
function distance(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - (b[i] ?? 0));
  return sum / a.length;
}

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
  private readonly fetchImage: ImageFetch;
  /** When this process last read Analytics for a test (one read an hour is plenty). */
  private readonly measuredAt = new Map<string, number>();
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
    /** Downloads the platform's current image (to tell whether a swap landed); fetch by default. */
    fetchImage?: ImageFetch;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.budget = deps.budget;
    this.clock = deps.clock;
    this.log = deps.log;
    this.fetchImage = deps.fetchImage ?? fetch;
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
    const first = await this.load(testId);
    if (!first || !ACTIVE_STATUSES.includes(first.test.status as 'running')) return;
    // A lost grant: nothing can be read or set until the channel is reconnected (cheap skip).
    const reconnect = await this.needsReconnect(first.test.channelId);
    if (!reconnect) await this.reconcile(testId);
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
    } else if (reconnect) {
      if (test.notice !== RECONNECT_NOTICE) await this.setNotice(test.id, RECONNECT_NOTICE);
      return;
    } else if (test.status === 'running' && now >= test.endsAt) {
      if (await this.measureSafely(test, loaded, true)) {
        loaded = (await this.load(testId))!;
        test = loaded.test;
      }
      // Analytics has a day's figures a day or more later: the last days are waited for (the
      // last variant stays live meanwhile, unmeasured), at most until they are complete.
      // (The page says so meanwhile: `measuringNotice`.)
      const last = lastRotationDay(test);
      if ((!test.measuredThrough || test.measuredThrough < last) && now < measureWaitEnd(test))
        return;
      test = await this.decideFromDays(test, loaded.variants, true);
    } else if (test.status === 'running') {
      await this.rotateIfDue(test, loaded.variants, loaded.swaps);
      loaded = (await this.load(testId))!;
      if (await this.measureSafely(loaded.test, loaded, false)) loaded = (await this.load(testId))!;
      test = await this.decideFromDays(loaded.test, loaded.variants, false);
    }
    if (test.status !== 'ending') return;
    if (reconnect) {
      if (test.notice !== RECONNECT_NOTICE) await this.setNotice(test.id, RECONNECT_NOTICE);
      return;
    }
    await this.finish(testId);
  }

  private async needsReconnect(channelId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ needsReconnect: channels.needsReconnect })
      .from(channels)
      .where(eq(channels.id, channelId));
    return row?.needsReconnect ?? false;
  }

  /** Measures, logging a failed Analytics read (the next tick reads again; the swaps go on). */
  private async measureSafely(
    test: TestRow,
    loaded: { variants: VariantRow[]; swaps: SwapRow[] },
    final: boolean,
  ) {
    const last = this.measuredAt.get(test.id);
    if (!final && last !== undefined && this.clock.now().getTime() - last < MEASURE_EVERY_MS)
      return false;
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
      earlyConfidence: THUMBNAIL_TEST_EARLY_CONFIDENCE,
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
        const what =
          decision.applied === 'winner' ? 'the winning thumbnail' : 'the original thumbnail';
        const tries = swaps.filter(
          (s) =>
            s.kind === finalKind && s.status === 'failed' && s.createdAt.getTime() >= decidedAt,
        );
        const lastTry = tries.at(-1);
        // A try that did not go through waits a while (each may cost a thumbnails.set).
        if (lastTry && this.clock.now().getTime() - lastTry.createdAt.getTime() < SWAP_RETRY_MS)
          return;
        const outcome = await this.swap(test, finalKind, target);
        if (outcome === 'budget') {
          await this.setNotice(
            test.id,
            `The channel's daily budget of quota units is spent, so ${what} is set when the budget renews at midnight Pacific time.`,
          );
          return;
        }
        if (outcome === 'reconnect') return this.setNotice(test.id, RECONNECT_NOTICE);
        if (outcome === 'retry')
          return this.setNotice(
            test.id,
            `Tubewise could not reach YouTube to set ${what}, so it tries again in 30 minutes.`,
          );
        if (outcome === 'gone' || outcome === 'refused') {
          // Given up only when refused for good: several times, over at least two days.
          const refusals = [
            ...tries,
            { createdAt: this.clock.now(), reason: reasonOf(outcome) },
          ].filter(
            (s) =>
              s.reason === 'video-gone' || s.reason === 'refused' || s.reason === 'image-missing',
          );
          const since = refusals[0]!.createdAt.getTime();
          if (
            refusals.length >= GIVE_UP_TRIES &&
            this.clock.now().getTime() - since >= GIVE_UP_AFTER_MS
          )
            return this.giveUp(test, outcome === 'gone' ? 'video-gone' : 'refused');
          return this.setNotice(
            test.id,
            outcome === 'gone'
              ? `YouTube did not find the video when Tubewise set ${what}, so it tries again later.`
              : `YouTube refused ${what}, so Tubewise tries again later.`,
          );
        }
        if (outcome !== 'done') return;
      }
    }
    const status =
      decision.reason === 'stopped'
        ? 'stopped'
        : decision.reason === 'video-gone' || decision.reason === 'refused'
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

  /** Ends a test whose video went away, or whose final swap YouTube refused for good. */
  private async giveUp(test: TestRow, why: 'video-gone' | 'refused') {
    const now = this.clock.now();
    const notice =
      why === 'video-gone'
        ? 'The video is gone from YouTube, so the test ended without setting a thumbnail.'
        : 'YouTube refused the thumbnail again and again over two days, so the test ended with the thumbnail live on YouTube now.';
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
          reason: why,
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
    const todays = swaps.filter((s) => s.kind === 'rotate' && s.quotaDay === today);
    if (todays.some((s) => s.status !== 'failed')) return;
    // A rotation that did not go through: tried again after a while, twice a day at most.
    if (todays.length >= ROTATION_TRIES_PER_DAY) return;
    const lastTry = todays.at(-1);
    if (lastTry && now.getTime() - lastTry.createdAt.getTime() < SWAP_RETRY_MS) return;
    // A test just created: its creator is making the first swap (with the budget it reserved).
    if (!swaps.length && now.getTime() - test.startedAt.getTime() < SWAP_LEASE_MS) return;
    const target = variants[scheduledVariant(test, variants.length, today)]!;
    if (liveVariantId(swaps) === target.id) return;
    const outcome = await this.swap(test, 'rotate', target);
    const live = labelOf(variants, liveVariantId(swaps));
    const label = labelOf(variants, target.id);
    if (outcome === 'budget') {
      await this.setNotice(
        test.id,
        `Today's swap to variant ${label} was skipped: the channel's daily budget of quota units is spent.${live ? ` Variant ${live} stays live` : ''} until the next swap at midnight Pacific time.`,
      );
    } else if (outcome === 'done') {
      await this.setNotice(test.id, null);
    } else if (outcome === 'gone') {
      // YouTube did not find the video (gone, or a passing fault): the test ends, setting the
      // original back; a video really gone ends it after the final swap's tries.
      await this.decide(test, {
        winnerVariantId: null,
        probability: null,
        reason: 'video-gone',
        applied: 'original',
        decidedAt: now.toISOString(),
      });
    } else if (outcome === 'reconnect') {
      await this.setNotice(test.id, RECONNECT_NOTICE);
    } else if (outcome === 'retry' || outcome === 'refused') {
      await this.setNotice(
        test.id,
        `Today's swap to variant ${label} did not go through (${outcome === 'refused' ? 'YouTube refused it' : 'YouTube could not be reached'}).${todays.length + 1 < ROTATION_TRIES_PER_DAY ? ' Tubewise tries once more in 30 minutes.' : ` ${live ? `Variant ${live} stays live` : 'The thumbnail stays'} until the next swap at midnight Pacific time.`}`,
      );
    }
  }

  /**
   * One journalled thumbnails.set: the budget, the journal row (the claim), a read of the video
   * (its thumbnails before), the write, the row `done`. The units are reserved before the row
   * exists, so a process dying in between never leaves a row whose send is uncounted; they are
   * given back whenever the write was not sent or was refused. `reserved`: the caller reserved
   * them (a test's first swap); this swap owns them from here on.
   */
  async swap(
    test: TestRow,
    kind: ThumbnailSwapKind,
    variant: VariantRow | null,
    options: { reserved?: boolean } = {},
  ): Promise<SwapOutcome> {
    const now = this.clock.now();
    const owner = randomUUID();
    const values = {
      testId: test.id,
      kind,
      variantId: variant?.id ?? null,
      quotaDay: quotaDayOf(now),
      createdAt: now,
    };
    if (
      !options.reserved &&
      !(await this.budget.tryReserve(test.channelId, THUMBNAIL_SWAP_UNITS))
    ) {
      // A rotation skipped stays as the day's row (no second try that day); a final swap waits.
      if (kind === 'rotate')
        await this.db
          .insert(thumbnailTestSwaps)
          .values({ ...values, status: 'skipped', reason: 'budget' })
          .onConflictDoNothing();
      return 'budget';
    }
    const [row] = await this.db
      .insert(thumbnailTestSwaps)
      .values({
        ...values,
        status: 'pending',
        leaseOwner: owner,
        leaseUntil: new Date(now.getTime() + SWAP_LEASE_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      await this.budget.release(test.channelId, THUMBNAIL_SWAP_UNITS);
      return 'busy';
    }
    return this.send(test, row, owner);
  }

  /**
   * Reads the video, journals what it shows, sets the image and marks the row done. The units
   * of the write are already counted (reserved, or recorded by the reconciler); they are given
   * back when the write is not sent or is refused.
   */
  private async send(
    test: TestRow,
    row: SwapRow,
    owner: string,
    /** The video as just read (a resend after a reconciling read: no second read to fail). */
    read?: PlatformVideo,
  ): Promise<SwapOutcome> {
    const image = await this.imageOf(test, row.variantId);
    const release = () => this.budget.release(test.channelId, THUMBNAIL_SWAP_UNITS);
    if (!image) {
      await this.settle(row.id, owner, { status: 'failed', reason: 'image-missing' });
      await release();
      return 'refused';
    }
    let video: PlatformVideo | undefined = read;
    try {
      if (!video)
        [video] = await this.credentials.withToken(test.channelId, (token) =>
          this.platform.getVideos(token, [test.videoYoutubeId]),
        );
    } catch (error) {
      // Nothing was written: the row fails (tried again later), its units go back.
      const failure = failureOf(error);
      await this.settle(row.id, owner, {
        status: 'failed',
        reason: failure === 'retry' ? 'read-failed' : reasonOf(failure),
      });
      await release();
      this.log.warn({ err: error, testId: test.id }, 'Reading the video before a swap failed');
      return failure === 'refused' ? 'retry' : failure;
    }
    if (!video) {
      await this.settle(row.id, owner, { status: 'failed', reason: 'video-gone' });
      await release();
      return 'gone';
    }
    const [held] = await this.db
      .update(thumbnailTestSwaps)
      .set({
        thumbnailsBefore: video.thumbnails,
        quotaUnits: sql`${thumbnailTestSwaps.quotaUnits} + ${READ_UNITS + THUMBNAIL_SWAP_UNITS}`,
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
    if (!held) {
      // The lease ran out and another process took the row over (the reconciler): it sends
      // the image on this reservation, so the units stay counted, and what lands is its to
      // record. Unknown here, never "nothing changed".
      return 'unknown';
    }
    let sizes: PlatformVideo['thumbnails'];
    try {
      sizes = await this.credentials.withToken(test.channelId, (token) =>
        this.platform.setThumbnail(token, test.videoYoutubeId, image.data, image.mimeType),
      );
    } catch (error) {
      if (!outcomeUnknown(error)) {
        const failure = failureOf(error);
        await this.settle(row.id, owner, { status: 'failed', reason: reasonOf(failure) });
        await release();
        return failure;
      }
      // Sent without an answer: it may have landed. The reconciler looks at the video's image
      // once the lease runs out and records what the platform shows.
      this.log.warn({ err: error, testId: test.id }, 'A thumbnail swap has an unknown outcome');
      this.later(SWAP_LEASE_MS + 250, () => this.step(test.id));
      return 'unknown';
    }
    await this.markDone(row.id, owner, this.clock.now(), sizes, test);
    return 'done';
  }

  /** The stored image a swap sets: the variant's upload, or the kept original (variant null). */
  private async imageOf(test: TestRow, variantId: string | null) {
    const imageId = variantId
      ? (
          await this.db
            .select({ id: thumbnailTestVariants.thumbnailId })
            .from(thumbnailTestVariants)
            .where(eq(thumbnailTestVariants.id, variantId))
        )[0]?.id
      : test.originalThumbnailId;
    return imageId
      ? await this.db.query.thumbnailUploads.findFirst({ where: eq(thumbnailUploads.id, imageId) })
      : undefined;
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
        .set({ status: 'done', appliedAt, leaseOwner: null, leaseUntil: null })
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

  /** Keeps a row pending and leaves it to a later pass (lease until `until`). */
  private async postpone(swapId: string, owner: string, until: Date) {
    await this.db
      .update(thumbnailTestSwaps)
      .set({ leaseUntil: until })
      .where(and(eq(thumbnailTestSwaps.id, swapId), eq(thumbnailTestSwaps.leaseOwner, owner)));
  }

  /**
   * Whether the video shows a swap's image, judged by the picture (the platform may keep the
   * same URL after thumbnails.set): the current largest image is downloaded and compared with
   * the swap's image and with the one live before it (the previous done swap's, else the kept
   * original). Unknown when the download or a comparison fails.
   */
  private async landed(
    test: TestRow,
    row: SwapRow,
    video: PlatformVideo,
  ): Promise<'landed' | 'not-landed' | 'unknown'> {
    const current = await fetchPreviousThumbnail(video.thumbnails, this.fetchImage);
    const target = await this.imageOf(test, row.variantId);
    if (!current || !target) return 'unknown';
    const before = doneSwaps(
      (await this.load(test.id))!.swaps.filter((s) => s.createdAt < row.createdAt),
    ).at(-1);
    const beforeImage =
      before || test.originalThumbnailId
        ? await this.imageOf(test, before?.variantId ?? null)
        : undefined;
    const [now, want, was] = await Promise.all([
      fingerprint(current.data),
      fingerprint(target.data),
      beforeImage ? fingerprint(beforeImage.data) : Promise.resolve(null),
    ]);
    if (!now || !want) return 'unknown';
    const toTarget = distance(now, want);
    if (!was) return toTarget < SAME_PICTURE ? 'landed' : 'not-landed';
    // The two pictures look alike: whichever is live, the video shows the swap's picture.
    if (distance(want, was) < SAME_PICTURE / 4) return 'landed';
    return toTarget < distance(now, was) ? 'landed' : 'not-landed';
  }

  /**
   * Finishes a swap a dead (or unanswered) process left pending once its lease ran out: the
   * video's image is compared with the swap's and the previous one (see `landed`): the swap's →
   * done (its window starting at the row); the previous one → sent again (at most 3 times in
   * all, then failed); cannot tell → the row stays pending and the same image is sent again
   * (thumbnails.set is idempotent), never judged not landed. A resend of a journalled swap is
   * counted in the channel's spend whatever its budget says (the platform counts it).
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
      // Died before the write was sent (its units were reserved before the row): send it now.
      await this.send(test, row, owner);
      return;
    }
    let video: PlatformVideo | undefined;
    try {
      [video] = await this.credentials.withToken(test.channelId, (token) =>
        this.platform.getVideos(token, [test.videoYoutubeId]),
      );
    } catch {
      // Not known yet (or the grant is lost: the channel is reconnected first): look again later.
      await this.postpone(row.id, owner, now);
      return;
    }
    if (!video) {
      await this.settle(row.id, owner, { status: 'failed', reason: 'video-gone' });
      return;
    }
    const verdict = await this.landed(test, row, video);
    if (verdict === 'landed') {
      await this.markDone(row.id, owner, row.createdAt, video.thumbnails, test);
      return;
    }
    if (row.attempts >= MAX_SWAP_ATTEMPTS) {
      if (verdict === 'not-landed')
        await this.settle(row.id, owner, { status: 'failed', reason: 'platform-error' });
      else await this.postpone(row.id, owner, new Date(now.getTime() + SWAP_RETRY_MS));
      return;
    }
    await this.budget.record(test.channelId, THUMBNAIL_SWAP_UNITS);
    await this.send(test, row, owner, video);
  }

  /**
   * Reads one Analytics report (days, this video) from the day after the last measured one, or
   * the last REREAD_DAYS days if later (Analytics revises its first figures), to the latest day
   * Analytics can have (yesterday, Pacific) within the rotation, attributes each day to the
   * variant live all of it, and stores the figures (replacing earlier ones). True when it read.
   */
  async measure(test: TestRow, loaded: { variants: VariantRow[]; swaps: SwapRow[] }) {
    const now = this.clock.now();
    const yesterday = addDays(quotaDayOf(now), -1);
    const last = lastRotationDay(test);
    const to = yesterday < last ? yesterday : last;
    const next = test.measuredThrough ? addDays(test.measuredThrough, 1) : firstFullDay(test);
    const reread = addDays(to, 1 - REREAD_DAYS);
    const start = firstFullDay(test);
    const from = next < reread ? next : reread < start ? start : reread;
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
    this.measuredAt.set(test.id, now.getTime());
    const column = (name: string) => table.columns.indexOf(name);
    const [dayCol, viewsCol, minutesCol, percentCol] = [
      column('day'),
      column('views'),
      column('estimatedMinutesWatched'),
      column('averageViewPercentage'),
    ];
    const attributed = attributeDays(swapPoints(loaded.swaps, loaded.variants), from, to);
    // A day's figures replace earlier ones (Analytics revises its first figures).
    const storeDay = async (day: string, values: Omit<DayRow, 'testId' | 'day'>): Promise<void> => {
      await this.db
        .insert(thumbnailTestDays)
        .values({ testId: test.id, day, ...values })
        .onConflictDoUpdate({
          target: [thumbnailTestDays.testId, thumbnailTestDays.day],
          set: values,
        });
    };
    let through: string | null = null;
    const withRow = new Set<string>();
    for (const r of table.rows) {
      const day = String(r[dayCol]);
      if (!(day >= from && day <= to)) continue;
      withRow.add(day);
      if (!through || day > through) through = day;
      const index = attributed.get(day);
      const variant = index === undefined ? undefined : loaded.variants[index];
      if (!variant) continue;
      await storeDay(day, {
        variantId: variant.id,
        views: Math.round(Number(r[viewsCol]) || 0),
        watchMinutes: Math.round(Number(r[minutesCol]) || 0),
        averageViewPercentage: Number(r[percentCol]) || 0,
      });
    }
    // A day Analytics has no row for yet stays unmeasured, unless later days have rows (then it
    // had no views) or it is at least three days old (Analytics is complete by then).
    const settledDay = addDays(quotaDayOf(now), -3);
    if (to <= settledDay && (!through || through < to)) through = to;
    // Those days had no views: they count as such (left out, a thumbnail nobody clicked on
    // some days would look better than one clicked on a little every day).
    for (const [day, index] of attributed) {
      const variant = loaded.variants[index];
      if (!variant || !through || day > through || withRow.has(day)) continue;
      await storeDay(day, {
        variantId: variant.id,
        views: 0,
        watchMinutes: 0,
        averageViewPercentage: 0,
      });
    }
    if (through && (!test.measuredThrough || through > test.measuredThrough))
      await this.db
        .update(thumbnailTests)
        .set({ measuredThrough: through, updatedAt: now })
        .where(eq(thumbnailTests.id, test.id));
    return true;
  }

  /** The instant the next daily swap is due (the next quota-day boundary, at most the end). */
  nextSwapAt(test: TestRow): Date | null {
    const now = this.clock.now();
    // Past its end a test only waits for its last figures: no swap is scheduled.
    if (test.status !== 'running' || now >= test.endsAt) return null;
    const next = nextQuotaDayStart(now);
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
