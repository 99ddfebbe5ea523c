/**
 * Optimization benchmarks (figures, not tests), on a 10,000-video channel synced from the
 * emulator (untimed set-up), on PostgreSQL when DATABASE_URL is set, else PGlite (said so):
 *
 * 1. Scoring: every video scored with the shared rules (OptimizationService.scoreStale: read in
 *    batches, playlist counts, keyword figures of the search terms, one UPDATE per batch), timed
 *    against a baseline of reading the same rows alone. Every video gets a search term (its first
 *    tag) so keyword figures are part of the work; one untimed pass fills the keyword cache first.
 * 2. The list: GET /optimization/channels/:id/videos, a page of 50 sorted by impact with one
 *    filter on (visibility=public), at 32 connections, with its ratio to a bare Fastify route
 *    measured in the same run. Pages are cached per channel version (see
 *    OptimizationService.list), so the load mostly measures hits; the cost of a miss (scoring
 *    check, page query, count) is measured on its own: sequential computations of the same page.
 *    Requests carry a browser's Accept-Encoding (cached pages are stored gzip-compressed too);
 *    one run without it shows the uncompressed figure.
 *    Before both, VACUUM ANALYZE videos: the steady state autovacuum reaches after the set-up's
 *    10,000-row rewrites (without it the planner has no statistics for the fresh table).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { compose, loadConfig } from '@tubewise/api';
// Not part of @tubewise/api's public surface: the same adapter class the product composes,
// and the table the baseline reads.
import { YouTubeAdapter } from '../apps/api/src/modules/video-platform/youtube.adapter.ts';
import { videos } from '../apps/api/src/db/schema/index.ts';
import { listVideos } from '../apps/api/src/modules/optimization/video-list.repository.ts';
import { videoListQuery } from '@tubewise/contract';
import { connectEmulatedChannel, freePort, OWNER, signIn, syncNow } from './channel.ts';
import { measure, report, round, type LoadShape, type Measurement } from './load.ts';
import { freshPostgres, type FreshDatabase } from './postgres.ts';

const VIDEO_COUNT = 10_000;
/** Timed repetitions of the scoring and of its baseline; the median is reported. */
const REPEATS = 3;
/** Sequential computations of one list page without the cache. */
const MISS_RUNS = 200;
const LIST_LOAD: LoadShape = { connections: 32, warmupSeconds: 1, seconds: 5 };
const LIST_TARGET_RATIO = 0.25;
const BENCH_USER = {
  email: 'bench-optimization@tubewise.local',
  password: 'bench-passphrase-4711',
  name: 'Bench Optimization',
};

