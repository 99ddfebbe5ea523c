import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataAvailable, sharedDataDir } from '../../testing/shared-data.ts';
import { mapGoogleError } from './platform-errors.ts';
import { YouTubeAdapter } from './youtube.adapter.ts';
import { parseIsoDuration } from './youtube.mappers.ts';

const available = sharedDataAvailable('YouTube replay tests');
const data = sharedDataDir() ?? '';
const recordings = path.join(data, 'youtube/api-recordings/apidata');
const errorsDir = path.join(data, 'youtube/api-errors');
const read = (file: string) => readFileSync(file, 'utf8');

interface Seen {
  method: string;
  url: URL;
  authorization: string | undefined;
}

/**
 * Replays recorded real responses over HTTP so the official Google clients parse exactly the
 * bytes YouTube sent: the route → file table below stands in for youtube.googleapis.com.
 */
function replayServer(routes: Record<string, (url: URL) => { status: number; body: string }>) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ method: req.method ?? 'GET', url, authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => {
      // The API is served under a path prefix, as the embedded emulator is: a client that drops
      // the prefix gets 404s here.
      const prefixed = url.pathname.startsWith('/emulator/');
      const handler = prefixed
        ? routes[`${req.method} ${url.pathname.slice('/emulator'.length)}`]
        : undefined;
      const answer = handler
        ? handler(url)
        : { status: 404, body: '{"error":{"code":404,"message":"no route"}}' };
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(answer.body);
    });
  });
  return { server, seen };
}

describe.runIf(available)('YouTube adapter against recorded real responses', () => {
  const { server, seen } = replayServer({
    'GET /youtube/v3/channels': () => ({
      status: 200,
      body: read(path.join(recordings, 'channels/info.json')),
    }),
    'GET /youtube/v3/playlistItems': (url) => ({
      status: 200,
      body: read(
        path.join(
          recordings,
          `playlist_items/playlist_items_paged_${url.searchParams.get('pageToken') ? 2 : 1}.json`,
        ),
      ),
    }),
    'GET /youtube/v3/videos': () => ({
      status: 200,
      body: read(path.join(recordings, 'videos/videos_info_multi.json')),
    }),
    'GET /youtube/v3/playlists': () => ({
      status: 200,
      body: read(path.join(recordings, 'playlists/playlists_paged_1.json')),
    }),
    'GET /youtube/v3/search': () => ({
      status: 200,
      body: read(path.join(recordings, 'search/search_by_keywords_p1.json')),
    }),
    'GET /youtube/v3/i18nLanguages': () => ({
      status: 200,
      body: read(path.join(recordings, 'i18ns/language_res.json')),
    }),
    'GET /youtube/v3/videoCategories': () => ({
      status: 200,
      body: read(path.join(recordings, 'categories/video_category_by_region.json')),
    }),
    'POST /token': () => ({
      status: 400,
      body: read(path.join(errorsDir, 'oauth_token_invalid_grant_400.json')),
    }),
  });
  let adapter: YouTubeAdapter;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    adapter = new YouTubeAdapter({
      clientId: 'client',
      clientSecret: 'secret',
      authUrl: `${root}emulator/o/oauth2/v2/auth`,
      tokenUrl: `${root}emulator/token`,
      revokeUrl: `${root}emulator/revoke`,
      apiRootUrl: `${root}emulator/`,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the channel with its uploads playlist, sending the bearer token', async () => {
    const channel = await adapter.getMyChannel('access-1');
    expect(channel).toMatchObject({
      youtubeId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      title: 'Google Developers',
    });
    expect(channel?.thumbnailUrl).toMatch(/^https:\/\/yt3\.ggpht\.com\//);
    const request = seen.at(-1)!;
    expect(request.authorization).toBe('Bearer access-1');
    expect(request.url.searchParams.get('mine')).toBe('true');
    expect(request.url.searchParams.getAll('part').join(',')).toContain('contentDetails');
  });

  it('pages through playlist items with the recorded page token', async () => {
    const first = await adapter.listPlaylistItems('t', 'PLOU2XLYxmsIKpaV8h0AGE05so0fAwwfTw');
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.every((i) => /^[\w-]{11}$/.test(i.videoId))).toBe(true);
    expect(first.nextPageToken).toBe('CAoQAA');
    expect(seen.at(-1)!.url.searchParams.get('maxResults')).toBe('50');
    const second = await adapter.listPlaylistItems(
      't',
      'PLOU2XLYxmsIKpaV8h0AGE05so0fAwwfTw',
      first.nextPageToken!,
    );
    expect(seen.at(-1)!.url.searchParams.get('pageToken')).toBe('CAoQAA');
    expect(second.nextPageToken).toBeNull();
    expect(first.totalResults).toBe(first.items.length + second.items.length);
  });

  it('maps videos with durations, statistics and thumbnails', async () => {
    const videos = await adapter.getVideos('t', ['D-lhorsDlUQ', 'ovdbrdCIP7U']);
    expect(videos.length).toBeGreaterThan(0);
    for (const v of videos) {
      expect(v.youtubeId).toMatch(/^[\w-]{11}$/);
      expect(v.title.length).toBeGreaterThan(0);
      expect(v.thumbnails.default?.width).toBe(120);
      // This recording was made without the statistics part: absent figures stay null, never 0.
      expect(v.viewCount).toBeNull();
    }
    expect(seen.at(-1)!.url.searchParams.getAll('id')).toEqual(['D-lhorsDlUQ,ovdbrdCIP7U']);
    await expect(
      adapter.getVideos(
        't',
        Array.from({ length: 51 }, (_, i) => `v${i}`),
      ),
    ).rejects.toMatchObject({
      kind: 'bad-request',
    });
  });

  it('maps playlists, search results, languages and categories', async () => {
    const playlists = await adapter.listPlaylists('t', 'UC_x5XG1OV2P6uZZ5FSM9Ttw');
    expect(playlists.items[0]).toMatchObject({
      youtubeId: expect.any(String),
      title: expect.any(String),
    });
    const search = await adapter.search({ accessToken: 't' }, { q: 'surfing', type: 'video' });
    const byKey = await adapter.search(
      { apiKey: 'product-key' },
      { q: 'surfing', type: 'channel' },
    );
    expect(byKey.items.length).toBeGreaterThan(0);
    expect(seen.at(-1)!.url.searchParams.get('key')).toBe('product-key');
    expect(seen.at(-1)!.authorization).toBeUndefined();
    expect(search.items.length).toBeGreaterThan(0);
    expect(search.items.every((r) => r.kind === 'video' || r.kind === 'channel')).toBe(true);
    const languages = await adapter.listLanguages('t');
    expect(languages.find((l) => l.id === 'zh-CN')?.name).toBe('Chinese');
    const categories = await adapter.listCategories('t', 'US');
    expect(categories.length).toBeGreaterThan(0);
  });

  it('turns the real invalid_grant answer of the token endpoint into invalid-grant', async () => {
    await expect(adapter.refreshAccessToken('1//dead')).rejects.toMatchObject({
      kind: 'invalid-grant',
    });
  });
});

