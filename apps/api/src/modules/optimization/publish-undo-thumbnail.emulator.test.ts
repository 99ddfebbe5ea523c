// Undo restores the thumbnail: a publish that sets a new thumbnail keeps a copy of the image it
// replaces, and undoing it sets that copy back with thumbnails.set (journalled like any publish,
// so a process that dies during the undo's thumbnail step is finished by the reconciler).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Emulator, QuotaLedger } from '@tubewise/emulator';
import type { Database } from '../../db/client.ts';
import { thumbnailUploads } from '../../db/schema/index.ts';
import { connectEmulatorChannel, syncChannel } from '../../testing/connect-channel.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import {
  createTestApp,
  openTestDatabase,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import type { VideoPlatform } from '../video-platform/index.ts';
import { PUBLISH_LEASE_MS } from './publish-journal.ts';

const ACCOUNT = 'alex.creator@tubewise.test';
const RED = { r: 210, g: 20, b: 20 };
const GREEN = { r: 20, g: 200, b: 40 };

type Rgb = { r: number; g: number; b: number };

const solid = (colour: Rgb) =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The mean colour of an image. */
async function meanColour(image: Buffer): Promise<Rgb> {
  const { channels } = await sharp(image).stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
}

const distance = (a: Rgb, b: Rgb) => Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);

/** Units by method spent between two readings of the emulator's ledger. */
function spent(before: QuotaLedger, after: QuotaLedger): Record<string, number> {
  const read = (l: QuotaLedger) => l.today.unitsByMethod as Record<string, number | undefined>;
  const out: Record<string, number> = {};
  for (const m of new Set([...Object.keys(read(before)), ...Object.keys(read(after))])) {
    const delta = (read(after)[m] ?? 0) - (read(before)[m] ?? 0);
    if (delta) out[m] = delta;
  }
  return out;
}

/** The adapter, with a switch that makes thumbnails.set hang forever (a process that died there). */
function dyingAtThumbnail(inner: VideoPlatform) {
  const control = { armed: false, reached: 0 };
  const platform = new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'setThumbnail') {
        const set: VideoPlatform['setThumbnail'] = async (...args) => {
          if (control.armed) {
            control.reached += 1;
            return new Promise<never>(() => {});
          }
          return target.setThumbnail(...args);
        };
        return set;
      }
      const member = Reflect.get(target, key, receiver) as unknown;
      return typeof member === 'function' ? member.bind(target) : member;
    },
  });
  return { platform, control };
}

