// YouTube organic results in DataForSEO's SERP format, through the official `dataforseo-client`
// pointed at the emulator: live/advanced, and the standard method (task_post, tasks_ready,
// task_get/advanced). The results are the emulator's YouTube search, so an edit that puts the
// keyword in a video's title moves that video up.
import { SerpApi } from 'dataforseo-client/api';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { videoEditOf } from './corpus/types.ts';
import { createEmulator, type Emulator } from './emulator.ts';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS } from './keyword-data-routes.ts';
import { SERP_MAX_TASKS_PER_POST } from './serp-routes.ts';

type Body = Record<string, unknown>;

// The client's answers type as `any` (its .d.ts imports lack extensions): these mirror its
// models (SerpYoutubeOrganicLiveAdvancedResultInfo, SerpApiYoutubeVideoElementItem, …).
interface Task<R> {
  id: string;
  status_code: number;
  status_message: string;
  cost: number;
  result_count: number;
  path: string[];
  data: Body;
  result: R[] | null;
}
interface Envelope<R> {
  status_code: number;
  cost: number;
  tasks_count: number;
  tasks_error: number;
  tasks: Task<R>[];
}
interface VideoItem {
  type: string;
  rank_group: number;
  rank_absolute: number;
  title: string;
  url: string;
  video_id: string;
  channel_id: string;
  channel_name: string;
  thumbnail_url: string;
  views_count: number;
  timestamp: string;
  duration_time_seconds: number;
  is_shorts: boolean;
}
interface SerpResult {
  keyword: string;
  type: string;
  se_domain: string;
  location_code: number;
  language_code: string;
  check_url: string;
  se_results_count: number;
  items_count: number;
  items: VideoItem[];
}
interface ReadyItem {
  id: string;
  se: string;
  se_type: string;
  tag: string | null;
  endpoint_advanced: string;
}

const { login, password } = EMULATOR_KEYWORD_DATA_CREDENTIALS;
const US_EN = { location_code: 2840, language_code: 'en' };

/** fetch with HTTP Basic credentials, as DataForSEO's README shows. */
function authenticatedFetch(user = login, secret = password) {
  const token = Buffer.from(`${user}:${secret}`).toString('base64');
  return {
    fetch: (url: Parameters<typeof fetch>[0], init?: RequestInit) =>
      fetch(url, { ...init, headers: { ...init?.headers, authorization: `Basic ${token}` } }),
  };
}

