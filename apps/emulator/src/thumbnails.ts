// Thumbnails: custom uploads (thumbnails.set) are checked, resized with sharp to YouTube's five
// sizes (letterboxed with black bars, never cropped) and served back at the i.ytimg-style URLs;
// videos without an upload get a generated placeholder.
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { escapeHtml } from './consent-page.ts';
import { hashString } from './prng.ts';
import { THUMBNAIL_SIZES, type ThumbnailSizeName } from './resources.ts';
import { thumbnailEffect, type ThumbnailEffect } from './thumbnail-appeal.ts';

/** Default upload limit of thumbnails.set (platform-facts.md: 2 MB, a setting). */
export const DEFAULT_THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/** Uploads at least this wide also get the maxres size. */
export const MAXRES_MIN_WIDTH = 1280;

/** The image type of an upload, judged by its magic bytes. */
export function sniffImageType(bytes: Buffer): 'image/jpeg' | 'image/png' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return undefined;
}

/** One thumbnails.set of a video: when (emulator clock) and the image's effect on Analytics. */
export interface ThumbnailHistoryEntry extends ThumbnailEffect {
  at: number;
}

/** Persisted description of a video's custom thumbnail. */
export interface CustomThumbnailMeta {
  version: number;
  sizes: ThumbnailSizeName[];
  /** Every thumbnails.set of the video, oldest first (absent in snapshots written before it). */
  history?: ThumbnailHistoryEntry[];
}

const PLACEHOLDER_CACHE_LIMIT = 256;

/** Holds custom thumbnails (in memory, and under dataDir when persistence is on). */
export class ThumbnailStore {
  private readonly meta = new Map<string, CustomThumbnailMeta>();
  private readonly images = new Map<string, Buffer>();
  private readonly placeholders = new Map<string, Buffer>();
  private readonly dir?: string;

  constructor(dataDir?: string) {
    if (dataDir) this.dir = join(dataDir, 'thumbnails');
  }

  /** The sizes of a video's custom thumbnail, if it has one. */
  sizes(videoId: string): readonly ThumbnailSizeName[] | undefined {
    return this.meta.get(videoId)?.sizes;
  }

  /** Every thumbnails.set of a video, oldest first (empty without a custom thumbnail). */
  history(videoId: string): readonly ThumbnailHistoryEntry[] {
    return this.meta.get(videoId)?.history ?? [];
  }

  /**
   * Resizes an upload (already checked to be JPEG/PNG) and stores it, recording at `at` (emulator
   * clock) the image's effect on Analytics; throws when sharp cannot decode it.
   */
  async store(
    videoId: string,
    bytes: Buffer,
    version: number,
    at: number,
  ): Promise<CustomThumbnailMeta> {
    const image = sharp(bytes, { failOn: 'error' });
    const { width } = await image.metadata();
    if (!width) throw new Error('undecodable image');
    const names = (Object.keys(THUMBNAIL_SIZES) as ThumbnailSizeName[]).filter(
      (n) => n !== 'maxres' || width >= MAXRES_MIN_WIDTH,
    );
    const outputs = await Promise.all(
      names.map((name) => {
        const size = THUMBNAIL_SIZES[name];
        return sharp(bytes)
          .resize(size.width, size.height, { fit: 'contain', background: { r: 0, g: 0, b: 0 } })
          .jpeg({ quality: 85 })
          .toBuffer();
      }),
    );
    const effect = await thumbnailEffect(bytes);
    // Kept sorted by time: an emulator clock moved back by a reset of its offset may record earlier.
    const history = [...this.history(videoId), { at, ...effect }].sort((a, b) => a.at - b.at);
    const meta: CustomThumbnailMeta = { version, sizes: names, history };
    names.forEach((name, i) => {
      this.images.set(`${videoId}/${name}`, outputs[i]!);
      if (this.dir) {
        const folder = join(this.dir, videoId);
        mkdirSync(folder, { recursive: true });
        const file = join(folder, `${name}.jpg`);
        writeFileSync(`${file}.tmp`, outputs[i]!);
        renameSync(`${file}.tmp`, file);
      }
    });
    this.meta.set(videoId, meta);
    return meta;
  }

  /** The stored JPEG of a custom thumbnail size. */
  custom(videoId: string, name: ThumbnailSizeName): Buffer | undefined {
    if (!this.meta.get(videoId)?.sizes.includes(name)) return undefined;
    const key = `${videoId}/${name}`;
    let image = this.images.get(key);
    if (!image && this.dir) {
      const file = join(this.dir, videoId, `${name}.jpg`);
      if (existsSync(file)) {
        image = readFileSync(file);
        this.images.set(key, image);
      }
    }
    return image;
  }

  /** A generated placeholder JPEG for a video or channel image. */
  async placeholder(
    key: string,
    label: string,
    width: number,
    height: number,
    round = false,
  ): Promise<Buffer> {
    const cacheKey = `${key}|${width}x${height}|${round}`;
    const cached = this.placeholders.get(cacheKey);
    if (cached) return cached;
    const hue = hashString(key) % 360;
    const text = escapeHtml(label.length > 48 ? `${label.slice(0, 47)}…` : label);
    const fontSize = Math.max(10, Math.round(height / (round ? 2.5 : 9)));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,28%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="${round ? '#fff' : 'url(#g)'}"/>
${round ? `<circle cx="${width / 2}" cy="${height / 2}" r="${width / 2}" fill="url(#g)"/>` : ''}
<text x="50%" y="54%" font-family="sans-serif" font-size="${fontSize}" fill="#fff" text-anchor="middle">${text}</text>
</svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    if (this.placeholders.size >= PLACEHOLDER_CACHE_LIMIT) {
      const oldest = this.placeholders.keys().next().value;
      if (oldest !== undefined) this.placeholders.delete(oldest);
    }
    this.placeholders.set(cacheKey, jpeg);
    return jpeg;
  }

  /** Forgets every custom thumbnail (the reset switch; files stay until overwritten). */
  reset(): void {
    this.meta.clear();
    this.images.clear();
  }

  /** Metadata for the persistence snapshot. */
  snapshot(): Record<string, CustomThumbnailMeta> {
    return Object.fromEntries(this.meta);
  }

  /** Restores metadata (images load from dataDir on first use). */
  restore(meta: Record<string, CustomThumbnailMeta>): void {
    for (const [id, m] of Object.entries(meta)) this.meta.set(id, m);
  }
}
