// The rank-check store on PGlite and PostgreSQL against the emulator's SERP API: the cost rule
// (one provider check per normalised keyword, market and day, shared by every channel), a run
// killed between queueing and recording resumes without paying twice, failures back off and
// give up, and the day's data state (complete, updating, partialError).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS } from '@tubewise/emulator';
import type { Database } from '../../db/client.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { channels, keywordRanks, serpChecks, trackedKeywords } from '../../db/schema/index.ts';
import { openTestDatabase, testBackends, TestClock } from '../../testing/test-app.ts';
import { KeywordDataError, marketOf } from '../keywords/index.ts';
import {
  startKeywordDataEmulator,
  type KeywordDataEmulator,
} from '../keywords/keywords.testing.ts';
import { DataForSeoSerpAdapter } from './dataforseo-serp.adapter.ts';
import {
  rankOf,
  SerpChecksService,
  SERP_CHECK_MAX_ATTEMPTS,
  POSTING_LEASE_MS,
} from './serp-checks.service.ts';
import type {
  Collected,
  QueuedCheck,
  Serp,
  SerpProvider,
  SerpQuery,
} from './serp-provider.port.ts';

const US_EN = { locationCode: 2840, languageCode: 'en' };
const DE_DE = { locationCode: 2276, languageCode: 'de' };
const DAY = '2026-11-20';

/** Counts the calls that reach the provider; can fail them, or die right after queueing. */
class CountingSerpProvider implements SerpProvider {
  readonly calls: { method: string; keywords: string[] }[] = [];
  failing = false;
  /** The next queue call reaches the provider, then the "process" dies before hearing back. */
  dieAfterQueue = false;
  /** The next queue call reaches the provider, then its answer is lost (a timeout). */
  loseQueueAnswer = false;
  private readonly inner: SerpProvider;
  constructor(inner: SerpProvider) {
    this.inner = inner;
  }
  get name() {
    return this.inner.name;
  }
  get maxChecksPerQueue() {
    return this.inner.maxChecksPerQueue;
  }
  private record(method: string, keywords: string[]) {
    this.calls.push({ method, keywords });
    if (this.failing) throw new KeywordDataError('unavailable', 'provider down (test)');
  }
  count(method: string) {
    return this.calls.filter((c) => c.method === method).length;
  }
  async check(query: SerpQuery): Promise<Serp> {
    this.record('check', [query.keyword]);
    return this.inner.check(query);
  }
  async queue(checks: readonly (SerpQuery & { tag: string })[]): Promise<QueuedCheck[]> {
    this.record(
      'queue',
      checks.map((c) => c.keyword),
    );
    const queued = await this.inner.queue(checks);
    if (this.dieAfterQueue) {
      this.dieAfterQueue = false;
      throw new Error('killed (test)');
    }
    if (this.loseQueueAnswer) {
      this.loseQueueAnswer = false;
      throw new KeywordDataError('unavailable', 'timed out (test)');
    }
    return queued;
  }
  async ready(): Promise<QueuedCheck[]> {
    this.record('ready', []);
    return this.inner.ready();
  }
  async collect(taskId: string): Promise<Collected> {
    this.record('collect', [taskId]);
    return this.inner.collect(taskId);
  }
}

let kd: KeywordDataEmulator;
let keywords: string[];
beforeAll(async () => {
  kd = await startKeywordDataEmulator();
  // Phrases of public videos' titles: the emulated search has results for them.
  keywords = [
    ...new Set(
      [...kd.emulator.state.corpus.allVideos()]
        .filter((v) => v.privacyStatus === 'public')
        .map((v) =>
          v.title
            .toLowerCase()
            .replace(/[^a-z ]/g, ' ')
            .split(/\s+/)
            .filter((w) => w.length > 3)
            .slice(0, 2)
            .join(' '),
        )
        .filter((k) => k.includes(' ')),
    ),
  ].slice(0, 6);
});
afterAll(() => kd?.close());

