/**
 * Keyword-rankings benchmarks (figures, not tests), on PostgreSQL when DATABASE_URL is set, else
 * PGlite (said so):
 *
 * 1. The daily run: 10,000 tracked keywords across 1,000 channels (10 each, 3 of them from a
 *    shared pool tracked by 10 channels: 30% overlap; one channel in five tracks in en-gb, the
 *    rest in en-us), checked through the real store (SerpChecksService: plan, queue at the
 *    emulator's DataForSEO-format SERP API over loopback, collect, record ranks). Reported: the
 *    tasks posted at the emulator (each a paid check) against the distinct (keyword, locale)
 *    pairs, and the wall time against a baseline measured in the same run: the same checks
 *    through the same adapter and emulator with no database (queue, ready list, collect). The
 *    emulator (a small corpus of 28 channels) runs in this process. On PostgreSQL, the same day
 *    again with two worker processes (this file with RANKINGS_BENCH_WORKER set, each its own
 *    connection pool and store) running run(day) at once: posted tasks against distinct keys.
 * 2. The rankings page of a channel with 250 keywords and 365 days of history (rank rows, and
 *    the last 90 days' stored results, inserted directly: set-up), through the real app over
 *    HTTP at 32 connections: GET /api/rankings/channels/:id/rankings and
 *    GET /api/rankings/channels/:id/movement?days=90, p50/p99 and req/s, with the ratio to a
 *    bare Fastify route measured in the same run (target ≥ 0.25 and p99 ≤ 50 ms: reported).
 * 3. History size: keyword_ranks holding 1,000 keywords × 365 days (4 channels × 250), its size
 *    on disk with indexes (pg_total_relation_size) and bytes per row.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { compose, loadConfig, openDatabase, type Db } from '@tubewise/api';
import { createEmulator, EMULATOR_KEYWORD_DATA_CREDENTIALS } from '@tubewise/emulator';
// Not part of @tubewise/api's public surface: the store and adapter the product composes, and
// the tables the set-up writes.
import {
  DataForSeoSerpAdapter,
  SerpChecksService,
  type SerpProvider,
} from '../apps/api/src/modules/rankings/index.ts';
import { marketOf } from '../apps/api/src/modules/keywords/index.ts';
import { channels, trackedKeywords } from '../apps/api/src/db/schema/index.ts';
import { rowsOf } from '../apps/api/src/db/rows.ts';
import { connectEmulatedChannel, freePort, OWNER, signIn, syncNow } from './channel.ts';
import { measure, report, round, type LoadShape, type Measurement } from './load.ts';
import { freshPostgres, type FreshDatabase } from './postgres.ts';

/** RANKINGS_BENCH_CHANNELS=<n> runs the daily part smaller (a quick try; the report says so). */
const CHANNELS = Number(process.env.RANKINGS_BENCH_CHANNELS) || 1_000;
const KEYWORDS_PER_CHANNEL = 10;
/** Of each channel's keywords, this many come from the pool every 10 channels share (30%). */
const SHARED_PER_CHANNEL = 3;
const SHARED_POOL = (CHANNELS * SHARED_PER_CHANNEL) / 10;
const DEPTH = 50;
const PAGE_KEYWORDS = 250;
const PAGE_HISTORY_DAYS = 365;
/** Days whose stored results the movement view's top-20 share reads. */
const PAGE_SERP_DAYS = 90;
const SIZE_CHANNELS = 4;
const PAGE_LOAD: LoadShape = { connections: 32, warmupSeconds: 1, seconds: 5 };
const PAGE_TARGET_RATIO = 0.25;
const PAGE_TARGET_P99_MS = 50;
const WORKERS = 2;
const DAY_MS = 86_400_000;
const BENCH_USER = {
  email: 'bench-rankings@tubewise.local',
  password: 'bench-passphrase-4711',
  name: 'Bench Rankings',
};
const here = fileURLToPath(import.meta.url);

/** One daily run's figures. */
export interface DailyRun {
  workers: number;
  seconds: number;
  /** Tasks posted at the provider (each a paid check). */
  postedTasks: number;
  /** Distinct (keyword, location, language) among them. */
  postedKeys: number;
  /** Collect calls (task_get: free at the provider), all workers together. */
  collectCalls: number;
  done: number;
  failed: number;
  ranksRecorded: number;
}

