// Public channel data through the real adapter and the emulator's Data API with the product's
// key: one read per channel and day (a second ask spends nothing), unknown ids leave no row, the
// daily unit budget stops reads (stored data is served, marked unavailable), and the daily
// refresh reads the followed channels again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Emulator } from '@tubewise/emulator';
import { channelCompetitors, channels, publicChannels, rateLimits } from '../../db/schema/index.ts';
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

  const units = () => {
    const ledger = emulator.control.quotaLedger().today.callsByMethod;
    return (
      (ledger['channels.list'] ?? 0) +
      (ledger['playlistItems.list'] ?? 0) +
      (ledger['videos.list'] ?? 0)
    );
  };
  const service = (dailyUnits = 1000) =>
    new PublicChannelsService({
      db: t.database.db,
      platform: server.adapter,
      clock,
      apiKey: 'tubewise-emulator-key',
      limits: new RateLimitService(t.database.db, clock),
      dailyUnits,
    });

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 1 });
    emulator = server.emulator;
    clock = new ShiftableClock(systemClock);
    t = await createTestApp(backend, { platform: server.adapter, clock });
    competitorId = emulator.control.addChannel({ videoCount: 120, title: 'Rival Kitchen' }).id;
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

  it('refreshes the followed channels that are a day old', async () => {
    const [channel] = await t.database.db
      .insert(channels)
      .values({ youtubeId: `UCfollower${Date.now()}`, name: 'Follower', thumbnailUrl: '' })
      .returning();
    await t.database.db
      .insert(channelCompetitors)
      .values({ channelId: channel!.id, youtubeId: competitorId });
    const svc = service();
    expect(await svc.refreshFollowed()).toEqual({ refreshed: 1, failed: 0 });
    // Fresh: nothing to do until it is about a day old.
    expect(await svc.refreshFollowed()).toEqual({ refreshed: 0, failed: 0 });
    clock.advance(DAY);
    const before = units();
    expect(await svc.refreshFollowed()).toEqual({ refreshed: 1, failed: 0 });
    expect(units()).toBeGreaterThan(before);
    await t.database.db.delete(channels).where(eq(channels.id, channel!.id));
  });
});
