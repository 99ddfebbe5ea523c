/**
 * Benchmarks (figures, not tests): autocannon against a bare Fastify route and the real app in
 * the same run, then the ratios of the real routes to the bare one. Run with `npm run bench`.
 *
 * Sections: embedded PGlite (always), PostgreSQL (when DATABASE_URL is set), the sync of a
 * 10,000-video emulated channel (bench/sync.ts; PostgreSQL when DATABASE_URL is set, else PGlite),
 * the optimization list and scoring on a 10,000-video channel (bench/optimization.ts), keyword
 * rankings (bench/rankings.ts: the daily run of 10,000 tracked keywords, the rankings page, the
 * history's size), and the
 * Lighthouse desktop performance of /login and /optimization (bench/lighthouse.ts), and the
 * web bundle report written by the web build. Results also go to bench/results/<timestamp>.json.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { compose, loadConfig, openDatabase } from '@tubewise/api';
import { load, measure, report, toMeasurement, type Measurement } from './load.ts';
import { signIn } from './channel.ts';
import { freshPostgres } from './postgres.ts';
import { benchOptimization } from './optimization.ts';
import { benchRankings } from './rankings.ts';
import { benchSync, type SyncSection } from './sync.ts';
import { measureWire, reportWire, type WireFigures } from './wire.ts';
import { benchLighthouse, reportLighthouse } from './lighthouse.ts';

type DatabaseTarget = Parameters<typeof openDatabase>[0];

const here = path.dirname(fileURLToPath(import.meta.url));

/** Load settings: bounded in time and connections. */
const LOAD = {
  connections: 10,
  warmupSeconds: 1,
  seconds: 5,
  /** Upper bound on requests in one fixed-amount event run. */
  maxEventRequests: 200_000,
} as const;

const BENCH_USER = { email: 'bench@tubewise.local', password: 'bench-passphrase-4711' };
const TARGET_RATIO = 0.5;

/** The event-ingestion check: what the clients were told versus what the database holds. */
interface EventLoss {
  acknowledged: number;
  stored: number;
  zeroLost: boolean;
}

/** One database section of the report. */
interface Section {
  backend: 'pglite' | 'postgres';
  measurements: Measurement[];
  events: EventLoss;
  /** Bytes on the wire for the first load of /login and /optimization (PGlite section only). */
  wire?: WireFigures[];
}

/** Starts the baseline: a bare Fastify app with one trivial JSON route. */
async function startBare(): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: address };
}

