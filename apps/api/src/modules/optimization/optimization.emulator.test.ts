import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, type QuotaLedger } from '@tubewise/emulator';
import type { KeywordMetrics } from '@tubewise/contract';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import type { KeywordFigures } from './keyword-figures.ts';
import { connectEmulatorChannel, syncChannel } from '../../testing/connect-channel.ts';

const ACCOUNT = 'alex.creator@tubewise.test';

/** Units by method spent between two readings of the emulator's ledger. */
function spent(before: QuotaLedger, after: QuotaLedger): Record<string, number> {
  const read = (l: QuotaLedger) => l.today.unitsByMethod as Record<string, number | undefined>;
  const out: Record<string, number> = {};
  for (const m of new Set([...Object.keys(read(before)), ...Object.keys(read(after))])) {
    const delta = (read(after)[m] ?? 0) - (read(before)[m] ?? 0);
    if (delta) out[m] = delta;
  }
  return out;
}

/** Deterministic keyword figures: volume from the term's length. */
const figures: KeywordFigures = {
  async metrics(keywords) {
    return {
      items: keywords.map((keyword): KeywordMetrics => ({
        keyword,
        volume: 1000 * keyword.length,
        competition: 0.4,
        cpc: 1.2,
      })),
      source: { name: 'Test figures', fetchedAt: new Date(0).toISOString() },
    };
  },
  async related(term) {
    return {
      items: [`${term} tips`, `${term} for beginners`, `best ${term}`].map((keyword, i) => ({
        keyword,
        volume: 900 - i * 100,
        competition: 0.3,
        cpc: 0.5,
      })),
      source: { name: 'Test figures', fetchedAt: new Date(0).toISOString() },
    };
  },
};

