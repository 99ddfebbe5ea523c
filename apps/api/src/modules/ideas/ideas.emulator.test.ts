// Idea discovery against the real app and the emulator (YouTube search + DataForSEO format),
// on PGlite and PostgreSQL: the seed limit, paging, the keyword-data cost rule (read from the
// emulator's call ledger), details, suggested ideas from the channel's settings, and access.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS, type Emulator } from '@tubewise/emulator';
import type { DiscoverResponse, Idea, IdeaDetails, SavedIdea } from '@tubewise/contract';
import { sql } from 'drizzle-orm';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { DataForSeoAdapter, sharesWord } from '../keywords/index.ts';
import { SearchInsights } from '../platform-search/index.ts';
import type { YouTubeAdapter } from '../video-platform/index.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { RateLimitService } from '../rate-limit/index.ts';
import { IDEAS_LIMIT, IdeasService } from './ideas.service.ts';
import { scoreOpportunity } from './opportunity.ts';
import { connectEmulatorChannel, syncChannel } from '../../testing/connect-channel.ts';

const ACCOUNT = 'alex.creator@tubewise.test';
const SUGGESTIONS_PATH = '/v3/dataforseo_labs/google/keyword_suggestions/live';
const VOLUME_PATH = '/v3/keywords_data/google_ads/search_volume/live';

