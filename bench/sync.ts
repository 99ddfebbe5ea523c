/**
 * Sync benchmark (figures, not a test): a full sync of a 10,000-video emulated channel, timed
 * against a baseline measured in the same run — the same page fetches through the same adapter
 * and emulator, plus one bulk insert of the same rows into a scratch database with the same
 * schema — and the quota units the sync spent against the minimum the sync may spend.
 *
 * Order: connect the channel (as a person clicking Allow) → one untimed pass of every fetch
 * (the emulator generates the channel lazily on first read, and the rest of its corpus on the
 * first videos.list; that and JIT warm-up are kept out of both timings) → baseline (timed) →
 * sync (timed from `sync.start` to `sync.run` resolving, in this process, without pg-boss).
 *
 * BENCH_SYNC_CPU_PROFILE=<file> writes a CPU profile of the timed sync alone (adds some overhead).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { compose, loadConfig, openDatabase, type Database } from '@tubewise/api';
import type { QuotaLedger } from '@tubewise/emulator';
// Not part of @tubewise/api's public surface: the bench drives the same adapter class the
// product composes (and hands that very instance to compose), and writes the product's tables.
import { YouTubeAdapter } from '../apps/api/src/modules/video-platform/youtube.adapter.ts';
import { videoRow } from '../apps/api/src/modules/sync/sync.service.ts';
import { channels, playlistVideos, playlists, videos } from '../apps/api/src/db/schema/index.ts';
import type {
  PlatformPlaylist,
  PlatformPlaylistItem,
  PlatformVideo,
} from '../apps/api/src/modules/video-platform/video-platform.port.ts';
import { connectEmulatedChannel, freePort, OWNER } from './channel.ts';
import { freshPostgres, type FreshDatabase } from './postgres.ts';

/** Videos of the emulated channel. */
const VIDEO_COUNT = 10_000;
/** Page size of every list call and id limit of videos.list. */
const PAGE = 50;
/** Rows per multi-row INSERT of the baseline. */
const INSERT_CHUNK = 1000;
const TARGET_RATIO = 1.5;
const BENCH_USER = { email: 'bench-sync@tubewise.local', password: 'bench-passphrase-4711' };

type Method = 'channels.list' | 'playlistItems.list' | 'videos.list' | 'playlists.list';
const METHODS: Method[] = ['channels.list', 'playlistItems.list', 'videos.list', 'playlists.list'];

/** The sync section of the report. */
export interface SyncSection {
  backend: 'pglite' | 'postgres';
  /** Why the section ran on PGlite, when it did. */
  note?: string;
  channel: { videos: number; playlists: number; nonEmptyPlaylists: number; playlistItems: number };
  warmupSeconds: number;
  syncSeconds: number;
  baseline: { fetchSeconds: number; insertSeconds: number; totalSeconds: number; calls: number };
  ratio: number;
  target: number;
  units: {
    byMethod: Record<Method, { spent: number; minimum: number }>;
    other: Record<string, number>;
    spent: number;
    minimum: number;
    equal: boolean;
  };
  rows: {
    stored: { videos: number; playlists: number; playlistVideos: number };
    baseline: { videos: number; playlists: number; playlistVideos: number };
  };
}

