// Keyword figures, suggestions and bookmarks: the cache (fresh hits make no provider call, stale
// rows are fetched again, many missing keywords take one call), and the four contract routes,
// against the emulator's DataForSEO-compatible API on PGlite and PostgreSQL.
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  channelMembers,
  channelSettings,
  channels,
  keywordMetrics,
  videos,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  createTestApp,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import {
  CountingProvider,
  startKeywordDataEmulator,
  TEST_SOURCE,
  type KeywordDataEmulator,
} from './keywords.testing.ts';

const TTL_HOURS = 24;
const VIDEO = 'vid00000001';

let kd: KeywordDataEmulator;
beforeAll(async () => {
  kd = await startKeywordDataEmulator();
});
afterAll(() => kd?.close());

describe.each(testBackends())('keywords (%s)', (backend) => {
  let t: TestApp;
  let provider: CountingProvider;
  let clock: TestClock;
  let owner: { id: string; cookie: string };
  let stranger: { id: string; cookie: string };
  let channelId: string;
  let britishChannelId: string;

  beforeAll(async () => {
    provider = new CountingProvider(kd.adapter);
    clock = new TestClock();
    t = await createTestApp(backend, {
      keywordData: provider,
      clock,
      env: { KEYWORD_DATA_TTL_HOURS: String(TTL_HOURS) },
    });
    owner = { id: await t.createUser('owner@example.com'), cookie: '' };
    owner.cookie = await t.login('owner@example.com', TEST_PASSWORD);
    stranger = { id: await t.createUser('stranger@example.com'), cookie: '' };
    stranger.cookie = await t.login('stranger@example.com', TEST_PASSWORD);
    const db = t.database.db;
    const [channel, british] = await db
      .insert(channels)
      .values([
        { youtubeId: 'UCkeywordsaaaaaaaaaaaaaa', name: 'Camp Kitchen' },
        { youtubeId: 'UCkeywordsbbbbbbbbbbbbbb', name: 'Camp Kitchen UK' },
      ])
      .returning();
    channelId = channel!.id;
    britishChannelId = british!.id;
    await db.insert(channelMembers).values([
      { channelId, userId: owner.id, role: 'owner' },
      { channelId: britishChannelId, userId: owner.id, role: 'owner' },
    ]);
    await db.insert(channelSettings).values({ channelId: britishChannelId, language: 'en-gb' });
    await db.insert(videos).values(
      [channelId, britishChannelId].map((id) => ({
        channelId: id,
        youtubeId: VIDEO,
        title: 'Dutch oven lasagna at camp',
        description: '',
        tags: [],
        thumbnails: {},
        localizations: {},
      })),
    );
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    provider.reset();
    provider.failing = false;
  });

  const inject = (options: InjectOptions) => t.app.inject(options);
  const write = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
  const keywords = () => t.services.keywords;

  describe('figures cache', () => {
    it('fetches missing keywords in one provider call and serves them from the cache after', async () => {
      const first = await keywords().metrics(
        ['Camp Cooking', 'dutch  oven', 'camp cooking', '  ', 'Wild Camping!'],
        'en-us',
      );
      expect(first.items.map((i) => i.keyword)).toEqual([
        'camp cooking',
        'dutch oven',
        'wild camping',
      ]);
      for (const item of first.items) {
        expect(item.volume).toBeGreaterThan(0);
        expect(item.competition).toBeGreaterThanOrEqual(0);
        expect(item.competition).toBeLessThanOrEqual(1);
        expect(item.cpc).toBeGreaterThan(0);
      }
      expect(first.source).toEqual({
        name: TEST_SOURCE,
        fetchedAt: clock.now().toISOString(),
      });
      expect(provider.calls).toEqual([
        {
          method: 'volumes',
          keywords: ['camp cooking', 'dutch oven', 'wild camping'],
          market: { locationCode: 2840, languageCode: 'en' },
        },
      ]);
      const stored = await t.database.db
        .select()
        .from(keywordMetrics)
        .where(eq(keywordMetrics.keyword, 'camp cooking'));
      expect(stored).toEqual([
        expect.objectContaining({
          locationCode: 2840,
          languageCode: 'en',
          volume: first.items[0]!.volume,
          source: TEST_SOURCE,
        }),
      ]);

      provider.reset();
      clock.advance(3600);
      const again = await keywords().metrics(['wild camping', 'camp cooking'], 'en-us');
      expect(provider.calls).toEqual([]);
      expect(again.items.map((i) => i.volume)).toEqual([
        first.items[2]!.volume,
        first.items[0]!.volume,
      ]);
      // The figures are as old as when they were fetched.
      expect(again.source.fetchedAt).toBe(first.source.fetchedAt);
    });

    it('keeps figures per location and language', async () => {
      const gb = await keywords().metrics(['camp cooking'], 'en-gb');
      const us = await keywords().metrics(['camp cooking'], 'en-us');
      expect(provider.calls.map((c) => c.market)).toEqual([
        { locationCode: 2826, languageCode: 'en' },
      ]);
      expect(gb.items[0]!.volume).toBeLessThan(us.items[0]!.volume!);
    });

    it('asks again for stale figures only, all missing ones in one batch', async () => {
      await keywords().metrics(['campfire pizza'], 'en-us');
      clock.advance((TTL_HOURS / 2) * 3600);
      await keywords().metrics(['camp kitchen'], 'en-us');
      clock.advance((TTL_HOURS / 2) * 3600 + 60);
      provider.reset();
      // 'campfire pizza' is now a minute past the window, 'camp kitchen' half-way through it:
      // only the stale one is asked again, together with 40 keywords never fetched.
      const fresh = Array.from({ length: 40 }, (_, i) => `camping idea ${i}`);
      const result = await keywords().metrics(['campfire pizza', ...fresh], 'en-us');
      expect(result.items).toHaveLength(41);
      expect(provider.calls).toHaveLength(1);
      expect(provider.calls[0]!.keywords.sort()).toEqual(['campfire pizza', ...fresh].sort());
      provider.reset();
      const cached = await keywords().metrics(
        ['campfire pizza', 'camp kitchen', ...fresh],
        'en-us',
      );
      expect(provider.calls).toEqual([]);
      expect(cached.items.every((i) => i.volume !== null)).toBe(true);
    });

    it('takes more than 1000 missing keywords in as few calls as possible', async () => {
      const many = Array.from({ length: 1200 }, (_, i) => `bulk keyword ${i}`);
      const result = await keywords().metrics(many, 'en-us');
      expect(result.items).toHaveLength(1200);
      expect(provider.calls.map((c) => c.keywords.length)).toEqual([1000, 200]);
    });

    it('serves stale figures while the provider is down, and fails only without any', async () => {
      await keywords().metrics(['cast iron'], 'en-us');
      clock.advance((TTL_HOURS + 1) * 3600);
      provider.reset();
      provider.failing = true;
      const stale = await keywords().metrics(['cast iron'], 'en-us');
      expect(stale.items[0]!.volume).toBeGreaterThan(0);
      expect(provider.calls).toHaveLength(1);
      const error = await keywords()
        .metrics(['never fetched before'], 'en-us')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'unavailable' });
    });

    it('gives no figures for keywords the provider cannot take, without asking', async () => {
      const long = Array.from({ length: 11 }, (_, i) => `word${i}`).join(' ');
      const result = await keywords().metrics([long], 'en-us');
      expect(result.items).toEqual([{ keyword: long, volume: null, competition: null, cpc: null }]);
      expect(provider.calls).toEqual([]);
    });

    it('finds related keywords with figures, most searched first, cached with their list', async () => {
      const related = await keywords().related('Dutch Oven', 'en-us');
      expect(related.items.length).toBeGreaterThan(3);
      expect(related.items.length).toBeLessThanOrEqual(20);
      expect(related.items.map((i) => i.keyword)).not.toContain('dutch oven');
      const volumes = related.items.map((i) => i.volume ?? -1);
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
      // The related call brings the figures along: no search-volume call is needed.
      expect(provider.calls.map((c) => c.method)).toEqual(['related']);
      provider.reset();
      expect(await keywords().related('dutch oven', 'en-us')).toEqual(related);
      expect(provider.calls).toEqual([]);
      expect((await keywords().related('dutch oven', 'en-us', 5)).items).toHaveLength(5);
      expect((await keywords().related('???', 'en-us')).items).toEqual([]);
    });

    it('refuses an unknown keyword language', async () => {
      await expect(keywords().metrics(['camping'], 'xx-yy')).rejects.toMatchObject({
        code: 'validation-failed',
      });
    });
  });

  /** The cache tests move the shared clock past the session lifetime: sign in again. */
  async function signInAgain() {
    owner.cookie = await t.login('owner@example.com', TEST_PASSWORD);
    stranger.cookie = await t.login('stranger@example.com', TEST_PASSWORD);
  }

  describe('GET /api/keywords/search', () => {
    beforeAll(signInAgain);
    const search = (query: string, cookie = owner.cookie) =>
      inject({ method: 'GET', url: `/api/keywords/search?${query}`, headers: { cookie } });

    it('suggests keywords with figures, the typed keyword first, at most 20', async () => {
      const res = await search('q=Camping');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.languageId).toBe('en-us');
      expect(body.source).toEqual({ name: TEST_SOURCE, fetchedAt: expect.any(String) });
      expect(body.items[0]).toMatchObject({ keyword: 'camping', volume: expect.any(Number) });
      expect(body.items.length).toBe(20);
      const rest = body.items.slice(1) as { keyword: string; volume: number }[];
      for (const item of rest) expect(item.keyword).toContain('camping');
      const volumes = rest.map((i) => i.volume);
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
      // Suggestions and their figures come in one Labs call; the typed keyword's figures came
      // along as the seed.
      expect(provider.calls.map((c) => c.method)).toEqual(['suggestions']);
      provider.reset();
      expect((await search('q=camping')).json()).toEqual(body);
      expect(provider.calls).toEqual([]);
    });

    it("uses the requested language, else the channel's, else en-us", async () => {
      const german = (await search('q=camping&language=de-de')).json();
      expect(german.languageId).toBe('de-de');
      expect(provider.calls[0]!.market).toEqual({ locationCode: 2276, languageCode: 'de' });
      const british = (await search(`q=camping&channelId=${britishChannelId}`)).json();
      expect(british.languageId).toBe('en-gb');
      const chosen = (
        await search(`q=camping&channelId=${britishChannelId}&language=en-au`)
      ).json();
      expect(chosen.languageId).toBe('en-au');
      expect((await search(`q=camping&channelId=${channelId}`)).json().languageId).toBe('en-us');
    });

    it('gives the typed keyword alone when nothing contains it', async () => {
      const body = (await search('q=zzqx%20qwvvy')).json();
      expect(body.items).toEqual([
        {
          keyword: 'zzqx qwvvy',
          volume: expect.any(Number),
          competition: expect.any(Number),
          cpc: expect.any(Number),
        },
      ]);
    });

    it('validates the query', async () => {
      for (const query of ['', 'q=', 'q=%20%20', `q=${'x'.repeat(81)}`, 'q=a&language=x']) {
        const res = await search(query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.code).toBe('validation-failed');
      }
      const unknown = await search('q=camping&language=xx-yy');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toMatchObject({
        code: 'validation-failed',
        issues: [{ path: 'language', message: 'Unknown keyword language' }],
      });
      const symbols = (await search('q=%3F%3F%3F')).json();
      expect(symbols.items).toEqual([]);
    });

    it("answers 404 for a channel that is not the caller's, and 401 signed out", async () => {
      const res = await search(`q=camping&channelId=${channelId}`, stranger.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not-found');
      expect((await search(`q=camping&channelId=not-a-uuid`)).statusCode).toBe(404);
      const signedOut = await inject({ method: 'GET', url: '/api/keywords/search?q=camping' });
      expect(signedOut.statusCode).toBe(401);
    });

    it('answers 503 when the provider is down and nothing is cached', async () => {
      provider.failing = true;
      const res = await search('q=brand%20new%20phrase');
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('unavailable');
      expect(res.headers['retry-after']).toBeDefined();
    });
  });

  describe('bookmarked keywords', () => {
    beforeAll(signInAgain);
    const url = (channel = channelId, video = VIDEO) =>
      `/optimization/channels/${channel}/videos/${video}/keywords`;
    const list = (cookie = owner.cookie, channel = channelId, video = VIDEO) =>
      inject({ method: 'GET', url: url(channel, video), headers: { cookie } });
    const add = (keyword: unknown, cookie = owner.cookie, channel = channelId, video = VIDEO) =>
      inject({
        method: 'POST',
        url: url(channel, video),
        headers: write(cookie),
        payload: JSON.stringify({ keyword }),
      });
    const remove = (id: string, cookie = owner.cookie, channel = channelId) =>
      inject({ method: 'DELETE', url: `${url(channel)}/${id}`, headers: write(cookie) });

    it('bookmarks keywords and lists them by volume, most searched first', async () => {
      expect((await list()).json()).toEqual({ items: [] });
      for (const keyword of ['zzqx rare phrase', 'Camp Cooking', 'campfire pizza', 'camping']) {
        const res = await add(keyword);
        expect(res.statusCode, res.body).toBe(200);
      }
      const res = await list();
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { id: string; keyword: string; volume: number }[];
      expect(items.map((i) => i.keyword).sort()).toEqual(
        ['camp cooking', 'campfire pizza', 'camping', 'zzqx rare phrase'].sort(),
      );
      const volumes = items.map((i) => i.volume);
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
      expect(items[items.length - 1]!.keyword).toBe('zzqx rare phrase');
      for (const item of items) expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
      // The same keyword again changes nothing.
      const again = await add('  camp   COOKING ');
      expect(again.json().items).toEqual(items);
    });

    it('removes a bookmark, and answers 404 for one that is not there', async () => {
      const before = (await list()).json().items as { id: string; keyword: string }[];
      const target = before.find((i) => i.keyword === 'campfire pizza')!;
      const res = await remove(target.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((i: { keyword: string }) => i.keyword)).not.toContain(
        'campfire pizza',
      );
      expect((await remove(target.id)).statusCode).toBe(404);
      expect((await remove('not-a-uuid')).statusCode).toBe(404);
      // Another channel's video with the same platform id has its own bookmarks.
      expect((await remove(before[0]!.id, owner.cookie, britishChannelId)).statusCode).toBe(404);
      expect((await list(owner.cookie, britishChannelId)).json()).toEqual({ items: [] });
    });

    it('lists bookmarks with unknown volumes while the provider is down', async () => {
      await add('never seen keyword xyz');
      await t.database.db
        .delete(keywordMetrics)
        .where(
          and(
            eq(keywordMetrics.keyword, 'never seen keyword xyz'),
            eq(keywordMetrics.locationCode, 2840),
          ),
        );
      provider.failing = true;
      const items = (await list()).json().items as { keyword: string; volume: number | null }[];
      expect(items[items.length - 1]).toMatchObject({
        keyword: 'never seen keyword xyz',
        volume: null,
      });
    });

    it('validates the keyword', async () => {
      for (const keyword of ['', '   ', 'x'.repeat(81), 5, null]) {
        const res = await add(keyword);
        expect(res.statusCode, JSON.stringify(keyword)).toBe(400);
        expect(res.json().error.code).toBe('validation-failed');
      }
      const symbols = await add('???');
      expect(symbols.statusCode).toBe(400);
      expect(symbols.json().error.code).toBe('validation-failed');
      const tooManyWords = await add('a b c d e f g h i j k');
      expect(tooManyWords.statusCode).toBe(400);
    });

    it('answers 404 to people who are not members, and for videos not in the channel', async () => {
      for (const res of [
        await list(stranger.cookie),
        await add('camping', stranger.cookie),
        await remove('00000000-0000-4000-8000-000000000001', stranger.cookie),
        await list(owner.cookie, channelId, 'unknownVid1'),
        await add('camping', owner.cookie, channelId, 'unknownVid1'),
        await list(owner.cookie, 'not-a-uuid'),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().error.code).toBe('not-found');
      }
      const signedOut = await inject({ method: 'GET', url: url() });
      expect(signedOut.statusCode).toBe(401);
    });
  });
});