/** An image of the given size and type. */
function image(width: number, height: number, type: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const canvas = sharp({
    create: { width, height, channels: 3, background: { r: 120, g: 40, b: 200 } },
  });
  return (type === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
}

describe.each(testBackends())('optimization against the emulator (%s)', (backend) => {
  let emulator: Emulator;
  let server: EmulatorServer;
  let t: TestApp;
  let cookie: string;
  let channelId: string;
  let youtubeChannelId: string;

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 2 });
    emulator = server.emulator;
    const adapter = server.adapter;
    t = await createTestApp(backend, {
      platform: adapter,
      keywordFigures: figures,
      env: { YOUTUBE_API_KEY: 'tubewise-emulator-key', THUMBNAIL_MAX_BYTES: '300000' },
    });
    const record = emulator.control.addChannel({ videoCount: 60, owner: ACCOUNT });
    youtubeChannelId = record.id;
    const email = 'opti-owner@example.com';
    const userId = await t.createUser(email);
    channelId = await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId: record.id,
      account: ACCOUNT,
    });
    await syncChannel(t.services, channelId);
    cookie = await t.login(email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const base = () => `/optimization/channels/${channelId}`;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object = {}) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, 'content-type': 'application/json' },
      payload: payload as Record<string, unknown>,
    });
  const uploads = () => emulator.state.corpus.uploads(youtubeChannelId);
  const platformVideo = (id: string) => emulator.state.corpus.getVideo(id)!;

  it('pages 50 videos with the total, sorted both ways by date', async () => {
    const first = await get(`${base()}/videos?sort=date&order=desc`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.items).toHaveLength(50);
    expect(body.total).toBe(60);
    expect(body.pageSize).toBe(50);
    const dates = body.items.map((v: { date: string }) => Date.parse(v.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = (await get(`${base()}/videos?sort=date&order=desc&page=2`)).json();
    expect(second.items).toHaveLength(10);
    const all = new Set(
      [...body.items, ...second.items].map((v: { videoId: string }) => v.videoId),
    );
    expect(all.size).toBe(60);
    const asc = (await get(`${base()}/videos?sort=date&order=asc`)).json();
    expect(asc.items[0].videoId).toBe(second.items.at(-1).videoId);
  });

  it('scores every video with the shared rules and sorts by level and impact', async () => {
    const byLevel = (await get(`${base()}/videos?sort=level&order=asc`)).json();
    const levels = byLevel.items.map((v: { level: number }) => v.level);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(levels.some((l: number) => l > 0)).toBe(true);
    const byImpact = (await get(`${base()}/videos?sort=impact&order=desc`)).json();
    const impacts = byImpact.items.map((v: { impact: number }) => v.impact);
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
  });

  it('filters by visibility, title search, tab and playlist', async () => {
    const publicOnly = (await get(`${base()}/videos?visibility=public`)).json();
    expect(
      publicOnly.items.every((v: { privacyStatus: string }) => v.privacyStatus === 'public'),
    ).toBe(true);
    const target = platformVideo(uploads()[5]!);
    const word = target.title.split(' ').find((w) => w.length > 4) ?? target.title;
    const found = (await get(`${base()}/videos?q=${encodeURIComponent(word)}`)).json();
    expect(found.items.map((v: { videoId: string }) => v.videoId)).toContain(target.id);
    expect(
      found.items.every((v: { title: string }) =>
        v.title.toLowerCase().includes(word.toLowerCase()),
      ),
    ).toBe(true);
    const weak = (await get(`${base()}/videos?tab=needs-work`)).json();
    expect(weak.items.every((v: { level: number }) => v.level < 80)).toBe(true);
    const lists = (await get(`${base()}/playlists`)).json().items;
    const list = lists.find((p: { itemCount: number }) => p.itemCount > 0);
    if (list) {
      const members = new Set(
        emulator.state.corpus.playlistsOf(youtubeChannelId).find((p) => p.id === list.id)!.videoIds,
      );
      const inList = (await get(`${base()}/videos?playlist=${list.id}`)).json();
      expect(inList.total).toBe(Math.min(members.size, 60));
      expect(inList.items.every((v: { videoId: string }) => members.has(v.videoId))).toBe(true);
    }
    const bad = await get(`${base()}/videos?sort=views`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation-failed');
  });

  it('sets a search term and answers tips, level, impact, figures and recommended tags', async () => {
    const videoId = uploads()[0]!;
    const res = await send('PUT', `${base()}/videos/${videoId}/search-term`, {
      searchTerm: 'home espresso',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.searchTerm).toBe('home espresso');
    expect(body.keyword).toMatchObject({ keyword: 'home espresso', volume: 13000 });
    expect(body.source.name).toBe('Test figures');
    expect(body.recommendedTags[0]).toBe('home espresso');
    expect(body.recommendedTags).toContain('home espresso tips');
    expect(
      body.tips.find((tip: { type: string }) => tip.type === 'search-term-chosen').passed,
    ).toBe(true);
    const row = (await get(`${base()}/videos?sort=date&order=desc`))
      .json()
      .items.find((v: { videoId: string }) => v.videoId === videoId);
    expect(row).toMatchObject({
      searchTerm: 'home espresso',
      level: body.level,
      impact: body.impact,
    });
  });

  it('ignores and unignores a tip; an unknown tip is a 404', async () => {
    const videoId = uploads()[0]!;
    const ignored = (
      await send('POST', `${base()}/videos/${videoId}/recommendations/title-length/ignore`)
    ).json();
    expect(ignored.ignored).toContain('title-length');
    expect(ignored.tips.find((tip: { type: string }) => tip.type === 'title-length').ignored).toBe(
      true,
    );
    const back = (
      await send('POST', `${base()}/videos/${videoId}/recommendations/title-length/unignore`)
    ).json();
    expect(back.ignored).not.toContain('title-length');
    const unknown = await send('POST', `${base()}/videos/${videoId}/recommendations/nope/ignore`);
    expect(unknown.statusCode).toBe(404);
  });

  it('saves a shared draft, refuses a stale save with the current draft, and deletes it', async () => {
    const videoId = uploads()[1]!;
    const draft = {
      title: 'Draft title',
      description: 'Draft description',
      tags: ['a', 'b'],
      searchTerm: 'espresso',
      language: 'en',
      thumbnailId: null,
    };
    const created = await send('PUT', `${base()}/videos/${videoId}/draft`, {
      ...draft,
      baseRevision: null,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ title: 'Draft title', revision: 1 });
    const second = await send('PUT', `${base()}/videos/${videoId}/draft`, {
      ...draft,
      title: 'Second',
      baseRevision: 1,
    });
    expect(second.json().revision).toBe(2);
    const stale = await send('PUT', `${base()}/videos/${videoId}/draft`, {
      ...draft,
      title: 'Stale',
      baseRevision: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('draft-conflict');
    expect(stale.json().error.details.draft).toMatchObject({ title: 'Second', revision: 2 });
    const details = (await get(`${base()}/videos/${videoId}`)).json();
    expect(details.draft).toMatchObject({ title: 'Second', revision: 2 });
    const drafts = (await get(`${base()}/videos?drafts=true`)).json();
    expect(drafts.items.map((v: { videoId: string }) => v.videoId)).toEqual([videoId]);
    expect((await send('DELETE', `${base()}/videos/${videoId}/draft?revision=1`)).statusCode).toBe(
      409,
    );
    expect((await send('DELETE', `${base()}/videos/${videoId}/draft?revision=2`)).statusCode).toBe(
      200,
    );
    expect((await get(`${base()}/videos/${videoId}`)).json().draft).toBeNull();
  });

  it('creates, lists newest first, updates and deletes templates', async () => {
    const a = (
      await send('POST', `${base()}/templates`, { title: 'Links', content: 'Follow me' })
    ).json();
    const b = await send('POST', `${base()}/templates`, { title: 'Gear', content: 'My camera' });
    expect(b.statusCode).toBe(201);
    const list = (await get(`${base()}/templates`)).json().items;
    expect(list.map((x: { title: string }) => x.title)).toEqual(['Gear', 'Links']);
    const updated = await send('PUT', `${base()}/templates/${a.id}`, {
      title: 'Links 2',
      content: 'x',
    });
    expect(updated.json().title).toBe('Links 2');
    expect((await send('DELETE', `${base()}/templates/${a.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `${base()}/templates/${a.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `${base()}/templates/not-a-uuid`)).statusCode).toBe(404);
    expect(
      (await send('POST', `${base()}/templates`, { title: '', content: 'x' })).statusCode,
    ).toBe(400);
  });

  const upload = (videoId: string, body: Buffer, type = 'image/png') =>
    t.app.inject({
      method: 'POST',
      url: `${base()}/videos/${videoId}/thumbnail`,
      headers: { cookie, 'content-type': type },
      payload: body,
    });

  it('checks thumbnails on the server: type, size, width and ratio', async () => {
    const videoId = uploads()[2]!;
    const good = await upload(videoId, await image(1280, 720));
    expect(good.statusCode).toBe(201);
    expect(good.json()).toMatchObject({
      width: 1280,
      height: 720,
      mimeType: 'image/png',
      warnings: [],
    });
    const preview = await get(good.json().url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    const square = await upload(videoId, await image(800, 800, 'jpeg'), 'image/jpeg');
    expect(square.json().warnings).toEqual(['not-16-9', 'below-1280']);
    const narrow = await upload(videoId, await image(600, 338));
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json().error).toMatchObject({ code: 'invalid-image' });
    expect(narrow.json().error.message).toContain('640');
    const lying = await upload(videoId, await image(1280, 720, 'jpeg'), 'image/png');
    expect(lying.json().error.code).toBe('invalid-image');
    const garbage = await upload(videoId, Buffer.from('not an image at all'));
    expect(garbage.json().error.code).toBe('invalid-image');
    const noise = Buffer.alloc(400_000, 7);
    const big = await upload(videoId, noise);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/at most 0\.3 MB/);
    const gif = await upload(videoId, Buffer.from('GIF89a'), 'image/gif');
    expect(gif.statusCode).toBe(415);
  });

  it('refuses every hard limit before any platform call', async () => {
    const videoId = uploads()[3]!;
    const before = emulator.control.quotaLedger();
    const base1 = { searchTerm: null, language: null, thumbnailId: null, fromDraft: false };
    const cases = [
      { title: 'x'.repeat(101), description: '', tags: [] },
      { title: '', description: '', tags: [] },
      { title: 'ok', description: '€'.repeat(1700), tags: [] },
      {
        title: 'ok',
        description: '',
        tags: Array.from({ length: 60 }, (_, i) => `tag number ${i}`),
      },
      { title: 'a <b> title', description: '', tags: [] },
      { title: 'ok', description: 'x > y', tags: [] },
    ];
    for (const c of cases) {
      const res = await send('POST', `${base()}/videos/${videoId}/publish`, { ...base1, ...c });
      expect(res.statusCode, JSON.stringify(c).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('metadata-invalid');
      expect(res.json().error.issues.length).toBeGreaterThan(0);
    }
    expect(spent(before, emulator.control.quotaLedger())).toEqual({});
  });

  it('publishes only what changed (read-modify-write), spends 1 + 50, then undoes it', async () => {
    const videoId = uploads()[4]!;
    const original = structuredClone(platformVideo(videoId));
    const before = emulator.control.quotaLedger();
    const res = await send('POST', `${base()}/videos/${videoId}/publish`, {
      title: 'A much better title for home espresso',
      description: original.description,
      tags: original.tags,
      searchTerm: 'home espresso',
      language: null,
      thumbnailId: null,
      fromDraft: false,
    });
    expect(res.statusCode).toBe(200);
    expect(spent(before, emulator.control.quotaLedger())).toEqual({
      'videos.list': 1,
      'videos.update': 50,
    });
    const after = platformVideo(videoId);
    expect(after.title).toBe('A much better title for home espresso');
    // Nothing the person did not change is lost.
    expect(after.description).toBe(original.description);
    expect(after.tags).toEqual(original.tags);
    expect(after.categoryId).toBe(original.categoryId);
    expect(after.defaultLanguage).toBe(original.defaultLanguage);
    expect(after.defaultAudioLanguage).toBe(original.defaultAudioLanguage);
    expect(after.localizations).toEqual(original.localizations);
    expect(after.privacyStatus).toBe(original.privacyStatus);
    const body = res.json();
    expect(body.publish).toMatchObject({
      quotaUnits: 51,
      thumbnailChanged: false,
      before: { title: original.title },
      after: { title: 'A much better title for home espresso' },
    });
    expect(body.video.live.title).toBe('A much better title for home espresso');
    expect(body.video.lastPublish.id).toBe(body.publish.id);
    expect(body.next?.videoId).not.toBe(videoId);
    const row = (await get(`${base()}/videos?sort=lastUpdate&order=desc`)).json().items[0];
    expect(row).toMatchObject({ videoId, lastUpdate: body.publish.at });

    const undo = await send(
      'POST',
      `${base()}/videos/${videoId}/publishes/${body.publish.id}/restore`,
    );
    expect(undo.statusCode).toBe(200);
    expect(platformVideo(videoId).title).toBe(original.title);
    expect(platformVideo(videoId).tags).toEqual(original.tags);
    expect(undo.json().publish.restoresId).toBe(body.publish.id);
    const history = (await get(`${base()}/videos/${videoId}/publishes`)).json().items;
    expect(history.map((p: { id: string }) => p.id)).toEqual([
      undo.json().publish.id,
      body.publish.id,
    ]);
  });

  it('sets a new thumbnail with thumbnails.set only when there is one (50 more units)', async () => {
    const videoId = uploads()[6]!;
    const original = structuredClone(platformVideo(videoId));
    const uploaded = (await upload(videoId, await image(1280, 720, 'jpeg'), 'image/jpeg')).json();
    const before = emulator.control.quotaLedger();
    const res = await send('POST', `${base()}/videos/${videoId}/publish`, {
      title: original.title,
      description: `${original.description}\n\nMore.`,
      tags: original.tags,
      searchTerm: null,
      language: null,
      thumbnailId: uploaded.thumbnailId,
      fromDraft: false,
    });
    expect(res.statusCode).toBe(200);
    expect(spent(before, emulator.control.quotaLedger())).toEqual({
      'videos.list': 1,
      'videos.update': 50,
      'thumbnails.set': 50,
    });
    expect(platformVideo(videoId).hasCustomThumbnail).toBe(true);
    expect(res.json().video.live.thumbnailWidth).toBe(1280);
    expect(res.json().publish.thumbnailChanged).toBe(true);
  });

  it('refuses a publish that changes nothing without spending an update', async () => {
    const videoId = uploads()[7]!;
    const v = platformVideo(videoId);
    const before = emulator.control.quotaLedger();
    const res = await send('POST', `${base()}/videos/${videoId}/publish`, {
      title: v.title,
      description: v.description,
      tags: v.tags,
      searchTerm: null,
      language: null,
      thumbnailId: null,
      fromDraft: false,
    });
    expect(res.statusCode).toBe(400);
    expect(spent(before, emulator.control.quotaLedger())).toEqual({ 'videos.list': 1 });
  });

  it('finds videos changed on the platform outside the product', async () => {
    const [a, b] = [uploads()[8]!, uploads()[9]!];
    platformVideo(a).title = 'Edited in the studio';
    const res = await send('POST', `${base()}/videos/check`, { videosToCheck: [a, b, 'unknown'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed).toEqual([a]);
    const updated = (await get(`${base()}/videos?updated=true`)).json();
    expect(updated.items.map((v: { videoId: string }) => v.videoId)).toEqual([a]);
    expect(updated.items[0].title).toBe('Edited in the studio');
    const tooMany = await send('POST', `${base()}/videos/check`, {
      videosToCheck: Array.from({ length: 151 }, (_, i) => `v${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('names the next video: the highest impact not yet optimised, never the current one', async () => {
    const current = uploads()[0]!;
    const res = (await get(`${base()}/videos/${current}/next`)).json();
    expect(res.video.videoId).not.toBe(current);
    expect(res.video.level).toBeLessThan(80);
    const list = (await get(`${base()}/videos?tab=needs-work&sort=impact&order=desc`)).json();
    const best = list.items.find((v: { videoId: string }) => v.videoId !== current);
    expect(res.video.impact).toBe(best.impact);
  });

  it('answers 404 to someone not on the channel', async () => {
    await t.createUser('stranger@example.com');
    const stranger = await t.login('stranger@example.com', TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/videos`,
      headers: { cookie: stranger },
    });
    expect(res.statusCode).toBe(404);
    const video = await t.app.inject({
      method: 'GET',
      url: `${base()}/videos/${uploads()[0]}`,
      headers: { cookie: stranger },
    });
    expect(video.statusCode).toBe(404);
  });
});
