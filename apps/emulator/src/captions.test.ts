// captions.list and captions.download: one deterministic track per captioned video, the scopes
// and ownership YouTube asks for, the quota they cost, the three text formats, and the wire
// shape of the list (strict discovery schema) and of the official client's calls.
import { youtube, type youtube_v3 } from '@googleapis/youtube';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { OAuth2Client } from 'google-auth-library';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captionTrackId, parseCaptionTrackId } from './captions.ts';
import { createEmulator, type Emulator } from './emulator.ts';
import { discoveryValidators } from './testing/discovery-schema.ts';
import { apiGet, authorize, PRODUCT_SCOPES, startEmulator } from './testing/harness.ts';
import { describeWithShared, readYoutubeJson } from './testing/shared-data.ts';

const FORCE_SSL = 'https://www.googleapis.com/auth/youtube.force-ssl';
const CHANNEL = 'UCtw0demo00000000000001';
const OTHER = 'UCtw0demo00000000000002';

async function download(app: FastifyInstance, id: string, token?: string, query = 'tfmt=srt') {
  const res = await app.inject({
    url: `/emulator/youtube/v3/captions/${id}?${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res;
}

describe('captions', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let token: string;
  let readOnly: string;
  let captioned: string;
  let uncaptioned: string;

  const units = () => emulator.control.quotaLedger().today.unitsByMethod;

  beforeAll(async () => {
    ({ app, emulator } = await startEmulator());
    const videos = emulator.state.corpus
      .uploads(CHANNEL)
      .map((id) => emulator.state.corpus.getVideo(id)!)
      .filter((v) => v.privacyStatus === 'public');
    captioned = videos.find((v) => v.caption && v.durationSeconds > 300)!.id;
    uncaptioned = videos.find((v) => !v.caption)!.id;
  });

  beforeEach(async () => {
    emulator.control.reset();
    // In this order: a later consent includes the scopes granted before (include_granted_scopes).
    readOnly = (await authorize(app)).access_token;
    token = (await authorize(app, { scopes: [...PRODUCT_SCOPES, FORCE_SSL] })).access_token;
  });

  it('lists the one track of a captioned video (50 units) and none of another', async () => {
    const list = await apiGet(app, `/youtube/v3/captions?part=snippet&videoId=${captioned}`, token);
    expect(list.status).toBe(200);
    expect(list.body.kind).toBe('youtube#captionListResponse');
    expect(list.body.items).toHaveLength(1);
    const item = list.body.items![0]! as { id: string; snippet: Record<string, unknown> };
    expect(item).toMatchObject({ kind: 'youtube#caption', id: captionTrackId(captioned, 'en') });
    expect(item.snippet).toMatchObject({
      videoId: captioned,
      trackKind: 'standard',
      language: 'en',
      name: '',
      audioTrackType: 'unknown',
      isDraft: false,
      isAutoSynced: false,
      status: 'serving',
    });
    expect(item.snippet.lastUpdated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const none = await apiGet(app, `/youtube/v3/captions?part=id&videoId=${uncaptioned}`, token);
    expect(none.body.items).toEqual([]);
    expect(units()['captions.list']).toBe(100);
    // Filtering by id: the track itself, or 404 for an id of no track of the video.
    const byId = await apiGet(
      app,
      `/youtube/v3/captions?part=id&videoId=${captioned}&id=${item.id}`,
      token,
    );
    expect(byId.body.items).toHaveLength(1);
    const wrong = await apiGet(
      app,
      `/youtube/v3/captions?part=id&videoId=${captioned}&id=${captionTrackId(uncaptioned, 'en')}`,
      token,
    );
    expect(wrong.status).toBe(404);
  });

  it('downloads the track as srt, vtt or sbv (200 units each), the same every time', async () => {
    const id = captionTrackId(captioned, 'en');
    const srt = await download(app, id, token);
    expect(srt.statusCode, srt.body).toBe(200);
    expect(srt.headers['content-type']).toBe('text/plain; charset=UTF-8');
    expect(srt.body).toMatch(/^1\n00:00:00,000 --> 00:00:0\d,\d{3}\n\S/);
    const video = emulator.state.corpus.getVideo(captioned)!;
    // Every cue ends within the video, in order; the text says things from its own metadata.
    const times = [
      ...srt.body.matchAll(/(\d\d):(\d\d):(\d\d),(\d{3}) --> (\d\d):(\d\d):(\d\d),(\d{3})/g),
    ].map((m) => [
      ((+m[1]! * 60 + +m[2]!) * 60 + +m[3]!) * 1000 + +m[4]!,
      ((+m[5]! * 60 + +m[6]!) * 60 + +m[7]!) * 1000 + +m[8]!,
    ]);
    expect(times.length).toBeGreaterThan(5);
    for (const [i, [start, end]] of times.entries()) {
      expect(end).toBeGreaterThan(start!);
      expect(end).toBeLessThanOrEqual(video.durationSeconds * 1000);
      if (i > 0) expect(start).toBeGreaterThanOrEqual(times[i - 1]![1]!);
    }
    expect(times.at(-1)![0]).toBeGreaterThan(video.durationSeconds * 1000 * 0.7);
    expect(srt.body).toContain(video.title.replace(/[.!?]+$/, ''));
    expect((await download(app, id, token)).body).toBe(srt.body);

    const vtt = await download(app, id, token, 'tfmt=vtt');
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=UTF-8');
    expect(vtt.body).toMatch(/^WEBVTT\nKind: captions\nLanguage: en\n\n00:00:00\.000 --> /);
    const sbv = await download(app, id, token, 'tfmt=sbv');
    expect(sbv.body).toMatch(/^0:00:00\.000,0:00:0\d\.\d{3}\n\S/);
    const original = await download(app, id, token, '');
    expect(original.body).toBe(srt.body);
    expect(units()['captions.download']).toBe(1000);
    const bad = await download(app, id, token, 'tfmt=ttml2');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a track as spoken when the video metadata is edited', async () => {
    const id = captionTrackId(captioned, 'en');
    const before = (await download(app, id, token)).body;
    const current = emulator.state.corpus.getVideo(captioned)!;
    const res = await app.inject({
      method: 'PUT',
      url: '/emulator/youtube/v3/videos?part=snippet',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        id: captioned,
        snippet: { title: 'A brand new title', categoryId: current.categoryId, description: 'x' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await download(app, id, token)).body).toBe(before);
  });

  it('asks for youtube.force-ssl (403 insufficientPermissions, free) and OAuth (401)', async () => {
    const list = await apiGet(app, `/youtube/v3/captions?part=id&videoId=${captioned}`, readOnly);
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      error: {
        code: 403,
        message: 'Insufficient Permission',
        errors: [
          {
            message: 'Insufficient Permission',
            domain: 'global',
            reason: 'insufficientPermissions',
          },
        ],
      },
    });
    const id = captionTrackId(captioned, 'en');
    const got = await download(app, id, readOnly);
    expect(got.statusCode).toBe(403);
    expect(got.json().error.errors[0].reason).toBe('insufficientPermissions');
    expect(units()['captions.list'] ?? 0).toBe(0);
    const anonymous = await apiGet(app, `/youtube/v3/captions?part=id&videoId=${captioned}`);
    expect(anonymous.status).toBe(401);
    expect((anonymous.body.error as { errors: { reason: string }[] }).errors[0]!.reason).toBe(
      'required',
    );
    const key = await apiGet(
      app,
      `/youtube/v3/captions?part=id&videoId=${captioned}&key=tubewise-emulator-key`,
    );
    expect(key.status).toBe(401);
  });

  it("lists another channel's tracks but refuses to download them (403 forbidden)", async () => {
    const theirs = emulator.state.corpus
      .uploads(OTHER)
      .map((id) => emulator.state.corpus.getVideo(id)!)
      .find((v) => v.caption && v.privacyStatus === 'public')!;
    const list = await apiGet(app, `/youtube/v3/captions?part=id&videoId=${theirs.id}`, token);
    expect(list.body.items).toHaveLength(1);
    const got = await download(app, (list.body.items![0] as { id: string }).id, token);
    expect(got.statusCode).toBe(403);
    expect(got.json().error.errors[0]).toMatchObject({
      domain: 'youtube.caption',
      reason: 'forbidden',
    });
  });

  it('answers 404 for unknown videos and tracks, 400 without videoId', async () => {
    const video = await apiGet(app, '/youtube/v3/captions?part=id&videoId=nope', token);
    expect(video.status).toBe(404);
    expect((video.body.error as { errors: { reason: string }[] }).errors[0]!.reason).toBe(
      'videoNotFound',
    );
    const track = await download(app, 'AUieDanonsense', token);
    expect(track.statusCode).toBe(404);
    expect(track.json().error.errors[0].reason).toBe('captionNotFound');
    expect((await download(app, captionTrackId('nope', 'en'), token)).statusCode).toBe(404);
    const missing = await apiGet(app, '/youtube/v3/captions?part=id', token);
    expect(missing.status).toBe(400);
  });

  it('reads back its track ids', () => {
    expect(parseCaptionTrackId(captionTrackId('abc-DEF_123', 'pt-BR'))).toEqual({
      videoId: 'abc-DEF_123',
      language: 'pt-BR',
    });
    expect(parseCaptionTrackId('SwPOvp0r7kd9ttt_XhcHdZthMwXG7Z0I')).toBeUndefined();
  });
});

describeWithShared('captions: the list validates against the discovery document', () => {
  it('captionListResponse with id and snippet', async () => {
    const { app, emulator } = await startEmulator();
    const token = (await authorize(app, { scopes: [...PRODUCT_SCOPES, FORCE_SSL] })).access_token;
    const validate = discoveryValidators(readYoutubeJson('discovery', 'youtube-v3.json'))(
      'CaptionListResponse',
    );
    const id = emulator.state.corpus
      .uploads(CHANNEL)
      .find((v) => emulator.state.corpus.getVideo(v)!.caption)!;
    const res = await apiGet(app, `/youtube/v3/captions?part=id,snippet&videoId=${id}`, token);
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
    // The same fields, in the same order, as a recorded real answer.
    const recorded = readYoutubeJson<{ items: { snippet: object }[] }>(
      'api-recordings',
      'apidata',
      'captions',
      'captions_by_video.json',
    );
    const item = res.body.items![0] as { snippet: object };
    expect(Object.keys(item)).toEqual(Object.keys(recorded.items[0]!));
    expect(Object.keys(item.snippet)).toEqual(Object.keys(recorded.items[0]!.snippet));
    await app.close();
  });
});

describe('captions through the official client', () => {
  it('captions.list and captions.download (srt) with @googleapis/youtube', async () => {
    const emulator = createEmulator({ otherChannels: 5 });
    const app = Fastify();
    await app.register(emulator.plugin, { prefix: '/emulator' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/emulator`;
      const tokens = await authorize(app, { scopes: [...PRODUCT_SCOPES, FORCE_SSL] });
      const client = new OAuth2Client({ clientId: 'tubewise-emulator-client' });
      client.setCredentials({ access_token: tokens.access_token });
      const yt = youtube({ version: 'v3', auth: client as unknown as youtube_v3.Options['auth'] });
      const videoId = emulator.state.corpus
        .uploads(CHANNEL)
        .find((v) => emulator.state.corpus.getVideo(v)!.caption)!;
      const list = await yt.captions.list({ part: ['snippet'], videoId }, { rootUrl: `${base}/` });
      const track = list.data.items![0]!;
      expect(track.snippet?.language).toBe('en');
      const text = await yt.captions.download(
        { id: track.id!, tfmt: 'srt' },
        { rootUrl: `${base}/`, responseType: 'text' },
      );
      expect(typeof text.data).toBe('string');
      expect(String(text.data)).toMatch(/^1\n00:00:00,000 --> /);
      expect(emulator.control.quotaLedger().today.unitsByMethod).toMatchObject({
        'captions.list': 50,
        'captions.download': 200,
      });
    } finally {
      await app.close();
    }
  });
});
