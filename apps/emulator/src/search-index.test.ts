// search.list ranking: deterministic, relevant first, ordering options, paging and the 500 cap.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Corpus } from './corpus/corpus.ts';
import type { ChannelRecord, VideoRecord } from './corpus/types.ts';
import { ImportedWorld } from './import/imported-world.ts';
import { importFiles } from './import/importer.ts';
import { phrasePlace, SearchEngine, tokenize } from './search-index.ts';
import { apiGet, startEmulator } from './testing/harness.ts';
import { describeWithShared, youtubeData } from './testing/shared-data.ts';

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

const CHANNEL: ChannelRecord = {
  id: 'UCsearchtest00000000000',
  title: 'Search test',
  description: '',
  customUrl: '@searchtest',
  publishedAt: 0,
  keywords: '',
  subscriberCount: 1,
  niche: 'test',
  source: 'added',
};

function video(id: string, title: string, extra: Partial<VideoRecord> = {}): VideoRecord {
  return {
    id,
    channelId: CHANNEL.id,
    publishedAt: 0,
    title,
    description: '',
    tags: [],
    categoryId: '17',
    localizations: {},
    durationSeconds: 600,
    definition: 'hd',
    caption: false,
    licensedContent: true,
    privacyStatus: 'public',
    embeddable: true,
    license: 'youtube',
    publicStatsViewable: true,
    madeForKids: false,
    viewCount: 1000,
    likeCount: 0,
    commentCount: 0,
    hasCustomThumbnail: false,
    thumbnailVersion: 0,
    revision: 0,
    ...extra,
  };
}

describe('ranking like YouTube: every word, phrase matches first', () => {
  const corpus = new Corpus();
  corpus.addVideos(CHANNEL, [
    video('soccer00001', 'Arsenal press conference: Arteta on the derby', {
      viewCount: 90_000_000,
    }),
    video('trump000001', 'President holds press conference', { viewCount: 50_000_000 }),
    video('highlight01', 'UFC 300 highlights', { viewCount: 20_000_000 }),
    video('descphrase1', 'Holloway knockout', {
      description: 'Watch the UFC 300 press conference in full.',
    }),
    video('scattered01', 'UFC 300: what they said', {
      description: 'After the fight came the press conference.',
      viewCount: 9_000_000,
    }),
    video('tagphrase01', 'Pereira vs Hill', { tags: ['UFC 300 Press Conference', 'mma'] }),
    video('titlephras1', 'UFC 300 Press Conference LIVE', { viewCount: 10 }),
  ]);
  const engine = new SearchEngine(corpus);
  const ids = (q: string, order: 'relevance' | 'date' | 'viewCount' = 'relevance') =>
    engine.search({ q, type: 'video', order }).map((h) => h.id);

  it('returns only videos with every word when there are some, title phrase over tag over description', () => {
    expect(ids('ufc 300 press conference')).toEqual([
      'titlephras1',
      'tagphrase01',
      'descphrase1',
      'scattered01',
    ]);
    // The same set whatever the order.
    expect(ids('UFC 300 press conference', 'viewCount')).toEqual([
      'scattered01',
      'descphrase1',
      'tagphrase01',
      'titlephras1',
    ]);
  });

  it('falls back to the videos with the most words when none has them all', () => {
    expect(ids('ufc 300 arsenal derby').slice(0, 1)).toEqual(['soccer00001']);
    expect(ids('ufc 300 arsenal derby')).toContain('highlight01');
  });

  it('finds single words anywhere, title matches first', () => {
    expect(ids('knockout')).toEqual(['descphrase1']);
    expect(ids('mma')).toEqual(['tagphrase01']);
    // Titles (by score), then the tag, then the descriptions.
    expect(ids('conference')).toEqual([
      'soccer00001',
      'trump000001',
      'titlephras1',
      'tagphrase01',
      'scattered01',
      'descphrase1',
    ]);
  });

  it('matches a phrase only with its words consecutive and in order', () => {
    const fields = (title: string, tags: string[] = [], description = '') => ({
      title: tokenize(title),
      tags: tags.map((t) => tokenize(t)),
      description: tokenize(description),
    });
    const q = tokenize('press conference');
    expect(phrasePlace(q, fields('The Press Conference'))).toBe(3);
    expect(phrasePlace(q, fields('Conference press', ['press conferences']))).toBe(2);
    expect(phrasePlace(q, fields('x', ['press', 'conference'], 'a press conference'))).toBe(1);
    expect(phrasePlace(q, fields('press big conference'))).toBe(0);
    // Stop words do not break a phrase, as they do not count as words of the query.
    expect(phrasePlace(q, fields('press and conference'))).toBe(3);
  });
});

describeWithShared('search over imported real trending data', () => {
  it('"ufc 252 press conference" returns UFC 252 press conferences only, title phrases first', () => {
    const world = new ImportedWorld();
    importFiles(
      world,
      ['US', 'GB', 'CA'].map((c) => youtubeData('trending-2020', `${c}_youtube_trending_data.csv`)),
    );
    const corpus = new Corpus();
    world.applyTo(corpus);
    const engine = new SearchEngine(corpus);
    const hits = engine.search({
      q: 'ufc 252 press conference',
      type: 'video',
      order: 'relevance',
    });
    const videos = hits.map((h) => corpus.getVideo(h.id)!);
    expect(videos.length).toBeGreaterThan(0);
    for (const v of videos) {
      const text = tokenize([v.title, ...v.tags, v.description].join(' '));
      for (const word of ['ufc', '252', 'press', 'conference'])
        expect(text, v.title).toContain(word);
    }
    // No title has the exact phrase ("UFC 252: Post-fight Press Conference" splits it); the
    // video tagged with it comes first.
    expect(videos[0]!.tags.map((t) => t.toLowerCase())).toContain('ufc 252 press conference');
    expect(videos.map((v) => v.title)).toContain('UFC 252: Post-fight Press Conference');
    // Other press conferences of the files (football, politics) are not among the results.
    const others = [...corpus.allVideos()].filter(
      (v) =>
        /press conference/i.test(`${v.title} ${v.tags.join(' ')}`) &&
        !/ufc/i.test(`${v.title} ${v.tags.join(' ')} ${v.description}`),
    );
    expect(others.length).toBeGreaterThan(0);
    const found = new Set(hits.map((h) => h.id));
    for (const v of others) expect(found.has(v.id), v.title).toBe(false);
  });
});