describe.runIf(available)('real error bodies map to product errors', () => {
  const expected: Record<string, string> = {
    'quotaExceeded_403.json': 'quota',
    'quotaExceeded_403_legacy_order.json': 'quota',
    'forbidden_403_caller_no_permission.json': 'forbidden',
    'forbidden_403_unregistered_caller.json': 'forbidden',
    'forbidden_403_youtube_common.json': 'forbidden',
    'playlistItemsNotAccessible_403.json': 'forbidden',
    'insufficientPermissions_403_legacy.json': 'forbidden',
    'accessNotConfigured_403_legacy.json': 'forbidden',
    'keyInvalid_400.json': 'bad-request',
    'loginRequired_401.json': 'unauthorized',
    'youtubeSignupRequired_401.json': 'unauthorized',
    'authorizationRequired_mine_401.json': 'unauthorized',
    'oauth_token_invalid_grant_400.json': 'invalid-grant',
    'oauth_token_invalid_client_401.json': 'unauthorized',
  };
  const index = available
    ? (JSON.parse(read(path.join(errorsDir, 'index.json'))) as {
        files: Record<string, { http_status: number }>;
      })
    : { files: {} };

  it('covers every recorded error body', () => {
    const bodies = readdirSync(errorsDir).filter((f) => f.endsWith('.json') && f !== 'index.json');
    expect(bodies.sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s → %s', (file, kind) => {
    const status = index.files[file]!.http_status;
    const error = mapGoogleError(status, JSON.parse(read(path.join(errorsDir, file))));
    expect(error.kind).toBe(kind);
    expect(error.message).not.toMatch(/<a /);
  });

  it('keeps the reason of a quota error', () => {
    const error = mapGoogleError(
      403,
      JSON.parse(read(path.join(errorsDir, 'quotaExceeded_403.json'))),
    );
    expect(error.reason).toBe('quotaExceeded');
  });

  it('maps 5xx to a retryable unavailable error', () => {
    const error = mapGoogleError(503, {
      error: { code: 503, message: 'Backend Error', errors: [{ reason: 'backendError' }] },
    });
    expect(error.kind).toBe('unavailable');
    expect(error.retryable).toBe(true);
  });
});

describe('ISO 8601 durations', () => {
  it.each([
    ['PT15S', 15],
    ['PT1M', 60],
    ['PT1H2M3S', 3723],
    ['P1DT1S', 86401],
    ['P0D', 0],
    ['garbage', null],
  ])('%s = %s s', (input, seconds) => {
    expect(parseIsoDuration(input)).toBe(seconds);
  });
});
