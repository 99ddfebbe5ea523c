// A channel's rankings through the real app on PGlite and PostgreSQL, from a known history in
// keyword_ranks: the latest day, buckets, average, change against 7 and 30 days before (no rank
// = depth + 1), volumes from the keyword-data cache, sort, bucket filter and search.
import type { InjectOptions } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelMembers,
  channels,
  keywordMetrics,
  keywordRanks,
  serpChecks,
  trackedKeywords,
  videos,
} from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { bucketOf, rankChange } from './rankings.service.ts';

/** Today (UTC) and the days 7 and 30 days before. */
const dayBefore = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const DAY = dayBefore(0);
const YESTERDAY = dayBefore(1);
const WEEK_AGO = dayBefore(7);
const MONTH_AGO = dayBefore(30);
const DEPTH = 50;

describe('bucketOf and rankChange', () => {
  it('puts ranks in the four buckets', () => {
    expect([1, 3, 4, 10, 11, 20, 21, 50, null].map(bucketOf)).toEqual([
      'top3',
      'top3',
      'top10',
      'top10',
      'top20',
      'top20',
      'noRank',
      'noRank',
      'noRank',
    ]);
  });
  it('counts positions gained, no rank as depth + 1, unknown as null', () => {
    expect(rankChange(3, 8, DEPTH)).toBe(5);
    expect(rankChange(8, 3, DEPTH)).toBe(-5);
    expect(rankChange(5, null, DEPTH)).toBe(46);
    expect(rankChange(null, 5, DEPTH)).toBe(-46);
    expect(rankChange(null, null, DEPTH)).toBe(0);
    expect(rankChange(5, undefined, DEPTH)).toBeNull();
  });
});

