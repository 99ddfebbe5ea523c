/**
 * The optimisation list's cache: the channel's videos_version moves with every write to its
 * videos, drafts and playlist members (triggers), and a cached page is never served after one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // A write outside the product's services still shows at once: the trigger moved the version.
    await t.database.db
      .update(videos)
      .set({ title: 'Renamed in the database' })
      .where(eq(videos.youtubeId, 'vid00000002'));
    const second = await list();
    expect(second.items.map((v) => v.title)).toEqual(['Renamed in the database', 'Video 1']);
    await t.database.db.insert(videos).values(video(4));
    expect((await list()).items.map((v) => v.videoId)).toEqual([
      'vid00000004',
      'vid00000002',
      'vid00000001',
    ]);
    // The playlist filter follows its members.
    expect((await list('&playlist=PLcache')).items.map((v) => v.videoId)).toEqual(['vid00000001']);
    const [playlist] = await t.database.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(eq(playlists.youtubeId, 'PLcache'));
    await t.database.db
      .insert(playlistVideos)
      .values({ playlistId: playlist!.id, videoYoutubeId: 'vid00000004' });
    expect((await list('&playlist=PLcache')).items.map((v) => v.videoId)).toEqual([
      'vid00000004',
      'vid00000001',
    ]);
  });
});
