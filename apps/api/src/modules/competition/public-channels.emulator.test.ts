// Public channel data through the real adapter and the emulator's Data API with the product's
// key: one read per channel and day (a second ask spends nothing), unknown ids leave no row, the
// daily unit budget stops reads (stored data is served, marked unavailable). Light reads
// (anonymous onboardings) spend their own budget, read one page of uploads, never replace a fresh
// full read nor mark stored data unavailable, and their failure (or used-up budget) never keeps a
// full reader from the channel; rows of channels never read that nobody follows are purged after
// a day.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Emulator } from '@tubewise/emulator';
import { channelCompetitors, channels, publicChannels, rateLimits } from '../../db/schema/index.ts';
import { COMPETITOR_UPLOADS_READ_MAX } from '@tubewise/contract/onboarding-constants';
import { ShiftableClock, systemClock } from '../../lib/clock.ts';
import { createTestApp, testBackends, type TestApp } from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { RateLimitService } from '../rate-limit/index.ts';
import { PublicChannelsService } from './public-channels.service.ts';

const DAY = 86_400_000;

describe.each(testBackends())('public channel data (%s)', (backend) => {
  let server: EmulatorServer;
  let emulator: Emulator;
  let t: TestApp;
  let clock: ShiftableClock;
  let competitorId: string;
  /** More than 50 uploads in the period: one page does not reach its start. */
  let busyId: string;

  const units = () => {
    const ledger = emulator.control.quotaLedger().today.callsByMethod;
    return (
      (ledger['channels.list'] ?? 0) +
      (ledger['playlistItems.list'] ?? 0) +
      (ledger['videos.list'] ?? 0)
    );
  };
  const service = (dailyUnits = 1000, lightDailyUnits = 1000) =>
    new PublicChannelsService({
      db: t.database.db,
      platform: server.adapter,
      clock,
      apiKey: 'tubewise-emulator-key',
      limits: new RateLimitService(t.database.db, clock),
      dailyUnits,
      lightDailyUnits,
    });
  /** The units counted on a budget's counters (public-data-units or onboarding-data-units). */
  const counted = async (prefix: string) =>
    (await t.database.db.select().from(rateLimits))
      .filter((r) => r.key.startsWith(`${prefix}:`))
      .reduce((sum, r) => sum + r.count, 0);
  const rowOf = async (youtubeId: string) =>
    (
      await t.database.db
        .select()
        .from(publicChannels)
        .where(eq(publicChannels.youtubeId, youtubeId))
    )[0];

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 1 });
    emulator = server.emulator;
    clock = new ShiftableClock(systemClock);
    t = await createTestApp(backend, { platform: server.adapter, clock });
    competitorId = emulator.control.addChannel({ videoCount: 120, title: 'Rival Kitchen' }).id;
    // Ten years of uploads, about 80 of them in the last 90 days.
    busyId = emulator.control.addChannel({ videoCount: 3200, title: 'Busy Kitchen' }).id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  beforeEach(async () => {
    await t.database.db.delete(publicChannels);
    await t.database.db.delete(rateLimits);
    emulator.control.setFailureRate(0);
  });

  it('reads a channel once a day, with its recent public uploads newest first', async () => {
    const before = units();
    const [data] = await service().get([competitorId]);
    expect(data!.title).toBe('Rival Kitchen');
    expect(data!.unavailable).toBe(false);
    expect(data!.videos.length).toBeGreaterThanOrEqual(50);
    const dates = data!.videos.map((v) => v.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(data!.videos[0]).toMatchObject({
      videoId: expect.any(String),
      title: expect.any(String),
      tags: expect.any(Array),
    });
    const spent = units() - before;
    // channels.list, then one playlistItems page and one videos.list per 50 uploads read.
    expect(spent).toBeGreaterThanOrEqual(3);
    expect(spent % 2).toBe(1);

    const again = await service().get([competitorId]);
    expect(again[0]!.videos).toEqual(data!.videos);
    expect(units() - before).toBe(spent);
  });

  it('says from when it counts a channel whose period holds more uploads than one read takes', async () => {
    // A reader five years back: the emulator serves Busy Kitchen's uploads up to its own today,
    // all newer than that reader's period start, so the read stops at its cap of 300 (the
    // mechanics of a capped read; a real one would start inside the period).
    const past = new PublicChannelsService({
      db: t.database.db,
      platform: server.adapter,
      clock: new ShiftableClock(systemClock, -5 * 365 * DAY),
      apiKey: 'tubewise-emulator-key',
      limits: new RateLimitService(t.database.db, clock),
      dailyUnits: 1000,
      lightDailyUnits: 1000,
    });
    const before = units();
    const [capped] = await past.get([busyId]);
    // channels.list, then six pages of 50 (playlistItems + videos.list each), no more.
    expect(units() - before).toBe(1 + 2 * (COMPETITOR_UPLOADS_READ_MAX / 50));
    const oldest = capped!.videos.map((v) => v.publishedAt).sort()[0]!;
    expect(capped!.countedFrom?.toISOString()).toBe(new Date(oldest).toISOString());
    expect((await rowOf(busyId))!.uploadsCountedFrom).toEqual(capped!.countedFrom);

    // Read today, the period's start is reached: the whole period counts.
    const [whole] = await service().get([busyId], { maxAgeMs: 0 });
    expect(whole!.countedFrom).toBeNull();
    expect((await rowOf(busyId))!.uploadsCountedFrom).toBeNull();
  });

  it('leaves out channels the platform does not know, storing nothing for them', async () => {
    const result = await service().get(['UCno-such-channel-000000', competitorId]);
    expect(result.map((c) => c.youtubeId)).toEqual([competitorId]);
    const rows = await t.database.db
      .select()
      .from(publicChannels)
      .where(eq(publicChannels.youtubeId, 'UCno-such-channel-000000'));
    expect(rows).toEqual([]);
  });

  it('stops at the daily unit budget and serves what is stored, marked unavailable', async () => {
    const before = units();
    const [first] = await service(1).get([competitorId]);
    // channels.list took the one unit; the uploads could not be read.
    expect(units() - before).toBe(1);
    expect(first!.unavailable).toBe(true);
    expect(first!.videos).toEqual([]);
  });

  it('keeps the old data when a later read fails', async () => {
    const [fresh] = await service().get([competitorId]);
    clock.advance(DAY + 60_000);
    emulator.control.setFailureRate(1);
    const [stale] = await service().get([competitorId]);
    expect(stale!.unavailable).toBe(true);
    expect(stale!.videos).toEqual(fresh!.videos);
    expect(stale!.refreshedAt).toEqual(fresh!.refreshedAt);
  });

  it("a visitor's failed read never keeps the channel from a full reader", async () => {
    // The emulator fails the light read of a channel never read.
    emulator.control.setFailureRate(1);
    const [light] = await service().get([competitorId], { light: true });
    expect(light!.unavailable).toBe(true);
    expect((await rowOf(competitorId))!.lightRead).toBe(true);
    emulator.control.setFailureRate(0);
    // Another visitor waits the retry delay out…
    const [again] = await service().get([competitorId], { light: true });
    expect(again!.unavailable).toBe(true);
    // …but a paying reader reads the channel now.
    const [full] = await service().get([competitorId]);
    expect(full!.unavailable).toBe(false);
    expect(full!.title).toBe('Rival Kitchen');
  });

  it('the light budget used up is no failure of the channel: unavailable, nothing stored', async () => {
    const [light] = await service(1000, 0).get([competitorId], { light: true });
    expect(light).toMatchObject({ youtubeId: competitorId, unavailable: true, refreshedAt: null });
    expect(await rowOf(competitorId)).toBeUndefined();
    const [full] = await service(1000, 0).get([competitorId]);
    expect(full!.unavailable).toBe(false);
  });

  it('a failed first read that the platform then does not know leaves no row', async () => {
    emulator.control.setFailureRate(1);
    await service().get(['UCno-such-channel-000001']);
    expect(await rowOf('UCno-such-channel-000001')).toBeDefined();
    emulator.control.setFailureRate(0);
    clock.advance(16 * 60_000);
    expect(await service().get(['UCno-such-channel-000001'])).toEqual([]);
    expect(await rowOf('UCno-such-channel-000001')).toBeUndefined();
  });

  it('reads lightly on the onboarding budget: one page of uploads, the paying budget untouched', async () => {
    const before = units();
    const [light] = await service().get([busyId], { light: true });
    expect(units() - before).toBe(3);
    expect(await counted('onboarding-data-units')).toBe(3);
    expect(await counted('public-data-units')).toBe(0);
    expect(light!.unavailable).toBe(false);
    expect(light!.videos.length).toBe(50);
    expect((await rowOf(busyId))!.lightRead).toBe(true);
    // Another light reader is served the stored light read.
    await service().get([busyId], { light: true });
    expect(units() - before).toBe(3);

    // A full reader reads the channel again, in full, on its own budget.
    const [full] = await service().get([busyId]);
    expect(full!.videos.length).toBeGreaterThan(50);
    expect(await counted('public-data-units')).toBeGreaterThanOrEqual(5);
    expect((await rowOf(busyId))!.lightRead).toBe(false);
  });

  it('marks a light read that reached the period start as full: full readers spend nothing', async () => {
    await service().get([competitorId], { light: true });
    expect((await rowOf(competitorId))!.lightRead).toBe(false);
    const before = units();
    await service().get([competitorId]);
    expect(units()).toBe(before);
  });

  it('never replaces a fresh full read with a light one', async () => {
    const [full] = await service().get([busyId]);
    const stored = await rowOf(busyId);
    // A light reader that finds the data too old for it (here: any age) reads again…
    const before = units();
    const [light] = await service().get([busyId], { light: true, maxAgeMs: 0 });
    expect(units() - before).toBe(3);
    // …but the full read stays, and full readers spend nothing.
    expect(light!.videos).toEqual(full!.videos);
    expect(await rowOf(busyId)).toEqual(stored);
    await service().get([busyId]);
    expect(units() - before).toBe(3);
  });

  it('spends nothing of the paying budget past the light one, and marks no stored data unavailable', async () => {
    const [full] = await service().get([competitorId]);
    clock.advance(DAY + 60_000);
    const spent = await counted('public-data-units');
    const [stale, never] = await service(1000, 0).get([competitorId, busyId], { light: true });
    expect(await counted('public-data-units')).toBe(spent);
    // Stored data is served as it is, not marked unavailable; a never-read channel is, with
    // nothing stored (the budget is no failure of the channel).
    expect(stale).toMatchObject({ youtubeId: competitorId, unavailable: false });
    expect(stale!.videos).toEqual(full!.videos);
    expect((await rowOf(competitorId))!.failedAt).toBeNull();
    expect(never).toMatchObject({ youtubeId: busyId, unavailable: true, refreshedAt: null });
    expect(await rowOf(busyId)).toBeUndefined();
    // The paying readers still read it.
    const [fresh] = await service().get([competitorId]);
    expect(fresh!.refreshedAt!.getTime()).toBeGreaterThan(full!.refreshedAt!.getTime());
  });

  it('purges rows of channels never read that nobody follows, after a day', async () => {
    await service().get([competitorId]);
    const unread = 'UCnever-read-00000000000';
    // The budget is used up: rows without data are stored for both.
    await service(0).get([busyId, unread]);
    expect((await rowOf(unread))!.refreshedAt).toBeNull();
    const [channel] = await t.database.db
      .insert(channels)
      .values({ youtubeId: `UCpurger${Date.now()}`, name: 'Follower', thumbnailUrl: '' })
      .returning();
    await t.database.db
      .insert(channelCompetitors)
      .values({ channelId: channel!.id, youtubeId: busyId });
    expect(await service().purgeUnread()).toBe(0);
    clock.advance(DAY + 60_000);
    // Only the unfollowed one without data goes; a followed one and one with data stay.
    expect(await service().purgeUnread()).toBe(1);
    expect(await rowOf(unread)).toBeUndefined();
    expect((await rowOf(busyId))!.refreshedAt).toBeNull();
    expect((await rowOf(competitorId))!.refreshedAt).not.toBeNull();
    await t.database.db.delete(channels).where(eq(channels.id, channel!.id));
  });
});