/** The optimization section of the report. */
export interface OptimizationSection {
  backend: 'pglite' | 'postgres';
  note?: string;
  videos: number;
  scoring: {
    /** Median seconds to score every video. */
    seconds: number;
    /** Median seconds to read the same rows alone. */
    baselineSeconds: number;
    ratio: number;
    videosPerSecond: number;
    runs: number[];
    baselineRuns: number[];
  };
  /** One page computed without the cache: mean and p99 milliseconds. */
  listMiss: { missMs: number; missP99Ms: number };
  list: Measurement[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const since = (fromMs: number): number => (performance.now() - fromMs) / 1000;

/** Runs the optimization benchmarks (PostgreSQL at `adminUrl`, else PGlite). */
export async function benchOptimization(adminUrl?: string): Promise<OptimizationSection> {
  const backend = adminUrl ? 'postgres' : 'pglite';
  const note = adminUrl ? undefined : 'DATABASE_URL is not set: PGlite instead of PostgreSQL';
  console.log(`\n[optimization/${backend}] ${VIDEO_COUNT} videos${note ? ` — ${note}` : ''}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tw-bench-opt-'));
  let fresh: FreshDatabase | undefined;
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
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
    const adapter = new YouTubeAdapter(config.platform);
    const composition = await compose(config, { role: 'all', jobs: false, platform: adapter });
    try {
      const app = composition.app!;
      const emulator = composition.emulator!;
      const record = emulator.control.addChannel({ videoCount: VIDEO_COUNT, owner: OWNER });
      const base = await app.listen({ port, host: '127.0.0.1' });
      const { channelId } = await connectEmulatedChannel(composition, BENCH_USER, record.id);
      let started = performance.now();
      await syncNow(composition, channelId);
      console.log(`  set-up: channel synced in ${since(started).toFixed(1)} s (untimed)`);

      const db = composition.database.db;
      const { optimization } = composition.services;
      await db.execute(
        sql`update videos set search_term = tags->>0 where channel_id = ${channelId} and jsonb_array_length(tags) > 0`,
      );
      const unscore = () =>
        db.update(videos).set({ scoredAt: null }).where(eq(videos.channelId, channelId));
      await unscore();
      started = performance.now();
      const warmed = await optimization.scoreStale(channelId);
      console.log(
        `  warm-up: ${warmed} videos scored, keyword cache filled: ${since(started).toFixed(2)} s (untimed)`,
      );

      const runs: number[] = [];
      const baselineRuns: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        started = performance.now();
        const rows = await db.select().from(videos).where(eq(videos.channelId, channelId));
        baselineRuns.push(since(started));
        if (rows.length !== VIDEO_COUNT) throw new Error(`read ${rows.length} videos`);
        await unscore();
        started = performance.now();
        const scored = await optimization.scoreStale(channelId);
        runs.push(since(started));
        if (scored !== VIDEO_COUNT) throw new Error(`scored ${scored} videos`);
      }
      const [{ n: unscored }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(videos)
        .where(and(eq(videos.channelId, channelId), sql`scored_at is null`))) as [{ n: number }];
      if (unscored !== 0) throw new Error(`${unscored} videos left unscored`);
      const seconds = median(runs);
      const baselineSeconds = median(baselineRuns);
      const scoring = {
        seconds: round(seconds, 3),
        baselineSeconds: round(baselineSeconds, 3),
        ratio: round(seconds / baselineSeconds, 1),
        videosPerSecond: Math.round(VIDEO_COUNT / seconds),
        runs: runs.map((r) => round(r, 3)),
        baselineRuns: baselineRuns.map((r) => round(r, 3)),
      };
      console.log(
        `  scoring ${VIDEO_COUNT} videos: ${scoring.seconds} s (median of ${REPEATS}; ` +
          `${scoring.videosPerSecond} videos/s); reading the rows alone: ` +
          `${scoring.baselineSeconds} s → ${scoring.ratio}× the read`,
      );

      await db.execute(sql`vacuum analyze videos`);
      const filter = videoListQuery.parse({ sort: 'impact', order: 'desc', visibility: 'public' });
      const missRuns: number[] = [];
      for (let i = 0; i < MISS_RUNS; i++) {
        started = performance.now();
        await optimization.scoreStale(channelId);
        await listVideos(db, channelId, filter, new Date());
        missRuns.push(performance.now() - started);
      }
      const missMs = round(missRuns.reduce((a, b) => a + b, 0) / MISS_RUNS, 2);
      const sortedMiss = [...missRuns].sort((a, b) => a - b);
      const missP99Ms = round(sortedMiss[Math.floor(MISS_RUNS * 0.99)]!, 2);
      console.log(
        `  list page computed without the cache (scoring check + page + count): mean ${missMs} ms, p99 ${missP99Ms} ms over ${MISS_RUNS} runs`,
      );

      const cookie = await signIn(base, BENCH_USER);
      const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
      const listPath = `/optimization/channels/${channelId}/videos`;
      const check = await fetch(`${base}${listPath}?sort=impact&order=desc&visibility=public`, {
        headers: { cookie },
      });
      const page = (await check.json()) as { items: unknown[]; total: number };
      if (check.status !== 200 || page.items.length !== 50)
        throw new Error(`the list answered ${check.status} with ${page.items?.length} items`);
      console.log(
        `  list (${LIST_LOAD.connections} connections, ${LIST_LOAD.seconds} s; ${page.total} public videos)`,
      );
      const bareRun = await measure('bare Fastify route', bareBase, LIST_LOAD, {
        method: 'GET',
        path: '/bare',
      });
      report(bareRun);
      const list: Measurement[] = [bareRun];
      // Browsers always send Accept-Encoding; the list answers cached pages gzip-compressed.
      const browser = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };
      const variants: [string, string, Record<string, string>][] = [
        ['list: impact desc, public', '?sort=impact&order=desc&visibility=public', browser],
        [
          'list: impact desc, public, page 40',
          '?sort=impact&order=desc&visibility=public&page=40',
          browser,
        ],
        ['list: level asc, title search', '?sort=level&order=asc&q=tutorial', browser],
        [
          'list: impact desc, public, no gzip',
          '?sort=impact&order=desc&visibility=public',
          { cookie },
        ],
      ];
      for (const [name, query, headers] of variants) {
        const m = await measure(name, base, LIST_LOAD, {
          method: 'GET',
          path: `${listPath}${query}`,
          headers,
        });
        report(m, bareRun, LIST_TARGET_RATIO);
        list.push(m);
      }
      return { backend, note, videos: VIDEO_COUNT, scoring, listMiss: { missMs, missP99Ms }, list };
    } finally {
      await composition.close();
    }
  } finally {
    await bare.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node bench/optimization.ts` runs this section alone.
if (import.meta.main) await benchOptimization(process.env.DATABASE_URL || undefined);