/** The rankings section of the report. */
export interface RankingsSection {
  backend: 'pglite' | 'postgres';
  note?: string;
  daily: {
    trackedKeywords: number;
    channels: number;
    distinctKeys: number;
    /** The same checks through the adapter and emulator alone (no database). */
    baselineSeconds: number;
    runs: DailyRun[];
  };
  page: Measurement[];
  history: {
    rows: number;
    totalBytes: number;
    heapBytes: number;
    indexBytes: number;
    bytesPerRow: number;
  };
}

const since = (fromMs: number): number => (performance.now() - fromMs) / 1000;
const dayOffset = (days: number): string =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** A clock stopped at 06:00 UTC of a day. */
const clockOn = (day: string) => ({ now: () => new Date(`${day}T06:00:00Z`) });

/** Counts what reaches the provider (collect calls; the emulator counts the posted tasks). */
class CountingProvider implements SerpProvider {
  collects = 0;
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
  check: SerpProvider['check'] = (query) => this.inner.check(query);
  queue: SerpProvider['queue'] = (checks) => this.inner.queue(checks);
  ready: SerpProvider['ready'] = () => this.inner.ready();
  collect: SerpProvider['collect'] = (taskId) => {
    this.collects += 1;
    return this.inner.collect(taskId);
  };
}

