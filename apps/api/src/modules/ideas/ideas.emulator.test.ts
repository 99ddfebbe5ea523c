// Idea discovery against the real app and the emulator (YouTube search + DataForSEO format),
// on PGlite and PostgreSQL: the seed limit, paging, the keyword-data cost rule (read from the
// emulator's call ledger), details, suggested ideas from the channel's settings, and access.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS, type Emulator } from '@tubewise/emulator';
import type { DiscoverResponse, Idea, IdeaDetails } from '@tubewise/contract';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { DataForSeoAdapter } from '../keywords/dataforseo.adapter.ts';
import { SearchInsights } from '../platform-search/search-insights.ts';
import type { YouTubeAdapter } from '../video-platform/youtube.adapter.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { IDEAS_LIMIT, IdeasService } from './ideas.service.ts';
import { scoreOpportunity } from './opportunity.ts';
import { connectEmulatorChannel } from '../../testing/connect-channel.ts';

const ACCOUNT = 'alex.creator@tubewise.test';
const SUGGESTIONS_PATH = '/v3/dataforseo_labs/google/keyword_suggestions/live';

describe.each(testBackends())('idea discovery against the emulator (%s)', (backend) => {
  let emulator: Emulator;
  let server: EmulatorServer;
  let t: TestApp;
  let youtube: YouTubeAdapter;
  let cookie: string;
  let outsiderCookie: string;
  let channelId: string;
  let userId: string;

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 20 });
    emulator = server.emulator;
    const root = server.root;
    youtube = server.adapter;
    t = await createTestApp(backend, {
      platform: youtube,
      keywordData: new DataForSeoAdapter({
        baseUrl: root,
        ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
        name: 'Emulated keyword data',
      }),
      env: { YOUTUBE_API_KEY: 'tubewise-emulator-key' },
    });
    const record = emulator.control.addChannel({ videoCount: 12, owner: ACCOUNT });
    const email = 'ideas-owner@example.com';
    userId = await t.createUser(email);
    channelId = await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId: record.id,
      account: ACCOUNT,
    });
    cookie = await t.login(email, TEST_PASSWORD);
    await t.createUser('ideas-outsider@example.com');
    outsiderCookie = await t.login('ideas-outsider@example.com', TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const discover = (body: object, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ideas/discover',
      headers: { cookie: as, 'content-type': 'application/json' },
      payload: { channelId, ...body },
    });
  const get = (url: string, as = cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: as } });
  const keywordCalls = () => emulator.keywordData.calls();

  it('refuses more seeds than the setting allows with a clear message', async () => {
    const seeds = Array.from({ length: 11 }, (_, i) => `camping idea ${i + 1}`);
    const res = await discover({ seeds });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('too-many-seeds');
    expect(error.message).toBe('Enter at most 10 seed keywords (you entered 11).');

    // Another limit is respected by the same service.
    const ideas = new IdeasService({
      db: t.database.db,
      channels: t.services.channels,
      keywords: t.services.keywords,
      insights: new SearchInsights({
        db: t.database.db,
        platform: youtube,
        clock: systemClock,
        apiKey: 'tubewise-emulator-key',
        log: pino({ level: 'silent' }),
      }),
      platform: youtube,
      credentials: t.services.credentials,
      clock: systemClock,
      maxSeeds: 2,
      limits: new RateLimitService(t.database.db, systemClock),
    });
    const refused = ideas.discover(userId, {
      channelId,
      seeds: ['camping', 'yoga', 'van life'],
      page: 1,
    });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      code: 'too-many-seeds',
      message: 'Enter at most 2 seed keywords (you entered 3).',
    });
  });

  it('pages 11 then 10 ideas in a stable order without duplicates', async () => {
    const seeds = ['camping', 'van life'];
    const first = await discover({ seeds });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as DiscoverResponse;
    expect(page1.items).toHaveLength(11);
    expect(page1.page).toBe(1);
    expect(page1.hasMore).toBe(true);
    expect(page1.total).toBeGreaterThan(31);
    expect(page1.languageId).toBe('en-us');
    expect(page1.source.name).toBe('Emulated keyword data');

    const pages: Idea[][] = [page1.items];
    for (let page = 2; page <= 3; page++) {
      const res = await discover({ seeds, page, listId: page1.listId });
      expect(res.statusCode).toBe(200);
      const body = res.json() as DiscoverResponse;
      expect(body.items).toHaveLength(10);
      expect(body.total).toBe(page1.total);
      expect(body.listId).toBe(page1.listId);
      pages.push(body.items);
    }
    // A list that is gone (or was for other seeds) is said so, never silently replaced.
    for (const stale of [
      { seeds, page: 2, listId: 'no-such-list' },
      { seeds: ['camping'], page: 2, listId: page1.listId },
    ]) {
      const res = await discover(stale);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('ideas-list-expired');
    }
    const all = pages.flat();
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    expect(new Set(all.map((i) => i.phrase)).size).toBe(all.length);
    // One order across pages: opportunity, then phrase.
    const sorted = [...all].sort(
      (a, b) =>
        b.opportunity - a.opportunity || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0),
    );
    expect(all.map((i) => i.phrase)).toEqual(sorted.map((i) => i.phrase));
    // The same call again gives the same page.
    const again = (await discover({ seeds })).json() as DiscoverResponse;
    expect(again.items).toEqual(page1.items);

    // The last page is short and says there is no more.
    const lastPage = Math.ceil((page1.total - 11) / 10) + 1;
    const last = (await discover({ seeds, page: lastPage })).json() as DiscoverResponse;
    expect(last.items.length).toBe(page1.total - 11 - (lastPage - 2) * 10);
    expect(last.hasMore).toBe(false);

    for (const idea of all) {
      expect(seeds).toContain(idea.seed);
      expect(seeds).not.toContain(idea.phrase);
      expect(idea.id).toBe(`en-us:${idea.phrase}`);
      expect(idea.reason.length).toBeGreaterThan(0);
      expect(idea.reason).not.toContain('\n');
      expect(idea.opportunity).toBe(
        Math.round(
          100 *
            (0.45 * idea.factors.demand +
              0.3 * idea.factors.openness +
              0.25 * idea.factors.weakTopResults),
        ),
      );
      if (idea.origin === 'question')
        expect(idea.phrase).toMatch(/^(how|what|why|when|where|which|who)\b/);
    }
    // Provider ideas carry their figures and the monthly trend, oldest month first.
    const withFigures = all.filter((i) => i.origin !== 'ranking');
    expect(withFigures.length).toBeGreaterThan(0);
    for (const idea of withFigures) {
      expect(idea.volume).toBeGreaterThanOrEqual(10);
      expect(idea.trend).toHaveLength(12);
      const months = idea.trend.map((p) => p.month);
      expect(months).toEqual([...months].sort());
      expect(idea.trendChange).not.toBeNull();
    }
    const origins = new Set(all.map((i) => i.origin));
    expect(origins.has('related')).toBe(true);
  });

  it('spends at most one keyword-data call per seed not cached, none when all are cached', async () => {
    emulator.keywordData.reset();
    const fresh = await discover({ seeds: ['yoga', 'dutch oven'] });
    expect(fresh.statusCode).toBe(200);
    expect(keywordCalls().map((c) => [c.path, c.keywords])).toEqual([
      [SUGGESTIONS_PATH, ['yoga']],
      [SUGGESTIONS_PATH, ['dutch oven']],
    ]);

    // Same seeds in another order (a new list): everything is cached, so nothing is spent.
    emulator.keywordData.reset();
    const cached = await discover({ seeds: ['dutch oven', 'yoga'], page: 2 });
    expect(cached.statusCode).toBe(200);
    expect(keywordCalls()).toEqual([]);
    // The same ideas, whichever order the seeds came in.
    expect((cached.json() as DiscoverResponse).total).toBe(
      (fresh.json() as DiscoverResponse).total,
    );

    // One new seed among cached ones: exactly one call, for it.
    const mixed = await discover({ seeds: ['yoga', 'campfire', 'dutch oven'] });
    expect(mixed.statusCode).toBe(200);
    expect(keywordCalls().map((c) => c.keywords)).toEqual([['campfire']]);

    // Two people asking at once for the same new seeds share one computation.
    emulator.keywordData.reset();
    const both = await Promise.all([
      discover({ seeds: ['trail mix bars', 'camp coffee'] }),
      discover({ seeds: ['trail mix bars', 'camp coffee'] }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(keywordCalls().map((c) => c.keywords)).toEqual([['trail mix bars'], ['camp coffee']]);
  });

  it('shows the details of an idea: figures, trend, ranking videos, reason and titles', async () => {
    const page = (await discover({ seeds: ['camping'] })).json() as DiscoverResponse;
    const listed = page.items.find((i) => i.origin !== 'ranking')!;
    const res = await get(
      `/api/ideas/details?channelId=${channelId}&phrase=${encodeURIComponent(listed.phrase)}`,
    );
    expect(res.statusCode).toBe(200);
    const details = res.json() as IdeaDetails;
    expect(details.idea.phrase).toBe(listed.phrase);
    expect(details.idea.volume).toBe(listed.volume);
    expect(details.idea.competition).toBe(listed.competition);
    expect(details.idea.trend).toEqual(listed.trend);
    expect(details.idea.trendChange).toBe(listed.trendChange);
    expect(details.rankingVideos.length).toBeGreaterThan(0);
    expect(details.rankingVideos.length).toBeLessThanOrEqual(10);
    details.rankingVideos.forEach((v, i) => {
      expect(v.position).toBe(i + 1);
      expect(v.title.length).toBeGreaterThan(0);
      expect(v.channelTitle.length).toBeGreaterThan(0);
      expect(v.views).toBeGreaterThanOrEqual(0);
      expect(Date.parse(v.publishedAt!)).toBeLessThan(Date.now());
      const platform = emulator.state.corpus.getVideo(v.videoId)!;
      expect(v.title).toBe(platform.title);
      expect(v.views).toBe(platform.viewCount);
    });
    // Why it scores so: the factors are the formula's, from these figures and these videos.
    const expected = scoreOpportunity({
      volume: details.idea.volume,
      competition: details.idea.competition,
      topResults: details.rankingVideos.map((v) => ({
        views: v.views,
        publishedAt: v.publishedAt,
      })),
      now: new Date(),
    });
    expect(details.idea.factors.demand).toBeCloseTo(expected.demand, 6);
    expect(details.idea.factors.openness).toBeCloseTo(expected.openness, 6);
    expect(details.idea.factors.weakTopResults).toBeCloseTo(expected.weakTopResults, 2);
    expect(details.idea.reason).toMatch(/demand|volume/);
    expect(details.idea.reason).toMatch(/top results/);
    expect(details.titleSuggestions.length).toBeGreaterThanOrEqual(3);
    const words = listed.phrase.split(' ');
    for (const title of details.titleSuggestions) {
      expect(title.length).toBeLessThanOrEqual(100);
      expect(title.toLowerCase()).toContain(words.join(' '));
    }

    // The details searched the phrase today: a new discover scores it with its own results.
    const invalid = await get(`/api/ideas/details?channelId=${channelId}&phrase=%20`);
    expect(invalid.statusCode).toBe(400);
  });

  it('marks ideas the channel saved', async () => {
    const page = (await discover({ seeds: ['camping'] })).json() as DiscoverResponse;
    const target = page.items[2]!;
    expect(target.savedIdeaIds).toEqual([]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/ideas/saved',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { channelId, phrase: target.phrase },
    });
    expect(saved.statusCode).toBe(201);
    const again = (await discover({ seeds: ['camping'] })).json() as DiscoverResponse;
    expect(again.items[2]!.phrase).toBe(target.phrase);
    expect(again.items[2]!.savedIdeaIds).toEqual([saved.json().id]);
    expect(again.items.filter((i) => i.savedIdeaIds.length > 0)).toHaveLength(1);
  });

  it("suggests ideas from the channel's topics and industries", async () => {
    const none = await get(`/api/ideas/suggested?channelId=${channelId}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ seeds: [], items: [] });

    const settings = (await get(`/api/channels/${channelId}/settings`)).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/channels/${channelId}/settings`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: { ...settings, topics: ['Van Life', 'camping'], industries: ['Outdoor Cooking'] },
    });
    expect(put.statusCode).toBe(200);
    const res = await get(`/api/ideas/suggested?channelId=${channelId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.seeds).toEqual(['van life', 'camping', 'outdoor cooking']);
    expect(body.items.length).toBe(11);
    for (const idea of body.items) expect(body.seeds).toContain(idea.seed);
    // The same ideas as discovering those seeds by hand.
    const typed = (
      await discover({ seeds: ['van life', 'camping', 'outdoor cooking'] })
    ).json() as DiscoverResponse;
    expect(body.items).toEqual(typed.items);

    // The weekly e-mail's way (no platform search) spends no search.list on new topics.
    await t.app.inject({
      method: 'PUT',
      url: `/api/channels/${channelId}/settings`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: { ...settings, topics: ['bannock bread', 'smoked trout'], industries: [] },
    });
    const searchUnits = () =>
      (emulator.control.quotaLedger().today.unitsByMethod as Record<string, number | undefined>)[
        'search.list'
      ] ?? 0;
    const before = searchUnits();
    const quiet = await t.services.ideas.suggested(userId, channelId, { searchPlatform: false });
    expect(quiet.seeds).toEqual(['bannock bread', 'smoked trout']);
    expect(searchUnits()).toBe(before);
  });

  it('answers 404 to someone who is not on the channel', async () => {
    expect((await discover({ seeds: ['camping'] }, outsiderCookie)).statusCode).toBe(404);
    expect(
      (await get(`/api/ideas/suggested?channelId=${channelId}`, outsiderCookie)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/ideas/details?channelId=${channelId}&phrase=camping`, outsiderCookie))
        .statusCode,
    ).toBe(404);
    // Too many seeds on someone else's channel is still a 404 (nothing leaks).
    const seeds = Array.from({ length: 11 }, (_, i) => `seed ${i}`);
    expect((await discover({ seeds }, outsiderCookie)).statusCode).toBe(404);
  });

  it('limits how fast one person asks for ideas', async () => {
    // Last test: the asks of the tests above count against the same minute.
    const statuses: number[] = [];
    for (let i = 0; i <= IDEAS_LIMIT.max; i++) {
      const res = await get(`/api/ideas/suggested?channelId=${channelId}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error.code).toBe('rate-limited');
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(IDEAS_LIMIT.max);
  });
});
