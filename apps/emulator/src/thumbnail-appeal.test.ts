// A thumbnail's appeal and promise come from the image: flat grey scores the minimum, vivid and
// contrasted images score more, the effect is bounded and monotone in each feature.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  APPEAL_RANGE,
  effectOf,
  measureThumbnail,
  PROMISE_RANGE,
  thumbnailEffect,
} from './thumbnail-appeal.ts';

const flat = (background: string) =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Vertical stripes of two colours, 160 px wide (still visible at feed size). */
async function stripes(a: [number, number, number], b: [number, number, number]) {
  const width = 1280;
  const height = 720;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = Math.floor(x / 160) % 2 === 0 ? a : b;
      data.set(c, (y * width + x) * 3);
    }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('thumbnail appeal', () => {
  it('gives a flat mid-grey image the lowest appeal and promise', async () => {
    const features = await measureThumbnail(await flat('#808080'));
    expect(features.chroma).toBeLessThan(0.01);
    expect(features.contrast).toBeLessThan(0.01);
    const effect = await thumbnailEffect(await flat('#808080'));
    expect(effect.appeal).toBeCloseTo(APPEAL_RANGE[0], 2);
    expect(effect.promise).toBeCloseTo(PROMISE_RANGE[0], 2);
  });

  it('gives a saturated, high-contrast image close to the highest', async () => {
    const vivid = await thumbnailEffect(await stripes([255, 230, 0], [0, 0, 160]));
    expect(vivid.appeal).toBeGreaterThan(1.2);
    expect(vivid.appeal).toBeLessThanOrEqual(APPEAL_RANGE[1]);
    expect(vivid.promise).toBeGreaterThan(1.0);
    expect(vivid.promise).toBeLessThanOrEqual(PROMISE_RANGE[1]);
    // Black and white stripes: all contrast, no colour; a flat saturated red: all colour, no contrast.
    const mono = await thumbnailEffect(await stripes([0, 0, 0], [255, 255, 255]));
    const red = await thumbnailEffect(await flat('#ff0000'));
    const grey = await thumbnailEffect(await flat('#808080'));
    for (const e of [mono, red]) {
      expect(e.appeal).toBeGreaterThan(grey.appeal);
      expect(e.appeal).toBeLessThan(vivid.appeal);
    }
    expect(mono.promise).toBeGreaterThan(red.promise);
  });

  it('is monotone in each feature and bounded', () => {
    let last = effectOf({ chroma: 0, contrast: 0 });
    for (let i = 1; i <= 10; i++) {
      const byChroma = effectOf({ chroma: i / 10, contrast: 0.3 });
      const byContrast = effectOf({ chroma: 0.3, contrast: i / 10 });
      const both = effectOf({ chroma: i / 10, contrast: i / 10 });
      expect(both.appeal).toBeGreaterThan(last.appeal);
      expect(both.promise).toBeGreaterThan(last.promise);
      expect(byChroma.appeal).toBeGreaterThan(
        effectOf({ chroma: (i - 1) / 10, contrast: 0.3 }).appeal,
      );
      expect(byContrast.promise).toBeGreaterThan(
        effectOf({ chroma: 0.3, contrast: (i - 1) / 10 }).promise,
      );
      last = both;
    }
    expect(effectOf({ chroma: 1, contrast: 1 })).toEqual({
      appeal: APPEAL_RANGE[1],
      promise: PROMISE_RANGE[1],
    });
    expect(effectOf({ chroma: 7, contrast: Number.NaN })).toEqual(
      effectOf({ chroma: 1, contrast: 0 }),
    );
  });
});
