// Every kind of emulator response validates against Google's discovery documents (with
// additionalProperties: false), and the fixed error bodies equal the recorded real ones.
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNT_NO_CHANNEL } from './accounts.ts';
import type { Emulator } from './emulator.ts';
import { discoveryValidators } from './testing/discovery-schema.ts';
import { apiGet, authorize, startEmulator } from './testing/harness.ts';
import { describeWithShared, readYoutubeJson } from './testing/shared-data.ts';

describeWithShared('fidelity: responses validate against the discovery documents', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let token: string;
  let v3: (name: string) => ReturnType<ReturnType<typeof discoveryValidators>>;
  let analytics: typeof v3;
  const CHANNEL = 'UCtw0demo00000000000006';

  const check = (validate: ReturnType<typeof v3>, body: unknown) => {
    const ok = validate(body);
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
    expect(ok).toBe(true);
  };

  beforeAll(async () => {
    ({ app, emulator } = await startEmulator());
    token = (await authorize(app, { channelId: CHANNEL })).access_token;
    const v3Doc = discoveryValidators(readYoutubeJson('discovery', 'youtube-v3.json'));
    const aDoc = discoveryValidators(readYoutubeJson('discovery', 'youtubeAnalytics-v2.json'));
    v3 = (name) => v3Doc(name);
    analytics = (name) => aDoc(name);
  });

  it('channelListResponse (mine, id, no channel)', async () => {
    const mine = await apiGet(
      app,
      '/youtube/v3/channels?part=snippet,contentDetails,statistics,brandingSettings&mine=true',
      token,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(1);
    check(v3('ChannelListResponse'), mine.body);
    const byId = await apiGet(
      app,
      `/youtube/v3/channels?part=snippet,statistics&id=${CHANNEL},UCtw0demo00000000000001`,
      token,
    );
    expect(byId.body.items).toHaveLength(2);
    check(v3('ChannelListResponse'), byId.body);
    const none = (await authorize(app, { accountId: DEMO_ACCOUNT_NO_CHANNEL.id, channelId: null }))
      .access_token;
    const empty = await apiGet(app, '/youtube/v3/channels?part=snippet&mine=true', none);
    expect(empty.body.items).toEqual([]);
    check(v3('ChannelListResponse'), empty.body);
  });

  it('playlistListResponse and playlistItemListResponse (paged)', async () => {
    const playlists = await apiGet(
      app,
      `/youtube/v3/playlists?part=snippet,status,contentDetails&channelId=${CHANNEL}&maxResults=50`,
      token,
    );
    check(v3('PlaylistListResponse'), playlists.body);
    expect(playlists.body.items!.length).toBeGreaterThan(5);
    const uploads = `UU${CHANNEL.slice(2)}`;
    const items = await apiGet(
      app,
      `/youtube/v3/playlistItems?part=snippet,contentDetails,status&playlistId=${uploads}&maxResults=50`,
      token,
    );
    check(v3('PlaylistItemListResponse'), items.body);
    expect(items.body.nextPageToken).toBeTypeOf('string');
    const page2 = await apiGet(
      app,
      `/youtube/v3/playlistItems?part=snippet&playlistId=${uploads}&maxResults=50&pageToken=${items.body.nextPageToken}`,
      token,
    );
    check(v3('PlaylistItemListResponse'), page2.body);
    expect(page2.body.prevPageToken).toBeTypeOf('string');
    const other = await apiGet(
      app,
      `/youtube/v3/playlistItems?part=snippet&playlistId=${(playlists.body.items![0] as { id: string }).id}&maxResults=50&key=tubewise-emulator-key`,
    );
    check(v3('PlaylistItemListResponse'), other.body);
  });

  it('videoListResponse with every part, including localizations', async () => {
    const ids = emulator.state.corpus.uploads(CHANNEL).slice(0, 50);
    const res = await apiGet(
      app,
      `/youtube/v3/videos?part=snippet,contentDetails,statistics,status,localizations&id=${ids.join(',')}`,
      token,
    );
    expect(res.body.items).toHaveLength(50);
    check(v3('VideoListResponse'), res.body);
    expect(res.body.items!.some((v) => v.localizations)).toBe(true);
  });

  it('Video (videos.update response) and thumbnailSetResponse', async () => {
    const id = emulator.state.corpus.uploads(CHANNEL)[3]!;
    const current = (await apiGet(app, `/youtube/v3/videos?part=snippet,status&id=${id}`, token))
      .body.items![0] as Record<string, Record<string, unknown>>;
    const res = await app.inject({
      method: 'PUT',
      url: '/emulator/youtube/v3/videos?part=snippet,status',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        id,
        snippet: { ...current.snippet, title: 'A better title' },
        status: current.status,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    check(v3('Video'), res.json());
    const png = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: '#3a6' },
    })
      .png()
      .toBuffer();
    const thumb = await app.inject({
      method: 'POST',
      url: `/emulator/upload/youtube/v3/thumbnails/set?videoId=${id}&uploadType=media`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: png,
    });
    expect(thumb.statusCode, thumb.body).toBe(200);
    check(v3('ThumbnailSetResponse'), thumb.json());
  });

  it('searchListResponse (videos and channels), i18nLanguageListResponse, videoCategoryListResponse', async () => {
    const videos = await apiGet(
      app,
      '/youtube/v3/search?part=snippet&q=spanish%20verbs&type=video&maxResults=25&regionCode=US&relevanceLanguage=en',
      token,
    );
    check(v3('SearchListResponse'), videos.body);
    expect(videos.body.items).toHaveLength(25);
    const channels = await apiGet(
      app,
      '/youtube/v3/search?part=snippet&q=yoga&type=channel&maxResults=10',
      token,
    );
    check(v3('SearchListResponse'), channels.body);
    const languages = await apiGet(app, '/youtube/v3/i18nLanguages?part=snippet&hl=en_US', token);
    check(v3('I18nLanguageListResponse'), languages.body);
    const categories = await apiGet(
      app,
      '/youtube/v3/videoCategories?part=snippet&regionCode=US',
      token,
    );
    check(v3('VideoCategoryListResponse'), categories.body);
    // Same ids, titles and assignability as the recorded real category list.
    const recorded = readYoutubeJson<{ items: { id: string; snippet: unknown }[] }>(
      'trending-2020',
      'US_category_id.json',
    );
    expect(
      (categories.body.items as { id: string; snippet: unknown }[]).map((i) => [i.id, i.snippet]),
    ).toEqual(recorded.items.map((i) => [i.id, i.snippet]));
  });

  it('analytics resultTable (by day and by traffic source)', async () => {
    const byDay = await apiGet(
      app,
      '/v2/reports?ids=channel==MINE&startDate=2020-01-01&endDate=2030-01-01&metrics=views,estimatedMinutesWatched&dimensions=day&sort=day',
      token,
    );
    expect(byDay.status).toBe(200);
    check(analytics('QueryResponse'), byDay.body);
    const bySource = await apiGet(
      app,
      `/v2/reports?ids=channel==${CHANNEL}&startDate=2020-01-01&endDate=2030-01-01&metrics=views&dimensions=insightTrafficSourceType&sort=-views`,
      token,
    );
    check(analytics('QueryResponse'), bySource.body);
  });

  it('an invented field fails validation (the schemas are strict)', () => {
    const validate = v3('VideoListResponse');
    expect(
      validate({ kind: 'youtube#videoListResponse', items: [{ id: 'x', invented: true }] }),
    ).toBe(false);
  });

  it('error bodies equal the recorded real ones', async () => {
    const recorded = (name: string) => readYoutubeJson('api-errors', name);
    emulator.control.setQuotaExhausted(true);
    const quota = await apiGet(app, '/youtube/v3/videos?part=id&id=x', token);
    expect(quota.status).toBe(403);
    expect(quota.body).toEqual(recorded('quotaExceeded_403.json'));
    emulator.control.setQuotaExhausted(false);
    emulator.control.setChannelForbidden(CHANNEL, true);
    const forbidden = await apiGet(app, '/youtube/v3/channels?part=id&mine=true', token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(recorded('forbidden_403_youtube_common.json'));
    emulator.control.setChannelForbidden(CHANNEL, false);
    const login = await app.inject({
      method: 'PUT',
      url: '/emulator/youtube/v3/videos?part=snippet',
      payload: {},
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual(recorded('loginRequired_401.json'));
    const mine = await apiGet(app, '/youtube/v3/channels?part=id&mine=true');
    expect(mine.status).toBe(401);
    expect(mine.body).toEqual(recorded('authorizationRequired_mine_401.json'));
    const anonymous = await apiGet(app, '/youtube/v3/videos?part=id&id=x');
    expect(anonymous.body).toEqual(recorded('forbidden_403_unregistered_caller.json'));
  });
});
