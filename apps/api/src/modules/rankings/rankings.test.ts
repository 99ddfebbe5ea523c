// A channel's rankings through the real app on PGlite and PostgreSQL, from a known history in
// keyword_ranks: the latest day, buckets, average, change against 7 and 30 days before (no rank
// = depth + 1), volumes from the keyword-data cache, sort, bucket filter and search.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelMembers,
  channels,
  keywordMetrics,
  keywordRanks,
  trackedKeywords,
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
      ]);
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
      items: {
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

  it('summarises the latest day: buckets, average, change, volume; best rank first', async () => {
    const body = await get();
    expect(body).toMatchObject({
      day: DAY,
      state: 'loaded',
      depth: DEPTH,
      tracked: 5,
      avg: 8, // (2 + 15 + 7) / 3
      distribution: { top3: 1, top10: 1, top20: 1, noRank: 1 },
    });
    expect(body.items.map((i) => [i.keyword, i.rank, i.change7, i.change30, i.volume])).toEqual([
      ['camp cooking', 2, 7, 49, 5400],
      ['campfire bread', 7, null, null, null],
      ['dutch oven', 15, -3, null, 12000],
      ['cast iron', null, -11, null, 880],
      ['new keyword', null, null, null, null],
    ]);
    expect(body.items[0]).toMatchObject({ videoId: 'vid-camp-cooking', day: DAY });
    expect(body.items[4]).toMatchObject({ videoId: null, day: null });
  });

  it('sorts by value or change both ways, unknown values last', async () => {
    const keywordsOf = async (q: string) => (await get(q)).items.map((i) => i.keyword);
    expect(await keywordsOf('?sort=value&order=desc')).toEqual([
      'dutch oven',
      'camp cooking',
      'cast iron',
      'campfire bread',
      'new keyword',
    ]);
    expect(await keywordsOf('?sort=change&order=desc')).toEqual([
      'camp cooking',
      'dutch oven',
      'cast iron',
      'campfire bread',
      'new keyword',
    ]);
    expect(await keywordsOf('?sort=rank&order=desc')).toEqual([
      'cast iron',
      'dutch oven',
      'campfire bread',
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