describe.each(testBackends())('rankings (%s)', (backend) => {
  let t: TestApp;
  let owner: string;
  let channelId: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RANK_CHECK_DEPTH: String(DEPTH) } });
    const ownerId = await t.createUser('owner@example.com', TEST_PASSWORD);
    const db = t.database.db;
    const [channel] = await db
      .insert(channels)
      .values({ youtubeId: 'UCrankaaaaaaaaaaaaaaaaaa', name: 'Camp Kitchen' })
      .returning();
    channelId = channel!.id;
    await db.insert(channelMembers).values({ channelId, userId: ownerId, role: 'owner' });
    const keywords = [
      'camp cooking', // 2 now, 9 a week ago, none a month ago
      'dutch oven', // 15 now, 12 a week ago
      'cast iron', // no rank now, 40 a week ago
      'campfire bread', // 7 now, no history
      'new keyword', // tracked, never checked
      'river fishing', // 5 yesterday, not checked yet today
    ];
    await db
      .insert(trackedKeywords)
      .values(keywords.map((keyword) => ({ channelId, keyword, language: 'en-us' })));
    const rank = (keyword: string, day: string, position: number | null) => ({
      channelId,
      keyword,
      language: 'en-us',
      day,
      position,
      videoId: position === null ? null : `vid-${keyword.replace(' ', '-')}`,
    });
    await db
      .insert(keywordRanks)
      .values([
        rank('camp cooking', DAY, 2),
        rank('camp cooking', WEEK_AGO, 9),
        rank('camp cooking', MONTH_AGO, null),
        rank('dutch oven', DAY, 15),
        rank('dutch oven', WEEK_AGO, 12),
        rank('cast iron', DAY, null),
        rank('cast iron', WEEK_AGO, 40),
        rank('campfire bread', DAY, 7),
        rank('river fishing', YESTERDAY, 5),
      ]);
    await db.insert(videos).values({
      channelId,
      youtubeId: 'vid-camp-cooking',
      title: 'Camp cooking for beginners',
      description: '',
      tags: ['camp cooking'],
      thumbnails: {
        medium: { url: 'https://i.ytimg.com/vi/x/mqdefault.jpg', width: 320, height: 180 },
      },
      localizations: {},
      viewCount: 100,
    });
    await db.insert(serpChecks).values({
      keyword: 'camp cooking',
      locationCode: 2840,
      languageCode: 'en',
      day: DAY,
      depth: DEPTH,
      status: 'done',
      videos: [
        ['other-1', 'UCotheraaaaaaaaaaaaaaaaa', 'Someone else', 'Other', 900, null],
        [
          'vid-camp-cooking',
          'UCrankaaaaaaaaaaaaaaaaaa',
          'Camp cooking for beginners',
          'Camp Kitchen',
          100,
          null,
        ],
      ],
      totalResults: 1200,
      checkedAt: new Date(),
      source: 'test',
    });
    await db.insert(keywordMetrics).values(
      [
        ['camp cooking', 5400],
        ['dutch oven', 12000],
        ['cast iron', 880],
      ].map(([keyword, volume]) => ({
        keyword: keyword as string,
        locationCode: 2840,
        languageCode: 'en',
        volume: volume as number,
        competition: 0.3,
        cpc: 0.5,
        source: 'test',
        fetchedAt: new Date(`${DAY}T00:00:00Z`),
      })),
    );
    owner = await t.login('owner@example.com', TEST_PASSWORD);
  });
  afterAll(() => t?.close());

  const get = async (query = '') => {
    const opts: InjectOptions = {
      method: 'GET',
      url: `/api/rankings/channels/${channelId}/rankings${query}`,
      headers: { cookie: owner },
    };
    const res = await t.app.inject(opts);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      day: string | null;
      state: string;
      depth: number;
      tracked: number;
      avg: number | null;
      distribution: Record<string, number>;
      change: { days7: number | null; days30: number | null };
      topKeywords: { keyword: string; rank: number }[];
      items: {
        id: string;
        spark: (number | null)[];
        video: { id: string; title: string; thumbnailUrl: string | null } | null;
        keyword: string;
        rank: number | null;
        videoId: string | null;
        change7: number | null;
        change30: number | null;
        volume: number | null;
        day: string | null;
      }[];
    };
  };

  it("summarises each keyword's latest rank: buckets, average, change, volume; best rank first", async () => {
    const body = await get();
    expect(body).toMatchObject({
      day: DAY,
      state: 'loaded',
      depth: DEPTH,
      tracked: 6,
      avg: 7.3, // (2 + 15 + 7 + 5) / 4
      distribution: { top3: 1, top10: 2, top20: 1, noRank: 1 },
      // (7 − 3 − 11) / 3 and (49 − 3 − 11) / 3: a keyword without a check 30 days before is
      // measured from its earliest check since then.
      change: { days7: -2.3, days30: 11.7 },
    });
    // Volume ÷ rank: 5400 / 2 first; dutch oven 12000 / 15 next; unknown volumes by rank.
    expect(body.topKeywords.map((k) => k.keyword)).toEqual([
      'camp cooking',
      'dutch oven',
      'river fishing',
      'campfire bread',
    ]);
    expect(body.items.map((i) => [i.keyword, i.rank, i.change7, i.change30, i.volume])).toEqual([
      ['camp cooking', 2, 7, 49, 5400],
      ['river fishing', 5, null, null, null],
      ['campfire bread', 7, null, null, null],
      ['dutch oven', 15, -3, -3, 12000],
      ['cast iron', null, -11, -11, 880],
      ['new keyword', null, null, null, null],
    ]);
    expect(body.items[0]).toMatchObject({
      videoId: 'vid-camp-cooking',
      day: DAY,
      video: { id: 'vid-camp-cooking', title: 'Camp cooking for beginners' },
    });
    // A keyword not checked yet today keeps yesterday's rank, with its own day.
    expect(body.items[1]).toMatchObject({ day: YESTERDAY, video: null });
    expect(body.items[5]).toMatchObject({ videoId: null, day: null });
    // The sparkline: 30 days up to the latest day; no rank = depth + 1, no check = null.
    const spark = body.items[0]!.spark;
    expect(spark).toHaveLength(30);
    expect(spark[29]).toBe(2);
    expect(spark[22]).toBe(9);
    expect(spark.filter((v) => v !== null)).toEqual([9, 2]);
    expect(body.items[4]!.spark[29]).toBe(DEPTH + 1);
  });

  it("opens one keyword: its latest results with the channel's video marked, history, the video to optimise", async () => {
    const item = (await get()).items.find((i) => i.keyword === 'camp cooking')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rankings/channels/${channelId}/rankings/${item.id}`,
      headers: { cookie: owner },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.serp).toMatchObject({ day: DAY, totalResults: 1200, source: 'test' });
    expect(
      body.serp.results.map((r: { videoId: string; own: boolean }) => [r.videoId, r.own]),
    ).toEqual([
      ['other-1', false],
      ['vid-camp-cooking', true],
    ]);
    expect(body.history).toEqual([
      { day: MONTH_AGO, position: null },
      { day: WEEK_AGO, position: 9 },
      { day: DAY, position: 2 },
    ]);
    expect(body.optimise).toMatchObject({ id: 'vid-camp-cooking', ranking: true });

    // Not ranking: the best-matching video is offered instead; no results yet: serp null.
    const other = (await get()).items.find((i) => i.keyword === 'new keyword')!;
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/rankings/channels/${channelId}/rankings/${other.id}`,
      headers: { cookie: owner },
    });
    expect(none.json()).toMatchObject({ serp: null, history: [], optimise: { ranking: false } });

    // Someone else's keyword id, or junk: not found / refused, never a 500.
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/rankings/channels/${channelId}/rankings/00000000-0000-4000-8000-000000000000`,
      headers: { cookie: owner },
    });
    expect(missing.statusCode).toBe(404);
    const junk = await t.app.inject({
      method: 'GET',
      url: `/api/rankings/channels/${channelId}/rankings/not-a-uuid`,
      headers: { cookie: owner },
    });
    expect(junk.statusCode).toBe(400);
  });

  it("answers today's data state from this channel's checks only: updating, partialError, loaded", async () => {
    const db = t.database.db;
    const check = (keyword: string, status: 'pending' | 'failed' | 'done') => ({
      keyword,
      locationCode: 2840,
      languageCode: 'en',
      day: DAY,
      depth: DEPTH,
      status,
    });
    // Another channel's keyword still waiting: not this channel's concern.
    await db.insert(serpChecks).values(check('someone elses keyword', 'pending'));
    expect((await get()).state).toBe('loaded');
    // One of ours waiting: updating, and the last ranks are still shown.
    await db.insert(serpChecks).values(check('dutch oven', 'pending'));
    const updating = await get();
    expect(updating.state).toBe('updating');
    expect(updating.items.find((i) => i.keyword === 'dutch oven')).toMatchObject({ rank: 15 });
    // Given up: partialError.
    await db
      .update(serpChecks)
      .set({ status: 'failed' })
      .where(eq(serpChecks.keyword, 'dutch oven'));
    expect((await get()).state).toBe('partialError');
    await db
      .delete(serpChecks)
      .where(inArray(serpChecks.keyword, ['dutch oven', 'someone elses keyword']));
    expect((await get()).state).toBe('loaded');
  });

  it('answers from memory, yet at once follows keywords added or deleted', async () => {
    const before = await get();
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/rankings/channels/${channelId}/keywords`,
      headers: { cookie: owner },
      payload: { text: 'ember roasted corn' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const grown = await get();
    expect(grown.tracked).toBe(before.tracked + 1);
    const id = grown.items.find((i) => i.keyword === 'ember roasted corn')!.id;
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/rankings/channels/${channelId}/keywords/delete`,
      headers: { cookie: owner },
      payload: { ids: [id] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get()).tracked).toBe(before.tracked);
  });

  it('sorts by value or change both ways, unknown values last', async () => {
    const keywordsOf = async (q: string) => (await get(q)).items.map((i) => i.keyword);
    expect(await keywordsOf('?sort=value&order=desc')).toEqual([
      'dutch oven',
      'camp cooking',
      'cast iron',
      'campfire bread',
      'new keyword',
      'river fishing',
    ]);
    expect(await keywordsOf('?sort=change&order=desc')).toEqual([
      'camp cooking',
      'dutch oven',
      'cast iron',
      'campfire bread',
      'new keyword',
      'river fishing',
    ]);
    expect(await keywordsOf('?sort=rank&order=desc')).toEqual([
      'cast iron',
      'dutch oven',
      'campfire bread',
      'river fishing',
      'camp cooking',
      'new keyword',
    ]);
  });

  it('filters by bucket and by search; bad values are refused', async () => {
    expect((await get('?bucket=top20')).items.map((i) => i.keyword)).toEqual(['dutch oven']);
    expect((await get('?bucket=noRank')).items.map((i) => i.keyword)).toEqual(['cast iron']);
    expect((await get('?search=CAMP')).items.map((i) => i.keyword)).toEqual([
      'camp cooking',
      'campfire bread',
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/rankings/channels/${channelId}/rankings?bucket=top5`,
      headers: { cookie: owner },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation-failed' } });
  });
});
