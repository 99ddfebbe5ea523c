/**
 * SearchInsights spends the installation's scarce search.list calls carefully: a term is
 * searched once a day, a failed videos.list never costs a second search, and a failed search is
 * remembered for a while instead of being retried on every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Database } from '../../db/client.ts';
import { openTestDatabase, TestClock } from '../../testing/test-app.ts';
import type { SearchResult, VideoPlatform } from '../video-platform/index.ts';
import { SEARCH_FAILURE_MINUTES, SearchInsights, type TopVideo } from './search-insights.ts';

const REGION = { regionCode: 'US', language: 'en' };

const result = (n: number): SearchResult =>
  ({
    kind: 'video',
    youtubeId: `vid${n}`,
    title: `Video ${n}`,
    channelTitle: 'Someone',
    publishedAt: '2025-01-01T00:00:00Z',
    thumbnailUrl: null,
  }) as SearchResult;

describe('SearchInsights', () => {
  let database: Database;
  const clock = new TestClock(Date.parse('2026-05-04T10:00:00Z'));
  let searches = 0;
  let searchFails = false;
  const platform = {
    async search() {
      searches++;
      if (searchFails) throw new Error('quotaExceeded');
      return { items: [result(1), result(2)], nextPageToken: null, totalResults: 2 };
    },
  } as unknown as VideoPlatform;
  const insights = () =>
    new SearchInsights({
      db: database.db,
      platform,
      clock,
      apiKey: 'k',
      log: pino({ level: 'silent' }),
    });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the results when reading the videos fails, and only re-reads the videos', async () => {
    let reads = 0;
    const failing = async (): Promise<TopVideo[]> => {
      reads++;
      throw new Error('invalid_grant');
    };
    const first = await insights().forTerm('camp stove', REGION, failing);
    expect(first?.resultIds).toEqual(['vid1', 'vid2']);
    expect(first?.videosMissing).toBe(true);
    expect(first?.top?.map((v) => v.views)).toEqual([null, null]);
    const again = await insights().forTerm('camp stove', REGION, failing);
    expect(again?.resultIds).toEqual(['vid1', 'vid2']);
    expect(searches).toBe(1);
    expect(reads).toBe(2);
    const working = async (ids: string[]): Promise<TopVideo[]> =>
      ids.map((id, i) => ({
        youtubeId: id,
        title: `Camp stove review ${i}`,
        tags: ['stove', `tag ${i}`],
        viewCount: 100 * (i + 1),
      }));
    const completed = await insights().forTerm('camp stove', REGION, working);
    expect(completed?.videosMissing).toBeUndefined();
    expect(completed?.top?.map((v) => v.views)).toEqual([100, 200]);
    expect(completed?.topTags[0]).toBe('stove');
    // Complete now: cached for the day, nothing more is read or searched.
    const later = await insights().forTerm('camp stove', REGION, failing);
    expect(later).toEqual(completed);
    expect(searches).toBe(1);
    expect(reads).toBe(2);
  });

  it('remembers a failed search for a while instead of searching on every call', async () => {
    searchFails = true;
    const before = searches;
    const read = async (): Promise<TopVideo[]> => [];
    expect(await insights().forTerm('dutch oven', REGION, read)).toBeNull();
    expect(await insights().forTerm('dutch oven', REGION, read)).toBeNull();
    expect(searches).toBe(before + 1);
    searchFails = false;
    clock.advance(SEARCH_FAILURE_MINUTES * 60 + 1);
    const insight = await insights().forTerm('dutch oven', REGION, read);
    expect(insight?.resultIds).toEqual(['vid1', 'vid2']);
    expect(searches).toBe(before + 2);
  });

  it('takes recommended tags only from top results about the term', async () => {
    // Real results mixed in unrelated videos: "max holloway" brought an Adult Swim cartoon and
    // "ufc 300 press conference" a football club's press conference.
    const ranked: Record<string, { id: string; title: string; tags: string[]; text?: string }[]> = {
      'max holloway': [
        { id: 'mh1', title: 'Max Holloway vs Justin Gaethje', tags: ['ufc', 'bmf'] },
        { id: 'mh2', title: 'Smiling Friends S2', tags: ['adult swim', 'animation', 'comedy'] },
        {
          id: 'mh3',
          title: 'Best knockouts of 2024',
          tags: ['ufc', 'knockout'],
          text: 'Max Holloway at UFC 300',
        },
        { id: 'mh4', title: 'Max and friends', tags: ['adult swim', 'comedy'] },
      ],
      'ufc 300 press conference': [
        { id: 'uf1', title: 'UFC 300: Pre-Fight Press Conference', tags: ['ufc', 'mma'] },
        { id: 'uf2', title: 'Arsenal press conference', tags: ['soccer', 'arsenal'] },
        { id: 'uf3', title: 'Cricket: post-match press conference', tags: ['cricket', 'soccer'] },
        { id: 'uf4', title: 'Pereira vs Hill', tags: ['ufc 300', 'press conferences', 'mma'] },
      ],
    };
    const byId = new Map(
      Object.values(ranked)
        .flat()
        .map((v) => [v.id, v]),
    );
    const mixed = {
      async search(_: unknown, query: { q: string }) {
        const items = (ranked[query.q] ?? []).map(
          (v) => ({ ...result(0), youtubeId: v.id, title: v.title }) as SearchResult,
        );
        return { items, nextPageToken: null, totalResults: items.length };
      },
    } as unknown as VideoPlatform;
    const read = async (ids: string[]): Promise<TopVideo[]> =>
      ids.map((id) => {
        const v = byId.get(id)!;
        return {
          youtubeId: id,
          title: v.title,
          description: v.text ?? '',
          tags: v.tags,
          viewCount: 10,
        };
      });
    const search = new SearchInsights({
      db: database.db,
      platform: mixed,
      clock,
      apiKey: 'k',
      log: pino({ level: 'silent' }),
    });
    const holloway = await search.forTerm('Max Holloway', REGION, read);
    expect(holloway?.topTags).toEqual(['ufc', 'bmf', 'knockout']);
    expect(holloway?.top?.map((v) => v.relevant)).toEqual([true, false, true, false]);
    // Every result still counts for the search position.
    expect(holloway?.resultIds).toEqual(['mh1', 'mh2', 'mh3', 'mh4']);
    const ufc = await search.forTerm('ufc 300 press conference', REGION, read);
    expect(ufc?.topTags).toEqual(['mma', 'ufc', 'ufc 300', 'press conferences']);
    for (const unrelated of ['soccer', 'arsenal', 'cricket'])
      expect(ufc?.topTags).not.toContain(unrelated);
  });
});
