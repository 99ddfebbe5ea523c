// Thumbnail tests when YouTube misbehaves (the emulator behind a switchable proxy): a read that
// fails while stopping is retried (the original goes back later, the test is not failed); a
// refused rotation is tried twice a day at most; a swap whose answer was lost is judged by the
// video's picture, even when the thumbnail URL does not change (real YouTube keeps
// i.ytimg.com/vi/<id>/hqdefault.jpg) and the budget is spent; a lost grant keeps the test
// `ending` until the channel is reconnected, then the original is set back.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '@tubewise/emulator';
import type { Database } from '../../db/client.ts';
import {
  channels,
  platformUnitSpend,
  thumbnailTestDays,
  thumbnailTests,
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
import { RECONNECT_NOTICE } from './thumbnail-test-runner.ts';

const ACCOUNT = 'alex.creator@tubewise.test';
const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
const meanOf = async (image: Buffer) => (await sharp(image).stats()).channels[0]!.mean;

describe.each(testBackends())('thumbnail tests when YouTube misbehaves (%s)', (backend) => {
  let server: EmulatorServer;
  let emulator: Emulator;
  let database: Database;
  let t: TestApp;
  let clock: TestClock;
  let cookie: string;
  let userId: string;
  let channelId: string;
  let yt: string;
  let next = 0;
  const control = {
    passReads: 0,
    failReads: 0,
    failSets: 0,
    applyThenFail: 0,
    /** Reads that find no video (a passing fault, or the video gone). */
    goneReads: 0,
    stripVersions: false,
    /** Analytics answers no row for these days (no views, or not there yet). */
    hideDays: (_day: string) => false,
    /** Days Analytics answers a row for whatever the emulator has (views, minutes, %). */
    addDays: new Map<string, [number, number, number]>(),
  };

  beforeAll(async () => {
    clock = new TestClock(Date.now());
    server = await startEmulatorServer({ now: () => clock.now().getTime() });
    emulator = server.emulator;
    (emulator.state.options as { publicUrl: string }).publicUrl = server.root;
    database = await openTestDatabase(backend);
    const platform = new Proxy(server.adapter, {
      get(target, key, receiver) {
        if (key === 'getVideos') {
          const read: VideoPlatform['getVideos'] = async (...args) => {
            if (control.goneReads > 0) {
              control.goneReads -= 1;
              return [];
            }
            if (control.passReads > 0) control.passReads -= 1;
            else if (control.failReads > 0) {
              control.failReads -= 1;
              throw new PlatformError('unavailable', 'Backend error.');
            }
            const found = await target.getVideos(...args);
            if (!control.stripVersions) return found;
            // Real YouTube: the same URL before and after thumbnails.set.
            return found.map((v) => ({
              ...v,
              thumbnails: Object.fromEntries(
                Object.entries(v.thumbnails).map(([size, image]) => [
                  size,
                  image ? { ...image, url: image.url.replace(/\?v=\d+$/, '') } : image,
                ]),
              ),
            }));
          };
          return read;
        }
        if (key === 'analyticsReport') {
          const report: VideoPlatform['analyticsReport'] = async (...args) => {
            const table = await target.analyticsReport(...args);
            const day = table.columns.indexOf('day');
            const rows = table.rows.filter((r) => !control.hideDays(String(r[day])));
            const { startDate, endDate } = args[1];
            for (const [added, [views, minutes, percent]] of control.addDays) {
              if (added < startDate || added > endDate) continue;
              if (rows.some((r) => String(r[day]) === added)) continue;
              rows.push(
                table.columns.map((c) =>
                  c === 'day'
                    ? added
                    : c === 'views'
                      ? views
                      : c === 'estimatedMinutesWatched'
                        ? minutes
                        : percent,
                ),
              );
            }
            rows.sort((a, b) => String(a[day]).localeCompare(String(b[day])));
            return { ...table, rows };
          };
          return report;
        }
        if (key === 'setThumbnail') {
          const set: VideoPlatform['setThumbnail'] = async (...args) => {
            if (control.failSets > 0) {
              control.failSets -= 1;
              throw new PlatformError('bad-request', 'The image was refused.');
            }
            if (control.applyThenFail > 0) {
              control.applyThenFail -= 1;
              await target.setThumbnail(...args);
              throw new PlatformError('unavailable', 'The connection was reset after the write.');
            }
            return target.setThumbnail(...args);
          };
          return set;
        }
        const member = Reflect.get(target, key, receiver) as unknown;
        return typeof member === 'function' ? member.bind(target) : member;
      },
    });
    t = await createTestApp(backend, {
      database,
      platform,
      clock,
      env: {
        YOUTUBE_API_KEY: 'tubewise-emulator-key',
        THUMBNAIL_MAX_BYTES: '300000',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        CHANNEL_DAILY_UNIT_BUDGET: '1000',
        // The tests move the clock on by weeks in all: the trial must outlast them.
        TRIAL_DAYS: '120',
      },
    });
    yt = emulator.control.addChannel({ videoCount: 12, owner: ACCOUNT }).id;
    userId = await t.createUser('labs@example.com', TEST_PASSWORD, { flags: 'labs_user' });
    channelId = await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId: yt,
      account: ACCOUNT,
    });
    await syncChannel(t.services, channelId);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await server?.close();
  });

  const labs = () => `/api/labs/channels/${channelId}/thumbnail-tests`;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const takeVideo = () => {
    for (;;) {
      const id = emulator.state.corpus.uploads(yt)[next++]!;
      if (emulator.state.corpus.getVideo(id)!.definition === 'hd') return id;
    }
  };
  const upload = async (videoId: string, image: Buffer) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/optimization/channels/${channelId}/videos/${videoId}/thumbnail`,
      headers: { cookie, 'content-type': 'image/jpeg' },
      payload: image,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ thumbnailId: string }>().thumbnailId;
  };
  const spent = async () => {
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
  const toSecondDay = async () => {
    const now = clock.now();
    const target = nextQuotaDayStart(nextQuotaDayStart(now)).getTime() + 5 * 60_000;
    clock.advance((target - now.getTime()) / 1000);
    cookie = await t.login('labs@example.com', TEST_PASSWORD);
  };
  /** Moves the clock on (the session is signed in again: it may have gone idle). */
  const advance = async (seconds: number) => {
    clock.advance(seconds);
    cookie = await t.login('labs@example.com', TEST_PASSWORD);
  };
  const start = async (colours: [number, number, number][], durationDays?: number) => {
    await database.db.delete(platformUnitSpend);
    cookie = await t.login('labs@example.com', TEST_PASSWORD);
    const videoId = takeVideo();
    const ids = [];
    for (const [r, g, b] of colours) ids.push(await upload(videoId, await solid(r, g, b)));
    const created = await call('POST', labs(), {
      videoId,
      thumbnailIds: ids,
      ...(durationDays ? { durationDays } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    return { videoId, id: created.json<{ id: string }>().id };
  };
  const platformMean = async (videoId: string) =>
    meanOf(emulator.state.thumbnails.custom(videoId, 'maxres')!);

  it('a read failure while stopping is retried 30 minutes later; the original goes back', async () => {
    const { videoId, id } = await start([
      [20, 200, 40],
      [120, 20, 160],
    ]);
    const liveBefore = await platformMean(videoId);
    control.failReads = 1;
    const stopped = (await call('POST', `${labs()}/${id}/stop`, {})).json();
    expect(stopped.status).toBe('ending');
    expect(stopped.notice).toMatch(/could not reach YouTube.*tries again/);
    expect(stopped.notice).not.toMatch(/refused/);
    await t.services.thumbnailTestRunner.tick();
    expect((await call('GET', `${labs()}/${id}`)).json().status).toBe('ending'); // backoff
    await advance(31 * 60);
    await t.services.thumbnailTestRunner.tick();
    const after = (await call('GET', `${labs()}/${id}`)).json();
    expect(after.status).toBe('stopped');
    expect(await platformMean(videoId)).not.toBeCloseTo(liveBefore, 0);
  }, 60_000);

  it('a refused rotation is tried twice a day at most, its units given back', async () => {
    const { id } = await start(
      [
        [200, 20, 40],
        [20, 20, 160],
      ],
      6,
    );
    await toSecondDay();
    control.failSets = 1000;
    const before = await spent();
    for (let i = 0; i < 30; i++) {
      await t.services.thumbnailTestRunner.tick();
      clock.advance(300);
    }
    control.failSets = 0;
    await advance(0);
    const rows = await database.db
      .select()
      .from(thumbnailTestSwaps)
      .where(and(eq(thumbnailTestSwaps.testId, id), eq(thumbnailTestSwaps.status, 'failed')));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.reason === 'refused')).toBe(true);
    expect(await spent()).toBe(before);
    const test = (await call('GET', `${labs()}/${id}`)).json();
    expect(test.notice).toMatch(/did not go through \(YouTube refused it\)/);
  }, 120_000);

  it('a landed swap whose answer was lost is recognised by its picture (unversioned URLs, budget spent)', async () => {
    control.stripVersions = true;
    try {
      const { videoId, id } = await start(
        [
          [250, 250, 250],
          [10, 10, 10],
        ],
        6,
      );
      await toSecondDay();
      control.applyThenFail = 1;
      await t.services.thumbnailTestRunner.tick(); // B lands on YouTube, the answer is lost
      await database.db
        .update(platformUnitSpend)
        .set({ units: 1000 })
        .where(
          and(
            eq(platformUnitSpend.channelId, channelId),
            eq(platformUnitSpend.day, quotaDayOf(clock.now())),
          ),
        );
      clock.advance(31);
      await t.services.thumbnailTestRunner.tick();
      const rows = await database.db
        .select()
        .from(thumbnailTestSwaps)
        .where(eq(thumbnailTestSwaps.testId, id));
      expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
      const test = (await call('GET', `${labs()}/${id}`)).json();
      expect(test.variants.map((v: { isLive: boolean }) => v.isLive)).toEqual([false, true]);
      expect(await platformMean(videoId)).toBeLessThan(40);
      expect(await spent()).toBe(1000); // no resend
    } finally {
      control.stripVersions = false;
    }
  }, 120_000);

  it('a swap that did not land (unversioned URLs) is sent again and recorded past the budget', async () => {
    control.stripVersions = true;
    try {
      const { videoId, id } = await start(
        [
          [240, 240, 240],
          [15, 15, 15],
        ],
        6,
      );
      await toSecondDay();
      // A process journalled today's rotation to B, sent it and died; it did not land.
      const [pending] = await database.db
        .insert(thumbnailTestSwaps)
        .values({
          testId: id,
          kind: 'rotate',
          variantId: (await call('GET', `${labs()}/${id}`)).json().variants[1].id,
          quotaDay: quotaDayOf(clock.now()),
          status: 'pending',
          thumbnailsBefore: {},
          attempts: 1,
          quotaUnits: 51,
          leaseUntil: new Date(clock.now().getTime() - 1000),
          createdAt: clock.now(),
        })
        .returning();
      expect(await platformMean(videoId)).toBeGreaterThan(200);
      await database.db.delete(platformUnitSpend);
      await database.db
        .insert(platformUnitSpend)
        .values({ channelId, day: quotaDayOf(clock.now()), units: 1000 });
      await t.services.thumbnailTestRunner.reconcile(id);
      const [after] = await database.db
        .select()
        .from(thumbnailTestSwaps)
        .where(eq(thumbnailTestSwaps.id, pending!.id));
      expect(after!.status).toBe('done');
      expect(after!.attempts).toBe(2);
      expect(await platformMean(videoId)).toBeLessThan(40);
      expect(await spent()).toBe(1050);
    } finally {
      control.stripVersions = false;
    }
  }, 120_000);

  it('a lost grant keeps a stopped test ending until the channel is reconnected', async () => {
    const { videoId, id } = await start([
      [30, 220, 30],
      [200, 30, 200],
    ]);
    const variantMean = await platformMean(videoId);
    emulator.control.revokeAccount(ACCOUNT);
    await database.db
      .update(channels)
      .set({ needsReconnect: false })
      .where(eq(channels.id, channelId));
    await advance(3600); // the cached access token runs out
    const stopped = (await call('POST', `${labs()}/${id}/stop`, {})).json();
    expect(stopped.status).toBe('ending');
    expect(stopped.notice).toBe(RECONNECT_NOTICE);
    await t.services.thumbnailTestRunner.tick();
    expect((await call('GET', `${labs()}/${id}`)).json().status).toBe('ending');
    await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId: yt,
      account: ACCOUNT,
    });
    await advance(31 * 60);
    await t.services.thumbnailTestRunner.tick();
    const after = (await call('GET', `${labs()}/${id}`)).json();
    expect(after.status).toBe('stopped');
    expect(after.notice).toBeNull();
    expect(await platformMean(videoId)).not.toBeCloseTo(variantMean, 0);
  }, 120_000);

  it('a read failing before the first swap says so, and the units go back', async () => {
    await database.db.delete(platformUnitSpend);
    cookie = await t.login('labs@example.com', TEST_PASSWORD);
    const videoId = takeVideo();
    const a = await upload(videoId, await solid(10, 100, 200));
    const b = await upload(videoId, await solid(200, 100, 10));
    control.passReads = 1; // the creation's own read of the live image goes through
    control.failReads = 1;
    const res = await call('POST', labs(), { videoId, thumbnailIds: [a, b] });
    control.passReads = 0;
    control.failReads = 0;
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/could not read the video/);
    expect(res.json().error.message).not.toMatch(/refused/);
    expect(await spent()).toBe(0);
    const list = (await call('GET', labs())).json();
    expect(list.tests.some((x: { videoId: string }) => x.videoId === videoId)).toBe(false);
  }, 60_000);

  it('counts a day without Analytics rows as no views, and decides once the last day is in', async () => {
    const { id } = await start(
      [
        [240, 200, 30],
        [30, 160, 240],
      ],
      6,
    );
    await database.db
      .update(thumbnailTests)
      .set({ metric: 'viewsPerDay' })
      .where(eq(thumbnailTests.id, id));
    const [row] = await database.db.select().from(thumbnailTests).where(eq(thumbnailTests.id, id));
    const firstDay = quotaDayOf(nextQuotaDayStart(row!.startedAt));
    const lastDay = quotaDayOf(new Date(row!.endsAt.getTime() - 60_000));
    // The first full day had no views; the last one is not in Analytics yet.
    let lastIn = false;
    control.hideDays = (day) => day === firstDay || (day === lastDay && !lastIn);
    try {
      // Day by day to just past the end, a tick after each midnight.
      while (clock.now() < row!.endsAt) {
        const target = nextQuotaDayStart(clock.now()).getTime() + 5 * 60_000;
        clock.advance((target - clock.now().getTime()) / 1000);
        await t.services.thumbnailTestRunner.tick();
      }
      await advance(0);
      const waiting = (await call('GET', `${labs()}/${id}`)).json();
      expect(waiting.status).toBe('running');
      expect(waiting.decision).toBeNull();
      expect(waiting.nextSwapAt).toBeNull();
      expect(waiting.notice).toMatch(
        /has run its course\. The winner is chosen once YouTube Analytics/,
      );
      const days = await database.db
        .select()
        .from(thumbnailTestDays)
        .where(eq(thumbnailTestDays.testId, id));
      expect(days.find((d) => d.day === firstDay)).toMatchObject({ views: 0, watchMinutes: 0 });
      expect(days.some((d) => d.day === lastDay)).toBe(false);

      lastIn = true;
      // Its figures are in now (a day the emulator gave no views would wait until settled).
      control.addDays.set(lastDay, [7, 20, 41.5]);
      await advance(600);
      await t.services.thumbnailTestRunner.tick();
      const decided = (await call('GET', `${labs()}/${id}`)).json();
      expect(decided.decision).toMatchObject({ reason: 'duration-ended' });
      expect(decided.notice ?? '').not.toMatch(/has run its course/);
      expect(decided.measuredThrough).toBe(lastDay);
    } finally {
      control.hideDays = () => false;
      control.addDays.clear();
    }
  }, 120_000);

  it('a rotation that does not find the video ends the test, setting the original back', async () => {
    const { videoId, id } = await start(
      [
        [250, 250, 30],
        [30, 250, 250],
      ],
      6,
    );
    const liveA = await platformMean(videoId);
    await toSecondDay();
    control.goneReads = 1;
    await t.services.thumbnailTestRunner.tick();
    expect(control.goneReads).toBe(0);
    const ended = (await call('GET', `${labs()}/${id}`)).json();
    expect(ended.status).toBe('failed');
    expect(ended.decision).toMatchObject({ reason: 'video-gone', applied: 'original' });
    // Not left on variant A: the original (the video's image before the test) is back.
    const now = await platformMean(videoId);
    expect(Math.abs(now - liveA)).toBeGreaterThan(5);
  }, 60_000);

  it('stopping a test whose winner waits for the budget sets the original back instead', async () => {
    const { videoId, id } = await start(
      [
        [250, 30, 30],
        [30, 30, 250],
      ],
      6,
    );
    const test = (await call('GET', `${labs()}/${id}`)).json();
    const liveA = await platformMean(videoId);
    // Decided for B, the final swap waiting: the channel's budget is spent.
    await database.db
      .insert(platformUnitSpend)
      .values({ channelId, day: quotaDayOf(clock.now()), units: 1000 })
      .onConflictDoUpdate({
        target: [platformUnitSpend.channelId, platformUnitSpend.day],
        set: { units: 1000 },
      });
    await database.db
      .update(thumbnailTests)
      .set({
        status: 'ending',
        decision: {
          winnerVariantId: test.variants[1].id,
          probability: 0.97,
          reason: 'confident',
          applied: 'winner',
          decidedAt: clock.now().toISOString(),
        },
      })
      .where(eq(thumbnailTests.id, id));
    await t.services.thumbnailTestRunner.tick();
    expect((await call('GET', `${labs()}/${id}`)).json().notice).toMatch(/winning thumbnail/);
    const stopped = (await call('POST', `${labs()}/${id}/stop`, {})).json();
    expect(stopped.status).toBe('ending');
    expect(stopped.decision.applied).toBe('original');
    expect(stopped.notice).toMatch(/original thumbnail/);
    await database.db.delete(platformUnitSpend);
    await t.services.thumbnailTestRunner.tick();
    const after = (await call('GET', `${labs()}/${id}`)).json();
    expect(after.status).toBe('stopped');
    // The original (the video's image before the test) is live, not A nor B.
    const now = await platformMean(videoId);
    expect(now).not.toBeCloseTo(liveA, 0);
    expect(Math.abs(now - 30)).toBeGreaterThan(5);
  }, 60_000);
});
