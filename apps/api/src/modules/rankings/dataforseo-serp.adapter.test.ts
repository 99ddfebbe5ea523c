// The SERP adapter against the emulator's DataForSEO-compatible API, over real HTTP: a live
// check, the queue (post, ready, collect), and failures mapped to KeywordDataError kinds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS } from '@tubewise/emulator';
import { KeywordDataError } from '../keywords/index.ts';
import {
  startKeywordDataEmulator,
  type KeywordDataEmulator,
} from '../keywords/keywords.testing.ts';
import { DataForSeoSerpAdapter } from './dataforseo-serp.adapter.ts';

const US_EN = { locationCode: 2840, languageCode: 'en' };

describe('DataForSEO SERP adapter against the emulator', () => {
  let kd: KeywordDataEmulator;
  let adapter: DataForSeoSerpAdapter;
  let keyword: string;

  beforeAll(async () => {
    kd = await startKeywordDataEmulator();
    adapter = new DataForSeoSerpAdapter({
      baseUrl: kd.baseUrl,
      ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
      name: 'emulator',
    });
    // A phrase of a public video's title: the search has results for it.
    const video = [...kd.emulator.state.corpus.allVideos()].find(
      (v) => v.privacyStatus === 'public' && v.title.split(' ').length >= 3,
    )!;
    keyword = video.title.toLowerCase().split(' ').slice(0, 2).join(' ');
  });
  afterAll(() => kd.close());
  beforeEach(() => kd.emulator.keywordData.reset());

  it('checks one keyword live: the videos in order, at most the depth, in one call', async () => {
    const serp = await adapter.check({ keyword, market: US_EN, depth: 10 });
    expect(serp.keyword).toBe(keyword);
    expect(serp.market).toEqual(US_EN);
    expect(serp.videos.length).toBeGreaterThan(0);
    expect(serp.videos.length).toBeLessThanOrEqual(10);
    expect(serp.videos.map((v) => v.position)).toEqual(serp.videos.map((_, i) => i + 1));
    expect(serp.totalResults).toBeGreaterThanOrEqual(serp.videos.length);
    expect(Date.parse(serp.checkedAt)).not.toBeNaN();
    const first = serp.videos[0]!;
    const video = kd.emulator.state.corpus.getVideo(first.videoId)!;
    expect(first).toMatchObject({
      title: video.title,
      channelId: video.channelId,
      views: video.viewCount,
      publishedAt: new Date(Math.floor(video.publishedAt / 1000) * 1000).toISOString(),
      isShort: video.durationSeconds <= 60,
    });
    expect(kd.emulator.keywordData.calls().map((c) => c.path)).toEqual([
      '/v3/serp/youtube/organic/live/advanced',
    ]);
  });

  it('queues checks with tags, lists them ready, collects each once', async () => {
    const queued = await adapter.queue([
      { keyword, market: US_EN, depth: 20, tag: 'check-1' },
      { keyword: 'zzqxv qqzzkw', market: US_EN, depth: 20, tag: 'check-2' },
    ]);
    expect(queued.map((q) => q.tag)).toEqual(['check-1', 'check-2']);
    expect(await adapter.ready()).toEqual(queued);
    const first = await adapter.collect(queued[0]!.taskId);
    if (first.state !== 'done') throw new Error(`not collected: ${first.state}`);
    expect(first.serp).toMatchObject({ keyword, market: US_EN });
    expect(first.serp.videos.length).toBeGreaterThan(0);
    const second = await adapter.collect(queued[1]!.taskId);
    expect(second.state === 'done' && second.serp.videos).toEqual([]);
    expect(await adapter.ready()).toEqual([]);
    expect(await adapter.collect('11261200-1535-0066-0000-000000000000')).toEqual({
      state: 'lost',
    });
  });

  it('leaves out a refused check and fails clearly on bad credentials or a down provider', async () => {
    const queued = await adapter.queue([
      { keyword: '', market: US_EN, depth: 20, tag: 'empty' },
      { keyword, market: US_EN, depth: 20, tag: 'fine' },
    ]);
    expect(queued.map((q) => q.tag)).toEqual(['fine']);

    const refused = new DataForSeoSerpAdapter({
      baseUrl: kd.baseUrl,
      login: EMULATOR_KEYWORD_DATA_CREDENTIALS.login,
      password: 'wrong',
      name: 'emulator',
    });
    await expect(refused.check({ keyword, market: US_EN, depth: 10 })).rejects.toMatchObject({
      kind: 'unauthorized',
    });

    kd.emulator.control.setFailureRate(1);
    try {
      const error = await adapter.ready().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(KeywordDataError);
      expect((error as KeywordDataError).kind).toBe('unavailable');
    } finally {
      kd.emulator.control.setFailureRate(0);
    }
  });
});
