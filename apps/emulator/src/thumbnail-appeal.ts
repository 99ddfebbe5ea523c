// How much a custom thumbnail moves a video's Analytics figures, judged from the image itself so a
// thumbnail A/B test has a real winner. The image is measured the way viewers see it in a feed:
// shrunk to 64×36. Two features, both in [0, 1]:
//   chroma    c = mean over pixels of (max(R,G,B) − min(R,G,B)) / 255  (how vivid the colours are)
//   contrast  k = min(1, 2·σ(L) / 255), L = 0.299R + 0.587G + 0.114B    (luminance spread)
// and one score s = 0.55·c + 0.45·k. Then
//   appeal  = 0.75 + 0.60·s             ∈ [0.75, 1.35]  multiplies the day's views (click-through)
//   promise = 0.90 + 0.20·(0.3·c + 0.7·k) ∈ [0.90, 1.10]  multiplies the day's retention
// Both grow with each feature, so a flat mid-grey image scores the minimum and a saturated,
// high-contrast one close to the maximum.
import sharp from 'sharp';

/** Lowest and highest appeal (views multiplier) a thumbnail can earn. */
export const APPEAL_RANGE = [0.75, 1.35] as const;
/** Lowest and highest promise (retention multiplier) a thumbnail can earn. */
export const PROMISE_RANGE = [0.9, 1.1] as const;

/** The measured features of an image, each in [0, 1]. */
export interface ThumbnailFeatures {
  chroma: number;
  contrast: number;
}

/** A thumbnail's effect on Analytics: views × appeal, retention × promise. */
export interface ThumbnailEffect {
  appeal: number;
  promise: number;
}

const SAMPLE_WIDTH = 64;
const SAMPLE_HEIGHT = 36;

/** Measures chroma and contrast of an image (JPEG or PNG bytes) at feed size. */
export async function measureThumbnail(bytes: Buffer): Promise<ThumbnailFeatures> {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .toColourspace('srgb')
    .resize(SAMPLE_WIDTH, SAMPLE_HEIGHT, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  const pixels = data.length / channels;
  let chroma = 0;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < data.length; i += channels) {
    const r = data[i]!;
    const g = channels >= 3 ? data[i + 1]! : r;
    const b = channels >= 3 ? data[i + 2]! : r;
    chroma += Math.max(r, g, b) - Math.min(r, g, b);
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    sum += l;
    squares += l * l;
  }
  const mean = sum / pixels;
  const sd = Math.sqrt(Math.max(0, squares / pixels - mean * mean));
  return { chroma: chroma / pixels / 255, contrast: Math.min(1, (2 * sd) / 255) };
}

/** The effect of measured features (the formula in the file comment), rounded to 4 decimals. */
export function effectOf(features: ThumbnailFeatures): ThumbnailEffect {
  const c = clamp01(features.chroma);
  const k = clamp01(features.contrast);
  const score = 0.55 * c + 0.45 * k;
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return {
    appeal: round(APPEAL_RANGE[0] + (APPEAL_RANGE[1] - APPEAL_RANGE[0]) * score),
    promise: round(PROMISE_RANGE[0] + (PROMISE_RANGE[1] - PROMISE_RANGE[0]) * (0.3 * c + 0.7 * k)),
  };
}

/** Measures an image and returns its effect on Analytics. */
export async function thumbnailEffect(bytes: Buffer): Promise<ThumbnailEffect> {
  return effectOf(await measureThumbnail(bytes));
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
