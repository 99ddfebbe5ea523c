// thumbnails.set with real images made by sharp: sizes, letterboxing, limits and errors.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from './emulator.ts';
import { authorize, startEmulator } from './testing/harness.ts';

describe('thumbnails.set', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let token: string;
  let videoId: string;

  beforeAll(async () => {
    ({ app, emulator } = await startEmulator({ thumbnailMaxBytes: 300_000 }));
    token = (await authorize(app)).access_token;
    videoId = emulator.state.corpus.uploads('UCtw0demo00000000000001')[5]!;
  });

  const upload = (body: Buffer, contentType: string, id = videoId) =>
    app.inject({
      method: 'POST',
      url: `/emulator/upload/youtube/v3/thumbnails/set?videoId=${id}&uploadType=media`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
  const reason = (res: { json: () => { error: { errors: { reason: string }[] } } }) =>
    res.json().error.errors[0]!.reason;

  it('stores a 1280×720 JPEG and serves all five sizes, maxres included', async () => {
    const jpeg = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: '#2255aa' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(jpeg, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const thumbs = res.json().items[0];
    expect(Object.keys(thumbs)).toEqual(['default', 'medium', 'high', 'standard', 'maxres']);
    for (const t of Object.values(thumbs) as { url: string; width: number; height: number }[]) {
      const image = await app.inject({ url: new URL(t.url).pathname });
      expect(image.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([t.width, t.height]);
    }
    expect(emulator.state.corpus.getVideo(videoId)!.hasCustomThumbnail).toBe(true);
  });

  it('a small PNG gets no maxres, and other aspect ratios get black bars', async () => {
    const png = await sharp({
      create: { width: 640, height: 640, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const res = await upload(png, 'image/png');
    expect(res.statusCode).toBe(200);
    const thumbs = res.json().items[0];
    expect(thumbs.maxres).toBeUndefined();
    const medium = await app.inject({ url: new URL(thumbs.medium.url).pathname });
    const { data } = await sharp(medium.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeLessThan(20); // top-left pixel is a black bar
  });

  it('accepts multipart/related as googleapis sends it with a resource', async () => {
    const jpeg = await sharp({
      create: { width: 320, height: 180, channels: 3, background: '#00aa00' },
    })
      .jpeg()
      .toBuffer();
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-type: application/json\r\n\r\n{}\r\n--${boundary}\r\ncontent-type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/emulator/upload/youtube/v3/thumbnails/set?videoId=${videoId}&uploadType=multipart`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/related; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses images over the size limit, non-images, empty bodies and videos of others', async () => {
    const noise = await sharp(
      Buffer.from(Array.from({ length: 600 * 600 * 3 }, (_, i) => (i * 7919) % 251)),
      { raw: { width: 600, height: 600, channels: 3 } },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(300_000);
    const big = await upload(noise, 'image/png');
    expect(big.statusCode).toBe(413);
    expect(reason(big)).toBe('mediaBodyTooLarge');
    const gif = await upload(Buffer.from('GIF89a....'), 'image/gif');
    expect(gif.statusCode).toBe(400);
    expect(reason(gif)).toBe('invalidImage');
    const fake = await upload(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), 'image/jpeg');
    expect(reason(fake)).toBe('invalidImage');
    const empty = await app.inject({
      method: 'POST',
      url: `/emulator/youtube/v3/thumbnails/set?videoId=${videoId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reason(empty)).toBe('mediaBodyRequired');
    const other = emulator.state.corpus.uploads('UCtw0demo00000000000002')[0]!;
    const jpeg = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg, 'image/jpeg', other)).statusCode).toBe(403);
  });
});