describe.each(testBackends())('idea discovery against the emulator (%s)', (backend) => {
  let emulator: Emulator;
  let server: EmulatorServer;
  let t: TestApp;
  let youtube: YouTubeAdapter;
  let cookie: string;
  let outsiderCookie: string;
  let channelId: string;
  let userId: string;
  let platformChannelId: string;

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
    platformChannelId = record.id;
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
    // Every idea carries its figures and the monthly trend, oldest month first, and shares a
    // word with its seeds.
    for (const idea of all) {
      expect(
        seeds.some((seed) => sharesWord(idea.phrase, seed)),
        idea.phrase,
      ).toBe(true);
      expect(idea.volume).toBeGreaterThanOrEqual(10);
      expect(idea.trend).toHaveLength(12);
      const months = idea.trend.map((p) => p.month);
      expect(months).toEqual([...months].sort());
      expect(idea.trendChange).not.toBeNull();
    }
    const origins = new Set(all.map((i) => i.origin));
    expect(origins.has('related')).toBe(true);
  });

  it('spends one suggestions call per seed not cached and one figures call, none when all are cached', async () => {
    // Suggestion lists first (one call per seed), then at most one batched figures call for
    // the candidates (the top videos' tags) that have no figures yet.
    const spent = () => {
      const calls = keywordCalls();
      const lists = calls.filter((c) => c.path === SUGGESTIONS_PATH).map((c) => c.keywords);
      const volumes = calls.filter((c) => c.path === VOLUME_PATH);
      expect(lists.length + volumes.length).toBe(calls.length);
      expect(volumes.length).toBeLessThanOrEqual(1);
      expect(calls.at(-1)?.path ?? VOLUME_PATH).toBe(
        volumes.length ? VOLUME_PATH : SUGGESTIONS_PATH,
      );
      return { lists, figures: volumes[0]?.keywords ?? null };
    };
    emulator.keywordData.reset();
    const fresh = await discover({ seeds: ['yoga', 'dutch oven'] });
    expect(fresh.statusCode).toBe(200);
    expect(spent().lists).toEqual([['yoga'], ['dutch oven']]);

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
    expect(spent().lists).toEqual([['campfire']]);

    // Two people asking at once for the same new seeds share one computation.
    emulator.keywordData.reset();
    const both = await Promise.all([
      discover({ seeds: ['trail mix bars', 'camp coffee'] }),
      discover({ seeds: ['trail mix bars', 'camp coffee'] }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(spent().lists).toEqual([['trail mix bars'], ['camp coffee']]);
  });

  it('fetches the missing figures of candidates in one batched call, and none when cached', async () => {
    // Top videos of the seed carry tags the provider's suggestion list does not have: their
    // figures come in one search-volume call, and afterwards every idea shows figures.
    const seed = 'home espresso machine';
    const corpus = emulator.state.corpus;
    const owner = emulator.control.addChannel({ videoCount: 5, owner: 'espresso@tubewise.test' });
    for (const id of corpus.uploads(owner.id)) {
      const video = corpus.getVideo(id)!;
      video.title = `Home espresso machine review ${id}`;
      video.tags = ['espresso tamper', 'espresso grind size', 'latte art', 'baking'];
      video.viewCount = 5_000_000;
    }
    corpus.version++;
    emulator.keywordData.reset();
    const first = (await discover({ seeds: [seed] })).json() as DiscoverResponse;
    const calls = keywordCalls();
    expect(calls.map((c) => c.path)).toEqual([SUGGESTIONS_PATH, VOLUME_PATH]);
    const asked = calls[1]!.keywords;
    expect(asked).toEqual(expect.arrayContaining(['espresso tamper', 'espresso grind size']));
    // Unrelated tags are dropped before anything is spent on them.
    expect(asked).not.toContain('latte art');
    expect(asked).not.toContain('baking');
    const all = [first.items];
    for (let page = 2; page <= Math.ceil((first.total - 11) / 10) + 1; page++)
      all.push(
        ((await discover({ seeds: [seed], page, listId: first.listId })).json() as DiscoverResponse)
          .items,
      );
    const ideas = all.flat();
    const ranking = ideas.filter((i) => i.origin === 'ranking');
    expect(ranking.map((i) => i.phrase)).toEqual(
      expect.arrayContaining(['espresso tamper', 'espresso grind size']),
    );
    for (const idea of ideas) expect(idea.volume, idea.phrase).not.toBeNull();
    expect(ideas.map((i) => i.phrase)).not.toContain('latte art');

    // Everything cached now: another list of the same seed spends nothing.
    emulator.keywordData.reset();
    await t.database.db.execute(sql`delete from platform_cache where key like 'ideas:v2:%'`);
    const again = (await discover({ seeds: [seed] })).json() as DiscoverResponse;
    expect(keywordCalls()).toEqual([]);
    expect(again.items).toEqual(first.items);
  });

  it('shows one set of figures for an idea in the list, its details, saving and the saved list', async () => {
    const seeds = ['sourdough', 'camp stove'];
    const page = (await discover({ seeds })).json() as DiscoverResponse;
    // A provider idea and one from the top videos' tags, whose figures the list fetched.
    const picks = [
      page.items.find((i) => i.origin !== 'ranking'),
      page.items.find((i) => i.origin === 'ranking'),
      page.items.at(-1),
    ].filter((i): i is Idea => i !== undefined);
    expect(picks.length).toBeGreaterThanOrEqual(2);
    const figures = (i: {
      volume: number | null;
      competition: number | null;
      opportunity: number;
      reason: string;
    }) => ({
      volume: i.volume,
      competition: i.competition,
      opportunity: i.opportunity,
      reason: i.reason,
    });
    for (const listed of picks) {
      const details = (
        await get(
          `/api/ideas/details?channelId=${channelId}&phrase=${encodeURIComponent(listed.phrase)}`,
        )
      ).json() as IdeaDetails;
      expect(details.idea.factors).toEqual(listed.factors);
      expect(details.idea.trend).toEqual(listed.trend);
      expect(figures(details.idea)).toEqual(figures(listed));
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/ideas/saved',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { channelId, phrase: listed.phrase },
      });
      expect(saved.statusCode).toBe(201);
      expect(figures(saved.json())).toEqual(figures(listed));
      const list = (await get(`/api/ideas/saved?channelId=${channelId}`)).json() as {
        items: SavedIdea[];
      };
      const card = list.items.find((i) => i.phrase === listed.phrase)!;
      expect(figures(card)).toEqual(figures(listed));
    }
    // And the list again (a new computation of the same seeds) shows the same figures.
    await t.database.db.execute(sql`delete from platform_cache where key like 'ideas:v2:%'`);
    const again = (await discover({ seeds })).json() as DiscoverResponse;
    for (const listed of picks) {
      const same = again.items.find((i) => i.phrase === listed.phrase);
      if (same) expect(figures(same)).toEqual(figures(listed));
    }
  });

  it('shows the details of an idea: figures, trend, ranking videos, reason and titles', async () => {
    // Never listed: its details are scored with its own top results.
    const listed = (
      (
        await get(`/api/ideas/details?channelId=${channelId}&phrase=backpacking%20water%20filter`)
      ).json() as IdeaDetails
    ).idea;
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
    // Nothing synced yet, so no topics to infer either.
    expect(none.json()).toMatchObject({ seeds: [], items: [], topicsInferred: false });

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

  it('infers topics from the synced videos when the channel has none', async () => {
    const corpus = emulator.state.corpus;
    corpus.uploads(platformChannelId).forEach((id, i) => {
      const video = corpus.getVideo(id)!;
      video.title = i % 2 ? `Dutch oven bread, day ${i}` : `My cast iron skillet routine #${i}`;
      video.tags = i % 2 ? ['dutch oven', 'Bread', 'vlog'] : ['cast iron skillet', 'the', 'vlog'];
    });
    corpus.version++;
    await syncChannel(t.services, channelId);
    const settings = (await get(`/api/channels/${channelId}/settings`)).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/channels/${channelId}/settings`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: { ...settings, topics: [], industries: ['Outdoor Cooking'] },
    });
    const res = await get(`/api/ideas/suggested?channelId=${channelId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.topicsInferred).toBe(true);
    expect(body.seeds).toEqual(['cast iron skillet', 'dutch oven bread', 'outdoor cooking']);
    expect(body.items.length).toBeGreaterThan(0);
    for (const idea of body.items) expect(body.seeds).toContain(idea.seed);

    // Topics of its own win: nothing is inferred then.
    await t.app.inject({
      method: 'PUT',
      url: `/api/channels/${channelId}/settings`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: { ...settings, topics: ['camping'], industries: [] },
    });
    const own = (await get(`/api/ideas/suggested?channelId=${channelId}`)).json();
    expect(own).toMatchObject({ seeds: ['camping'], topicsInferred: false });
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
