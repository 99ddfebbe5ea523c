// search.list ranking: deterministic, relevant first, ordering options, paging and the 500 cap.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenize } from './search-index.ts';
import { apiGet, startEmulator } from './testing/harness.ts';

type Item = {
  id: { videoId?: string; channelId?: string };
  snippet: { title: string; publishedAt: string };
};

describe('search.list', () => {
  let app: FastifyInstance;
  const search = async (query: string) =>
    (await apiGet(app, `/youtube/v3/search?part=snippet&key=tubewise-emulator-key&${query}`)).body;

  beforeAll(async () => {
    ({ app } = await startEmulator({ otherChannels: 120 }));
  });

  it('tokenizes with normalisation and plural stemming', () => {
    expect(tokenize('Crème Brûlée Recipes for the Campfires!')).toEqual([
      'creme',
      'brulee',
      'recipe',
      'campfire',
    ]);
  });

  it('ranks matching titles first and is deterministic', async () => {
    const a = await search('q=sourdough%20bread&maxResults=10');
    const b = await search('q=sourdough%20bread&maxResults=10');
    expect(a.items).toEqual(b.items);
    const titles = (a.items as Item[]).map((i) => i.snippet.title.toLowerCase());
    expect(titles.slice(0, 3).every((t) => t.includes('sourdough') || t.includes('bread'))).toBe(
      true,
    );
  });

  it('orders by date or view count on request', async () => {
    const byDate = (await search('q=yoga&order=date&maxResults=20')).items as Item[];
    const dates = byDate.map((i) => Date.parse(i.snippet.publishedAt));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
  });

  it('pages with nextPageToken and caps reachable results at 500', async () => {
    const first = await search('q=garden&maxResults=50');
    const second = await search(`q=garden&maxResults=50&pageToken=${first.nextPageToken}`);
    const ids = new Set(
      [...(first.items as Item[]), ...(second.items as Item[])].map((i) => i.id.videoId),
    );
    expect(ids.size).toBe(100);
    expect((await search('q=x&pageToken=garbage')).error).toBeDefined();
  });

  it('finds channels with type=channel', async () => {
    const res = (await search('q=trailside%20kitchen&type=channel&maxResults=5')).items as Item[];
    expect(res[0]!.id.channelId).toBe('UCtw0demo00000000000001');
  });
});