describe.each(testBackends())('undo restores the thumbnail (%s)', (backend) => {
  let server: EmulatorServer;
  let emulator: Emulator;
  let database: Database;
  /** The process whose thumbnails.set may hang (its clock stands still: its leases run out). */
  let dying: TestApp;
  /** The process that works normally, a minute later, and reconciles. */
  let survivor: TestApp;
  let crash: ReturnType<typeof dyingAtThumbnail>['control'];
  let cookie: string;
  let channelId: string;
  let youtubeChannelId: string;
  let nextVideo = 0;

  beforeAll(async () => {
    server = await startEmulatorServer();
    emulator = server.emulator;
    // Thumbnail URLs must point at this very server: the product downloads the image it replaces.
    (emulator.state.options as { publicUrl: string }).publicUrl = server.root;
    database = await openTestDatabase(backend);
    const env = {
      YOUTUBE_API_KEY: 'tubewise-emulator-key',
      THUMBNAIL_MAX_BYTES: '300000',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    const wrapped = dyingAtThumbnail(server.adapter);
    crash = wrapped.control;
    const start = Date.now();
    dying = await createTestApp(backend, {
      database,
      platform: wrapped.platform,
      clock: new TestClock(start),
      env,
    });
    survivor = await createTestApp(backend, {
      database,
      platform: server.adapter,
      clock: new TestClock(start + 6 * PUBLISH_LEASE_MS),
      env,
    });
    const record = emulator.control.addChannel({ videoCount: 12, owner: ACCOUNT });
    youtubeChannelId = record.id;
    const email = 'undo-thumbnail@example.com';
    const userId = await survivor.createUser(email);
    channelId = await connectEmulatorChannel(survivor.services, emulator, {
      userId,
      youtubeChannelId: record.id,
      account: ACCOUNT,
    });
    await syncChannel(survivor.services, channelId);
    cookie = await survivor.login(email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await dying?.close();
    await survivor?.close();
    await database?.close();
    await server?.close();
  });

  const base = () => `/optimization/channels/${channelId}`;
  // HD videos have a maxres size, whose copy comes back at 1280×720.
  const takeVideo = () => {
    for (;;) {
      const id = emulator.state.corpus.uploads(youtubeChannelId)[nextVideo++]!;
      if (emulator.state.corpus.getVideo(id)!.definition === 'hd') return id;
    }
  };
  const call = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const upload = async (videoId: string, colour: Rgb): Promise<string> => {
    const res = await survivor.app.inject({
      method: 'POST',
      url: `${base()}/videos/${videoId}/thumbnail`,
      headers: { cookie, 'content-type': 'image/jpeg' },
      payload: await solid(colour),
    });
    expect(res.statusCode).toBe(201);
    return res.json().thumbnailId;
  };
  const publish = async (videoId: string, changes: object) => {
    const v = emulator.state.corpus.getVideo(videoId)!;
    const res = await call(survivor, 'POST', `${base()}/videos/${videoId}/publish`, {
      title: v.title,
      description: v.description,
      tags: v.tags,
      searchTerm: null,
      language: null,
      thumbnailId: null,
      fromDraft: false,
      ...changes,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The mean colour of the image the platform shows for a video now (its maxres size). */
  const platformColour = async (videoId: string) => {
    const custom = emulator.state.thumbnails.custom(videoId, 'maxres');
    expect(custom, 'the video has a custom thumbnail').toBeDefined();
    return meanColour(custom!);
  };

  it('sets the replaced custom thumbnail back (50 units), and shows the kept copy', async () => {
    const videoId = takeVideo();
    await publish(videoId, { thumbnailId: await upload(videoId, RED) });
    expect(distance(await platformColour(videoId), RED)).toBeLessThan(12);

    const second = await publish(videoId, {
      title: 'Green is the new red',
      thumbnailId: await upload(videoId, GREEN),
    });
    expect(distance(await platformColour(videoId), GREEN)).toBeLessThan(12);
    // The kept copy is the red image, served to the channel's people like any upload.
    expect(second.publish.previousThumbnailUrl).toMatch(/^\/optimization\/thumbnails\/[\w-]+$/);
    const kept = await call(survivor, 'GET', second.publish.previousThumbnailUrl);
    expect(kept.statusCode).toBe(200);
    expect(distance(await meanColour(kept.rawPayload), RED)).toBeLessThan(12);

    const before = emulator.control.quotaLedger();
    const undo = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publishes/${second.publish.id}/restore`,
      {},
    );
    expect(undo.statusCode, undo.body).toBe(200);
    expect(spent(before, emulator.control.quotaLedger())).toEqual({
      'videos.list': 1,
      'videos.update': 50,
      'thumbnails.set': 50,
    });
    expect(distance(await platformColour(videoId), RED)).toBeLessThan(12);
    expect(undo.json().publish).toMatchObject({
      restoresId: second.publish.id,
      thumbnailChanged: true,
      quotaUnits: 101,
    });
    expect(emulator.state.corpus.getVideo(videoId)!.title).not.toBe('Green is the new red');
    // The editor shows the restored thumbnail: a new URL (version), so no stale cached image.
    expect(undo.json().video.live.thumbnailUrl).not.toBe(second.video.live.thumbnailUrl);

    // Undoing the undo sets the green one back: the undo kept the image it replaced too.
    const redo = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publishes/${undo.json().publish.id}/restore`,
      {},
    );
    expect(redo.statusCode, redo.body).toBe(200);
    expect(distance(await platformColour(videoId), GREEN)).toBeLessThan(12);
  });

  it("sets YouTube's automatic thumbnail back as the same picture", async () => {
    const videoId = takeVideo();
    const video = emulator.state.corpus.getVideo(videoId)!;
    expect(video.hasCustomThumbnail).toBe(false);
    const automatic = await meanColour(
      await emulator.state.thumbnails.placeholder(video.id, video.title, 1280, 720),
    );
    const first = await publish(videoId, { thumbnailId: await upload(videoId, RED) });
    expect(first.publish.previousThumbnailUrl).not.toBeNull();
    const undo = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publishes/${first.publish.id}/restore`,
      {},
    );
    expect(undo.statusCode, undo.body).toBe(200);
    expect(distance(await platformColour(videoId), automatic)).toBeLessThan(12);
    expect(distance(await platformColour(videoId), RED)).toBeGreaterThan(40);
  });

  it('undoes the text only when no copy of the replaced image could be kept', async () => {
    const videoId = takeVideo();
    const first = await publish(videoId, {
      title: 'Red, kept',
      thumbnailId: await upload(videoId, RED),
    });
    // As for publishes recorded before copies were kept, or when the image could not be fetched.
    await database.db.delete(thumbnailUploads);
    const before = emulator.control.quotaLedger();
    const undo = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publishes/${first.publish.id}/restore`,
      {},
    );
    expect(undo.statusCode, undo.body).toBe(200);
    expect(spent(before, emulator.control.quotaLedger())).toEqual({
      'videos.list': 1,
      'videos.update': 50,
    });
    expect(undo.json().publish.thumbnailChanged).toBe(false);
    expect(distance(await platformColour(videoId), RED)).toBeLessThan(12);
  });

  it('finishes an undo whose process died during its thumbnail step, from the kept copy', async () => {
    const videoId = takeVideo();
    await publish(videoId, { thumbnailId: await upload(videoId, RED) });
    const second = await publish(videoId, {
      title: 'Green, to be undone',
      thumbnailId: await upload(videoId, GREEN),
    });
    crash.armed = true;
    const reached = crash.reached;
    void call(
      dying,
      'POST',
      `${base()}/videos/${videoId}/publishes/${second.publish.id}/restore`,
      {},
    );
    await vi.waitFor(() => expect(crash.reached).toBe(reached + 1), { timeout: 10_000 });
    crash.armed = false;
    // The text is back; the thumbnail is still green: the process died before thumbnails.set.
    expect(emulator.state.corpus.getVideo(videoId)!.title).not.toBe('Green, to be undone');
    expect(distance(await platformColour(videoId), GREEN)).toBeLessThan(12);

    const before = emulator.control.quotaLedger();
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ published: 1 });
    expect(spent(before, emulator.control.quotaLedger())).toEqual({
      'videos.list': 1,
      'thumbnails.set': 50,
    });
    expect(distance(await platformColour(videoId), RED)).toBeLessThan(12);
    const history = (await call(survivor, 'GET', `${base()}/videos/${videoId}/publishes`)).json()
      .items as { restoresId: string | null; thumbnailChanged: boolean }[];
    expect(history.find((p) => p.restoresId === second.publish.id)).toMatchObject({
      thumbnailChanged: true,
    });
  });
});
