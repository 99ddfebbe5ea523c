import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '@tubewise/emulator';
import { isSafeText, type KeywordMetrics } from '@tubewise/contract';
import { channels, playlists, videos } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import type { KeywordFigures } from '../optimization/index.ts';
import { connectEmulatorChannel } from '../../testing/connect-channel.ts';

const ACCOUNT = 'alex.creator@tubewise.test';
const VIDEOS = 120;

/** Fixed keyword figures: the editor's recommendations need some, their values do not matter. */
const figures: KeywordFigures = {
  async metrics(keywords) {
    return {
      items: keywords.map((keyword): KeywordMetrics => ({
        keyword,
        volume: 1000,
        competition: 0.5,
        cpc: 1,
      })),
      source: { name: 'Test figures', fetchedAt: new Date(0).toISOString() },
    };
  },
  async related() {
    return { items: [], source: { name: 'Test figures', fetchedAt: new Date(0).toISOString() } };
  },
};

/**
 * Platform data may hold any character: YouTube's answers are JSON, where "\u0000" and lone
 * surrogates ("\ud800") are legal. PostgreSQL's text and jsonb hold neither, so before the fix a
 * single such title failed every retry of the sync (it stalled at the page holding it) and every
 * publish of that video (its `before` copy could not be recorded). The platform wrapper brings
 * every answer under the contract's text rule; this proves it end to end against the emulator.
 */
describe.each(testBackends())('sync of platform text with any character (%s)', (backend) => {
  let emulator: Emulator;
  let server: EmulatorServer;
  let t: TestApp;
  let channelId: string;
  let cookie: string;
  let uploads: string[];

  const platformVideo = (id: string) => emulator.state.corpus.getVideo(id)!;
  const stored = async (youtubeId: string) =>
    (await t.database.db.query.videos.findFirst({
      where: and(eq(videos.channelId, channelId), eq(videos.youtubeId, youtubeId)),
    }))!;
  const syncToEnd = async () => {
    await t.services.sync.start(channelId);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = await t.services.sync.status(channelId);
      if (!status.isSyncing) return status;
      if (Date.now() > deadline) throw new Error('sync did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 1 });
    emulator = server.emulator;
    t = await createTestApp(backend, {
      platform: server.adapter,
      keywordFigures: figures,
      env: { YOUTUBE_API_KEY: 'tubewise-emulator-key' },
    });
    const record = emulator.control.addChannel({ videoCount: VIDEOS, owner: ACCOUNT });
    uploads = emulator.state.corpus.uploads(record.id);
    // Hostile text in the second uploads page too, so a stalled page would show in the count.
    const v = uploads.map(platformVideo);
    v[0]!.title = 'Camp\u0000 cooking';
    v[1]!.title = 'Lone \uD800 high and \uDC00 low';
    v[2]!.description = 'Line one\u0000\r\nbell\u0007 vt\u000B del\u007F c1\u0085 \uD83D end';
    v[3]!.tags = ['fine', 'nul\u0000tag', '\uDBFF', 'tab\tok'];
    v[4]!.localizations = {
      'fr\u0000': { title: 'Titre\u0000', description: '\uDFFF' },
      de: { title: 'Titel', description: 'ok' },
    };
    v[75]!.title = '\u0000\u0001\u001F\uD800 second page';
    emulator.state.corpus.playlistsOf(record.id)[0]!.title = 'Playlist\u0000 \uDC00';
    const email = 'text-owner@example.com';
    const userId = await t.createUser(email);
    channelId = await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId: record.id,
      account: ACCOUNT,
    });
    // Renamed after connecting, so the sync (not the connection) meets it.
    record.title = 'Channel\u0000 name';
    cookie = await t.login(email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('stores every video, with what PostgreSQL cannot hold dropped or replaced', async () => {
    const status = await syncToEnd();
    expect(status).toMatchObject({ state: 'succeeded', videosDone: VIDEOS, videosTotal: VIDEOS });
    const rows = await t.database.db.select().from(videos).where(eq(videos.channelId, channelId));
    expect(rows).toHaveLength(VIDEOS);
    for (const row of rows) {
      for (const text of [row.title, row.description, ...row.tags])
        expect(isSafeText(text), `${row.youtubeId}: ${JSON.stringify(text)}`).toBe(true);
    }
    expect((await stored(uploads[0]!)).title).toBe('Camp cooking');
    expect((await stored(uploads[1]!)).title).toBe('Lone \uFFFD high and \uFFFD low');
    expect((await stored(uploads[2]!)).description).toBe('Line one\r\nbell vt del c1 \uFFFD end');
    expect((await stored(uploads[3]!)).tags).toEqual(['fine', 'nultag', '\uFFFD', 'tab\tok']);
    expect((await stored(uploads[4]!)).localizations).toEqual({
      fr: { title: 'Titre', description: '\uFFFD' },
      de: { title: 'Titel', description: 'ok' },
    });
    expect((await stored(uploads[75]!)).title).toBe('\uFFFD second page');
    const channel = await t.database.db.query.channels.findFirst({
      where: eq(channels.id, channelId),
    });
    expect(channel!.name).toBe('Channel name');
    const lists = await t.database.db
      .select({ title: playlists.title })
      .from(playlists)
      .where(eq(playlists.channelId, channelId));
    expect(lists.map((p) => p.title)).toContain('Playlist \uFFFD');
  });

  it('syncs the same data again without failing or flagging anything as changed', async () => {
    expect((await syncToEnd()).state).toBe('succeeded');
    for (const id of uploads.slice(0, 5))
      expect((await stored(id)).platformChangedAt, id).toBeNull();
  });

  it('shows, publishes and undoes a video whose platform title holds a NUL', async () => {
    const videoId = uploads[0]!;
    const details = await send('GET', `/optimization/channels/${channelId}/videos/${videoId}`);
    expect(details.statusCode).toBe(200);
    const live = details.json().live as { title: string; description: string; tags: string[] };
    expect(live.title).toBe('Camp cooking');
    const published = await send(
      'POST',
      `/optimization/channels/${channelId}/videos/${videoId}/publish`,
      {
        title: 'Camp cooking for beginners',
        description: live.description,
        tags: live.tags,
        searchTerm: null,
        language: null,
        thumbnailId: null,
        fromDraft: false,
      },
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().publish.before.title).toBe('Camp cooking');
    expect(platformVideo(videoId).title).toBe('Camp cooking for beginners');

    const undo = await send(
      'POST',
      `/optimization/channels/${channelId}/videos/${videoId}/publishes/${published.json().publish.id}/restore`,
    );
    expect(undo.statusCode, undo.body).toBe(200);
    expect(platformVideo(videoId).title).toBe('Camp cooking');
    // The next publish of a video with hostile description text works as well.
    const other = uploads[2]!;
    const otherLive = (
      await send('GET', `/optimization/channels/${channelId}/videos/${other}`)
    ).json().live;
    const again = await send(
      'POST',
      `/optimization/channels/${channelId}/videos/${other}/publish`,
      {
        title: 'A plain new title',
        description: otherLive.description,
        tags: otherLive.tags,
        searchTerm: null,
        language: null,
        thumbnailId: null,
        fromDraft: false,
      },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await syncToEnd()).state).toBe('succeeded');
  });
});