/** Everything one pass of fetches returned: the rows both sides write. */
interface Fetched {
  uploadsPlaylistId: string;
  videos: PlatformVideo[];
  playlists: PlatformPlaylist[];
  items: { playlistId: string; items: PlatformPlaylistItem[] }[];
  calls: number;
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

const seconds = (fromMs: number): number => (performance.now() - fromMs) / 1000;

/**
 * The page fetches of a sync, in the sync's order: channels.list, then per uploads page one
 * playlistItems.list and one videos.list of its ids, then the playlists pages, then the item
 * pages of every non-empty playlist. One access token for all (no per-call credential read).
 */
async function fetchAll(adapter: YouTubeAdapter, token: string): Promise<Fetched> {
  let calls = 1;
  const channel = await adapter.getMyChannel(token);
  if (!channel?.uploadsPlaylistId) throw new Error('benchmark channel has no uploads playlist');
  const found: PlatformVideo[] = [];
  let pageToken: string | undefined;
  do {
    const page = await adapter.listPlaylistItems(token, channel.uploadsPlaylistId, pageToken);
    calls++;
    const ids = [...new Set(page.items.map((i) => i.videoId))];
    if (ids.length) {
      found.push(...(await adapter.getVideos(token, ids)));
      calls++;
    }
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  const lists: PlatformPlaylist[] = [];
  do {
    const page = await adapter.listPlaylists(token, channel.youtubeId, pageToken);
    calls++;
    lists.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  const items: Fetched['items'] = [];
  for (const playlist of lists.filter((p) => p.itemCount > 0)) {
    const members: PlatformPlaylistItem[] = [];
    do {
      const page = await adapter.listPlaylistItems(token, playlist.youtubeId, pageToken);
      calls++;
      members.push(...page.items);
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    items.push({ playlistId: playlist.youtubeId, items: members });
  }
  return {
    uploadsPlaylistId: channel.uploadsPlaylistId,
    videos: found,
    playlists: lists,
    items,
    calls,
  };
}

/**
 * With BENCH_SYNC_CPU_PROFILE=<file>, profiles the CPU during the timed sync only (not the
 * warm-up or baseline) and returns how to stop and write the .cpuprofile; otherwise null.
 */
async function startProfile(): Promise<(() => Promise<void>) | null> {
  const file = process.env.BENCH_SYNC_CPU_PROFILE;
  if (!file) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile of the sync written to ${file}`);
  };
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The baseline's write: every row of the fetch pass into a scratch database migrated with the
 * product's schema, in one transaction of multi-row INSERTs of INSERT_CHUNK rows (videos, then
 * playlists, then playlist members). Returns the seconds spent and the rows written.
 */
async function bulkInsert(
  scratch: Database,
  fetched: Fetched,
): Promise<{ seconds: number; rows: SyncSection['rows']['baseline'] }> {
  const [channel] = await scratch.db
    .insert(channels)
    .values({ youtubeId: 'UCbench-scratch', name: 'Scratch' })
    .returning({ id: channels.id });
  const channelId = channel!.id;
  const runId = crypto.randomUUID();
  const started = performance.now();
  let playlistVideoRows = 0;
  await scratch.db.transaction(async (tx) => {
    const videoRows = fetched.videos.map((v) => videoRow(channelId, runId, v));
    for (const chunk of chunks(videoRows, INSERT_CHUNK)) await tx.insert(videos).values(chunk);
    const ids = new Map<string, string>();
    for (const chunk of chunks(fetched.playlists, INSERT_CHUNK)) {
      const inserted = await tx
        .insert(playlists)
        .values(
          chunk.map((p) => ({
            channelId,
            youtubeId: p.youtubeId,
            title: p.title,
            itemCount: p.itemCount,
            thumbnailUrl: p.thumbnailUrl,
            syncRunId: runId,
          })),
        )
        .returning({ id: playlists.id, youtubeId: playlists.youtubeId });
      for (const row of inserted) ids.set(row.youtubeId, row.id);
    }
    const memberRows = fetched.items.flatMap(({ playlistId, items }) => {
      const seen = new Set<string>();
      return items
        .filter((i) => !seen.has(i.videoId) && seen.add(i.videoId))
        .map((i) => ({
          playlistId: ids.get(playlistId)!,
          videoYoutubeId: i.videoId,
          position: i.position,
          syncRunId: runId,
        }));
    });
    playlistVideoRows = memberRows.length;
    for (const chunk of chunks(memberRows, INSERT_CHUNK))
      await tx.insert(playlistVideos).values(chunk);
  });
  return {
    seconds: seconds(started),
    rows: {
      videos: fetched.videos.length,
      playlists: fetched.playlists.length,
      playlistVideos: playlistVideoRows,
    },
  };
}

/** Units by method spent between two ledger readings. */
function spentBetween(before: QuotaLedger, after: QuotaLedger): Record<string, number> {
  const spent: Record<string, number> = {};
  const methods = new Set([
    ...Object.keys(before.today.unitsByMethod),
    ...Object.keys(after.today.unitsByMethod),
  ]);
  const read = (l: QuotaLedger, m: string) =>
    (l.today.unitsByMethod as Record<string, number | undefined>)[m] ?? 0;
  for (const m of methods) {
    const delta = read(after, m) - read(before, m);
    if (delta) spent[m] = delta;
  }
  return spent;
}

async function countRows(database: Database, channelId: string) {
  const one = async (query: ReturnType<typeof sql>) => {
    const result = await database.db.execute(query);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      n: number | string;
    }[];
    return Number(rows[0]?.n ?? 0);
  };
  return {
    videos: await one(sql`select count(*)::int as n from videos where channel_id = ${channelId}`),
    playlists: await one(
      sql`select count(*)::int as n from playlists where channel_id = ${channelId}`,
    ),
    playlistVideos: await one(
      sql`select count(*)::int as n from playlist_videos pv join playlists p on p.id = pv.playlist_id where p.channel_id = ${channelId}`,
    ),
  };
}

/**
 * Runs the sync benchmark on PostgreSQL (a fresh database on the server of `adminUrl`, dropped
 * after) or, without `adminUrl`, on PGlite under a temporary directory.
 */
export async function benchSync(adminUrl?: string): Promise<SyncSection> {
  const backend = adminUrl ? 'postgres' : 'pglite';
  console.log(
    `\n[sync/${backend}] ${VIDEO_COUNT} videos` +
      (adminUrl ? '' : ' — PostgreSQL section skipped (DATABASE_URL is not set), PGlite instead'),
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tw-bench-sync-'));
  const created: FreshDatabase[] = [];
  let scratch: Database | undefined;
  try {
    let productUrl = '';
    let scratchTarget: Parameters<typeof openDatabase>[0] = {
      kind: 'pglite',
      dir: path.join(dataDir, 'scratch-pglite'),
    };
    if (adminUrl) {
      const product = await freshPostgres(adminUrl);
      created.push(product);
      const spare = await freshPostgres(adminUrl);
      created.push(spare);
      productUrl = product.url;
      scratchTarget = { kind: 'postgres', url: spare.url };
    }
    const port = await freePort();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: productUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    });
    const adapter = new YouTubeAdapter(config.platform);
    const composition = await compose(config, { role: 'all', jobs: false, platform: adapter });
    try {
      const emulator = composition.emulator;
      if (!emulator) throw new Error('compose did not mount the emulator');
      const { sync, credentials } = composition.services;
      const record = emulator.control.addChannel({ videoCount: VIDEO_COUNT, owner: OWNER });
      await composition.app!.listen({ port, host: '127.0.0.1' });

      const { channelId } = await connectEmulatedChannel(
        composition,
        { ...BENCH_USER, name: 'Bench Sync' },
        record.id,
      );

      // The minimum from the emulator's own corpus (N uploads, P playlists of m members).
      const corpus = emulator.state.corpus;
      const n = corpus.uploads(record.id).length;
      const lists = corpus.playlistsOf(record.id);
      const members = lists.map((p) => p.videoIds.length);
      const minimum: Record<Method, number> = {
        'channels.list': 1,
        'playlistItems.list':
          Math.ceil(n / PAGE) + members.reduce((s, m) => s + Math.ceil(m / PAGE), 0),
        'videos.list': Math.ceil(n / PAGE),
        'playlists.list': Math.max(1, Math.ceil(lists.length / PAGE)),
      };

      const token = await credentials.accessToken(channelId);
      let started = performance.now();
      await fetchAll(adapter, token);
      const warmupSeconds = seconds(started);
      console.log(
        `  warm-up: one untimed pass of every fetch (lazy generation of the channel and corpus): ${warmupSeconds.toFixed(2)} s`,
      );

      // Baseline: the same fetches alone, then one bulk insert of the same rows.
      scratch = await openDatabase(scratchTarget);
      await scratch.migrate();
      started = performance.now();
      const fetched = await fetchAll(adapter, token);
      const fetchSeconds = seconds(started);
      const insert = await bulkInsert(scratch, fetched);
      const baselineSeconds = fetchSeconds + insert.seconds;

      // The sync: start (checks the connection, spends channels.list) then the run itself.
      let queued: { channelId: string; runId: string } | undefined;
      sync.setEnqueue(async (payload) => {
        queued = payload;
      });
      const profiler = await startProfile();
      const before = emulator.control.quotaLedger();
      started = performance.now();
      await sync.start(channelId);
      if (!queued) throw new Error('sync.start queued no run');
      const outcome = await sync.run(queued.channelId, queued.runId, { final: true });
      const syncSeconds = seconds(started);
      const after = emulator.control.quotaLedger();
      await profiler?.();
      if (outcome !== 'succeeded') {
        const status = await sync.status(channelId);
        throw new Error(`the sync ended ${outcome}: ${status.error ?? ''}`);
      }

      const spent = spentBetween(before, after);
      const byMethod = Object.fromEntries(
        METHODS.map((m) => [m, { spent: spent[m] ?? 0, minimum: minimum[m] }]),
      ) as SyncSection['units']['byMethod'];
      const other = Object.fromEntries(
        Object.entries(spent).filter(([m]) => !METHODS.includes(m as Method)),
      );
      const spentTotal = Object.values(spent).reduce((s, u) => s + u, 0);
      const minimumTotal = Object.values(minimum).reduce((s, u) => s + u, 0);
      const equal =
        spentTotal === minimumTotal && METHODS.every((m) => byMethod[m].spent === minimum[m]);
      const stored = await countRows(composition.database, channelId);
      const ratio = syncSeconds / baselineSeconds;

      const section: SyncSection = {
        backend,
        ...(adminUrl ? {} : { note: 'DATABASE_URL is not set: PostgreSQL skipped, PGlite used' }),
        channel: {
          videos: n,
          playlists: lists.length,
          nonEmptyPlaylists: members.filter((m) => m > 0).length,
          playlistItems: members.reduce((s, m) => s + m, 0),
        },
        warmupSeconds: round(warmupSeconds, 3),
        syncSeconds: round(syncSeconds, 3),
        baseline: {
          fetchSeconds: round(fetchSeconds, 3),
          insertSeconds: round(insert.seconds, 3),
          totalSeconds: round(baselineSeconds, 3),
          calls: fetched.calls,
        },
        ratio: round(ratio, 2),
        target: TARGET_RATIO,
        units: { byMethod, other, spent: spentTotal, minimum: minimumTotal, equal },
        rows: { stored, baseline: insert.rows },
      };
      report(section);
      return section;
    } finally {
      await composition.close();
    }
  } finally {
    await scratch?.close();
    for (const database of created.reverse()) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(s: SyncSection): void {
  const c = s.channel;
  console.log(
    `  channel: ${c.videos} videos, ${c.playlists} playlists (${c.nonEmptyPlaylists} non-empty, ${c.playlistItems} items)`,
  );
  console.log(
    `  baseline: fetches ${s.baseline.fetchSeconds.toFixed(2)} s (${s.baseline.calls} calls) + ` +
      `bulk insert ${s.baseline.insertSeconds.toFixed(2)} s = ${s.baseline.totalSeconds.toFixed(2)} s`,
  );
  console.log(`  sync wall time (start → run succeeded): ${s.syncSeconds.toFixed(2)} s`);
  console.log(
    `  ratio sync / baseline: ${s.ratio.toFixed(2)} (target ≤ ${s.target}: ${s.ratio <= s.target ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  units spent by the sync: ${s.units.spent}, minimum ${s.units.minimum} → ${s.units.equal ? 'equal' : 'DIFFERENT'}`,
  );
  for (const [method, u] of Object.entries(s.units.byMethod)) {
    console.log(
      `    ${method.padEnd(20)} ${String(u.spent).padStart(5)}  minimum ${String(u.minimum).padStart(5)}` +
        (u.spent === u.minimum ? '' : '  DIFFERENT'),
    );
  }
  for (const [method, units] of Object.entries(s.units.other)) {
    console.log(`    ${method.padEnd(20)} ${String(units).padStart(5)}  minimum     0  DIFFERENT`);
  }
  const r = s.rows;
  console.log(
    `  rows stored by the sync: ${r.stored.videos} videos, ${r.stored.playlists} playlists, ` +
      `${r.stored.playlistVideos} playlist items (baseline inserted ${r.baseline.videos} / ` +
      `${r.baseline.playlists} / ${r.baseline.playlistVideos})`,
  );
}
