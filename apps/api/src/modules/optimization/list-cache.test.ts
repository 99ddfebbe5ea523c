/**
 * The optimisation list's cache: the channel's videos_version moves with every write to its
 * videos, drafts and playlist members (triggers), and a cached page is never served after one.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  channelMembers,
  channels,
  playlistVideos,
  playlists,
  videoDrafts,
  videos,
} from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';

describe.each(testBackends())('list cache and videos_version (%s)', (backend) => {
  let t: TestApp;
  let cookie: string;
  let userId: string;
  let channelId: string;

  const version = async () => {
    const [row] = await t.database.db
      .select({ v: channels.videosVersion })
      .from(channels)
      .where(eq(channels.id, channelId));
    return row!.v;
  };
  const list = async (query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/optimization/channels/${channelId}/videos?sort=date&order=desc${query}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { items: { videoId: string; title: string; hasDraft: boolean }[] };
  };
  const video = (n: number) => ({
    channelId,
    youtubeId: `vid${String(n).padStart(8, '0')}`,
    title: `Video ${n}`,
    description: '',
    tags: [],
    publishedAt: new Date(Date.UTC(2026, 0, n)),
    privacyStatus: 'public',
    thumbnails: {},
    localizations: {},
  });

  beforeAll(async () => {
    t = await createTestApp(backend);
    userId = await t.createUser('cache-owner@example.com');
    cookie = await t.login('cache-owner@example.com', TEST_PASSWORD);
    const [channel] = await t.database.db
      .insert(channels)
      .values({ youtubeId: 'UCcachecachecachecache01', name: 'Cache channel' })
      .returning();
    channelId = channel!.id;
    await t.database.db.insert(channelMembers).values({ channelId, userId, role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('bumps the version once per statement on videos, drafts and playlist members', async () => {
    const start = await version();
    await t.database.db.insert(videos).values([video(1), video(2), video(3)]);
    expect(await version()).toBe(start + 1);
    await t.database.db.update(videos).set({ viewCount: 5 }).where(eq(videos.channelId, channelId));
    expect(await version()).toBe(start + 2);
    const [row] = await t.database.db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.youtubeId, 'vid00000003'));
    await t.database.db.insert(videoDrafts).values({
      videoId: row!.id,
      channelId,
      title: 'Draft',
      description: '',
      tags: [],
      revision: 1,
      updatedBy: userId,
      updatedByName: 'Cache Owner',
    });
    expect(await version()).toBe(start + 3);
    await t.database.db.delete(videoDrafts).where(eq(videoDrafts.videoId, row!.id));
    expect(await version()).toBe(start + 4);
    const [playlist] = await t.database.db
      .insert(playlists)
      .values({ channelId, youtubeId: 'PLcache', title: 'Cache list', itemCount: 1 })
      .returning();
    await t.database.db
      .insert(playlistVideos)
      .values({ playlistId: playlist!.id, videoYoutubeId: 'vid00000001' });
    expect(await version()).toBe(start + 5);
    await t.database.db.delete(videos).where(eq(videos.youtubeId, 'vid00000003'));
    expect(await version()).toBe(start + 6);
    // A statement that touches no row of the channel leaves it alone.
    await t.database.db.execute(sql`update videos set view_count = 1 where false`);
    expect(await version()).toBe(start + 6);
  });

  it('serves a page from memory until a write moves the version', async () => {
    const first = await list();
    expect(first.items.map((v) => v.title)).toEqual(['Video 2', 'Video 1']);
    // A hit needs no database at all, not even the access check. (The first list scored the
    // new videos, a write whose notification may still be on its way: retry until settled.)
    const accessChecks = vi.spyOn(t.services.channels, 'requireAccess');
    await vi.waitFor(
      async () => {
        await list();
        accessChecks.mockClear();
        expect((await list()).items.map((v) => v.title)).toEqual(['Video 2', 'Video 1']);
        expect(accessChecks).not.toHaveBeenCalled();
      },
      { timeout: 5000, interval: 20 },
    );
    // A write outside the product's services shows as soon as the trigger's notification
    // arrives (at once on PGlite, within moments over PostgreSQL's LISTEN connection).
    await t.database.db
      .update(videos)
      .set({ title: 'Renamed in the database' })
      .where(eq(videos.youtubeId, 'vid00000002'));
    const titles = async () => (await list()).items.map((v) => v.title);
    await vi.waitFor(
      async () => expect(await titles()).toEqual(['Renamed in the database', 'Video 1']),
      { timeout: 5000, interval: 10 },
    );
    await t.database.db.insert(videos).values(video(4));
    await vi.waitFor(
      async () =>
        expect((await list()).items.map((v) => v.videoId)).toEqual([
          'vid00000004',
          'vid00000002',
          'vid00000001',
        ]),
      { timeout: 5000, interval: 10 },
    );
    // The playlist filter follows its members.
    expect((await list('&playlist=PLcache')).items.map((v) => v.videoId)).toEqual(['vid00000001']);
    const [playlist] = await t.database.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(eq(playlists.youtubeId, 'PLcache'));
    await t.database.db
      .insert(playlistVideos)
      .values({ playlistId: playlist!.id, videoYoutubeId: 'vid00000004' });
    await vi.waitFor(
      async () =>
        expect((await list('&playlist=PLcache')).items.map((v) => v.videoId)).toEqual([
          'vid00000004',
          'vid00000001',
        ]),
      { timeout: 5000, interval: 10 },
    );
  });

  it('shows a write made through the API in the very next list', async () => {
    expect((await list('&drafts=true')).items).toEqual([]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/optimization/channels/${channelId}/videos/vid00000001/draft`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: {
        title: 'A draft title',
        description: '',
        tags: [],
        searchTerm: null,
        language: null,
        thumbnailId: null,
        baseRevision: null,
      },
    });
    expect(saved.statusCode).toBe(200);
    // No waiting: the route forgot the channel's version before answering.
    const drafts = await list('&drafts=true');
    expect(drafts.items.map((v) => [v.videoId, v.hasDraft])).toEqual([['vid00000001', true]]);
  });

  it('stops serving the cached page to someone removed from the channel', async () => {
    await list();
    await t.database.db.delete(channelMembers).where(eq(channelMembers.userId, userId));
    await vi.waitFor(
      async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/optimization/channels/${channelId}/videos?sort=date&order=desc`,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(404);
      },
      { timeout: 5000, interval: 10 },
    );
    await t.database.db.insert(channelMembers).values({ channelId, userId, role: 'owner' });
  });

  it('sends the page gzip-compressed to clients that accept gzip, and plain to others', async () => {
    const url = `/optimization/channels/${channelId}/videos?sort=impact&order=desc`;
    const plain = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const zipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie, 'accept-encoding': 'br;q=0.5, gzip, deflate' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const refused = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie, 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });
});