describe.each(testBackends())('rank checks (%s)', (backend) => {
  let database: Database;
  let provider: CountingSerpProvider;
  const clock = new TestClock(Date.parse(`${DAY}T06:00:00Z`));
  const service = () => new SerpChecksService({ db: database.db, provider, clock, depth: 50 });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.migrate();
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database.db.delete(serpChecks);
    kd.emulator.keywordData.reset();
    provider = new CountingSerpProvider(
      new DataForSeoSerpAdapter({
        baseUrl: kd.baseUrl,
        ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
        name: 'emulator',
      }),
    );
  });

  /** Runs the day until nothing is waiting (bounded). */
  async function runToEnd(checks: SerpChecksService, day = DAY) {
    for (let i = 0; i < 10; i += 1) {
      await checks.run(day);
      if ((await checks.progress(day)).waiting === 0) return;
    }
    throw new Error('the day never finished');
  }

  it('checks each (keyword, market) once a day, however many channels track it', async () => {
    const checks = service();
    // Three channels: the same keyword in other spellings, and one in a second market.
    const [a, b, c] = keywords;
    expect(
      await checks.plan(DAY, [
        { keyword: a!, market: US_EN },
        { keyword: b!, market: US_EN },
      ]),
    ).toBe(2);
    expect(
      await checks.plan(DAY, [
        { keyword: `  ${a!.toUpperCase()} `, market: US_EN },
        { keyword: c!, market: US_EN },
      ]),
    ).toBe(1);
    expect(await checks.plan(DAY, [{ keyword: a!, market: DE_DE }])).toBe(1);
    expect(await checks.progress(DAY)).toMatchObject({ total: 4, waiting: 4, state: 'updating' });

    await runToEnd(checks);
    expect(await checks.progress(DAY)).toMatchObject({ total: 4, done: 4, state: 'complete' });
    const queuedKeywords = provider.calls
      .filter((x) => x.method === 'queue')
      .flatMap((x) => x.keywords);
    expect(queuedKeywords.sort()).toEqual([a!, a!, b!, c!].sort());
    expect(provider.count('collect')).toBe(4);
    expect(provider.count('check')).toBe(0);

    // Asked again the same day (a run, or a page wanting it now): no provider call.
    const before = provider.calls.length;
    await checks.plan(DAY, [{ keyword: a!, market: US_EN }]);
    const serp = await checks.checkNow({ keyword: a!.toUpperCase(), market: US_EN }, DAY);
    expect(serp.videos.length).toBeGreaterThan(0);
    const paid = (calls: typeof provider.calls) => calls.filter((x) => x.method !== 'ready').length;
    expect(paid(provider.calls)).toBe(paid(provider.calls.slice(0, before)));
    // The stored results are the provider's: positions in order, a channel's rank is its best.
    const top = serp.videos[0]!;
    expect(rankOf(serp, top.channelId)).toEqual({ position: 1, videoId: top.videoId });
    expect(rankOf(serp, 'UC-not-in-the-results')).toBeNull();
  });

  it('shares one on-demand check between concurrent asks, and the next day checks again', async () => {
    const checks = service();
    const key = { keyword: keywords[3]!, market: US_EN };
    const [x, y] = await Promise.all([checks.checkNow(key, DAY), checks.checkNow(key, DAY)]);
    expect(x.videos).toEqual(y.videos);
    expect(provider.count('check')).toBe(1);
    await checks.checkNow(key, DAY);
    expect(provider.count('check')).toBe(1);
    await checks.checkNow(key, '2026-11-21');
    expect(provider.count('check')).toBe(2);
  });

  it('a run killed after the provider took the batch resumes without queueing it again', async () => {
    const killed = service();
    await killed.plan(
      DAY,
      keywords.slice(0, 4).map((keyword) => ({ keyword, market: US_EN })),
    );
    provider.dieAfterQueue = true;
    await expect(killed.run(DAY)).rejects.toThrow('killed (test)');
    // The provider has the four tasks; our rows still say "posting".
    const posting = await database.db.select().from(serpChecks);
    expect(posting.map((r) => r.status)).toEqual(['posting', 'posting', 'posting', 'posting']);
    expect(provider.count('queue')).toBe(1);

    // A new worker (a new service, as after a restart) finishes the day.
    const resumed = service();
    await runToEnd(resumed);
    expect(await resumed.progress(DAY)).toMatchObject({ done: 4, state: 'complete' });
    expect(provider.count('queue')).toBe(1);
    expect(provider.count('collect')).toBe(4);
    expect(
      kd.emulator.keywordData.calls().filter((c) => c.path.endsWith('/task_post')),
    ).toHaveLength(1);
  });

  it('a queue call that timed out after the provider took it is adopted, not paid again', async () => {
    const checks = service();
    await checks.plan(DAY, [
      { keyword: keywords[0]!, market: US_EN },
      { keyword: keywords[1]!, market: US_EN },
    ]);
    provider.loseQueueAnswer = true;
    await checks.run(DAY);
    const rows = await database.db.select().from(serpChecks);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['posting', 0],
      ['posting', 0],
    ]);
    await runToEnd(checks);
    expect(await checks.progress(DAY)).toMatchObject({ done: 2, state: 'complete' });
    expect(
      kd.emulator.keywordData.calls().filter((c) => c.path.endsWith('/task_post')),
    ).toHaveLength(1);
  });

  it('collects a queued check the ready list no longer shows, once its lease is over', async () => {
    const checks = service();
    await checks.plan(DAY, [{ keyword: keywords[0]!, market: US_EN }]);
    // A run queues the check; another process collects the task and dies before storing it,
    // so the task leaves the ready list for good.
    await checks.run(DAY);
    provider.collect = async () => {
      throw new Error('killed (test)');
    };
    await expect(checks.run(DAY)).rejects.toThrow('killed (test)');
    const [row] = await database.db.select().from(serpChecks);
    expect(row!.status).toBe('queued');
    await new DataForSeoSerpAdapter({
      baseUrl: kd.baseUrl,
      ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
      name: 'emulator',
    }).collect(row!.taskId!);
    expect(await provider.ready()).toEqual([]);
    provider.collect = CountingSerpProvider.prototype.collect.bind(provider);

    // Within the lease nothing is asked; after it, the task is fetched by its id.
    await checks.run(DAY);
    expect(provider.count('collect')).toBe(0);
    clock.advance(POSTING_LEASE_MS / 1000 + 1);
    await checks.run(DAY);
    expect(provider.count('collect')).toBe(1);
    expect(await checks.progress(DAY)).toMatchObject({ done: 1, state: 'complete' });
    expect(
      kd.emulator.keywordData.calls().filter((c) => c.path.endsWith('/task_post')),
    ).toHaveLength(1);
  });

  it('a collect that timed out keeps the task: fetched again by its id, never queued twice', async () => {
    const checks = service();
    await checks.plan(DAY, [{ keyword: keywords[0]!, market: US_EN }]);
    await checks.run(DAY); // queued
    const collect = provider.collect.bind(provider);
    provider.collect = async () => {
      throw new KeywordDataError('unavailable', 'collect timed out (test)');
    };
    await checks.run(DAY);
    const [row] = await database.db.select().from(serpChecks);
    expect([row!.status, row!.attempts, row!.taskId]).toEqual(['queued', 0, row!.taskId]);
    expect(row!.taskId).not.toBeNull();
    provider.collect = collect;
    clock.advance(POSTING_LEASE_MS / 1000 + 1);
    await runToEnd(checks);
    expect(await checks.progress(DAY)).toMatchObject({ done: 1, state: 'complete' });
    expect(
      kd.emulator.keywordData.calls().filter((c) => c.path.endsWith('/task_post')),
    ).toHaveLength(1);
  });

  it('keeps no result beyond the depth, whatever the provider answers', async () => {
    const checks = new SerpChecksService({ db: database.db, provider, clock, depth: 3 });
    await checks.plan(DAY, [{ keyword: keywords[0]!, market: US_EN }]);
    await checks.run(DAY);
    const collect = provider.collect.bind(provider);
    provider.collect = async (taskId) => {
      const found = await collect(taskId);
      if (found.state !== 'done') return found;
      // Blocks of results: more than asked for.
      const extra = found.serp.videos.map((v, i) => ({ ...v, position: 10 + i }));
      return { state: 'done', serp: { ...found.serp, videos: [...found.serp.videos, ...extra] } };
    };
    await checks.run(DAY);
    const [row] = await database.db.select().from(serpChecks);
    expect(row!.status).toBe('done');
    expect(row!.videos!.length).toBeLessThanOrEqual(3);
  });

  it('a task the provider lost counts as a failed attempt and is queued again', async () => {
    const checks = service();
    await checks.plan(DAY, [{ keyword: keywords[0]!, market: US_EN }]);
    provider.collect = async (taskId) => {
      provider.calls.push({ method: 'collect', keywords: [taskId] });
      return { state: 'lost' };
    };
    await checks.run(DAY); // queued
    await checks.run(DAY); // collected: lost
    const [row] = await database.db.select().from(serpChecks);
    expect([row!.status, row!.attempts, row!.taskId]).toEqual(['pending', 1, null]);
    provider.collect = CountingSerpProvider.prototype.collect.bind(provider);
    clock.advance(120);
    await runToEnd(checks);
    expect(await checks.progress(DAY)).toMatchObject({ done: 1, state: 'complete' });
  });

  it("spreads the scheduled run over the day's first hours; Check now queues the channel's own at once", async () => {
    const db = database.db;
    const [one, two] = await db
      .insert(channels)
      .values([
        { youtubeId: `UCspread${backend}aaaaaaaaaaaa`.slice(0, 24), name: 'One' },
        { youtubeId: `UCspread${backend}bbbbbbbbbbbb`.slice(0, 24), name: 'Two' },
      ])
      .returning();
    // Twelve checks: six keywords in two markets; channel two tracks two of them.
    await db
      .insert(trackedKeywords)
      .values([
        ...keywords.flatMap((keyword) =>
          ['en-us', 'de-de'].map((language) => ({ channelId: one!.id, keyword, language })),
        ),
        { channelId: two!.id, keyword: keywords[0]!, language: 'en-us' },
        { channelId: two!.id, keyword: keywords[1]!, language: 'en-us' },
      ]);
    const early = new TestClock(Date.parse(`${DAY}T00:05:00Z`));
    const checks = new SerpChecksService({ db, provider, clock: early, depth: 50 });
    const started = async () =>
      (await db.select().from(serpChecks)).filter((r) => r.status !== 'pending').length;
    try {
      await checks.runToday();
      // (5 + 15) minutes of a 6-hour window: 1 of 12.
      expect(await started()).toBe(1);
      // Check now: channel two's two checks at once, nobody else's.
      const ranksOfOne = async () =>
        (await db.select().from(keywordRanks).where(eq(keywordRanks.channelId, one!.id))).length;
      const oneBefore = await ranksOfOne();
      const progress = await checks.runChannel(two!.id);
      expect(progress).toMatchObject({ total: 2, done: 2, state: 'complete' });
      expect(await started()).toBeLessThanOrEqual(3);
      // Only channel two's ranks were written by its Check now.
      expect(await ranksOfOne()).toBe(oneBefore);
      const ranked = await db.select().from(keywordRanks).where(eq(keywordRanks.day, DAY));
      expect(ranked.filter((r) => r.channelId === two!.id)).toHaveLength(2);
      early.advance(3 * 3600); // 03:05: (185 + 15) / 360 of 12 = 7
      await checks.runToday();
      expect(await started()).toBe(7);
      early.advance(3 * 3600); // 06:05: all of them
      await checks.runToday();
      await checks.runToday();
      expect(await checks.progress(DAY)).toMatchObject({ total: 12, done: 12 });
      expect(
        kd.emulator.keywordData
          .calls()
          .filter((c) => c.path.endsWith('/task_post'))
          .flatMap((c) => c.keywords),
      ).toHaveLength(12);
    } finally {
      await db.delete(channels).where(inArray(channels.id, [one!.id, two!.id]));
    }
  });

  it("a day's checks still at the provider at midnight are recorded under their day", async () => {
    const db = database.db;
    const [one] = await db
      .insert(channels)
      .values({ youtubeId: `UCmidnight${backend}aaaaaaaaaa`.slice(0, 24), name: 'Midnight' })
      .returning();
    await db.insert(trackedKeywords).values([
      { channelId: one!.id, keyword: keywords[0]!, language: 'en-us' },
      { channelId: one!.id, keyword: keywords[1]!, language: 'en-us' },
    ]);
    const late = new TestClock(Date.parse(`${DAY}T23:50:00Z`));
    const checks = new SerpChecksService({ db, provider, clock: late, depth: 50 });
    try {
      await checks.planTracked(DAY);
      // One check is queued before midnight; the other (backing off) never starts that day.
      await db
        .update(serpChecks)
        .set({ retryAt: new Date(Date.parse(`${DAY}T23:59:00Z`) + 3600_000) })
        .where(eq(serpChecks.keyword, keywords[1]!));
      await checks.run(DAY);
      provider.collect = async () => ({ state: 'waiting' });
      await checks.run(DAY);
      provider.collect = CountingSerpProvider.prototype.collect.bind(provider);
      late.advance(20 * 60);
      expect(checks.today()).toBe('2026-11-21');
      await checks.runToday();
      const old = await db.select().from(serpChecks).where(eq(serpChecks.day, DAY));
      expect(old.map((r) => r.status).sort()).toEqual(['done', 'failed']);
      const ranks = await db
        .select()
        .from(keywordRanks)
        .where(and(eq(keywordRanks.channelId, one!.id), eq(keywordRanks.day, DAY)));
      expect(ranks).toHaveLength(1);
      // The new day's own checks follow the spread: all done by its sixth hour.
      late.advance(6 * 3600);
      await checks.runToday();
      await checks.runToday();
      expect(await checks.progress('2026-11-21')).toMatchObject({ done: 2, state: 'complete' });
    } finally {
      await db.delete(channels).where(eq(channels.id, one!.id));
    }
  });

  it('queues again a check whose queue call never reached the provider, once the lease is over', async () => {
    const checks = service();
    await checks.plan(DAY, [{ keyword: keywords[0]!, market: US_EN }]);
    // As if a worker marked the row and died before calling the provider.
    await database.db.update(serpChecks).set({ status: 'posting', postedAt: clock.now() });
    await checks.run(DAY);
    expect(provider.count('queue')).toBe(0);
    clock.advance(POSTING_LEASE_MS / 1000 + 1);
    // Counted as a failed attempt, then queued again after the backoff.
    await checks.run(DAY);
    expect(provider.count('queue')).toBe(0);
    clock.advance(120);
    await runToEnd(checks);
    expect(provider.count('queue')).toBe(1);
    expect(await checks.progress(DAY)).toMatchObject({ done: 1, state: 'complete' });
  });

  it('backs off while the provider fails, gives up after the last attempt (partialError)', async () => {
    const checks = service();
    await checks.plan(DAY, [
      { keyword: keywords[0]!, market: US_EN },
      { keyword: keywords[1]!, market: US_EN },
    ]);
    // ready() fails: the run stops before queueing anything.
    provider.failing = true;
    expect(await checks.run(DAY)).toEqual({ queued: 0, adopted: 0, collected: 0, failed: 0 });
    expect((await checks.progress(DAY)).state).toBe('updating');

    // The queue call itself fails: counted, retried only after the backoff.
    provider.failing = false;
    const failingQueue = provider.queue.bind(provider);
    let queueFails = true;
    provider.queue = async (c) => {
      if (queueFails) {
        provider.calls.push({ method: 'queue', keywords: c.map((x) => x.keyword) });
        throw new KeywordDataError('rate-limited', 'queue down (test)');
      }
      return failingQueue(c);
    };
    for (let attempt = 1; attempt < SERP_CHECK_MAX_ATTEMPTS; attempt += 1) {
      await checks.run(DAY);
      const calls = provider.count('queue');
      await checks.run(DAY); // Within the backoff: not tried again.
      expect(provider.count('queue')).toBe(calls);
      clock.advance(3 * 3600);
    }
    const rows = await database.db.select().from(serpChecks);
    expect(
      rows.every((r) => r.attempts === SERP_CHECK_MAX_ATTEMPTS - 1 && r.status === 'pending'),
    ).toBe(true);
    expect(rows[0]!.lastError).toContain('queue down');

    // The last attempt fails too: both checks are given up for the day.
    await checks.run(DAY);
    expect(await checks.progress(DAY)).toMatchObject({ failed: 2, state: 'partialError' });
    queueFails = false;
    await checks.run(DAY);
    expect(provider.count('queue')).toBe(SERP_CHECK_MAX_ATTEMPTS);
  });
  it("plans today's checks from every channel's tracked keywords and runs them to the end", async () => {
    const db = database.db;
    // Channel one owns the video YouTube shows first for the first keyword in the US.
    const [first] = kd.emulator.state.search.search({
      q: keywords[0]!,
      type: 'video',
      order: 'relevance',
      regionCode: 'US',
      relevanceLanguage: 'en',
    });
    const topChannel = kd.emulator.state.corpus.getVideo(first!.id)!.channelId;
    const [one, two] = await db
      .insert(channels)
      .values([
        { youtubeId: topChannel, name: 'One' },
        { youtubeId: `UCplan${backend}bbbbbbbbbbbbb`.slice(0, 24), name: 'Two' },
      ])
      .returning();
    await db.insert(trackedKeywords).values([
      { channelId: one!.id, keyword: keywords[0]!, language: 'en-us' },
      { channelId: one!.id, keyword: keywords[1]!, language: 'en-us' },
      { channelId: two!.id, keyword: keywords[0]!, language: 'en-us' },
      { channelId: two!.id, keyword: keywords[0]!, language: 'de-de' },
    ]);
    try {
      const checks = service();
      // Nothing planned yet: a run makes no provider call.
      await checks.run(checks.today());
      expect(provider.calls).toEqual([]);
      const progress = await checks.runToday();
      expect(progress).toMatchObject({ total: 3, done: 3, state: 'complete' });
      expect(provider.count('queue')).toBe(1);
      expect(provider.count('collect')).toBe(3);
      // Each tracking channel has its rank of the day: the best position of its videos.
      const ranks = await db
        .select()
        .from(keywordRanks)
        .where(inArray(keywordRanks.channelId, [one!.id, two!.id]));
      expect(ranks).toHaveLength(4);
      for (const rank of ranks) {
        const stored = await checks.stored(
          { keyword: rank.keyword, market: marketOf(rank.language) },
          checks.today(),
        );
        const youtubeId = rank.channelId === one!.id ? one!.youtubeId : two!.youtubeId;
        const expected = rankOf(stored!, youtubeId);
        expect([rank.position, rank.videoId]).toEqual([
          expected?.position ?? null,
          expected?.videoId ?? null,
        ]);
      }
      expect(
        ranks.find(
          (r) => r.channelId === one!.id && r.keyword === keywords[0] && r.language === 'en-us',
        ),
      ).toMatchObject({ position: 1, videoId: first!.id });
      // The next scheduled run the same day finds nothing to do and calls nobody.
      const calls = provider.calls.length;
      await checks.runToday();
      expect(provider.calls.length).toBe(calls);
    } finally {
      await db.delete(channels).where(inArray(channels.id, [one!.id, two!.id]));
    }
  });
});
