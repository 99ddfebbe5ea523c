// Rank checks: YouTube's organic results for (normalised keyword, location, language, day),
// stored once for the whole installation and shared by every channel that tracks the keyword
// (the cost rule: at most one provider check per key and day).
//
// The daily batch goes through the provider's queue and survives a worker killed at any point
// without paying twice: a row is marked `posting` (with the time) before the queue call, and the
// provider hands each task back with the row's id as its tag, so a run after a crash adopts the
// tasks the provider already has (its ready list) instead of queueing them again. Only a
// `posting` row that the provider still does not list after POSTING_LEASE_MS is queued again.
// Two workers never take the same rows (FOR UPDATE SKIP LOCKED).
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { assertChannelWritable, channelWritableSql, type PlanGate } from '../../lib/plan-gate.ts';
import type { Db } from '../../db/client.ts';
import { addDays } from '../../lib/days.ts';
import { rowsOf } from '../../db/rows.ts';
import { EVERY_CHANNEL, type RankDataChanges } from './rank-data-changes.ts';
import {
  channels,
  keywordRanks,
  serpChecks,
  trackedKeywords,
  type SerpCheckStatus,
  type StoredSerpVideo,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  KeywordDataError,
  marketOf,
  normalizeKeyword,
  type KeywordMarket,
} from '../keywords/index.ts';
import type {
  Collected,
  QueuedCheck,
  Serp,
  SerpProvider,
  SerpVideo,
} from './serp-provider.port.ts';

/** How long a `posting` row may wait for its task to show in the provider's ready list. */
export const POSTING_LEASE_MS = 30 * 60_000;
/** Run steps one scheduled run takes at most (each queues a batch and collects what is ready). */
const DAILY_RUN_STEPS = 20;
/**
 * The scheduled run spreads a day's checks over its first hours (a share of them per run, every
 * RUN_EVERY_MS) instead of sending them all at midnight; "Check now" does not wait.
 */
export const SPREAD_HOURS = 6;
/** How often the scheduled job runs (jobs/definitions.ts: every 15 minutes). */
export const RUN_EVERY_MS = 15 * 60_000;
/** Provider failures before a check is given up for its day. */
export const SERP_CHECK_MAX_ATTEMPTS = 5;
/** Backoff after the n-th failure: 1 min, 4 min, 16 min, … (capped at 2 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 * 3600_000, 60_000 * 4 ** Math.max(0, attempts - 1));
}

/** A check to make: a keyword in a market. */
export interface CheckKey {
  keyword: string;
  market: KeywordMarket;
}

/** How far a day's checks are: the data states of the rankings pages. */
export interface DayProgress {
  total: number;
  done: number;
  /** Not done yet and still being tried. */
  waiting: number;
  failed: number;
  /** complete: every check done; updating: some still running; partialError: some gave up. */
  state: 'complete' | 'updating' | 'partialError';
}

/** A channel's share of a day's checks. */
export interface ChannelProgress extends DayProgress {
  day: string;
}

/** A row taken for a queue call. */
interface PostingRow {
  id: string;
  keyword: string;
  location_code: number;
  language_code: string;
  depth: number;
}

/** Counts of one run step, for logs and tests. */
export interface RunCounts {
  queued: number;
  adopted: number;
  collected: number;
  failed: number;
}

/** How a run treats its day. */
interface RunOptions {
  /** The day is over: queue nothing more, collect what the provider holds. */
  closing?: boolean;
  /** How many checks the run may still queue (the spread of the scheduled run). */
  budget?: { left: number };
  /** Queue only these checks (a channel's "Check now"). */
  only?: string[];
}

/** A stored check's results. */
export interface StoredSerp extends Serp {
  day: string;
  source: string;
}

/** The rank-check store: queue a day's checks, collect them, answer one at once. */
export class SerpChecksService {
  private readonly db: Db;
  private readonly provider: SerpProvider;
  private readonly clock: Clock;
  private readonly depth: number;
  private readonly inFlight = new Map<string, Promise<StoredSerp>>();

  private readonly changes?: RankDataChanges;

  private readonly gate?: PlanGate;

