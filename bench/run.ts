/**
 * Benchmarks (figures, not tests): autocannon against a bare Fastify route and the real app in
 * the same run, then the ratios of the real routes to the bare one. Run with `npm run bench`.
 *
 * Sections: embedded PGlite (always), PostgreSQL (when DATABASE_URL is set), the sync of a
 * 10,000-video emulated channel (bench/sync.ts; PostgreSQL when DATABASE_URL is set, else PGlite),
 * and the web bundle report written by the web build. Results also go to bench/results/<timestamp>.json.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { compose, loadConfig, openDatabase } from '@tubewise/api';
import { freshPostgres } from './postgres.ts';
import { benchSync, type SyncSection } from './sync.ts';

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

/** One measured endpoint. */
interface Measurement {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  requests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  ratioToBare?: number;
  target?: number;
}

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
}

interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  seconds?: number;
  amount?: number;
}

/** Runs autocannon once (bounded by duration or amount) and resolves with its result. */
function load(options: LoadOptions): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method,
        headers: options.headers,
        body: options.body,
        connections: LOAD.connections,
        // The load generator runs in a worker thread, off the servers' event loop.
        workers: 1,
        // autocannon only notices the end of a run on a sample tick: keep ticks short so the
        // elapsed time (and req/s) of a fixed-amount run is accurate.
        sampleInt: 50,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 1 }),
        // Bounded even if the server stalls.
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

/** Turns one autocannon run into a measurement; req/s is completed responses per second. */
function toMeasurement(
  name: string,
  options: { method: 'GET' | 'POST'; path: string },
  run: autocannon.Result,
): Measurement {
  const completed = run['2xx'] + run.non2xx;
  const seconds = Math.max(0.001, run.duration);
  return {
    name,
    method: options.method,
    path: options.path,
    requests: completed,
    ok2xx: run['2xx'],
    non2xx: run.non2xx,
    errors: run.errors,
    seconds: round(seconds, 2),
    reqPerSec: round(completed / seconds, 0),
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
  };
}

/** Warms up for a second, then measures for LOAD.seconds. */
async function measure(
  name: string,
  base: string,
  options: Omit<LoadOptions, 'url' | 'seconds' | 'amount'> & { path: string },
): Promise<Measurement> {
  const url = `${base}${options.path}`;
  await load({ ...options, url, seconds: LOAD.warmupSeconds });
  return toMeasurement(name, options, await load({ ...options, url, seconds: LOAD.seconds }));
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

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

/** Signs in over HTTP and returns the Cookie header value. */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
  if (!cookies.length) throw new Error('sign-in set no cookies');
  return cookies.join('; ');
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
      const cookie = await signIn(base);

      console.log(`\n[${backend}] measuring (${LOAD.connections} connections, ${LOAD.seconds} s)`);
      const bare = await measure('bare Fastify route', bareBase, { method: 'GET', path: '/bare' });
      report(bare);
      // Informational: the real app's HTTP stack (hooks, helmet, request ids) without the database.
      const health = await measure('GET /healthz (no database)', base, {
        method: 'GET',
        path: '/healthz',
      });
      report(health, bare, false);
      const me = await measure('GET /api/users/me (signed in)', base, {
        method: 'GET',
        path: '/api/users/me',
        headers: { cookie },
      });
      report(me, bare);

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
      const warmup = await load({ ...eventOptions, url: eventUrl, amount: 2000 });
      const warmupRate = warmup['2xx'] / Math.max(0.001, warmup.duration);
      const amount = Math.min(
        LOAD.maxEventRequests,
        Math.max(1000, Math.round(warmupRate * LOAD.seconds)),
      );
      const eventRun = await load({ ...eventOptions, url: eventUrl, amount });
      const event = toMeasurement('POST /api/users/event', eventOptions, eventRun);
      report(event, bare);

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
      };
    } finally {
      if (!closed) await composition.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints one measurement line, with its ratio to the baseline when given. */
function report(m: Measurement, bare?: Measurement, withTarget = true): void {
  if (bare) {
    m.ratioToBare = round(m.reqPerSec / bare.reqPerSec, 2);
    if (withTarget) m.target = TARGET_RATIO;
  }
  const ratio =
    m.ratioToBare === undefined
      ? 'baseline'
      : `ratio ${m.ratioToBare.toFixed(2)}` +
        (m.target === undefined
          ? ' (no target)'
          : ` (target ≥ ${m.target}: ${m.ratioToBare >= m.target ? 'met' : 'NOT met'})`);
  const problems = m.non2xx || m.errors ? `  [non-2xx ${m.non2xx}, errors ${m.errors}]` : '';
  console.log(
    `  ${m.name.padEnd(32)} ${String(m.reqPerSec).padStart(8)} req/s  p99 ${String(m.p99Ms).padStart(4)} ms  ${ratio}${problems}`,
  );
}

/** The per-route initial JS report the web build wrote, if any (read, not recomputed). */
function bundleReport(): unknown {
  const file = path.resolve(here, '../apps/web/dist/bundle-report.json');
  if (!existsSync(file)) {
    console.log('\nWeb bundle report: apps/web/dist/bundle-report.json not found (build the web)');
    return null;
  }
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    generatedAt?: string;
    budgets?: Record<string, number>;
    routes?: { path: string; gzipBytes: number }[];
  };
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
  const bundle = bundleReport();

  const resultsDir = path.join(here, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { startedAt, node: process.version, load: LOAD, sections, sync, bundle },
      null,
      2,
    ),
  );
  console.log(`\nResults written to ${path.relative(process.cwd(), file)}`);
}

await main();
