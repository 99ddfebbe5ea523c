// Thumbnail tests against the emulator (one clock for both): a 3-variant test advanced day by day
// rotates once per quota day in order A, A, B, C, A…, counts each swap's 50 units in the
// channel's budget (skipping a day the budget cannot cover), measures each day from Analytics,
// decides, and leaves the winner or the original live on the platform. Stopping early sets the
// original back; a running test refuses thumbnail publishes and shows in the editor.
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '@tubewise/emulator';
import type { ThumbnailTest } from '@tubewise/contract';
import type { Database } from '../../db/client.ts';
import {
  channelMembers,
  platformUnitSpend,
  thumbnailTestDays,
  thumbnailTestSwaps,
} from '../../db/schema/index.ts';
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
import { PlatformError, quotaDayOf, type VideoPlatform } from '../video-platform/index.ts';
import { nextQuotaDayStart } from './exposure.ts';
import { SWAP_LEASE_MS } from './thumbnail-test-runner.ts';

const ACCOUNT = 'alex.creator@tubewise.test';
const OTHER_ACCOUNT = ACCOUNT;

type Rgb = { r: number; g: number; b: number };
const GREY = { r: 128, g: 128, b: 128 };
const GREEN = { r: 20, g: 200, b: 40 };
const PURPLE = { r: 120, g: 20, b: 160 };

const solid = (colour: Rgb) =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Vertical stripes of two colours (vivid and contrasting when the colours are). */
async function stripes(a: Rgb, b: Rgb): Promise<Buffer> {
  const width = 1280;
  const height = 720;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = Math.floor(x / 80) % 2 ? a : b;
      raw.set([c.r, c.g, c.b], (y * width + x) * 3);
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

async function meanColour(image: Buffer): Promise<Rgb> {
  const { channels } = await sharp(image).stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
}
const distance = (a: Rgb, b: Rgb) => Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);

