// The top embedded players report through the official youtubeAnalytics client: its pages are
// pages of the account's Search Console property, its views are part of the videos' views, the
// video filter narrows it, and YouTube's 400s for what it does not offer.
import { youtubeAnalytics, type youtubeAnalytics_v2 } from '@googleapis/youtubeanalytics';
import type { FastifyInstance } from 'fastify';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREATOR } from './accounts.ts';
import { embeddingPagesOf } from './embedded-pages.ts';
import type { Emulator } from './emulator.ts';
import { accountDomain } from './search-console.ts';
import { authorize, startEmulator } from './testing/harness.ts';

const CHANNEL = 'UCtw0demo00000000000001';
const SITE = `sc-domain:${accountDomain(DEMO_ACCOUNT_CREATOR)}`;

describe('embedded playback locations', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let analytics: youtubeAnalytics_v2.Youtubeanalytics;
  let rootUrl: string;

  beforeAll(async () => {
    ({ app, emulator } = await startEmulator());
    const { access_token } = await authorize(app, { channelId: CHANNEL });
    await app.listen({ port: 0, host: '127.0.0.1' });
    rootUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/emulator/`;
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token });
    analytics = youtubeAnalytics({ version: 'v2', auth: auth as never });
  });
  afterAll(async () => {
    await app.close();
  });

  const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const range = {
    ids: 'channel==MINE',
    startDate: isoDay(Date.now() - 120 * 86_400_000),
    endDate: isoDay(Date.now() - 86_400_000),
  };
  const embeddingOfAccount = () =>
    embeddingPagesOf(
      DEMO_ACCOUNT_CREATOR,
      emulator.state.corpus.channelsOwnedBy(DEMO_ACCOUNT_CREATOR.id),
      emulator.state.corpus,
    );
  const top = (params: Partial<youtubeAnalytics_v2.Params$Resource$Reports$Query> = {}) =>
    analytics.reports.query(
      {
        ...range,
        metrics: 'views,estimatedMinutesWatched',
        dimensions: 'insightPlaybackLocationDetail',
        filters: 'insightPlaybackLocationType==EMBEDDED',
        sort: '-views',
        maxResults: 25,
        ...params,
      },
      { rootUrl },
    );
  const rowsOf = (data: youtubeAnalytics_v2.Schema$QueryResponse) =>
    (data.rows ?? []) as [string, number, number][];

  it('embeds each video on exactly the pages Search Console reports for the property', () => {
    const scPages = emulator.searchConsole.pages(emulator.state.corpus, DEMO_ACCOUNT_CREATOR, SITE);
    const embedding = embeddingOfAccount();
    expect(embedding.size).toBeGreaterThan(40);
    const videoPages = scPages.filter((url) => !url.endsWith('/'));
    expect([...embedding.values()].map((e) => e.page).sort()).toEqual(videoPages.sort());
    for (const e of embedding.values()) {
      expect(scPages).toContain(e.index);
      expect(e.page.startsWith(e.index)).toBe(true);
    }
  });

  it('lists the embedding pages of the channel by views, within the videos’ views', async () => {
    const { data } = await top();
    const rows = rowsOf(data);
    expect(data.columnHeaders?.map((h) => h.name)).toEqual([
      'insightPlaybackLocationDetail',
      'views',
      'estimatedMinutesWatched',
    ]);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThanOrEqual(25);
    const views = rows.map((r) => r[1]);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const scPages = emulator.searchConsole.pages(emulator.state.corpus, DEMO_ACCOUNT_CREATOR, SITE);
    for (const [url] of rows) expect(scPages).toContain(url);
    // Only the channel's own videos and its index page, which collects a share of each.
    const channelPages = [...embeddingOfAccount()]
      .filter(([id]) => emulator.state.corpus.getVideo(id)!.channelId === CHANNEL)
      .map(([, e]) => e);
    const allowed = new Set(channelPages.flatMap((e) => [e.page, e.index]));
    for (const [url] of rows) expect(allowed.has(url)).toBe(true);
    expect(rows.map((r) => r[0])).toContain(channelPages[0]!.index);

    const embedded = await analytics.reports.query(
      { ...range, metrics: 'views', filters: 'insightPlaybackLocationType==EMBEDDED' },
      { rootUrl },
    );
    const total = await analytics.reports.query({ ...range, metrics: 'views' }, { rootUrl });
    const embeddedViews = (embedded.data.rows as number[][])[0]![0]!;
    const totalViews = (total.data.rows as number[][])[0]![0]!;
    expect(views.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(embeddedViews);
    // Only videos with a page (the most viewed public ones) are embedded, 1–6% of their views.
    expect(embeddedViews).toBeGreaterThan(0);
    expect(embeddedViews).toBeLessThan(0.06 * totalViews);
    const byLocation = await analytics.reports.query(
      { ...range, metrics: 'views', dimensions: 'insightPlaybackLocationType', sort: '-views' },
      { rootUrl },
    );
    const locations = byLocation.data.rows as [string, number][];
    expect(locations[0]![0]).toBe('WATCH');
    expect(locations.find((r) => r[0] === 'EMBEDDED')?.[1]).toBe(embeddedViews);
    expect(locations.reduce((s, r) => s + r[1], 0)).toBe(totalViews);
  });

  it('narrows to one video’s pages with the video filter', async () => {
    const corpus = emulator.state.corpus;
    const embedding = embeddingOfAccount();
    // The channel's most viewed video (its first page).
    const videoId = [...embedding.keys()].find((id) => corpus.getVideo(id)!.channelId === CHANNEL)!;
    const pages = embedding.get(videoId)!;
    const { data } = await top({
      filters: `insightPlaybackLocationType==EMBEDDED;video==${videoId}`,
      metrics: 'views',
    });
    const rows = rowsOf(data);
    expect(rows.map((r) => r[0])).toEqual([pages.page, pages.index]);
    const videoViews = await analytics.reports.query(
      { ...range, metrics: 'views', filters: `video==${videoId}` },
      { rootUrl },
    );
    const sum = rows.reduce((s, r) => s + r[1], 0);
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(0.07 * (videoViews.data.rows as number[][])[0]![0]!);
    // A video no page embeds (private, or past the most viewed) has no embedded views.
    const unembedded = corpus.uploads(CHANNEL).find((id) => !embedding.has(id));
    if (unembedded) {
      const none = await top({
        filters: `insightPlaybackLocationType==EMBEDDED;video==${unembedded}`,
      });
      expect(none.data.rows ?? []).toEqual([]);
    }
  });

  it('answers 400 for the combinations YouTube does not offer', async () => {
    const refused = async (params: Partial<youtubeAnalytics_v2.Params$Resource$Reports$Query>) => {
      const error = await top(params).then(
        () => undefined,
        (e: { status?: number; response?: { data?: { error?: { message?: string } } } }) => e,
      );
      expect(error?.status).toBe(400);
      expect(error?.response?.data?.error?.message).toMatch(/^The query is not supported\./);
    };
    await refused({ filters: undefined });
    await refused({ filters: 'insightPlaybackLocationType==WATCH' });
    await refused({ maxResults: undefined });
    await refused({ maxResults: 26 });
    await refused({ sort: 'views' });
    await refused({ metrics: 'views,likes' });
    await refused({ dimensions: 'insightPlaybackLocationDetail,insightTrafficSourceType' });
  });
});