/** Runs a day's checks until none waits (bounded); the provider's queue may answer later. */
async function runUntilDone(store: SerpChecksService, day: string): Promise<void> {
  for (let step = 0; step < 2_000; step += 1) {
    const counts = await store.run(day);
    if ((await store.progress(day)).waiting === 0) return;
    // Another worker holds the rest: wait a little instead of spinning.
    if (counts.queued + counts.collected + counts.adopted === 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the checks of ${day} never finished`);
}

/** Worker mode: one store on its own connections runs a day, then prints its counts. */
async function worker(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL!;
  const day = process.env.BENCH_DAY!;
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  try {
    const provider = new CountingProvider(
      new DataForSeoSerpAdapter({
        baseUrl: process.env.BENCH_SERP_URL!,
        ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
        name: 'emulator',
      }),
    );
    const store = new SerpChecksService({
      db: database.db,
      provider,
      clock: clockOn(day),
      depth: DEPTH,
    });
    await runUntilDone(store, day);
    process.stdout.write(`${JSON.stringify({ collects: provider.collects })}\n`);
  } finally {
    await database.close();
  }
}

/** Starts one worker process and resolves with its collect count. */
function startWorker(env: Record<string, string>): Promise<{ collects: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [here], {
      env: { ...process.env, ...env, RANKINGS_BENCH_WORKER: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`a rankings worker exited with ${code}`));
      const last = out.trim().split('\n').at(-1) ?? '{}';
      resolve(JSON.parse(last) as { collects: number });
    });
  });
}

/**
 * Distinct search phrases from the emulator's corpus: its videos' tags, then the same with a
 * modifier, as many as asked (deterministic).
 */
function phrases(tags: string[], count: number): string[] {
  const modifiers = ['', 'tips', 'for beginners', 'ideas', 'review', 'guide', '2026', 'at home'];
  const out: string[] = [];
  for (const modifier of modifiers) {
    for (const tag of tags) {
      if (out.length === count) return out;
      out.push(modifier ? `${tag} ${modifier}` : tag);
    }
  }
  for (let i = 0; out.length < count; i += 1) out.push(`${tags[i % tags.length]} part ${i}`);
  return out;
}

/** Inserts the 1,000 channels and their 10,000 tracked keywords (set-up, untimed). */
async function setUpTracked(db: Db, tags: string[]): Promise<string[]> {
  const unique = CHANNELS * (KEYWORDS_PER_CHANNEL - SHARED_PER_CHANNEL);
  const words = phrases(tags, unique + SHARED_POOL);
  const pool = words.slice(unique);
  const channelIds: string[] = [];
  for (let i = 0; i < CHANNELS; i += 500) {
    const rows = await db
      .insert(channels)
      .values(
        Array.from({ length: Math.min(500, CHANNELS - i) }, (_, j) => ({
          youtubeId: `UCbenchrank${String(i + j).padStart(12, '0')}`,
          name: `Bench rankings ${i + j}`,
        })),
      )
      .returning({ id: channels.id });
    channelIds.push(...rows.map((r) => r.id));
  }
  const tracked = channelIds.flatMap((channelId, i) => {
    const language = i % 5 === 0 ? 'en-gb' : 'en-us';
    const own = words.slice(
      i * (KEYWORDS_PER_CHANNEL - SHARED_PER_CHANNEL),
      (i + 1) * (KEYWORDS_PER_CHANNEL - SHARED_PER_CHANNEL),
    );
    const shared = Array.from(
      { length: SHARED_PER_CHANNEL },
      (_, j) => pool[(i * SHARED_PER_CHANNEL + j) % SHARED_POOL]!,
    );
    return [...own, ...shared].map((keyword) => ({ channelId, keyword, language }));
  });
  for (let i = 0; i < tracked.length; i += 1000)
    await db.insert(trackedKeywords).values(tracked.slice(i, i + 1000));
  return channelIds;
}

/** The same checks through the adapter and emulator alone: queue, ready list, collect. */
async function providerBaseline(
  provider: SerpProvider,
  keys: { keyword: string; language: string }[],
): Promise<number> {
  const started = performance.now();
  const checks = keys.map((k, i) => ({
    keyword: k.keyword,
    market: marketOf(k.language),
    depth: DEPTH,
    tag: `baseline-${i}`,
  }));
  for (let i = 0; i < checks.length; i += provider.maxChecksPerQueue)
    await provider.queue(checks.slice(i, i + provider.maxChecksPerQueue));
  let collected = 0;
  while (collected < checks.length) {
    const ready = await provider.ready();
    if (ready.length === 0) throw new Error('the provider lost baseline tasks');
    for (const task of ready) {
      await provider.collect(task.taskId);
      collected += 1;
    }
  }
  return since(started);
}

/** Rows of a count query. */
async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);
}

/** Inserts a channel's 250 keywords, figures, 365 days of ranks and 90 days of results. */
async function setUpPage(db: Db, channelId: string, youtubeId: string): Promise<void> {
  const own = rowsOf<{ youtube_id: string }>(
    await db.execute(
      sql`SELECT youtube_id FROM videos WHERE channel_id = ${channelId} ORDER BY youtube_id`,
    ),
  ).map((r) => r.youtube_id);
  const keywords = Array.from({ length: PAGE_KEYWORDS }, (_, i) => `page keyword ${i} recipe`);
  await db
    .insert(trackedKeywords)
    .values(keywords.map((keyword) => ({ channelId, keyword, language: 'en-us' })));
  await db.execute(sql`
    INSERT INTO keyword_metrics (keyword, location_code, language_code, volume, competition, cpc,
      source, fetched_at)
    SELECT keyword, 2840, 'en', 100 + (hashtext(keyword) & 65535), 0.4, 0.5, 'bench', now()
    FROM tracked_keywords WHERE channel_id = ${channelId}
    ON CONFLICT DO NOTHING`);
  // One rank a day ending yesterday: a slow walk per keyword, a fifth of the days unranked.
  await db.execute(sql`
    INSERT INTO keyword_ranks (channel_id, keyword, language, day, position, video_id)
    SELECT ${channelId}::uuid, t.keyword, t.language, (current_date - d)::date,
      CASE WHEN (hashtext(t.keyword || d::text) & 7) < 2 THEN NULL
        ELSE (1 + ((hashtext(t.keyword) & 31) + d / 9) % ${DEPTH})::smallint END,
      CASE WHEN (hashtext(t.keyword || d::text) & 7) < 2 THEN NULL
        ELSE (${JSON.stringify(own)}::jsonb)->>(abs(hashtext(t.keyword)) % ${own.length}) END
    FROM tracked_keywords t, generate_series(1, ${PAGE_HISTORY_DAYS}) AS d
    WHERE t.channel_id = ${channelId}`);
  // The stored results of the last 90 days: 50 videos each, the channel's own at its rank.
  await db.execute(sql`
    INSERT INTO serp_checks (keyword, location_code, language_code, day, depth, status, videos,
      total_results, checked_at, source)
    SELECT r.keyword, 2840, 'en', r.day, ${DEPTH}, 'done',
      (SELECT jsonb_agg(CASE WHEN n = r.position THEN
          jsonb_build_array(r.video_id, ${youtubeId}::text, 'Own video ' || r.keyword,
            'Bench channel', 1000, '2025-01-01T00:00:00Z')
        ELSE jsonb_build_array(substr(md5(r.keyword || n), 1, 11),
            'UC' || substr(md5(n::text), 1, 22), 'Another video about ' || r.keyword,
            'Other channel ' || (n % 17), 100 * n, '2024-06-01T00:00:00Z') END ORDER BY n)
       FROM generate_series(1, ${DEPTH}) AS n),
      1000, r.day::timestamptz + interval '6 hours', 'bench'
    FROM keyword_ranks r
    WHERE r.channel_id = ${channelId} AND r.day > current_date - ${PAGE_SERP_DAYS + 1}::int
    ON CONFLICT DO NOTHING`);
}

/** Runs the rankings benchmarks (PostgreSQL at `adminUrl`, else PGlite). */
export async function benchRankings(adminUrl?: string): Promise<RankingsSection> {
  const backend = adminUrl ? 'postgres' : 'pglite';
  const note = adminUrl ? undefined : 'DATABASE_URL is not set: PGlite instead of PostgreSQL';
  console.log(
    `\n[rankings/${backend}] ${CHANNELS * KEYWORDS_PER_CHANNEL} tracked keywords across ` +
      `${CHANNELS} channels${note ? ` — ${note}` : ''}`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tw-bench-rank-'));
  let fresh: FreshDatabase | undefined;
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  // The provider: the emulator's SERP API on its own loopback server (a small corpus).
  const emulator = createEmulator({ otherChannels: 20 });
  const serpServer = Fastify({ logger: false });
  await serpServer.register(emulator.plugin, { prefix: '/emulator' });
  await serpServer.listen({ port: 0, host: '127.0.0.1' });
  const serpUrl = `http://127.0.0.1:${(serpServer.server.address() as AddressInfo).port}/emulator`;
  try {
    if (adminUrl) fresh = await freshPostgres(adminUrl);
    const port = await freePort();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: fresh?.url ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    });
    const composition = await compose(config, {
      role: 'all',
      jobs: false,
      logger: pino({ level: 'warn' }),
    });
    try {
      const db = composition.database.db;
      const corpus = emulator.state.corpus;
      corpus.ensureAll();
      const tags = [
        ...new Set(
          [...corpus.allVideos()]
            .filter((v) => v.privacyStatus === 'public')
            .flatMap((v) => v.tags.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N} ]/gu, ' ')))
            .map((t) => t.replace(/\s+/g, ' ').trim())
            .filter((t) => t.length > 2 && t.split(' ').length <= 4),
        ),
      ].sort();
      let started = performance.now();
      const channelIds = await setUpTracked(db, tags);
      const tracked = await count(db, sql`SELECT count(*) AS n FROM tracked_keywords`);
      const keys = rowsOf<{ keyword: string; language: string }>(
        await db.execute(sql`SELECT DISTINCT keyword, language FROM tracked_keywords`),
      );
      console.log(
        `  set-up: ${tracked} tracked keywords, ${keys.length} distinct (keyword, locale), ` +
          `${since(started).toFixed(1)} s (untimed)`,
      );
      const adapter = () =>
        new CountingProvider(
          new DataForSeoSerpAdapter({
            baseUrl: serpUrl,
            ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
            name: 'emulator',
          }),
        );

      // Warm-up (untimed): the search index and the JIT, on a few checks.
      await providerBaseline(adapter(), keys.slice(0, 200));
      emulator.keywordData.reset();
      const baselineSeconds = await providerBaseline(adapter(), keys);
      emulator.keywordData.reset();
      console.log(
        `  baseline: the ${keys.length} checks through the adapter and emulator alone ` +
          `(queue, ready, collect; no database): ${baselineSeconds.toFixed(1)} s`,
      );

      const posted = () => {
        const tasks = [...emulator.keywordData.serpTasks.values()];
        const keysOf = new Set(
          tasks.map(
            (t) => `${t.data.keyword}\u0000${t.data.location_code}\u0000${t.data.language_code}`,
          ),
        );
        return { postedTasks: tasks.length, postedKeys: keysOf.size };
      };
      const ranksOf = (day: string) =>
        count(db, sql`SELECT count(*) AS n FROM keyword_ranks WHERE day = ${day}::date`);
      const runs: DailyRun[] = [];

      // One process: plan the tracked keywords, run the day to its end, record the ranks.
      const day1 = dayOffset(-(PAGE_HISTORY_DAYS + 10));
      const provider = adapter();
      const store = new SerpChecksService({ db, provider, clock: clockOn(day1), depth: DEPTH });
      started = performance.now();
      await store.planTracked(day1);
      await runUntilDone(store, day1);
      await store.recordRanks(day1);
      const oneSeconds = since(started);
      const oneProgress = await store.progress(day1);
      runs.push({
        workers: 1,
        seconds: round(oneSeconds, 1),
        ...posted(),
        collectCalls: provider.collects,
        done: oneProgress.done,
        failed: oneProgress.failed,
        ranksRecorded: await ranksOf(day1),
      });
      emulator.keywordData.reset();

      if (fresh) {
        // Two worker processes, each its own connections and store, on the next day.
        const day2 = dayOffset(-(PAGE_HISTORY_DAYS + 9));
        const planner = new SerpChecksService({ db, provider, clock: clockOn(day2), depth: DEPTH });
        started = performance.now();
        await planner.planTracked(day2);
        const results = await Promise.all(
          Array.from({ length: WORKERS }, () =>
            startWorker({
              BENCH_DATABASE_URL: fresh!.url,
              BENCH_SERP_URL: serpUrl,
              BENCH_DAY: day2,
            }),
          ),
        );
        await planner.recordRanks(day2);
        const twoSeconds = since(started);
        const twoProgress = await planner.progress(day2);
        runs.push({
          workers: WORKERS,
          seconds: round(twoSeconds, 1),
          ...posted(),
          collectCalls: results.reduce((n, r) => n + r.collects, 0),
          done: twoProgress.done,
          failed: twoProgress.failed,
          ranksRecorded: await ranksOf(day2),
        });
        emulator.keywordData.reset();
      } else {
        console.log('  two worker processes: skipped (PGlite is one process)');
      }
      for (const r of runs) {
        const doubles = r.postedTasks - r.postedKeys;
        console.log(
          `  daily run, ${r.workers} worker${r.workers > 1 ? ' processes' : ' (this process)'}: ` +
            `${r.seconds} s (${round(r.seconds / baselineSeconds, 2)}× the provider alone); ` +
            `posted ${r.postedTasks} tasks for ${r.postedKeys} keys of ${keys.length} distinct ` +
            `(${r.postedTasks === keys.length && doubles === 0 ? 'one check per key' : `${doubles} DOUBLE checks`}); ` +
            `${r.done} done, ${r.failed} failed, ${r.ranksRecorded} ranks recorded, ` +
            `${r.collectCalls} collect calls`,
        );
      }

      // ---- The rankings page. ----
      const app = composition.app!;
      const record = composition.emulator!.control.addChannel({ videoCount: 300, owner: OWNER });
      const base = await app.listen({ port, host: '127.0.0.1' });
      const { channelId } = await connectEmulatedChannel(composition, BENCH_USER, record.id);
      await syncNow(composition, channelId);
      started = performance.now();
      await setUpPage(db, channelId, record.id);
      await db.execute(sql`VACUUM ANALYZE keyword_ranks`);
      await db.execute(sql`VACUUM ANALYZE serp_checks`);
      await db.execute(sql`VACUUM ANALYZE tracked_keywords`);
      console.log(
        `  set-up: a channel with ${PAGE_KEYWORDS} keywords, ${PAGE_HISTORY_DAYS} days of ranks ` +
          `and ${PAGE_SERP_DAYS} days of stored results: ${since(started).toFixed(1)} s (untimed)`,
      );
      const cookie = await signIn(base, BENCH_USER);
      const pagePath = `/api/rankings/channels/${channelId}/rankings`;
      const movementPath = `/api/rankings/channels/${channelId}/movement?days=90`;
      for (const p of [pagePath, movementPath]) {
        const res = await fetch(`${base}${p}`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
      }
      const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
      console.log(`  rankings page (${PAGE_LOAD.connections} connections, ${PAGE_LOAD.seconds} s)`);
      const bareRun = await measure('bare Fastify route', bareBase, PAGE_LOAD, {
        method: 'GET',
        path: '/bare',
      });
      report(bareRun);
      const page: Measurement[] = [bareRun];
      const headers = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };
      for (const [name, p] of [
        ['rankings (250 keywords, 365 days)', pagePath],
        ['movement?days=90', movementPath],
      ] as const) {
        const m = await measure(name, base, PAGE_LOAD, { method: 'GET', path: p, headers });
        report(m, bareRun, PAGE_TARGET_RATIO);
        console.log(
          `    p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms (target ≤ ${PAGE_TARGET_P99_MS} ms: ` +
            `${m.p99Ms <= PAGE_TARGET_P99_MS ? 'met' : 'NOT met'})`,
        );
        page.push(m);
      }

      // ---- History size: 1,000 keywords × 365 days. ----
      await db.execute(sql`TRUNCATE keyword_ranks`);
      const sizeChannels = channelIds.slice(0, SIZE_CHANNELS);
      await db.execute(sql`
        INSERT INTO keyword_ranks (channel_id, keyword, language, day, position, video_id)
        SELECT c.id, 'history keyword ' || k || ' ' || substr(md5(k::text), 1, 8), 'en-us',
          (current_date - d)::date,
          CASE WHEN (hashtext(k::text || d::text) & 7) < 2 THEN NULL ELSE (1 + (k + d / 9) % 50)::smallint END,
          CASE WHEN (hashtext(k::text || d::text) & 7) < 2 THEN NULL ELSE substr(md5(k::text), 1, 11) END
        FROM unnest(${`{${sizeChannels.join(',')}}`}::uuid[]) AS c(id),
          generate_series(1, ${1000 / SIZE_CHANNELS}) AS k,
          generate_series(1, 365) AS d`);
      await db.execute(sql`VACUUM ANALYZE keyword_ranks`);
      const sizes = rowsOf<{ total: string; heap: string; indexes: string; n: string }>(
        await db.execute(sql`
          SELECT pg_total_relation_size('keyword_ranks') AS total,
            pg_relation_size('keyword_ranks') AS heap,
            pg_indexes_size('keyword_ranks') AS indexes,
            (SELECT count(*) FROM keyword_ranks) AS n`),
      )[0]!;
      const rows = Number(sizes.n);
      const history = {
        rows,
        totalBytes: Number(sizes.total),
        heapBytes: Number(sizes.heap),
        indexBytes: Number(sizes.indexes),
        bytesPerRow: round(Number(sizes.total) / rows, 1),
      };
      const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
      console.log(
        `  history: keyword_ranks with ${rows} rows (1,000 keywords × 365 days): ` +
          `${mb(history.totalBytes)} on disk (heap ${mb(history.heapBytes)}, indexes ` +
          `${mb(history.indexBytes)}) → ${history.bytesPerRow} bytes per row`,
      );
      return {
        backend,
        note,
        daily: {
          trackedKeywords: tracked,
          channels: CHANNELS,
          distinctKeys: keys.length,
          baselineSeconds: round(baselineSeconds, 1),
          runs,
        },
        page,
        history,
      };
    } finally {
      await composition.close();
    }
  } finally {
    await bare.close();
    await serpServer.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node bench/rankings.ts` runs this section alone; RANKINGS_BENCH_WORKER makes it a worker.
if (import.meta.main) {
  if (process.env.RANKINGS_BENCH_WORKER) await worker();
  else await benchRankings(process.env.DATABASE_URL || undefined);
}
