import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, type QuotaLedger } from '@tubewise/emulator';
import { videos } from '../../db/schema/index.ts';
import { createTestApp, testBackends, type TestApp } from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import type { VideoPlatform } from '../video-platform/index.ts';

const PAGE = 50;
const ACCOUNT = 'alex.creator@tubewise.test';

/** Units by method spent between two readings of the emulator's ledger. */
function spent(before: QuotaLedger, after: QuotaLedger): Record<string, number> {
  const read = (l: QuotaLedger) => l.today.unitsByMethod as Record<string, number | undefined>;
  const methods = new Set([...Object.keys(read(before)), ...Object.keys(read(after))]);
  const out: Record<string, number> = {};
  for (const m of methods) {
    const delta = (read(after)[m] ?? 0) - (read(before)[m] ?? 0);
    if (delta) out[m] = delta;
  }
  return out;
}

/** Lets `allowed` more data calls through, then fails every call like a worker that died. */
class KillSwitch {
  allowed = Infinity;
  wrap(platform: VideoPlatform): VideoPlatform {
    const data = new Set(['getMyChannel', 'listPlaylistItems', 'getVideos', 'listPlaylists']);
    return new Proxy(platform, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (data.has(String(key))) {
            if (this.allowed <= 0) return Promise.reject(new Error('worker killed'));
            this.allowed -= 1;
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }
}

/**
 * The sync against the real emulator through the official clients: the units its ledger
 * records must be the minimum, and a sync killed mid-way must finish on the next start with
 * no duplicate and no missing video.
 */
describe.each(testBackends())('sync against the emulator (%s)', (backend) => {
  let emulator: Emulator;
  let server: EmulatorServer;
  let t: TestApp;
  const kill = new KillSwitch();

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 5 });
    emulator = server.emulator;
    const adapter = server.adapter;
    t = await createTestApp(backend, { platform: kill.wrap(adapter) });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  /** Connects a fresh emulated channel of `n` videos to a new user through the consent. */
  async function connectChannel(n: number) {
    const record = emulator.control.addChannel({ videoCount: n, owner: ACCOUNT });
    const email = `owner-${record.id.toLowerCase()}@example.com`;
    const userId = await t.createUser(email);
    const session = await t.services.sessions.create(userId, {});
    const ids = { userId, familyId: session.familyId };
    const authUrl = await t.services.connect.authorizationUrl({
      ...ids,
      reconnect: false,
      firstChannel: true,
    });
    const back = new URL(emulator.control.approveConsent(authUrl, ACCOUNT, record.id));
    const result = await t.services.connect.complete(
      { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
      ids,
    );
    expect(result.params['oauth-success']).toBe('true');
    const channel = (await t.services.users.myChannels(userId)).myChannels[0]!;
    const lists = emulator.state.corpus.playlistsOf(record.id);
    const members = lists.map((p) => p.videoIds.length).filter((m) => m > 0);
    const minimum = {
      'channels.list': 1,
      'playlistItems.list':
        Math.ceil(n / PAGE) + members.reduce((s, m) => s + Math.ceil(m / PAGE), 0),
      'videos.list': Math.ceil(n / PAGE),
      'playlists.list': Math.max(1, Math.ceil(lists.length / PAGE)),
    };
    return { channelId: channel.id, email, minimum };
  }

  async function waitForEnd(channelId: string) {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const status = await t.services.sync.status(channelId);
      if (!status.isSyncing) return status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('sync did not finish');
  }

  const stored = async (channelId: string) =>
    t.database.db
      .select({ youtubeId: videos.youtubeId })
      .from(videos)
      .where(eq(videos.channelId, channelId));

  it('spends exactly 1 + 2·⌈N/50⌉ units for N videos, plus the playlists minimum (emulator ledger)', async () => {
    const { channelId, minimum } = await connectChannel(237);
    const before = emulator.control.quotaLedger();
    await t.services.sync.start(channelId);
    const status = await waitForEnd(channelId);
    expect(status).toMatchObject({ state: 'succeeded', videosDone: 237, videosTotal: 237 });
    expect(spent(before, emulator.control.quotaLedger())).toEqual(minimum);
    expect(await stored(channelId)).toHaveLength(237);
  });

  it('finishes a sync killed mid-way on the next start, with no duplicate and no missing video', async () => {
    const { channelId } = await connectChannel(180);
    kill.allowed = 5; // channels.list, two uploads pages (2 calls each), then the worker dies
    await t.services.sync.start(channelId);
    const killed = await waitForEnd(channelId);
    expect(killed.state).toBe('failed');
    expect(killed.videosDone).toBe(100);
    kill.allowed = Infinity;
    const before = emulator.control.quotaLedger();
    await t.services.sync.start(channelId);
    expect((await waitForEnd(channelId)).state).toBe('succeeded');
    // Resumed at the third uploads page: no channels.list, and two more videos.list batches.
    const resumed = spent(before, emulator.control.quotaLedger());
    expect(resumed['channels.list']).toBeUndefined();
    expect(resumed['videos.list']).toBe(2);
    const rows = await stored(channelId);
    expect(rows).toHaveLength(180);
    expect(new Set(rows.map((r) => r.youtubeId)).size).toBe(180);
  });
});
