// The official Google clients, pointed at the emulator purely by configuration (what the product's
// adapter does): OAuth2Client with custom endpoints, @googleapis/youtube and youtubeanalytics with
// a per-call rootUrl (which keeps the /emulator prefix for both API and media-upload URLs).
import { youtube, type youtube_v3 } from '@googleapis/youtube';
import { youtubeAnalytics } from '@googleapis/youtubeanalytics';
import Fastify, { type FastifyInstance } from 'fastify';
import { OAuth2Client } from 'google-auth-library';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREATOR } from './accounts.ts';
import { createEmulator, type Emulator } from './emulator.ts';
import { PRODUCT_SCOPES, REDIRECT_URI } from './testing/harness.ts';

describe('official Google clients against the emulator', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let base: string;
  let client: OAuth2Client;
  let rootUrl: string;

  beforeAll(async () => {
    emulator = createEmulator({ otherChannels: 20 });
    app = Fastify();
    await app.register(emulator.plugin, { prefix: '/emulator' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}/emulator`;
    rootUrl = `${base}/`;
    client = new OAuth2Client({
      clientId: 'tubewise-emulator-client',
      clientSecret: 'tubewise-emulator-secret',
      redirectUri: REDIRECT_URI,
      endpoints: {
        oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
        oauth2TokenUrl: `${base}/token`,
        oauth2RevokeUrl: `${base}/revoke`,
      },
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it('runs the whole flow: auth URL, consent, getToken, Data API, upload, Analytics, refresh, revoke', async () => {
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const authUrl = client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: true,
      scope: PRODUCT_SCOPES,
      state: 'xsrf-1',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
    });
    const page = await fetch(
      `${authUrl}&login_hint=${encodeURIComponent(DEMO_ACCOUNT_CREATOR.email)}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Choose a channel');
    const form = new URLSearchParams(new URL(authUrl).searchParams);
    form.set('authuser', DEMO_ACCOUNT_CREATOR.id);
    form.set('channel', 'UCtw0demo00000000000007');
    for (const s of PRODUCT_SCOPES) form.append('granted_scope', s);
    form.set('decision', 'allow');
    const decided = await fetch(`${base}/o/oauth2/v2/auth`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const code = new URL(decided.headers.get('location')!).searchParams.get('code')!;
    const { tokens } = await client.getToken({ code, codeVerifier });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope).toContain('https://www.googleapis.com/auth/youtube');
    client.setCredentials(tokens);

    // googleapis-common nests its own google-auth-library copy, so the types differ while the
    // runtime objects are compatible: the cast is for the compiler only.
    const auth = client as unknown as youtube_v3.Options['auth'];
    const yt = youtube({ version: 'v3', auth });
    const channels = await yt.channels.list(
      { part: ['snippet', 'contentDetails'], mine: true },
      { rootUrl },
    );
    expect(channels.data.items?.[0]?.id).toBe('UCtw0demo00000000000007');
    const uploads = channels.data.items![0]!.contentDetails!.relatedPlaylists!.uploads!;
    const items = await yt.playlistItems.list(
      { part: ['contentDetails'], playlistId: uploads, maxResults: 50 },
      { rootUrl },
    );
    const ids = items.data.items!.map((i) => i.contentDetails!.videoId!);
    expect(ids).toHaveLength(20);
    const videos = await yt.videos.list({ part: ['snippet', 'status'], id: ids }, { rootUrl });
    expect(videos.data.items).toHaveLength(20);

    const video = videos.data.items![0]!;
    const updated = await yt.videos.update(
      {
        part: ['snippet'],
        requestBody: { id: video.id!, snippet: { ...video.snippet, title: 'Fixed by Tubewise' } },
      },
      { rootUrl },
    );
    expect(updated.data.snippet?.title).toBe('Fixed by Tubewise');

    const jpeg = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: '#c33' },
    })
      .jpeg()
      .toBuffer();
    const thumb = await yt.thumbnails.set(
      { videoId: video.id!, media: { mimeType: 'image/jpeg', body: jpeg } },
      { rootUrl },
    );
    expect(thumb.data.items?.[0]?.maxres?.width).toBe(1280);
    const served = await fetch(
      thumb.data.items![0]!.high!.url!.replace('http://127.0.0.1:4010', base),
    );
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    const analytics = youtubeAnalytics({ version: 'v2', auth: auth as never });
    const report = await analytics.reports.query(
      {
        ids: 'channel==MINE',
        startDate: '2020-01-01',
        endDate: '2030-12-31',
        metrics: 'views',
        dimensions: 'insightTrafficSourceType',
        filters: `video==${video.id}`,
      },
      { rootUrl },
    );
    expect(report.data.kind).toBe('youtubeAnalytics#resultTable');

    const search = await yt.search.list(
      { part: ['snippet'], q: 'console repair', type: ['video'], maxResults: 10 },
      { rootUrl },
    );
    expect(search.data.items).toHaveLength(10);

    const refreshed = await client.refreshAccessToken();
    expect(refreshed.credentials.access_token).not.toBe(tokens.access_token);
    await client.revokeToken(tokens.refresh_token!);
    await expect(client.refreshAccessToken()).rejects.toMatchObject({ message: 'invalid_grant' });
    expect(emulator.control.quotaLedger().today.unitsByMethod).toMatchObject({
      'channels.list': 1,
      'playlistItems.list': 1,
      'videos.list': 1,
      'videos.update': 50,
      'thumbnails.set': 50,
    });
  });
});
