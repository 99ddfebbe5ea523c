// Quota: the cost table, the ledger, the separate search bucket and the reset at Pacific midnight.
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from './emulator.ts';
import { quotaExceeded } from './google-errors.ts';
import { pacificDay, QuotaMeter } from './quota.ts';
import { QUOTA_COSTS } from './quota-costs.ts';
import { apiGet, authorize, startEmulator } from './testing/harness.ts';

describe('quota meter', () => {
  it('knows Pacific days (reset at midnight America/Los_Angeles, DST included)', () => {
    expect(pacificDay(Date.parse('2026-01-15T07:59:59Z'))).toBe('2026-01-14');
    expect(pacificDay(Date.parse('2026-01-15T08:00:00Z'))).toBe('2026-01-15');
    expect(pacificDay(Date.parse('2026-07-15T06:59:59Z'))).toBe('2026-07-14');
    expect(pacificDay(Date.parse('2026-07-15T07:00:00Z'))).toBe('2026-07-15');
  });

  it('charges the cost table, refuses an overdraft for free, and resets at Pacific midnight', () => {
    let now = Date.parse('2026-01-15T07:00:00Z');
    const meter = new QuotaMeter({ now: () => now, unitsPerDay: 120 });
    expect(meter.charge('videos.update').ok).toBe(true);
    expect(meter.charge('videos.list').ok).toBe(true);
    expect(meter.charge('thumbnails.set').ok).toBe(true);
    expect(meter.ledger().today.units).toBe(101);
    expect(meter.charge('videos.update').ok).toBe(false);
    expect(meter.ledger().today).toMatchObject({ units: 101, rejected: 1 });
    expect(meter.charge('channels.list').ok).toBe(true);
    now = Date.parse('2026-01-15T08:00:00Z');
    expect(meter.ledger().today).toMatchObject({ day: '2026-01-15', units: 0 });
    expect(meter.charge('videos.update').ok).toBe(true);
    expect(meter.ledger().days.map((d) => d.day)).toEqual(['2026-01-14', '2026-01-15']);
  });

  it('search.list uses its own bucket of 100 calls', () => {
    const meter = new QuotaMeter({ now: () => 0 });
    for (let i = 0; i < 100; i++) expect(meter.charge('search.list').ok).toBe(true);
    expect(meter.charge('search.list').ok).toBe(false);
    expect(meter.ledger()).toMatchObject({ remainingSearchCalls: 0, remainingUnits: 10_000 });
    expect(meter.charge('videos.list').ok).toBe(true);
  });

  it('has the documented costs', () => {
    expect(QUOTA_COSTS).toMatchObject({
      'channels.list': 1,
      'playlistItems.list': 1,
      'playlists.list': 1,
      'videos.list': 1,
      'i18nLanguages.list': 1,
      'videoCategories.list': 1,
      'captions.list': 50,
      'captions.download': 200,
      'videos.update': 50,
      'thumbnails.set': 50,
    });
  });
});

describe('quota over HTTP', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let token: string;
  let now: number;

  beforeEach(async () => {
    now = Date.parse('2026-05-01T12:00:00Z');
    ({ app, emulator } = await startEmulator({
      now: () => now,
      quotaUnitsPerDay: 10,
      searchCallsPerDay: 2,
      accessTokenTtlSeconds: 2 * 86_400,
    }));
    token = (await authorize(app)).access_token;
  });

  it('every request costs, even invalid ones; the ledger is readable as JSON', async () => {
    await apiGet(app, '/youtube/v3/channels?part=contentDetails&mine=true', token);
    await apiGet(app, '/youtube/v3/videos?part=nope&id=x', token);
    await apiGet(
      app,
      '/youtube/v3/playlistItems?part=snippet&playlistId=UUtw0demo00000000000001&maxResults=50',
      token,
    );
    const ledger = (await app.inject({ url: '/emulator/_emulator/quota' })).json();
    expect(ledger.today.units).toBe(3);
    expect(ledger.today.unitsByMethod).toEqual({
      'channels.list': 1,
      'videos.list': 1,
      'playlistItems.list': 1,
    });
    expect(ledger.limits).toEqual({
      unitsPerDay: 10,
      searchCallsPerDay: 2,
      resetTimeZone: 'America/Los_Angeles',
    });
  });

  it('over quota answers the real quotaExceeded body until Pacific midnight', async () => {
    for (let i = 0; i < 10; i++)
      expect((await apiGet(app, '/youtube/v3/videos?part=id&id=x', token)).status).toBe(200);
    const over = await apiGet(app, '/youtube/v3/videos?part=id&id=x', token);
    expect(over.status).toBe(403);
    expect(over.body).toEqual(quotaExceeded().body);
    now = Date.parse('2026-05-02T07:00:00Z'); // 00:00 PDT
    expect((await apiGet(app, '/youtube/v3/videos?part=id&id=x', token)).status).toBe(200);
  });

  it('search.list is limited by its own bucket', async () => {
    for (let i = 0; i < 2; i++)
      expect((await apiGet(app, '/youtube/v3/search?part=snippet&q=yoga', token)).status).toBe(200);
    expect((await apiGet(app, '/youtube/v3/search?part=snippet&q=yoga', token)).status).toBe(403);
    expect(emulator.control.quotaLedger().today).toMatchObject({ searchCalls: 2, units: 0 });
  });
});
