// The DataForSEO-compatible keyword-data endpoints, through the official `dataforseo-client`
// pointed at the emulator by its base URL (what the product's adapter does), plus the raw wire
// format and the volume model's rules.
import { DataforseoLabsApi, KeywordsDataApi } from 'dataforseo-client/api';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './emulator.ts';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS } from './keyword-data-routes.ts';
import { KeywordModel, volumeBucket } from './keyword-data.ts';

type Fetch = (url: Parameters<typeof fetch>[0], init?: RequestInit) => Promise<Response>;
type Body = Record<string, unknown>;

// The client's bundled .d.ts files import their models without extensions, which NodeNext
// resolution cannot follow, so its answers type as `any` here: these mirror its models
// (KeywordsDataGoogleAdsSearchVolumeLiveResultInfo, KeywordDataInfo, KeywordInfo, ...).
interface Envelope<R> {
  version: string;
  status_code: number;
  status_message: string;
  time: string;
  cost: number;
  tasks_count: number;
  tasks_error: number;
  tasks: {
    id: string;
    status_code: number;
    status_message: string;
    time: string;
    cost: number;
    result_count: number;
    path: string[];
    data: Body;
    result: R[] | null;
  }[];
}
interface VolumeResult {
  keyword: string;
  location_code: number | null;
  language_code: string | null;
  search_partners: boolean;
  competition: string | null;
  competition_index: number | null;
  search_volume: number | null;
  low_top_of_page_bid: number | null;
  high_top_of_page_bid: number | null;
  cpc: number | null;
  monthly_searches: { year: number; month: number; search_volume: number }[] | null;
}
interface KeywordDataInfo {
  keyword: string;
  keyword_info: {
    se_type: string;
    competition: number | null;
    competition_level: string | null;
    cpc: number | null;
    search_volume: number | null;
  };
  keyword_properties: { words_count: number } | null;
}
interface LabsResult<I> {
  se_type: string;
  seed_keyword: string;
  seed_keyword_data: KeywordDataInfo | null;
  location_code: number;
  language_code: string;
  total_count: number;
  items_count: number;
  offset?: number;
  items: I[];
}
interface RelatedItem {
  depth: number;
  keyword_data: KeywordDataInfo;
  related_keywords: string[];
}
type VolumeResponse = Envelope<VolumeResult> | null;
type SuggestionsResponse = Envelope<LabsResult<KeywordDataInfo>> | null;
type RelatedResponse = Envelope<LabsResult<RelatedItem>> | null;

/** fetch with HTTP Basic credentials, as DataForSEO's README shows. */
function authenticatedFetch(login: string, password: string): { fetch: Fetch } {
  const token = Buffer.from(`${login}:${password}`).toString('base64');
  return {
    fetch: (url, init) =>
      fetch(url, { ...init, headers: { ...init?.headers, authorization: `Basic ${token}` } }),
  };
}

const { login, password } = EMULATOR_KEYWORD_DATA_CREDENTIALS;
const US_EN = { location_code: 2840, language_code: 'en' };
const searchVolume = (task: Body) => [task];