describe('YouTube organic SERP (DataForSEO wire format) through the official client', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let base: string;
  let serp: SerpApi;

  const live = (body: Body[]) =>
    serp.youtubeOrganicLiveAdvanced(body as never) as Promise<Envelope<SerpResult>>;
  const post = (body: Body[]) =>
    serp.youtubeOrganicTaskPost(body as never) as Promise<Envelope<never>>;
  const ready = () => serp.youtubeOrganicTasksReady() as Promise<Envelope<ReadyItem>>;
  const get = (id: string) =>
    serp.youtubeOrganicTaskGetAdvanced(id) as Promise<Envelope<SerpResult>>;

  /** A keyword the corpus answers with at least `n` videos: the title of a public video. */
  function keywordWithResults(n: number): string {
    for (const video of emulator.state.corpus.allVideos()) {
      if (video.privacyStatus !== 'public') continue;
      const words = video.title
        .toLowerCase()
        .replace(/[^a-z ]/g, ' ')
        .split(/\s+/)
        .filter((w) => w.length > 3)
        .slice(0, 2);
      if (words.length < 2) continue;
      const keyword = words.join(' ');
      const hits = emulator.state.search.search({ q: keyword, type: 'video', order: 'relevance' });
      if (hits.length >= n) return keyword;
    }
    throw new Error('no keyword with enough results');
  }

  beforeAll(async () => {
    emulator = createEmulator({ otherChannels: 20 });
    app = Fastify();
    await app.register(emulator.plugin, { prefix: '/emulator' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/emulator`;
    serp = new SerpApi(base, authenticatedFetch());
  });
  afterAll(() => app.close());
  beforeEach(() => emulator.keywordData.reset());

  it('answers live/advanced with the ranked videos of the emulated YouTube search', async () => {
    const keyword = keywordWithResults(5);
    const response = await live([{ keyword, ...US_EN, block_depth: 10 }]);
    expect(response).toMatchObject({ status_code: 20000, tasks_count: 1, tasks_error: 0 });
    const [task] = response.tasks;
    expect(task).toMatchObject({
      status_code: 20000,
      path: ['v3', 'serp', 'youtube', 'organic', 'live', 'advanced'],
      data: expect.objectContaining({ keyword, se: 'youtube', se_type: 'organic' }),
    });
    expect(task!.cost).toBeGreaterThan(0);
    const [result] = task!.result!;
    expect(result).toMatchObject({
      keyword,
      type: 'organic',
      se_domain: 'youtube.com',
      location_code: 2840,
      language_code: 'en',
    });
    expect(result!.check_url).toContain('gl=US');
    expect(result!.items_count).toBe(result!.items.length);
    expect(result!.items.length).toBeGreaterThanOrEqual(5);
    expect(result!.items.length).toBeLessThanOrEqual(10);
    expect(result!.se_results_count).toBeGreaterThanOrEqual(result!.items.length);
    // The client turns items into its typed element classes by `type`.
    result!.items.forEach((item, i) => {
      expect(item).toMatchObject({
        type: 'youtube_video',
        rank_group: i + 1,
        rank_absolute: i + 1,
      });
      expect(item.url).toBe(`https://www.youtube.com/watch?v=${item.video_id}`);
      const video = emulator.state.corpus.getVideo(item.video_id)!;
      expect(video.privacyStatus).toBe('public');
      expect(item).toMatchObject({
        title: video.title,
        channel_id: video.channelId,
        views_count: video.viewCount,
        duration_time_seconds: video.durationSeconds,
        is_shorts: video.durationSeconds <= 60,
      });
      expect(item.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00$/);
    });
    // The same order as the emulator's search.list for the same query.
    const hits = emulator.state.search.search({
      q: keyword,
      type: 'video',
      order: 'relevance',
      regionCode: 'US',
      relevanceLanguage: 'en',
    });
    expect(result!.items.map((i) => i.video_id)).toEqual(hits.slice(0, 10).map((h) => h.id));
    expect(emulator.keywordData.calls()).toEqual([
      expect.objectContaining({
        path: '/v3/serp/youtube/organic/live/advanced',
        keywords: [keyword],
        status: 200,
      }),
    ]);
  });

  it('moves a video up once the keyword is put in its title', async () => {
    const keyword = keywordWithResults(8);
    const before = (await live([{ keyword, ...US_EN, block_depth: 50 }])).tasks[0]!.result![0]!;
    const low = before.items.at(-1)!;
    const video = emulator.state.corpus.getVideo(low.video_id)!;
    video.title = `${keyword} explained`;
    emulator.state.corpus.recordEdit(video, videoEditOf(video));
    const after = (await live([{ keyword, ...US_EN, block_depth: 50 }])).tasks[0]!.result![0]!;
    const moved = after.items.find((i) => i.video_id === low.video_id)!;
    expect(moved.rank_group).toBeLessThan(low.rank_group);
    expect(moved.title).toBe(`${keyword} explained`);
  });

  it('takes a batch with task_post, lists it in tasks_ready and hands each result out once', async () => {
    const keywords = [keywordWithResults(3), 'zzqxv qqzzkw'];
    const posted = await post(keywords.map((keyword, i) => ({ keyword, ...US_EN, tag: `t${i}` })));
    expect(posted).toMatchObject({ status_code: 20000, tasks_count: 2, tasks_error: 0 });
    expect(posted.tasks.map((t) => [t.status_code, t.status_message])).toEqual([
      [20100, 'Task Created.'],
      [20100, 'Task Created.'],
    ]);
    const ids = posted.tasks.map((t) => t.id);
    expect(new Set(ids).size).toBe(2);

    const listed = (await ready()).tasks[0]!.result!;
    expect(listed.map((r) => [r.id, r.tag, r.se, r.se_type])).toEqual([
      [ids[0], 't0', 'youtube', 'organic'],
      [ids[1], 't1', 'youtube', 'organic'],
    ]);
    expect(listed[0]!.endpoint_advanced).toBe(
      `/v3/serp/youtube/organic/task_get/advanced/${ids[0]}`,
    );

    const first = await get(ids[0]!);
    expect(first.tasks[0]).toMatchObject({ status_code: 20000, data: { tag: 't0' } });
    expect(first.tasks[0]!.result![0]!.keyword).toBe(keywords[0]);
    expect(first.tasks[0]!.result![0]!.items.length).toBeGreaterThan(0);
    const empty = await get(ids[1]!);
    expect(empty.tasks[0]!.result![0]).toMatchObject({ items_count: 0, items: [] });

    // Collected tasks leave tasks_ready; a task can still be read again.
    expect((await ready()).tasks[0]!.result).toEqual([]);
    expect((await get(ids[0]!)).tasks[0]!.status_code).toBe(20000);
  });

  it('refuses bad tasks one by one, too many tasks, unknown ids and bad credentials', async () => {
    const posted = await post([
      { keyword: 'camp cooking', ...US_EN },
      { keyword: '', ...US_EN },
      { keyword: 'camp cooking', language_code: 'en' },
      { keyword: 'camp cooking', ...US_EN, block_depth: 701 },
    ]);
    expect(posted.tasks_error).toBe(3);
    expect(posted.tasks.map((t) => [t.status_code, t.status_message])).toEqual([
      [20100, 'Task Created.'],
      [40501, "Invalid Field: 'keyword'."],
      [40501, "Invalid Field: 'location_code'."],
      [40501, "Invalid Field: 'block_depth'."],
    ]);
    expect((await ready()).tasks[0]!.result).toHaveLength(1);

    const many = Array.from({ length: SERP_MAX_TASKS_PER_POST + 1 }, () => ({
      keyword: 'camp cooking',
      ...US_EN,
    }));
    expect(await post(many)).toMatchObject({ status_code: 40006, tasks_count: 0 });

    const unknown = await get('11261200-1535-0066-0000-000000000000');
    expect(unknown.tasks[0]).toMatchObject({ status_code: 40400, result: null });

    const refused = new SerpApi(base, authenticatedFetch(login, 'wrong'));
    await expect(
      refused.youtubeOrganicLiveAdvanced([{ keyword: 'x', ...US_EN }] as never),
    ).rejects.toMatchObject({ status: 401 });
  });
});