  constructor(deps: {
    db: Db;
    provider: SerpProvider;
    clock: Clock;
    depth: number;
    /** Told when ranks are recorded (the rankings pages' caches follow). */
    changes?: RankDataChanges;
    /** Plans: read-only accounts' channels get no checks (none without a gate: tests). */
    gate?: PlanGate;
  }) {
    this.gate = deps.gate;
    this.changes = deps.changes;
    this.db = deps.db;
    this.provider = deps.provider;
    this.clock = deps.clock;
    this.depth = deps.depth;
  }

  /** Today's UTC day (YYYY-MM-DD) by the clock. */
  today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  /**
   * Adds the checks a day needs (keys already there, from any channel, are kept: one check per
   * key and day). Returns how many were new.
   */
  async plan(day: string, keys: readonly CheckKey[]): Promise<number> {
    const rows = uniqueKeys(keys).map((k) => ({
      keyword: k.keyword,
      locationCode: k.market.locationCode,
      languageCode: k.market.languageCode,
      day,
      depth: this.depth,
      status: 'pending' as SerpCheckStatus,
    }));
    let added = 0;
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await this.db
        .insert(serpChecks)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning({ id: serpChecks.id });
      added += inserted.length;
    }
    return added;
  }

  /**
   * Plans a day's checks from every keyword any channel tracks: one check per distinct keyword
   * and market, however many channels track it. Returns how many were new.
   */
  async planTracked(day: string): Promise<number> {
    // Keywords of channels whose account is read-only (trial over, no plan) are not checked.
    const rows = await this.db
      .selectDistinct({ keyword: trackedKeywords.keyword, language: trackedKeywords.language })
      .from(trackedKeywords)
      .where(
        this.gate ? channelWritableSql(trackedKeywords.channelId, this.clock.now()) : undefined,
      );
    return this.plan(
      day,
      rows.map((r) => ({ keyword: r.keyword, market: marketOf(r.language) })),
    );
  }

  /**
   * Today's checks, as the scheduled job runs them: yesterday's checks the provider still holds
   * are collected and recorded under their own day (the ones never started are given up), then
   * today's are planned from the tracked keywords and run until nothing more comes back this
   * time (bounded; the next run carries on).
   */
  async runToday(): Promise<DayProgress> {
    const day = this.today();
    const yesterday = dayBefore(day);
    if ((await this.progress(yesterday)).waiting > 0) {
      await this.runSteps(yesterday, { closing: true });
      await this.recordRanks(yesterday);
    }
    await this.planTracked(day);
    await this.runSteps(day, { budget: { left: await this.spreadBudget(day) } });
    await this.recordRanks(day);
    return this.progress(day);
  }

  /**
   * How many more of a day's checks this run may queue: by the end of the run's interval, the
   * share of the day's spread window that has passed (all of them after SPREAD_HOURS).
   */
  private async spreadBudget(day: string): Promise<number> {
    const rows = await this.db
      .select({ status: serpChecks.status, n: sql<number>`count(*)::int` })
      .from(serpChecks)
      .where(eq(serpChecks.day, day))
      .groupBy(serpChecks.status);
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    const pending = rows.find((r) => r.status === 'pending')?.n ?? 0;
    const sinceMidnight = this.clock.now().getTime() - Date.parse(`${day}T00:00:00Z`);
    const share = Math.min(1, (sinceMidnight + RUN_EVERY_MS) / (SPREAD_HOURS * 3600_000));
    return Math.max(0, Math.ceil(total * share) - (total - pending));
  }

  private async runSteps(day: string, options: RunOptions = {}): Promise<void> {
    for (let step = 0; step < DAILY_RUN_STEPS; step += 1) {
      const counts = await this.run(day, options);
      if (counts.queued + counts.collected + counts.adopted === 0) break;
    }
  }

  /**
   * Records every tracking channel's rank of the day (or one channel's) from the day's finished
   * checks (the best position of its videos, or no rank); idempotent, so it may run after each
   * step of a day.
   * Returns how many ranks were written.
   */
  async recordRanks(day: string, channelId?: string): Promise<number> {
    const tracked = await this.db
      .select({
        channelId: trackedKeywords.channelId,
        youtubeId: channels.youtubeId,
        keyword: trackedKeywords.keyword,
        language: trackedKeywords.language,
      })
      .from(trackedKeywords)
      .innerJoin(channels, eq(channels.id, trackedKeywords.channelId))
      .where(
        and(
          channelId ? eq(trackedKeywords.channelId, channelId) : undefined,
          // A read-only account's channels get no new ranks, even from others' checks.
          this.gate ? channelWritableSql(trackedKeywords.channelId, this.clock.now()) : undefined,
        ),
      );
    if (tracked.length === 0) return 0;
    const done = await this.db
      .select({
        keyword: serpChecks.keyword,
        locationCode: serpChecks.locationCode,
        languageCode: serpChecks.languageCode,
        videos: serpChecks.videos,
      })
      .from(serpChecks)
      .where(and(eq(serpChecks.day, day), eq(serpChecks.status, 'done')));
    const checkOf = new Map(
      done.map((d) => [
        keyOf({
          keyword: d.keyword,
          market: { locationCode: d.locationCode, languageCode: d.languageCode },
        }),
        d.videos ?? [],
      ]),
    );
    const rows = tracked.flatMap((t) => {
      const videos = checkOf.get(keyOf({ keyword: t.keyword, market: marketOf(t.language) }));
      if (!videos) return [];
      const index = videos.findIndex((v) => v[1] === t.youtubeId);
      return [
        {
          channelId: t.channelId,
          keyword: t.keyword,
          language: t.language,
          day,
          position: index >= 0 ? index + 1 : null,
          videoId: index >= 0 ? videos[index]![0] : null,
        },
      ];
    });
    for (let i = 0; i < rows.length; i += 1000) {
      await this.db
        .insert(keywordRanks)
        .values(rows.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [
            keywordRanks.channelId,
            keywordRanks.keyword,
            keywordRanks.language,
            keywordRanks.day,
          ],
          set: { position: sql`excluded.position`, videoId: sql`excluded.video_id` },
        });
    }
    if (rows.length > 0) this.changes?.changed(channelId ?? EVERY_CHANNEL);
    return rows.length;
  }

  /**
   * One step of a day's run: adopts tasks a crashed run had queued, queues the pending checks in
   * batches, and collects every ready result. Safe to call again at any time, from any worker.
   * A closing day (one that is over) queues nothing more: what never started is given up.
   */
  async run(day: string, options: RunOptions = {}): Promise<RunCounts> {
    const counts: RunCounts = { queued: 0, adopted: 0, collected: 0, failed: 0 };
    if (options.closing) await this.giveUpPending(day, counts);
    // Nothing waiting: no provider call at all.
    if ((await this.progress(day)).waiting === 0) return counts;
    let ready: Awaited<ReturnType<SerpProvider['ready']>>;
    try {
      ready = await this.provider.ready();
    } catch (error) {
      if (error instanceof KeywordDataError) return counts;
      throw error;
    }
    counts.adopted = await this.adopt(day, ready, counts, options);
    if (!options.closing) await this.queuePending(day, counts, options);
    await this.collect(day, ready, counts, options);
    return counts;
  }

  /** Progress of a day's checks (the pages show the last complete day while updating). */
  async progress(day: string): Promise<DayProgress> {
    const rows = await this.db
      .select({ status: serpChecks.status, n: sql<number>`count(*)::int` })
      .from(serpChecks)
      .where(eq(serpChecks.day, day))
      .groupBy(serpChecks.status);
    const count = (s: SerpCheckStatus) => rows.find((r) => r.status === s)?.n ?? 0;
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    const done = count('done');
    const failed = count('failed');
    const waiting = total - done - failed;
    const state = waiting > 0 ? 'updating' : failed > 0 ? 'partialError' : 'complete';
    return { total, done, waiting, failed, state };
  }

  /**
   * Today's checks of one channel's keywords, at once (the rankings page's "Check now"): planned
   * with everyone else's (a key already checked today, for any channel, costs nothing more),
   * run until nothing more comes back this time, and recorded. Returns the channel's progress.
   */
  async runChannel(channelId: string): Promise<ChannelProgress> {
    if (this.gate) await assertChannelWritable(this.gate, channelId);
    const day = this.today();
    const keys = await this.channelKeys(channelId);
    await this.plan(day, keys);
    const mine = await this.checkIds(day, keys);
    // Only this channel's checks are queued now; everyone else's keep to the schedule.
    if (mine.length > 0) await this.runSteps(day, { only: mine });
    await this.recordRanks(day, channelId);
    return this.channelProgress(channelId, day);
  }

  /** Where today's checks of a channel's keywords are (keys not planned yet are not counted). */
  async channelProgress(channelId: string, day = this.today()): Promise<ChannelProgress> {
    const keys = await this.channelKeys(channelId);
    const wanted = new Set(keys.map(keyOf));
    const rows =
      keys.length === 0
        ? []
        : await this.db
            .select({
              keyword: serpChecks.keyword,
              locationCode: serpChecks.locationCode,
              languageCode: serpChecks.languageCode,
              status: serpChecks.status,
            })
            .from(serpChecks)
            .where(
              and(
                eq(serpChecks.day, day),
                inArray(serpChecks.keyword, [...new Set(keys.map((k) => k.keyword))]),
              ),
            );
    const mine = rows.filter((r) =>
      wanted.has(
        keyOf({
          keyword: r.keyword,
          market: { locationCode: r.locationCode, languageCode: r.languageCode },
        }),
      ),
    );
    const done = mine.filter((r) => r.status === 'done').length;
    const failed = mine.filter((r) => r.status === 'failed').length;
    const waiting = mine.length - done - failed;
    const state = waiting > 0 ? 'updating' : failed > 0 ? 'partialError' : 'complete';
    return { day, total: mine.length, done, waiting, failed, state };
  }

  /** The ids of a day's checks of some keys. */
  private async checkIds(day: string, keys: CheckKey[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const wanted = new Set(keys.map(keyOf));
    const rows = await this.db
      .select({
        id: serpChecks.id,
        keyword: serpChecks.keyword,
        locationCode: serpChecks.locationCode,
        languageCode: serpChecks.languageCode,
      })
      .from(serpChecks)
      .where(
        and(
          eq(serpChecks.day, day),
          inArray(serpChecks.keyword, [...new Set(keys.map((k) => k.keyword))]),
        ),
      );
    return rows
      .filter((r) =>
        wanted.has(
          keyOf({
            keyword: r.keyword,
            market: { locationCode: r.locationCode, languageCode: r.languageCode },
          }),
        ),
      )
      .map((r) => r.id);
  }

  /** The latest done check of a key (any day); null before the first. */
  async latestStored(key: CheckKey): Promise<StoredSerp | null> {
    const [row] = await this.db
      .select()
      .from(serpChecks)
      .where(
        and(
          eq(serpChecks.keyword, normalizeKeyword(key.keyword)),
          eq(serpChecks.locationCode, key.market.locationCode),
          eq(serpChecks.languageCode, key.market.languageCode),
          eq(serpChecks.status, 'done'),
        ),
      )
      .orderBy(desc(serpChecks.day))
      .limit(1);
    return row ? storedOf(row) : null;
  }

  /** The distinct check keys of a channel's tracked keywords. */
  private async channelKeys(channelId: string): Promise<CheckKey[]> {
    const rows = await this.db
      .select({ keyword: trackedKeywords.keyword, language: trackedKeywords.language })
      .from(trackedKeywords)
      .where(eq(trackedKeywords.channelId, channelId));
    return uniqueKeys(rows.map((r) => ({ keyword: r.keyword, market: marketOf(r.language) })));
  }

  /**
   * The day's results of one key, checked at once when missing (an on-demand check). Concurrent
   * asks in this process share one provider call, and a key done today is never checked again.
   */
  async checkNow(key: CheckKey, day = this.today()): Promise<StoredSerp> {
    const [normalised] = uniqueKeys([key]);
    if (!normalised) throw new KeywordDataError('invalid-request', 'An empty keyword.');
    const id = `${day}\u0000${keyOf(normalised)}`;
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.checkOnce(normalised, day).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    return pending;
  }

  /** The stored results of a key on a day; null when not checked (yet). */
  async stored(key: CheckKey, day: string): Promise<StoredSerp | null> {
    const [row] = await this.db
      .select()
      .from(serpChecks)
      .where(
        and(
          eq(serpChecks.keyword, normalizeKeyword(key.keyword)),
          eq(serpChecks.locationCode, key.market.locationCode),
          eq(serpChecks.languageCode, key.market.languageCode),
          eq(serpChecks.day, day),
          eq(serpChecks.status, 'done'),
        ),
      );
    return row ? storedOf(row) : null;
  }

  private async checkOnce(key: CheckKey, day: string): Promise<StoredSerp> {
    const known = await this.stored(key, day);
    if (known) return known;
    const serp = await this.provider.check({ ...key, depth: this.depth });
    const values = { ...this.doneValues(serp), depth: this.depth };
    await this.db
      .insert(serpChecks)
      .values({
        keyword: key.keyword,
        locationCode: key.market.locationCode,
        languageCode: key.market.languageCode,
        day,
        ...values,
      })
      .onConflictDoUpdate({
        target: [
          serpChecks.keyword,
          serpChecks.locationCode,
          serpChecks.languageCode,
          serpChecks.day,
        ],
        set: values,
        // A batch check of the day already under way keeps its own result.
        setWhere: sql`${serpChecks.status} IN ('pending', 'failed')`,
      });
    return { ...serp, day, source: this.provider.name };
  }

  /**
   * Rows a crashed run (or a call whose answer was lost) left `posting` whose task the provider
   * has: recorded as queued. Posting rows the provider never listed within the lease did not
   * reach it: counted as a failed attempt and queued again after the backoff (given up on a
   * closing day).
   */
  private async adopt(
    day: string,
    ready: QueuedCheck[],
    counts: RunCounts,
    options: RunOptions,
  ): Promise<number> {
    const byTag = new Map(ready.map((r) => [r.tag, r.taskId]));
    const posting = await this.db
      .select({ id: serpChecks.id, postedAt: serpChecks.postedAt })
      .from(serpChecks)
      .where(and(eq(serpChecks.day, day), eq(serpChecks.status, 'posting')));
    const staleBefore = this.clock.now().getTime() - POSTING_LEASE_MS;
    const stale: string[] = [];
    let adopted = 0;
    for (const row of posting) {
      const taskId = byTag.get(row.id);
      if (!taskId) {
        if ((row.postedAt?.getTime() ?? 0) <= staleBefore) stale.push(row.id);
        continue;
      }
      const updated = await this.db
        .update(serpChecks)
        .set({ status: 'queued', taskId, postedAt: this.clock.now() })
        .where(and(eq(serpChecks.id, row.id), eq(serpChecks.status, 'posting')))
        .returning({ id: serpChecks.id });
      adopted += updated.length;
    }
    if (stale.length > 0)
      await this.failed(stale, 'The provider never confirmed the check.', counts, {
        from: ['posting'],
        giveUp: options.closing,
      });
    return adopted;
  }

  /** On a day that is over: the checks never started are given up. */
  private async giveUpPending(day: string, counts: RunCounts): Promise<void> {
    const given = await this.db
      .update(serpChecks)
      .set({ status: 'failed', lastError: 'The day ended before the check could run.' })
      .where(and(eq(serpChecks.day, day), eq(serpChecks.status, 'pending')))
      .returning({ id: serpChecks.id });
    counts.failed += given.length;
  }

  /** Queues the day's pending checks (within the run's budget, or only some), a batch at a time. */
  private async queuePending(day: string, counts: RunCounts, options: RunOptions): Promise<void> {
    for (;;) {
      const limit = Math.min(this.provider.maxChecksPerQueue, options.budget?.left ?? Infinity);
      if (limit <= 0) return;
      const only = options.only
        ? sql`AND id IN (${sql.join(
            options.only.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
      const now = this.clock.now();
      // Taken and marked in one statement: another worker skips these rows.
      const batch = await this.db.execute(sql`
        UPDATE ${serpChecks} SET status = 'posting', posted_at = ${now.toISOString()}
        WHERE id IN (
          SELECT id FROM ${serpChecks}
          WHERE day = ${day} AND status = 'pending'
            AND (retry_at IS NULL OR retry_at <= ${now.toISOString()}) ${only}
          ORDER BY id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, keyword, location_code, language_code, depth`);
      const rows = rowsOf<PostingRow>(batch);
      if (rows.length === 0) return;
      if (options.budget) options.budget.left -= rows.length;
      let queued: Awaited<ReturnType<SerpProvider['queue']>>;
      try {
        queued = await this.provider.queue(
          rows.map((r) => ({
            keyword: r.keyword,
            market: { locationCode: r.location_code, languageCode: r.language_code },
            depth: r.depth,
            tag: r.id,
          })),
        );
      } catch (error) {
        if (!(error instanceof KeywordDataError)) throw error;
        // A timeout or a 5xx: the provider may have queued the tasks all the same. The rows stay
        // `posting`, so a later run adopts them from the ready list instead of paying again.
        if (error.kind === 'unavailable') return;
        // A refusal (credentials, balance, rate, request): nothing was queued.
        await this.failed(
          rows.map((r) => r.id),
          error.message,
          counts,
          { from: ['posting'] },
        );
        return;
      }
      const taskOf = new Map(queued.map((q) => [q.tag, q.taskId]));
      for (const row of rows) {
        const taskId = taskOf.get(row.id);
        const updated = await this.db
          .update(serpChecks)
          .set(
            taskId
              ? { status: 'queued', taskId }
              : { status: 'failed', lastError: 'The provider refused the check.' },
          )
          .where(and(eq(serpChecks.id, row.id), eq(serpChecks.status, 'posting')))
          .returning({ id: serpChecks.id });
        if (updated.length > 0) {
          if (taskId) counts.queued += 1;
          else counts.failed += 1;
        }
      }
    }
  }

  /**
   * Collects the day's checks: the ready tasks that belong to our queued checks, and queued
   * checks the ready list has not shown for a lease (a ready list is not guaranteed to list
   * every task, and a crash after a collect leaves a task that will never be listed again).
   */
  private async collect(
    day: string,
    ready: QueuedCheck[],
    counts: RunCounts,
    options: RunOptions,
  ): Promise<void> {
    const readyTask = new Map(ready.filter((r) => isUuid(r.tag)).map((r) => [r.tag, r.taskId]));
    const staleBefore = new Date(this.clock.now().getTime() - POSTING_LEASE_MS);
    const open = await this.db
      .select({
        id: serpChecks.id,
        taskId: serpChecks.taskId,
        status: serpChecks.status,
        postedAt: serpChecks.postedAt,
        keyword: serpChecks.keyword,
        locationCode: serpChecks.locationCode,
        languageCode: serpChecks.languageCode,
        depth: serpChecks.depth,
      })
      .from(serpChecks)
      .where(
        and(
          eq(serpChecks.day, day),
          or(eq(serpChecks.status, 'queued'), eq(serpChecks.status, 'posting')),
          options.only ? inArray(serpChecks.id, options.only) : undefined,
        ),
      );
    for (const row of open) {
      // The ready list's task id wins: it is the provider's own word for this tag.
      const listed = readyTask.get(row.id);
      const overdue =
        row.status === 'queued' && row.taskId && (row.postedAt ?? new Date(0)) <= staleBefore;
      const taskId = listed ?? (overdue ? row.taskId : null);
      if (!taskId) continue;
      // Claimed first (retry_at: not before the lease ends), so two workers never both fetch
      // it, even from a ready list read before the other's fetch. A worker that dies after the
      // claim leaves it to a run after the lease.
      const now = this.clock.now();
      const claimed = await this.db
        .update(serpChecks)
        .set({ retryAt: new Date(now.getTime() + POSTING_LEASE_MS) })
        .where(
          and(
            eq(serpChecks.id, row.id),
            eq(serpChecks.status, row.status),
            or(isNull(serpChecks.retryAt), lte(serpChecks.retryAt, now)),
          ),
        )
        .returning({ id: serpChecks.id });
      if (claimed.length === 0) continue;
      let found: Collected;
      try {
        found = await this.provider.collect(taskId);
      } catch (error) {
        if (!(error instanceof KeywordDataError)) throw error;
        if (error.kind === 'unavailable' || error.kind === 'rate-limited') {
          // The provider has the task and maybe its results: fetched again by its id after a
          // lease, never queued (and paid) again.
          await this.db
            .update(serpChecks)
            .set({
              status: 'queued',
              taskId,
              postedAt: this.clock.now(),
              retryAt: null,
              lastError: error.message,
            })
            .where(
              and(
                eq(serpChecks.id, row.id),
                or(eq(serpChecks.status, 'queued'), eq(serpChecks.status, 'posting')),
              ),
            );
          continue;
        }
        await this.failed([row.id], error.message, counts, { from: ['queued', 'posting'] });
        continue;
      }
      if (found.state === 'waiting') {
        // Still being worked on: asked again after another lease.
        await this.db
          .update(serpChecks)
          .set({ postedAt: this.clock.now(), retryAt: null })
          .where(and(eq(serpChecks.id, row.id), eq(serpChecks.status, 'queued')));
        continue;
      }
      const serp = found.state === 'done' ? found.serp : null;
      const matches =
        serp !== null &&
        normalizeKeyword(serp.keyword) === row.keyword &&
        serp.market.locationCode === row.locationCode &&
        serp.market.languageCode === row.languageCode;
      if (!matches) {
        // Lost, or the answer of another query: queued again after the backoff.
        await this.failed(
          [row.id],
          serp ? 'The provider answered another query.' : 'The provider lost the check.',
          counts,
          { from: ['queued', 'posting'], clearTask: true },
        );
        continue;
      }
      // A provider may answer more than the depth asked for (it bills in blocks): beyond the
      // depth is no rank, so the rest is not kept.
      const updated = await this.db
        .update(serpChecks)
        .set(this.doneValues({ ...serp, videos: serp.videos.slice(0, row.depth) }))
        .where(
          and(
            eq(serpChecks.id, row.id),
            or(eq(serpChecks.status, 'queued'), eq(serpChecks.status, 'posting')),
          ),
        )
        .returning({ id: serpChecks.id });
      counts.collected += updated.length;
    }
  }

  /**
   * Counts a failed attempt of checks still in one of the `from` states: retried later (as
   * pending, after the backoff), given up after the last attempt or when `giveUp` says so.
   */
  private async failed(
    ids: string[],
    message: string,
    counts: RunCounts,
    options: { from: SerpCheckStatus[]; giveUp?: boolean; clearTask?: boolean },
  ): Promise<void> {
    const now = this.clock.now().getTime();
    const rows = await this.db
      .select({ id: serpChecks.id, attempts: serpChecks.attempts })
      .from(serpChecks)
      .where(and(inArray(serpChecks.id, ids), inArray(serpChecks.status, options.from)));
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const giveUp = options.giveUp === true || attempts >= SERP_CHECK_MAX_ATTEMPTS;
      const updated = await this.db
        .update(serpChecks)
        .set({
          attempts,
          lastError: message,
          status: giveUp ? 'failed' : 'pending',
          retryAt: new Date(now + retryDelayMs(attempts)),
          ...(options.clearTask || !giveUp ? { taskId: null } : {}),
        })
        .where(and(eq(serpChecks.id, row.id), inArray(serpChecks.status, options.from)))
        .returning({ id: serpChecks.id });
      if (giveUp) counts.failed += updated.length;
    }
  }

  private doneValues(serp: Serp) {
    return {
      status: 'done' as SerpCheckStatus,
      videos: serp.videos.map((v): StoredSerpVideo => [
        v.videoId,
        v.channelId,
        v.title,
        v.channelName,
        v.views,
        v.publishedAt,
      ]),
      totalResults: serp.totalResults,
      checkedAt: new Date(serp.checkedAt),
      source: this.provider.name,
      lastError: null,
    };
  }
}

/**
 * The rank of a channel in results: the best position of any of its videos within the checked
 * depth, or null (no rank) when none of them is there.
 */
export function rankOf(
  serp: Pick<Serp, 'videos'>,
  platformChannelId: string,
): { position: number; videoId: string } | null {
  const best = serp.videos.find((v) => v.channelId === platformChannelId);
  return best ? { position: best.position, videoId: best.videoId } : null;
}

function storedOf(row: typeof serpChecks.$inferSelect): StoredSerp {
  return {
    keyword: row.keyword,
    market: { locationCode: row.locationCode, languageCode: row.languageCode },
    day: row.day,
    checkedAt: (row.checkedAt ?? row.createdAt).toISOString(),
    totalResults: row.totalResults ?? 0,
    source: row.source ?? '',
    videos: (row.videos ?? []).map(
      ([videoId, channelId, title, channelName, views, publishedAt], i): SerpVideo => ({
        position: i + 1,
        videoId,
        channelId,
        title,
        channelName,
        views,
        publishedAt,
        thumbnailUrl: null,
        isShort: false,
      }),
    ),
  };
}

/** Normalised, sendable keys, each once. */
function uniqueKeys(keys: readonly CheckKey[]): CheckKey[] {
  const out = new Map<string, CheckKey>();
  for (const key of keys) {
    const keyword = normalizeKeyword(key.keyword);
    if (!keyword) continue;
    const normalised = { keyword, market: key.market };
    out.set(keyOf(normalised), normalised);
  }
  return [...out.values()];
}

/** The UTC day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  return addDays(day, -1);
}

const keyOf = (k: CheckKey) =>
  `${k.keyword}\u0000${k.market.locationCode}\u0000${k.market.languageCode}`;