describe('keyword data (DataForSEO wire format) through the official client', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let base: string;
  let keywords: KeywordsDataApi;
  let labs: DataforseoLabsApi;

  const volumeLive = (body: Body[]) =>
    keywords.googleAdsSearchVolumeLive(body) as Promise<VolumeResponse>;
  const suggestionsLive = (body: Body[]) =>
    labs.googleKeywordSuggestionsLive(body) as Promise<SuggestionsResponse>;
  const relatedLive = (body: Body[]) =>
    labs.googleRelatedKeywordsLive(body) as Promise<RelatedResponse>;

  /** Posts raw JSON and returns the status and the parsed body. */
  async function post(path: string, body: unknown, auth = true) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(auth
          ? { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` }
          : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Body };
  }

  beforeAll(async () => {
    emulator = createEmulator({ otherChannels: 20 });
    app = Fastify();
    await app.register(emulator.plugin, { prefix: '/emulator' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}/emulator`;
    keywords = new KeywordsDataApi(base, authenticatedFetch(login, password));
    labs = new DataforseoLabsApi(base, authenticatedFetch(login, password));
  });
  afterAll(() => app.close());

  it('answers search_volume/live in the DataForSEO envelope, one result per keyword', async () => {
    const response = await volumeLive(
      searchVolume({ keywords: ['Camp Cooking', 'dutch oven', 'xyzzy frobnicate'], ...US_EN }),
    );
    expect(response).toMatchObject({
      version: expect.stringMatching(/^0\.1\.\d{8}$/),
      status_code: 20000,
      status_message: 'Ok.',
      time: expect.stringMatching(/^\d+\.\d{4} sec\.$/),
      tasks_count: 1,
      tasks_error: 0,
    });
    const task = response!.tasks![0]!;
    expect(task.id).toMatch(/^\d{8}-1535-\d{4}-0000-[0-9a-f]{12}$/);
    expect(task).toMatchObject({
      status_code: 20000,
      status_message: 'Ok.',
      result_count: 3,
      path: ['v3', 'keywords_data', 'google_ads', 'search_volume', 'live'],
      data: {
        api: 'keywords_data',
        function: 'search_volume',
        se: 'google_ads',
        keywords: ['Camp Cooking', 'dutch oven', 'xyzzy frobnicate'],
        ...US_EN,
      },
    });
    expect(task.cost).toBeGreaterThan(0);
    expect(response!.cost).toBe(task.cost);
    const result = task.result!;
    expect(result.map((r) => r.keyword)).toEqual([
      'camp cooking',
      'dutch oven',
      'xyzzy frobnicate',
    ]);
    for (const r of result) {
      expect(r).toMatchObject({ location_code: 2840, language_code: 'en', search_partners: false });
      expect(['LOW', 'MEDIUM', 'HIGH']).toContain(r.competition);
      expect(r.competition_index).toBeGreaterThanOrEqual(0);
      expect(r.competition_index).toBeLessThanOrEqual(100);
      expect(r.search_volume).toBeGreaterThanOrEqual(10);
      expect(r.cpc).toBeGreaterThan(0);
      expect(r.low_top_of_page_bid).toBeLessThan(r.high_top_of_page_bid!);
      expect(r.monthly_searches).toHaveLength(12);
      const months = r.monthly_searches!.map((m) => m.year! * 12 + m.month!);
      expect(months).toEqual([...months].sort((a, b) => b - a));
    }
  });

  it('has exactly the fields of DataForSEO on the wire', async () => {
    const { status, body } = await post('/v3/keywords_data/google_ads/search_volume/live', [
      { keywords: ['wild camping'], ...US_EN },
    ]);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      [
        'version',
        'status_code',
        'status_message',
        'time',
        'cost',
        'tasks_count',
        'tasks_error',
        'tasks',
      ].sort(),
    );
    const task = (body.tasks as Body[])[0]!;
    expect(Object.keys(task).sort()).toEqual(
      [
        'id',
        'status_code',
        'status_message',
        'time',
        'cost',
        'result_count',
        'path',
        'data',
        'result',
      ].sort(),
    );
    const result = (task.result as Body[])[0]!;
    expect(Object.keys(result).sort()).toEqual(
      [
        'keyword',
        'spell',
        'location_code',
        'language_code',
        'search_partners',
        'competition',
        'competition_index',
        'search_volume',
        'low_top_of_page_bid',
        'high_top_of_page_bid',
        'cpc',
        'monthly_searches',
      ].sort(),
    );
    expect(Object.keys((result.monthly_searches as Body[])[0]!).sort()).toEqual([
      'month',
      'search_volume',
      'year',
    ]);
  });

  it('derives volumes from the corpus: used phrases beat unknown ones, deterministically', async () => {
    const volumes = async (list: string[], market: Body = US_EN) => {
      const response = await volumeLive(searchVolume({ keywords: list, ...market }));
      return Object.fromEntries(response!.tasks![0]!.result!.map((r) => [r.keyword, r]));
    };
    const list = ['camp cooking', 'campfire pizza', 'qwertyuiop zxcv', 'camping'];
    const us = await volumes(list);
    expect(await volumes(list)).toEqual(us);
    // More videos, views and channels mention "camp cooking" than "campfire pizza".
    expect(us['camp cooking']!.search_volume).toBeGreaterThan(us['campfire pizza']!.search_volume!);
    expect(us['campfire pizza']!.search_volume).toBeGreaterThan(
      us['qwertyuiop zxcv']!.search_volume!,
    );
    // Unknown phrases still have small, nonzero figures.
    expect(us['qwertyuiop zxcv']!.search_volume).toBeGreaterThanOrEqual(10);
    expect(us['qwertyuiop zxcv']!.search_volume).toBeLessThan(1000);
    expect(us['qwertyuiop zxcv']!.competition).toBe('LOW');
    // Channels competing for a phrase raise its competition.
    expect(us['camping']!.competition).not.toBe('LOW');
    expect(us['camping']!.competition_index).toBeGreaterThan(
      us['qwertyuiop zxcv']!.competition_index!,
    );
    // A smaller market searches less; English phrases are searched less in German.
    const gb = await volumes(list, { location_code: 2826, language_code: 'en' });
    const de = await volumes(list, { location_code: 2276, language_code: 'de' });
    expect(gb['camp cooking']!.search_volume).toBeLessThan(us['camp cooking']!.search_volume!);
    expect(de['camp cooking']!.search_volume).toBeLessThan(gb['camp cooking']!.search_volume!);
    // Without a location the figures are worldwide (location_code null).
    const world = await volumes(['camp cooking'], { language_code: 'en' });
    expect(world['camp cooking']!.location_code).toBeNull();
    expect(world['camp cooking']!.search_volume).toBeGreaterThan(
      us['camp cooking']!.search_volume!,
    );
  });

  it('rounds volumes to Google Ads buckets', () => {
    expect([0, 9, 10, 14, 16, 24, 61, 1234, 95_000].map(volumeBucket)).toEqual([
      10, 10, 10, 10, 20, 20, 70, 1300, 90500,
    ]);
  });

  it('refuses bad credentials with HTTP 401 and status_code 40100', async () => {
    const wrong = new KeywordsDataApi(base, authenticatedFetch(login, 'not-the-password'));
    const error = await wrong
      .googleAdsSearchVolumeLive(searchVolume({ keywords: ['camping'], ...US_EN }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ isApiException: true, status: 401 });
    expect(JSON.parse((error as { response: string }).response)).toMatchObject({
      status_code: 40100,
      status_message: expect.stringMatching(/^You are not authorized to access this resource/),
      tasks_count: 0,
      tasks: null,
    });
    const anonymous = await post(
      '/v3/keywords_data/google_ads/search_volume/live',
      [{ keywords: ['camping'] }],
      false,
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.status_code).toBe(40100);
  });

  it('reports problems of a task in the task (40501) and of the request in the envelope', async () => {
    const badLocation = await volumeLive(
      searchVolume({ keywords: ['camping'], location_code: 9999999, language_code: 'en' }),
    );
    expect(badLocation).toMatchObject({ status_code: 20000, tasks_count: 1, tasks_error: 1 });
    expect(badLocation!.tasks![0]).toMatchObject({
      status_code: 40501,
      status_message: "Invalid Field: 'location_code'.",
      result_count: 0,
      result: null,
      cost: 0,
    });
    const badLanguage = await post('/v3/keywords_data/google_ads/search_volume/live', [
      { keywords: ['camping'], location_code: 2840, language_code: 'xx' },
    ]);
    expect((badLanguage.body.tasks as Body[])[0]).toMatchObject({
      status_code: 40501,
      status_message: "Invalid Field: 'language_code'.",
    });
    const tooMany = await post('/v3/keywords_data/google_ads/search_volume/live', [
      { keywords: Array.from({ length: 1001 }, (_, i) => `keyword ${i}`), ...US_EN },
    ]);
    expect((tooMany.body.tasks as Body[])[0]!.status_code).toBe(40501);
    for (const keyword of [
      'x'.repeat(81),
      'one two three four five six seven eight nine ten eleven',
      'bad, symbol',
    ]) {
      const refused = await post('/v3/keywords_data/google_ads/search_volume/live', [
        { keywords: [keyword], ...US_EN },
      ]);
      expect((refused.body.tasks as Body[])[0]!.status_message).toBe("Invalid Field: 'keywords'.");
    }
    // related_keywords requires a location and a language.
    const noLocation = await relatedLive([{ keyword: 'camping', language_code: 'en' }]);
    expect(noLocation!.tasks![0]).toMatchObject({
      status_code: 40501,
      status_message: "Invalid Field: 'location_code'.",
    });
    const twoTasks = await post('/v3/keywords_data/google_ads/search_volume/live', [
      { keywords: ['a'], ...US_EN },
      { keywords: ['b'], ...US_EN },
    ]);
    expect(twoTasks).toMatchObject({
      status: 200,
      body: { status_code: 40000, status_message: 'You can set only one task at a time.' },
    });
    for (const invalid of ['{not json', '{}', '[]', '[1]']) {
      const res = await post('/v3/keywords_data/google_ads/search_volume/live', invalid);
      expect(res, invalid).toMatchObject({
        status: 200,
        body: { status_code: 40503, status_message: 'POST Data Is Invalid.', tasks: null },
      });
    }
    const unknown = await post('/v3/keywords_data/google_ads/nothing/live', []);
    expect(unknown).toMatchObject({ status: 404, body: { status_code: 40400 } });
  });

  it('suggests corpus phrases containing the seed, by volume, through keyword_suggestions/live', async () => {
    const response = await suggestionsLive([
      { keyword: 'camping', ...US_EN, include_seed_keyword: true, limit: 20 },
    ]);
    expect(response).toMatchObject({ status_code: 20000, tasks_error: 0 });
    const task = response!.tasks![0]!;
    expect(task.path).toEqual(['v3', 'dataforseo_labs', 'google', 'keyword_suggestions', 'live']);
    const result = task.result![0]!;
    expect(result).toMatchObject({
      se_type: 'google',
      seed_keyword: 'camping',
      location_code: 2840,
      language_code: 'en',
      items_count: 20,
      offset: 0,
    });
    expect(result.total_count).toBeGreaterThan(20);
    expect(result.seed_keyword_data?.keyword_info?.search_volume).toBeGreaterThan(0);
    const items = result.items!;
    expect(items).toHaveLength(20);
    for (const item of items) {
      expect(item.keyword!.split(' ')).toContain('camping');
      expect(item.keyword).not.toBe('camping');
      expect(item.keyword_info).toMatchObject({
        se_type: 'google',
        competition: expect.any(Number),
        competition_level: expect.stringMatching(/^(LOW|MEDIUM|HIGH)$/),
        cpc: expect.any(Number),
        search_volume: expect.any(Number),
      });
      expect(item.keyword_info!.competition).toBeLessThanOrEqual(1);
      expect(item.keyword_properties?.words_count).toBe(item.keyword!.split(' ').length);
    }
    const volumes = items.map((i) => i.keyword_info!.search_volume!);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    // Paging continues where the first page stopped.
    const next = await suggestionsLive([{ keyword: 'camping', ...US_EN, limit: 5, offset: 20 }]);
    const all = await suggestionsLive([{ keyword: 'camping', ...US_EN, limit: 25 }]);
    expect(next!.tasks![0]!.result![0]!.items!.map((i) => i.keyword)).toEqual(
      all!.tasks![0]!.result![0]!.items!.slice(20).map((i) => i.keyword),
    );
  });

  it('finds related keywords breadth-first through related_keywords/live', async () => {
    const response = await relatedLive([
      { keyword: 'dutch oven', ...US_EN, depth: 1, include_seed_keyword: true },
    ]);
    const task = response!.tasks![0]!;
    expect(task.status_code).toBe(20000);
    const result = task.result![0]!;
    expect(result.seed_keyword).toBe('dutch oven');
    expect(result.items!.length).toBeGreaterThan(0);
    expect(result.items!.length).toBeLessThanOrEqual(8);
    for (const item of result.items!) {
      expect(item.depth).toBe(1);
      expect(item.keyword_data?.keyword).not.toBe('dutch oven');
      expect(item.keyword_data?.keyword_info?.search_volume).toBeGreaterThan(0);
      expect(Array.isArray(item.related_keywords)).toBe(true);
    }
    const deeper = await relatedLive([{ keyword: 'dutch oven', ...US_EN, depth: 2, limit: 100 }]);
    const items = deeper!.tasks![0]!.result![0]!.items!;
    expect(items.length).toBeGreaterThan(result.items!.length);
    expect(new Set(items.map((i) => i.depth))).toEqual(new Set([1, 2]));
    const volumes = items.map((i) => i.keyword_data!.keyword_info!.search_volume!);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
  });

  it('records every call in a ledger and honours the failure switch', async () => {
    emulator.keywordData.reset();
    await volumeLive(searchVolume({ keywords: ['a b', 'c d'], ...US_EN }));
    expect(emulator.keywordData.calls()).toEqual([
      {
        path: '/v3/keywords_data/google_ads/search_volume/live',
        keywords: ['a b', 'c d'],
        status: 200,
        statusCode: 20000,
      },
    ]);
    emulator.control.setFailureRate(1);
    const failed = await post('/v3/keywords_data/google_ads/search_volume/live', [
      { keywords: ['camping'], ...US_EN },
    ]);
    emulator.control.setFailureRate(0);
    expect(failed).toMatchObject({ status: 500, body: { status_code: 50000 } });
  });

  it('knows the demo corpus phrases (model)', () => {
    const model = new KeywordModel(
      () => emulator.state.corpus,
      'tubewise',
      () => Date.UTC(2026, 0, 15),
    );
    expect(model.knows('Camp Cooking')).toBe(true);
    expect(model.knows('qwertyuiop zxcv')).toBe(false);
    const figures = model.figures('camp cooking', { locationCode: 2840, languageCode: 'en' });
    expect(figures.monthlySearches[0]).toMatchObject({ year: 2025, month: 12 });
    expect(figures.monthlySearches[11]).toMatchObject({ year: 2025, month: 1 });
  });
});
