import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THUMBNAIL_MAX_SIDE } from '@tubewise/contract';
import { channels, thumbnailUploads } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestApp, testBackends, type TestApp } from '../../testing/test-app.ts';

/** A noisy image (so it does not compress to nothing and truncation cuts real pixel data). */
function image(width: number, height: number, type: 'png' | 'jpeg'): Promise<Buffer> {
  const canvas = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  return (type === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
}

/** A flat image: tiny on disk whatever its size in pixels (what a decompression bomb uses). */
function flat(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 9, g: 9, b: 9 } } })
    .png()
    .toBuffer();
}

/**
 * The thumbnail check reads every pixel, not only the header: before, a truncated PNG and a
 * 16000×9000 PNG (1.9 MB, under the byte limit) were accepted, stored and published.
 */
describe.each(testBackends())('thumbnail uploads are decoded in full (%s)', (backend) => {
  let t: TestApp;
  let video: { channelId: string; youtubeId: string };
  let userId: string;
  let goodPng: Buffer;
  let goodJpeg: Buffer;
  let huge: Buffer;

  beforeAll(async () => {
    t = await createTestApp(backend);
    userId = await t.createUser('thumbs@example.com');
    const [channel] = await t.database.db
      .insert(channels)
      .values({ youtubeId: 'UCthumbnailchecks00000001', name: 'Thumbnails' })
      .returning();
    video = { channelId: channel!.id, youtubeId: 'vid00000001' };
    [goodPng, goodJpeg, huge] = await Promise.all([
      // Noise barely compresses: 800×450 keeps the PNG under the 2 MB byte limit.
      image(800, 450, 'png'),
      image(1280, 720, 'jpeg'),
      flat(16_000, 9_000),
    ]);
  });
  afterAll(() => t?.close());

  const upload = (data: Buffer, type: string) =>
    t.services.thumbnails.upload(video, userId, data, type);
  const refusal = async (data: Buffer, type: string): Promise<AppError> => {
    const error = await upload(data, type).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };
  const stored = async () =>
    (
      await t.database.db
        .select({ id: thumbnailUploads.id })
        .from(thumbnailUploads)
        .where(eq(thumbnailUploads.channelId, video.channelId))
    ).length;

  it('accepts whole JPEG and PNG images', async () => {
    expect(await upload(goodPng, 'image/png')).toMatchObject({ width: 800, height: 450 });
    expect(await upload(goodJpeg, 'image/jpeg')).toMatchObject({ mimeType: 'image/jpeg' });
  });

  it("refuses truncated and corrupt images with 400 'image-corrupt', storing nothing", async () => {
    const before = await stored();
    const corruptPng = Buffer.from(goodPng);
    corruptPng.fill(0x55, 4000, 4400); // inside the pixel data (IDAT), after a valid header
    const cases: [string, Buffer, string][] = [
      ['PNG cut at 60%', goodPng.subarray(0, Math.floor(goodPng.length * 0.6)), 'image/png'],
      ['PNG cut before its end chunk', goodPng.subarray(0, goodPng.length - 20), 'image/png'],
      ['JPEG cut at 60%', goodJpeg.subarray(0, Math.floor(goodJpeg.length * 0.6)), 'image/jpeg'],
      ['PNG with garbage in its pixel data', corruptPng, 'image/png'],
    ];
    for (const [what, data, type] of cases) {
      const error = await refusal(data, type);
      expect(error.code, what).toBe('image-corrupt');
      expect(error.status, what).toBe(400);
      expect(error.message, what).toMatch(/damaged or incomplete/);
    }
    expect(await stored()).toBe(before);
  });

  it(`refuses images larger than ${THUMBNAIL_MAX_SIDE}×${THUMBNAIL_MAX_SIDE} px with 400 'image-dimensions-too-large'`, async () => {
    const before = await stored();
    expect(huge.length).toBeLessThan(t.services.thumbnails.limitBytes);
    const error = await refusal(huge, 'image/png');
    expect(error.code).toBe('image-dimensions-too-large');
    expect(error.status).toBe(400);
    expect(error.message).toContain('16000×9000');
    expect(error.message).toContain(`${THUMBNAIL_MAX_SIDE}×${THUMBNAIL_MAX_SIDE}`);
    const justOver = await refusal(await flat(THUMBNAIL_MAX_SIDE + 1, 720), 'image/png');
    expect(justOver.code).toBe('image-dimensions-too-large');
    const tall = await refusal(await flat(1280, THUMBNAIL_MAX_SIDE + 1), 'image/png');
    expect(tall.code).toBe('image-dimensions-too-large');
    expect(await stored()).toBe(before);
    // The limit itself is allowed.
    const edge = await upload(await flat(THUMBNAIL_MAX_SIDE, 2304), 'image/png');
    expect(edge).toMatchObject({ width: THUMBNAIL_MAX_SIDE, height: 2304, warnings: [] });
  });
});
