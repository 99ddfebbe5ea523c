/**
 * The optimisation list's default order per tab ("Needs work": most room to improve first) and
 * the CSV export of everything the list's tab, filters and search select.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoExportColumns } from '@tubewise/contract';
import { channelMembers, channels, videos } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';

/** Videos in the channel: more than one page (50), levels on both sides of 80. */
const COUNT = 62;

/** Deterministic scores: impact is not in date order, so the two sorts differ. */
const levelOf = (n: number) => (n % 3 === 0 ? 90 : (n * 7) % 80);
const impactOf = (n: number) => (n * 37) % 101;

describe.each(testBackends())('video list order and CSV export (%s)', (backend) => {
  let t: TestApp;
  let cookie: string;
  let channelId: string;

  const get = (url: string) =>
    t.app.inject({
      method: 'GET',
      url: `/optimization/channels/${channelId}${url}`,
      headers: { cookie },
    });
  const list = async (query: string) => {
    const res = await get(`/videos?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      items: { videoId: string; level: number; impact: number; date: string }[];
    };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const userId = await t.createUser('order-owner@example.com');
    cookie = await t.login('order-owner@example.com', TEST_PASSWORD);
    const [channel] = await t.database.db
      .insert(channels)
      .values({ youtubeId: 'UCorderorderorderorder01', name: 'Order, "quoted" channel' })
      .returning();
    channelId = channel!.id;
    await t.database.db.insert(channelMembers).values({ channelId, userId, role: 'owner' });
    const scoredAt = new Date();
    await t.database.db.insert(videos).values(
      Array.from({ length: COUNT }, (_, i) => {
        const n = i + 1;
        const title =
          n === 1
            ? '=HYPERLINK("http://evil.example","click")'
            : n === 2
              ? 'Line one\nline two, with "quotes"'
              : `Video ${n} 日本語`;
        return {
          channelId,
          youtubeId: `vid${String(n).padStart(8, '0')}`,
          title,
          description: '',
          tags: [],
          publishedAt: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000),
          privacyStatus: n % 10 === 0 ? 'unlisted' : 'public',
          thumbnails: {},
          localizations: {},
          viewCount: n * 100,
          likeCount: n * 10,
          commentCount: n === 5 ? null : n,
          level: levelOf(n),
          impact: impactOf(n),
          // Already scored: the list keeps these figures instead of running the rules.
          scoredAt,
        };
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sorts "Needs work" by impact, highest first, when no sort is given', async () => {
    const page = await list('tab=needs-work');
    const impacts = page.items.map((v) => v.impact);
    expect(impacts.length).toBeGreaterThan(10);
    expect(page.items.every((v) => v.level < 80)).toBe(true);
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
  });

  it('keeps the newest first as the other tabs’ default', async () => {
    const page = await list('tab=all');
    const dates = page.items.map((v) => Date.parse(v.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const impacts = page.items.map((v) => v.impact);
    expect(impacts).not.toEqual([...impacts].sort((a, b) => b - a));
  });

  it('keeps an explicit sort on "Needs work"', async () => {
    const byDate = await list('tab=needs-work&sort=date&order=asc');
    const dates = byDate.items.map((v) => Date.parse(v.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    const lowFirst = await list('tab=needs-work&order=asc');
    const impacts = lowFirst.items.map((v) => v.impact);
    expect(impacts).toEqual([...impacts].sort((a, b) => a - b));
  });

  it('exports every page of the selection as CSV, in the list order', async () => {
    const res = await get('/videos.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Order-quoted-channel-videos-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...videoExportColumns]);
    expect(rows).toHaveLength(COUNT);
    // Newest first, like the list's default.
    expect(rows[0]![0]).toBe(`vid${String(COUNT).padStart(8, '0')}`);
    const byId = new Map(
      rows.map((r) => [r[0], Object.fromEntries(header!.map((h, i) => [h, r[i]]))]),
    );
    expect(byId.get('vid00000001')).toMatchObject({
      Title: `'=HYPERLINK("http://evil.example","click")`,
      URL: 'https://www.youtube.com/watch?v=vid00000001',
      Published: '2026-01-02T00:00:00.000Z',
      Visibility: 'public',
      Views: '100',
      Likes: '10',
      Comments: '1',
      'Optimization level': String(levelOf(1)),
      'Optimization impact': String(impactOf(1)),
      Status: 'Needs work',
      'Last update': '',
    });
    expect(byId.get('vid00000002')!.Title).toBe('Line one\nline two, with "quotes"');
    expect(byId.get('vid00000003')).toMatchObject({ Status: 'Optimized', Title: 'Video 3 日本語' });
    expect(byId.get('vid00000005')!.Comments).toBe('');
    expect(byId.get('vid00000010')!.Visibility).toBe('unlisted');
  });

  it('exports the tab, filters and search the list shows, in its order', async () => {
    const res = await get('/videos.csv?tab=needs-work&visibility=public&q=video');
    expect(res.statusCode).toBe(200);
    const [, ...rows] = parse(res.body, { bom: true }) as string[][];
    const expected = Array.from({ length: COUNT }, (_, i) => i + 1).filter(
      (n) => n > 2 && levelOf(n) < 80 && n % 10 !== 0,
    );
    expect(rows.map((r) => r[0]).sort()).toEqual(
      expected.map((n) => `vid${String(n).padStart(8, '0')}`).sort(),
    );
    const impacts = rows.map((r) => Number(r[10]));
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
  });

  it('validates the export query like the list', async () => {
    for (const query of ['sort=views', 'tab=nope', `q=${'x'.repeat(101)}`, 'q=%00']) {
      const res = await get(`/videos.csv?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation-failed');
    }
  });

  it('answers 404 for a channel the caller is not on, 401 signed out', async () => {
    await t.createUser('stranger@example.com');
    const stranger = await t.login('stranger@example.com', TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: `/optimization/channels/${channelId}/videos.csv`,
      headers: { cookie: stranger },
    });
    expect(res.statusCode).toBe(404);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/optimization/channels/${channelId}/videos.csv`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
