// The reporting overview through the real app and the emulator's YouTube Analytics, on PGlite and
// PostgreSQL: figures consistent with the emulator's reports, reports cached per day (no second
// Analytics call), the monetary value from term CPCs in the keyword-data cache and the default
// cost per view, the per-channel override, the empty state and the platform's error notices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReportQuery, runReport, type Emulator } from '@tubewise/emulator';
import type { OrganicStats } from '@tubewise/contract';
import { keywordMetrics } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { connectEmulatorChannel } from '../../testing/connect-channel.ts';
import type { VideoPlatform } from '../video-platform/index.ts';
import { addDays, lastDayWithData, periodsOf, valueOf } from './reporting.service.ts';
import { DEFAULT_COST_PER_VIEW, WORLDWIDE_COST_PER_VIEW, defaultCostPerView } from './index.ts';

const ACCOUNT = 'alex.creator@tubewise.test';

describe('periods and value', () => {
  it('ends yesterday and puts the previous period right before', () => {
    expect(periodsOf('2026-03-01', 28)).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
      previousStart: '2026-01-04',
      previousEnd: '2026-01-31',
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
  it('values CPC terms at their CPC and every other view at the cost per view', () => {
    const terms = [
      { term: 'dutch oven', views: 100, watchMinutes: 300 },
      { term: 'camp stove', views: 50, watchMinutes: 100 },
    ];
    const v = valueOf(400, terms, (t) => (t === 'dutch oven' ? 0.5 : undefined), 0.02);
    expect(v.cpcViews).toBe(100);
    expect(v.cpcValue).toBe(50);
    expect(v.defaultViews).toBe(300);
    expect(v.defaultValue).toBe(6);
    expect(v.total).toBe(56);
    expect(v.terms.map((t) => [t.valueSource, t.value])).toEqual([
      ['cpc', 50],
      ['default', 1],
    ]);
  });
  it('documents a default per location and a worldwide one', () => {
    expect(defaultCostPerView(2840)).toBe(DEFAULT_COST_PER_VIEW[2840]);
    expect(defaultCostPerView(1)).toBe(WORLDWIDE_COST_PER_VIEW);
  });
});

describe.each(testBackends())('reporting overview against the emulator (%s)', (backend) => {
  let emulator: Emulator;
  let server: EmulatorServer;
  let t: TestApp;
  let cookie: string;
  let channelId: string;
  let youtubeChannelId: string;
  let emptyChannelId: string;
  const calls: string[] = [];

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 1 });
    emulator = server.emulator;
    // Counts Analytics calls made through the real adapter.
    const adapter = server.adapter;
    const platform = new Proxy(adapter, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop === 'analyticsReport' && typeof value === 'function') {
          return (...args: Parameters<VideoPlatform['analyticsReport']>) => {
            calls.push(JSON.stringify(args[1]));
            return (value as VideoPlatform['analyticsReport']).apply(target, args);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as VideoPlatform;
    t = await createTestApp(backend, { platform });
    const email = 'reporting-owner@example.com';
    const userId = await t.createUser(email);
    const record = emulator.control.addChannel({ videoCount: 40, owner: ACCOUNT });
    youtubeChannelId = record.id;
    channelId = await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId,
      account: ACCOUNT,
    });
    const empty = emulator.control.addChannel({ videoCount: 0, owner: ACCOUNT });
    emptyChannelId = await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId: empty.id,
      account: ACCOUNT,
    });
    cookie = await t.login(email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const get = (id: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/reporting/channels/${id}/organic${query}`,
      headers: { cookie },
    });
  const put = (id: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/reporting/channels/${id}/cost-per-view`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  /** The emulator's own report for the channel (what YouTube would answer). */
  const emulatorReport = (q: Record<string, string>) => {
    const parsed = parseReportQuery(q);
    if (!parsed.ok) throw new Error(parsed.error.body.error.message);
    const videos = emulator.state.corpus
      .uploads(youtubeChannelId)
      .map((id) => emulator.state.corpus.getVideo(id)!);
    return runReport(videos, parsed.query, emulator.state.options.now());
  };

  let first: OrganicStats;

  it('answers 28 days of organic stats consistent with YouTube Analytics', async () => {
    const res = await get(channelId);
    expect(res.statusCode, res.body).toBe(200);
    first = res.json();
    expect(first.days).toBe(28);
    expect(first.state).toBe('ready');
    expect(first.daily).toHaveLength(28);
    expect(first.daily[0]!.day).toBe(first.period.start);
    expect(first.daily.at(-1)!.day).toBe(first.period.end);
    expect(addDays(first.period.end, 1)).toBe(new Date().toISOString().slice(0, 10));
    expect(addDays(first.previousPeriod.end, 1)).toBe(first.period.start);
    const sum = (pick: (d: OrganicStats['daily'][number]) => number) =>
      first.daily.reduce((s, d) => s + pick(d), 0);
    expect(sum((d) => d.views)).toBe(first.views.current);
    expect(sum((d) => d.previousViews)).toBe(first.views.previous);
    expect(sum((d) => d.watchMinutes)).toBe(first.watchMinutes.current);
    expect(sum((d) => d.totalViews)).toBe(first.totalViews);
    expect(first.views.current).toBeGreaterThan(0);

    const search = emulatorReport({
      startDate: first.period.start,
      endDate: first.period.end,
      metrics: 'views',
      filters: 'insightTrafficSourceType==YT_SEARCH',
    });
    expect((search.rows as number[][])[0]![0]).toBe(first.views.current);
    const all = emulatorReport({
      startDate: first.period.start,
      endDate: first.period.end,
      metrics: 'views',
    });
    expect((all.rows as number[][])[0]![0]).toBe(first.totalViews);
    expect(first.searchShare.current).toBeCloseTo(
      (first.views.current / first.totalViews) * 100,
      1,
    );
    expect(first.subscribersFromSearchAvailable).toBe(false);

    expect(first.topTerms.length).toBeGreaterThan(0);
    expect(first.topTerms.length).toBeLessThanOrEqual(25);
    const termViews = first.topTerms.map((term) => term.views);
    expect(termViews).toEqual([...termViews].sort((a, b) => b - a));
    expect(termViews.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(first.views.current);

    // Without any CPC cached, every view from search is valued at the location's default.
    const method = first.monetaryValue.method;
    expect(method.costPerView).toMatchObject({
      source: 'location',
      locationName: 'United States',
      costPerView: DEFAULT_COST_PER_VIEW[2840],
      override: null,
    });
    expect(method.cpcTerms).toEqual([]);
    expect(method.defaultViews).toBe(first.views.current);
    expect(first.monetaryValue.total.current).toBeCloseTo(
      first.views.current * DEFAULT_COST_PER_VIEW[2840]!,
      2,
    );
    // One traffic-source-by-day call over both periods and one search-terms call per period.
    expect(calls).toHaveLength(3);
  });

  it('serves the day from the cache without a second Analytics call', async () => {
    const again = await get(channelId, '?days=28');
    expect(again.statusCode).toBe(200);
    expect(calls).toHaveLength(3);
    expect(again.json().views).toEqual(first.views);
    // Concurrent first views of another period share the calls.
    const [a, b] = await Promise.all([get(channelId, '?days=90'), get(channelId, '?days=90')]);
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(calls).toHaveLength(6);
    const ninety: OrganicStats = a.json();
    expect(ninety.daily).toHaveLength(90);
    expect(ninety.views.current).toBeGreaterThanOrEqual(first.views.current);
  });

  it('values terms with a cached CPC at their CPC and states the method', async () => {
    const top = first.topTerms[0]!;
    await t.database.db.insert(keywordMetrics).values({
      keyword: top.term,
      locationCode: 2840,
      languageCode: 'en',
      volume: 1000,
      competition: 0.4,
      cpc: 0.75,
      source: 'test',
      fetchedAt: new Date(),
    });
    const stats: OrganicStats = (await get(channelId)).json();
    expect(calls).toHaveLength(6);
    const valued = stats.topTerms.find((term) => term.term === top.term)!;
    expect(valued).toMatchObject({ cpc: 0.75, valueSource: 'cpc' });
    expect(valued.value).toBeCloseTo(top.views * 0.75, 2);
    const method = stats.monetaryValue.method;
    expect(method.cpcTerms).toEqual([top.term]);
    expect(method.cpcViews).toBe(top.views);
    expect(method.defaultViews).toBe(stats.views.current - top.views);
    expect(stats.monetaryValue.total.current).toBeCloseTo(method.cpcValue + method.defaultValue, 2);
    expect(stats.topTerms.filter((term) => term.valueSource === 'default').length).toBe(
      stats.topTerms.length - 1,
    );
  });

  it('sets, uses and clears a cost-per-view override', async () => {
    const before: OrganicStats = (await get(channelId)).json();
    const set = await put(channelId, { costPerView: 0.1 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ costPerView: 0.1, source: 'channel', override: 0.1 });
    const after: OrganicStats = (await get(channelId)).json();
    expect(after.monetaryValue.method.costPerView.source).toBe('channel');
    expect(after.monetaryValue.method.defaultValue).toBeCloseTo(
      after.monetaryValue.method.defaultViews * 0.1,
      2,
    );
    expect(after.monetaryValue.total.current).toBeGreaterThan(before.monetaryValue.total.current);
    const cleared = await put(channelId, { costPerView: null });
    expect(cleared.json()).toMatchObject({ source: 'location', override: null });
    expect(calls).toHaveLength(6);
  });

  it('refuses invalid input with 400, never 500', async () => {
    for (const body of [
      { costPerView: -1 },
      { costPerView: 0 },
      { costPerView: 11 },
      { costPerView: '0.1' },
      {},
      '{"costPerView":1e400}',
      '{"costPerView":0.1',
    ]) {
      const res = await put(channelId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const q of ['?days=7', '?days=abc', '?days=28.5', '?days=%00']) {
      const res = await get(channelId, q);
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('answers the empty state for a channel without views', async () => {
    const res = await get(emptyChannelId);
    expect(res.statusCode, res.body).toBe(200);
    const stats: OrganicStats = res.json();
    expect(stats.state).toBe('empty');
    expect(stats.views).toEqual({ current: 0, previous: 0, changePercent: null });
    expect(stats.topTerms).toEqual([]);
    expect(stats.daily.every((d) => d.views === 0)).toBe(true);
    expect(stats.monetaryValue.total.current).toBe(0);
  });

  it("maps YouTube's forbidden and a revoked grant to the app's notices", async () => {
    emulator.control.setChannelForbidden(youtubeChannelId, true);
    const forbidden = await get(channelId, '?days=365');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('video-platform-access-forbidden');
    emulator.control.setChannelForbidden(youtubeChannelId, false);
    emulator.control.revokeAccount(ACCOUNT);
    const revoked = await get(channelId, '?days=365');
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error.code).toBe('invalid-grant');
    // Today's cached reports still answer.
    expect((await get(channelId, '?days=28')).statusCode).toBe(200);
  });
});

describe('lastDayWithData', () => {
  it('ends on the last day with figures, at most three days early', () => {
    const days = new Map([
      ['2026-03-01', 1],
      ['2026-02-27', 1],
    ]);
    expect(lastDayWithData(days, '2026-03-01')).toBe('2026-03-01');
    expect(lastDayWithData(days, '2026-03-02')).toBe('2026-03-01');
    expect(lastDayWithData(days, '2026-03-04')).toBe('2026-03-01');
    // Nothing in the last four days: not moved.
    expect(lastDayWithData(days, '2026-03-05')).toBe('2026-03-05');
    expect(lastDayWithData(new Map(), '2026-03-05')).toBe('2026-03-05');
  });
});