/** The adapter, with a switch that loses the next thumbnails.set calls (no answer, not applied). */
function losingThumbnails(inner: VideoPlatform) {
  const control = { lose: 0 };
  const platform = new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'setThumbnail') {
        const set: VideoPlatform['setThumbnail'] = async (...args) => {
          if (control.lose > 0) {
            control.lose -= 1;
            throw new PlatformError('unavailable', 'The connection was reset.');
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

describe.each(testBackends())('thumbnail tests against the emulator (%s)', (backend) => {
  let server: EmulatorServer;
  let emulator: Emulator;
  let database: Database;
  let t: TestApp;
  let clock: TestClock;
  let cookie: string;
  let otherCookie: string;
  let noFlagCookie: string;
  let channelId: string;
  let otherChannelId: string;
  let youtubeChannelId: string;
  let nextVideo = 0;
  let losing: ReturnType<typeof losingThumbnails>['control'];

  beforeAll(async () => {
    // Noon Pacific-ish, away from a boundary: the clock is shared by the product and the emulator.
    clock = new TestClock(Date.now());
    server = await startEmulatorServer({ now: () => clock.now().getTime() });
    emulator = server.emulator;
    (emulator.state.options as { publicUrl: string }).publicUrl = server.root;
    database = await openTestDatabase(backend);
    const wrapped = losingThumbnails(server.adapter);
    losing = wrapped.control;
    t = await createTestApp(backend, {
      database,
      platform: wrapped.platform,
      clock,
      env: {
        YOUTUBE_API_KEY: 'tubewise-emulator-key',
        THUMBNAIL_MAX_BYTES: '300000',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        CHANNEL_DAILY_UNIT_BUDGET: '1000',
      },
    });
    const record = emulator.control.addChannel({ videoCount: 12, owner: ACCOUNT });
    youtubeChannelId = record.id;
    const userId = await t.createUser('labs@example.com', TEST_PASSWORD, { flags: 'labs_user' });
    channelId = await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId: record.id,
      account: ACCOUNT,
    });
    await syncChannel(t.services, channelId);
    cookie = await t.login('labs@example.com', TEST_PASSWORD);

    const other = emulator.control.addChannel({ videoCount: 2, owner: OTHER_ACCOUNT });
    const otherId = await t.createUser('other@example.com', TEST_PASSWORD, { flags: 'labs_user' });
    otherChannelId = await connectEmulatorChannel(t.services, emulator, {
      userId: otherId,
      youtubeChannelId: other.id,
      account: OTHER_ACCOUNT,
    });
    otherCookie = await t.login('other@example.com', TEST_PASSWORD);
    const plainId = await t.createUser('plain@example.com');
    await database.db
      .insert(channelMembers)
      .values({ channelId, userId: plainId, role: 'member', joinedAt: new Date() });
    noFlagCookie = await t.login('plain@example.com', TEST_PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await server?.close();
  });

  const labs = (id = channelId) => `/api/labs/channels/${id}/thumbnail-tests`;
  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = cookie) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: as, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  // HD videos have a maxres size, whose kept copy is 1280×720.
  const takeVideo = () => {
    for (;;) {
      const id = emulator.state.corpus.uploads(youtubeChannelId)[nextVideo++]!;
      if (emulator.state.corpus.getVideo(id)!.definition === 'hd') return id;
    }
  };
  const upload = async (videoId: string, image: Buffer): Promise<string> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/optimization/channels/${channelId}/videos/${videoId}/thumbnail`,
      headers: { cookie, 'content-type': 'image/jpeg' },
      payload: image,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().thumbnailId;
  };
  const platformColour = async (videoId: string) => {
    const custom = emulator.state.thumbnails.custom(videoId, 'maxres');
    expect(custom, 'the video has a custom thumbnail').toBeDefined();
    return meanColour(custom!);
  };
  /** To 5 minutes past the next midnight Pacific, then one run of the tests (the job). */
  const nextDay = async () => {
    const now = clock.now();
    clock.advance((nextQuotaDayStart(now).getTime() + 5 * 60_000 - now.getTime()) / 1000);
    await t.services.thumbnailTestRunner.tick();
    // A day on, the session has expired: sign in again.
    cookie = await t.login('labs@example.com', TEST_PASSWORD);
  };
  const get = async (id: string): Promise<ThumbnailTest> => {
    const res = await call('GET', `${labs()}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const spentToday = async () => {
    const [row] = await database.db
      .select({ units: platformUnitSpend.units })
      .from(platformUnitSpend)
      .where(
        and(
          eq(platformUnitSpend.channelId, channelId),
          eq(platformUnitSpend.day, quotaDayOf(clock.now())),
        ),
      );
    return row ? Number(row.units) : 0;
  };

  it('refuses bad requests with the envelope: flag, uploads, another tenant', async () => {
    const videoId = takeVideo();
    const a = await upload(videoId, await solid(GREY));
    const b = await upload(videoId, await solid(GREEN));
    const noFlag = await call('GET', labs(), undefined, noFlagCookie);
    // A member of the channel without labs_user: 403 after the channel check.
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().error.code).toBe('feature-not-enabled');

    const one = await call('POST', labs(), { videoId, thumbnailIds: [a] });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.code).toBe('validation-failed');
    const same = await call('POST', labs(), { videoId, thumbnailIds: [a, a] });
    expect(same.statusCode).toBe(400);
    const unknown = await call('POST', labs(), {
      videoId,
      thumbnailIds: [a, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not-found');
    const elsewhere = takeVideo();
    const foreign = await upload(elsewhere, await solid(PURPLE));
    const wrongVideo = await call('POST', labs(), { videoId, thumbnailIds: [a, foreign] });
    expect(wrongVideo.statusCode).toBe(404);
    const noVideo = await call('POST', labs(), { videoId: 'nope1234567', thumbnailIds: [a, b] });
    expect(noVideo.statusCode).toBe(404);
    // Another tenant's channel is a 404, and so is this channel's test id under theirs.
    const stranger = await call('GET', labs(), undefined, otherCookie);
    expect(stranger.statusCode).toBe(404);
    const created = await call('POST', labs(), { videoId, thumbnailIds: [a, b], durationDays: 6 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const theirs = await call('GET', `${labs(otherChannelId)}/${id}`, undefined, otherCookie);
    expect(theirs.statusCode).toBe(404);
    expect(
      (await call('POST', `${labs(otherChannelId)}/${id}/stop`, {}, otherCookie)).statusCode,
    ).toBe(404);
    // One test per video.
    const again = await call('POST', labs(), { videoId, thumbnailIds: [a, b] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('thumbnail-test-running');
    const stopped = await call('POST', `${labs()}/${id}/stop`, {});
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().status).toBe('stopped');
    const twice = await call('POST', `${labs()}/${id}/stop`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('thumbnail-test-ended');
  }, 60_000);

  it('stopping early sets the original back; the editor is blocked meanwhile', async () => {
    const videoId = takeVideo();
    const a = await upload(videoId, await solid(GREEN));
    const b = await upload(videoId, await solid(PURPLE));
    const created = await call('POST', labs(), { videoId, thumbnailIds: [a, b] });
    expect(created.statusCode, created.body).toBe(201);
    const test: ThumbnailTest = created.json();
    expect(test.status).toBe('running');
    expect(test.variants[0]!.isLive).toBe(true);
    expect(test.originalImageUrl).toMatch(/^\/optimization\/thumbnails\//);
    expect(distance(await platformColour(videoId), GREEN)).toBeLessThan(15);

    const details = await call('GET', `/optimization/channels/${channelId}/videos/${videoId}`);
    expect(details.json().abTest).toBe(true);
    expect(details.json().thumbnailTest).toEqual({ id: test.id, endsAt: test.endsAt });
    const v = emulator.state.corpus.getVideo(videoId)!;
    const publish = (changes: object) =>
      call('POST', `/optimization/channels/${channelId}/videos/${videoId}/publish`, {
        title: v.title,
        description: v.description,
        tags: v.tags,
        searchTerm: null,
        language: null,
        thumbnailId: null,
        fromDraft: false,
        ...changes,
      });
    const blocked = await publish({ thumbnailId: b });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.code).toBe('thumbnail-test-running');
    // Text alone still publishes.
    expect((await publish({ title: `${v.title} (tested)` })).statusCode).toBe(200);

    // Later uploads of the video prune old ones, never a running test's images or its original.
    clock.advance(2 * 3600);
    cookie = await t.login('labs@example.com', TEST_PASSWORD);
    for (let i = 0; i < 6; i++) await upload(videoId, await solid({ r: 10 * i, g: 90, b: 90 }));
    for (const url of [...test.variants.map((x) => x.imageUrl), test.originalImageUrl!])
      expect((await call('GET', url)).statusCode, url).toBe(200);

    const stopped = await call('POST', `${labs()}/${test.id}/stop`, {});
    expect(stopped.statusCode, stopped.body).toBe(200);
    const after: ThumbnailTest = stopped.json();
    expect(after.status).toBe('stopped');
    expect(after.decision).toMatchObject({ reason: 'stopped', applied: 'original' });
    const original = await call('GET', test.originalImageUrl!);
    expect(original.statusCode).toBe(200);
    const live = emulator.state.thumbnails.custom(videoId, 'maxres')!;
    expect(distance(await meanColour(live), await meanColour(original.rawPayload))).toBeLessThan(6);
    const free = await call('GET', `/optimization/channels/${channelId}/videos/${videoId}`);
    expect(free.json().abTest).toBe(false);
  }, 60_000);

  it('rotates daily A, A, B, C…, measures, skips over budget, and ends with the decision live', async () => {
    const videoId = takeVideo();
    const images = [await solid(GREY), await solid(GREEN), await solid(PURPLE)];
    const colours = [GREY, GREEN, PURPLE];
    const ids = [];
    for (const image of images) ids.push(await upload(videoId, image));
    const spentBefore = await spentToday();
    const created = await call('POST', labs(), {
      videoId,
      thumbnailIds: ids,
      durationDays: 6,
      metric: 'viewsPerDay',
    });
    expect(created.statusCode, created.body).toBe(201);
    const test: ThumbnailTest = created.json();
    expect(await spentToday()).toBe(spentBefore + 50);
    expect(test.nextSwapAt).toBe(nextQuotaDayStart(clock.now()).toISOString());
    const liveIndex = async () => {
      const colour = await platformColour(videoId);
      return colours.findIndex((c) => distance(c, colour) < 15);
    };
    expect(await liveIndex()).toBe(0);

    // Day 1 (the first full day): A stays without a swap. Days 2–6: B, C (skipped), A, B, C.
    await nextDay();
    expect(await liveIndex()).toBe(0);
    expect(await spentToday()).toBe(0);
    await nextDay();
    expect(await liveIndex()).toBe(1);
    expect(await spentToday()).toBe(50);
    // Day 3: other work spent most of the budget: the swap is skipped, B stays live.
    await database.db
      .insert(platformUnitSpend)
      .values({ channelId, day: quotaDayOf(nextQuotaDayStart(clock.now())), units: 960 });
    await nextDay();
    expect(await liveIndex()).toBe(1);
    let page = await get(test.id);
    expect(page.skippedSwaps).toEqual([{ day: quotaDayOf(clock.now()), reason: 'budget' }]);
    expect(page.notice).toMatch(/budget/);
    expect(page.variants[1]!.isLive).toBe(true);
    await nextDay();
    expect(await liveIndex()).toBe(0);
    page = await get(test.id);
    expect(page.notice).toBeNull();
    // Measured days so far: day 1 (A), day 2 (B), day 3 (B, live all day).
    const days = await database.db
      .select()
      .from(thumbnailTestDays)
      .where(eq(thumbnailTestDays.testId, test.id))
      .orderBy(asc(thumbnailTestDays.day));
    expect(days.map((d) => page.variants.findIndex((v) => v.id === d.variantId))).toEqual([
      0, 1, 1,
    ]);
    expect(page.variants[0]!.measuredDays).toBe(1);
    expect(page.variants[1]!.measuredDays).toBe(2);
    expect(page.variants[1]!.views).toBeGreaterThan(0);
    expect(page.variants[1]!.viewsPerDay).not.toBeNull();
    expect(page.windows.map((w) => page.variants.findIndex((v) => v.id === w.variantId))).toEqual([
      0, 1, 0,
    ]);
    // A: the starting day's rest, all of day 1 and the first minutes of day 4.
    expect(page.variants[0]!.exposureHours).toBeGreaterThan(24);
    expect(page.variants[1]!.exposureHours).toBeCloseTo(48, 0);

    await nextDay();
    expect(await liveIndex()).toBe(1);
    await nextDay();
    expect(await liveIndex()).toBe(2);
    page = await get(test.id);
    if (page.status === 'running') {
      // Day 7: the duration ended: the last day is measured and the test decided.
      expect(page.nextSwapAt).toBe(page.endsAt);
      await nextDay();
      page = await get(test.id);
    }
    expect(page.status).toBe('completed');
    expect(page.nextSwapAt).toBeNull();
    expect(page.decision).not.toBeNull();
    const swaps = await database.db
      .select()
      .from(thumbnailTestSwaps)
      .where(eq(thumbnailTestSwaps.testId, test.id));
    expect(swaps.filter((s) => s.status === 'pending')).toEqual([]);
    // One rotation row per quota day at most.
    const rotations = swaps.filter((s) => s.kind === 'rotate').map((s) => s.quotaDay);
    expect(new Set(rotations).size).toBe(rotations.length);
    if (page.decision!.applied === 'winner') {
      const winner = page.variants.findIndex((v) => v.id === page.decision!.winnerVariantId);
      expect(await liveIndex()).toBe(winner);
      expect(page.variants[winner]!.isLive).toBe(true);
    } else {
      const original = await call('GET', test.originalImageUrl!);
      const live = emulator.state.thumbnails.custom(videoId, 'maxres')!;
      expect(distance(await meanColour(live), await meanColour(original.rawPayload))).toBeLessThan(
        6,
      );
    }
    // Every variant was measured; each has a posterior on the deciding metric.
    for (const v of page.variants) {
      expect(v.measuredDays).toBeGreaterThan(0);
      expect(v.probabilityBest).not.toBeNull();
      expect(v.interval).not.toBeNull();
    }
    const list = await call('GET', labs());
    expect(list.statusCode).toBe(200);
    expect(list.json().budget.dailyUnits).toBe(1000);
    expect(list.json().tests.some((x: ThumbnailTest) => x.id === test.id)).toBe(true);
  }, 120_000);

  it('a clearly better thumbnail wins and stays live', async () => {
    const videoId = takeVideo();
    // A flat grey draws the fewest clicks in the emulator; a vivid, high-contrast image the most.
    const vivid = await stripes({ r: 250, g: 20, b: 20 }, { r: 10, g: 10, b: 240 });
    const ids = [await upload(videoId, await solid(GREY)), await upload(videoId, vivid)];
    const created = await call('POST', labs(), {
      videoId,
      thumbnailIds: ids,
      durationDays: 8,
      metric: 'viewsPerDay',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    let page = await get(id);
    for (let day = 0; day < 10 && page.status === 'running'; day++) {
      await nextDay();
      page = await get(id);
    }
    expect(page.status).toBe('completed');
    expect(page.decision).toMatchObject({
      applied: 'winner',
      winnerVariantId: page.variants[1]!.id,
    });
    expect(page.decision!.probability).toBeGreaterThanOrEqual(0.95);
    // Decided early, once every thumbnail had its 3 measured days.
    expect(page.decision!.reason).toBe('confident');
    expect(Date.parse(page.endedAt!)).toBeLessThan(Date.parse(page.endsAt));
    expect(page.variants[1]!.isLive).toBe(true);
    const live = emulator.state.thumbnails.custom(videoId, 'maxres')!;
    expect(distance(await meanColour(live), await meanColour(vivid))).toBeLessThan(15);
    expect(page.variants[1]!.viewsPerDay!).toBeGreaterThan(page.variants[0]!.viewsPerDay!);
  }, 120_000);

  it('a swap without an answer is checked on the video once its lease ends, and sent again', async () => {
    const videoId = takeVideo();
    const ids = [
      await upload(videoId, await solid(PURPLE)),
      await upload(videoId, await solid(GREY)),
    ];
    losing.lose = 1;
    const created = await call('POST', labs(), { videoId, thumbnailIds: ids });
    expect(created.statusCode, created.body).toBe(201);
    const test: ThumbnailTest = created.json();
    // Not known to have landed: nothing is shown as live, and the platform has not got it.
    expect(test.variants.map((v) => v.isLive)).toEqual([false, false]);
    expect(emulator.state.thumbnails.custom(videoId, 'maxres')).toBeUndefined();
    // Before the lease ends a run leaves it alone; after, it reads the video and sends it again.
    await t.services.thumbnailTestRunner.tick();
    expect((await get(test.id)).variants[0]!.isLive).toBe(false);
    clock.advance(SWAP_LEASE_MS / 1000 + 1);
    await t.services.thumbnailTestRunner.tick();
    const page = await get(test.id);
    expect(page.variants.map((v) => v.isLive)).toEqual([true, false]);
    expect(distance(await platformColour(videoId), PURPLE)).toBeLessThan(15);
    const [swap] = await database.db
      .select()
      .from(thumbnailTestSwaps)
      .where(eq(thumbnailTestSwaps.testId, test.id));
    expect(swap).toMatchObject({ status: 'done', attempts: 2 });
    expect((await call('POST', `${labs()}/${test.id}/stop`, {})).json().status).toBe('stopped');
  }, 60_000);
});