/** Counts rows in usage_events on a freshly opened handle (the app's own one is closed). */
async function countEvents(target: DatabaseTarget): Promise<number> {
  const database = await openDatabase(target);
  try {
    const result = await database.db.execute(sql`select count(*)::int as n from usage_events`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      n: number | string;
    }[];
    return Number(rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

/** Benchmarks the real app on one database backend against the bare baseline. */
async function benchSection(
  backend: 'pglite' | 'postgres',
  bareBase: string,
  postgresUrl?: string,
): Promise<Section> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tw-bench-'));
  const target: DatabaseTarget =
    backend === 'postgres'
      ? { kind: 'postgres', url: postgresUrl! }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') };
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: backend === 'postgres' ? postgresUrl : '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    });
    const composition = await compose(config, { role: 'all' });
    let closed = false;
    try {
      const app = composition.app!;
      await composition.services.users.ensureUser({ ...BENCH_USER, name: 'Bench User' });
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await signIn(base, BENCH_USER);

      console.log(`\n[${backend}] measuring (${LOAD.connections} connections, ${LOAD.seconds} s)`);
      const bare = await measure('bare Fastify route', bareBase, LOAD, {
        method: 'GET',
        path: '/bare',
      });
      report(bare);
      // Informational: the real app's HTTP stack (hooks, helmet, request ids) without the database.
      const health = await measure('GET /healthz (no database)', base, LOAD, {
        method: 'GET',
        path: '/healthz',
      });
      report(health, bare);
      const me = await measure('GET /api/users/me (signed in)', base, LOAD, {
        method: 'GET',
        path: '/api/users/me',
        headers: { cookie },
      });
      report(me, bare, TARGET_RATIO);

      // What a browser downloads, measured once: it does not depend on the database.
      const bundle = backend === 'pglite' ? readBundleReport() : null;
      const wire = bundle
        ? await measureWire(base, { ...bundle, budgets: WIRE_BUDGETS }, WIRE_PAGES)
        : undefined;
      if (wire) reportWire(wire);

      // Events run by request count, not by time: a timed run ends with requests in flight
      // whose events are stored but never acknowledged. The warm-up (a fixed count too) sizes
      // the measured run to about LOAD.seconds.
      const eventOptions = {
        method: 'POST' as const,
        path: '/api/users/event',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          anonymousId: 'bench-anonymous-id',
          data: { event: 'bench_event', payload: { channelId: 'bench-channel', n: 1 } },
        }),
      };
      const eventUrl = `${base}${eventOptions.path}`;
      const eventLoad = { ...eventOptions, url: eventUrl, connections: LOAD.connections };
      const warmup = await load({ ...eventLoad, amount: 2000 });
      const warmupRate = warmup['2xx'] / Math.max(0.001, warmup.duration);
      const amount = Math.min(
        LOAD.maxEventRequests,
        Math.max(1000, Math.round(warmupRate * LOAD.seconds)),
      );
      const eventRun = await load({ ...eventLoad, amount });
      const event = toMeasurement(
        'POST /api/users/event',
        { ...eventOptions, connections: LOAD.connections },
        eventRun,
      );
      report(event, bare, TARGET_RATIO);

      const acknowledged = warmup['2xx'] + eventRun['2xx'];
      const failed = [warmup, eventRun].reduce((n, r) => n + r.errors + r.non2xx, 0);
      // Closing the composition flushes the events still buffered.
      await composition.close();
      closed = true;
      const stored = await countEvents(target);
      const events: EventLoss = { acknowledged, stored, zeroLost: stored === acknowledged };
      console.log(
        `  events: acknowledged ${acknowledged} (2xx), stored ${stored} → ` +
          (events.zeroLost
            ? 'zero lost'
            : stored < acknowledged
              ? `${acknowledged - stored} LOST`
              : `${stored - acknowledged} stored without an acknowledgement (${failed} requests failed)`),
      );
      return {
        backend,
        measurements: [bare, health, me, event],
        events,
        ...(wire ? { wire } : {}),
      };
    } finally {
      if (!closed) await composition.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The pages whose first load the bench measures on the wire. */
const WIRE_PAGES = ['/login', '/optimization'] as const;
/** What each may weigh on the wire: a signed-out page 150 KB, a signed-in page 250 KB. */
const WIRE_BUDGETS: Record<(typeof WIRE_PAGES)[number], number> = {
  '/login': 150 * 1024,
  '/optimization': 250 * 1024,
};

/** The web build's bundle report (apps/web/dist/bundle-report.json), or null before a build. */
interface BundleReport {
  generatedAt?: string;
  budgets?: Record<string, number>;
  routes?: { path: string; files: string[]; gzipBytes: number }[];
}

/** Reads the bundle report the web build wrote, if any. */
function readBundleReport(): BundleReport | null {
  const file = path.resolve(here, '../apps/web/dist/bundle-report.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BundleReport) : null;
}

/** The per-route initial JS report the web build wrote, if any (read, not recomputed). */
function bundleReport(): unknown {
  const data = readBundleReport();
  if (!data) {
    console.log('\nWeb bundle report: apps/web/dist/bundle-report.json not found (build the web)');
    return null;
  }
  console.log(`\nWeb bundle report (initial JS per route, gzip; built ${data.generatedAt ?? '?'})`);
  for (const r of data.routes ?? []) {
    const budget = data.budgets?.[r.path];
    const verdict =
      budget === undefined
        ? ''
        : `  budget ${(budget / 1024).toFixed(0)} KB: ${r.gzipBytes <= budget ? 'within' : 'OVER'}`;
    console.log(
      `  ${r.path.padEnd(28)} ${(r.gzipBytes / 1024).toFixed(1).padStart(8)} KB${verdict}`,
    );
  }
  return data;
}

/** Runs every section and writes bench/results/<timestamp>.json. */
async function main(): Promise<void> {
  const startedAt = new Date();
  console.log(
    `Tubewise benchmarks — Node ${process.version}, ${LOAD.connections} connections, ` +
      `${LOAD.warmupSeconds} s warm-up + ${LOAD.seconds} s per endpoint`,
  );
  const bare = await startBare();
  const sections: Section[] = [];
  try {
    sections.push(await benchSection('pglite', bare.base));
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      const fresh = await freshPostgres(adminUrl);
      try {
        sections.push(await benchSection('postgres', bare.base, fresh.url));
      } finally {
        await fresh.drop();
      }
    } else {
      console.log('\n[postgres] skipped (DATABASE_URL is not set)');
    }
  } finally {
    await bare.app.close();
  }
  // The sync runs on PostgreSQL when DATABASE_URL is set, otherwise on PGlite (said so).
  const sync: SyncSection = await benchSync(process.env.DATABASE_URL || undefined);
  // Like the sync: PostgreSQL when DATABASE_URL is set, otherwise PGlite (said so).
  const optimization = await benchOptimization(process.env.DATABASE_URL || undefined);
  // Keyword rankings (bench/rankings.ts): the daily run, the rankings page, the history's size.
  const rankings = await benchRankings(process.env.DATABASE_URL || undefined);
  // Last: a browser on two cores is disturbed by nothing else running.
  const lighthouse = await benchLighthouse();
  reportLighthouse(lighthouse);
  const bundle = bundleReport();

  const resultsDir = path.join(here, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt,
        node: process.version,
        load: LOAD,
        sections,
        sync,
        optimization,
        rankings,
        lighthouse,
        bundle,
      },
      null,
      2,
    ),
  );
  console.log(`\nResults written to ${path.relative(process.cwd(), file)}`);
}

await main();
