import sharp from 'sharp';
import { THUMBNAIL_MIN_WIDTH } from '@tubewise/contract';
import type { PlatformVideo } from '../video-platform/index.ts';

/** The image a video showed before a publish replaced it, ready for thumbnails.set. */
export interface PreviousThumbnail {
  data: Buffer;
  mimeType: 'image/jpeg';
  width: number;
  height: number;
}

/** Fetches an image URL (the global fetch; a test may count or fail the calls). */
export type ImageFetch = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

/** How long fetching the old image may delay a publish before it goes without a copy. */
const FETCH_TIMEOUT_MS = 5_000;
/** The largest image kept (the platform's largest size is 1280×720, well below). */
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/** Sizes to keep, best first: maxres is 16:9; standard and high are 4:3 with black bars. */
const PREFERRED_SIZES = ['maxres', 'standard', 'high', 'medium'] as const;

/**
 * Downloads the largest image the platform reports for a video (before thumbnails.set replaces
 * it) so that undoing the publish can set it back. The platform serves its sizes as 16:9
 * (maxres, medium) or as 4:3 with black bars (standard, high): the bars are cut off, so setting
 * the copy back does not add a second pair, and a copy narrower than the platform's minimum
 * width is scaled up to it. Null when there is no image or it cannot be fetched or read: the
 * publish goes on without a copy (its undo then restores the text only).
 *
 * The Data API does not say whether a thumbnail is custom or one YouTube picked from the video,
 * and it cannot switch a video back to an automatic one: the copy is set back as a custom
 * thumbnail, which looks the same.
 */
export async function fetchPreviousThumbnail(
  thumbnails: PlatformVideo['thumbnails'],
  fetchImage: ImageFetch = fetch,
): Promise<PreviousThumbnail | null> {
  const size = PREFERRED_SIZES.find((name) => thumbnails[name]?.url);
  const url = size ? thumbnails[size]!.url : null;
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    const response = await fetchImage(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) return null;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_IMAGE_BYTES) return null;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) return null;
    return await asSixteenByNine(bytes, size === 'standard' || size === 'high');
  } catch {
    return null;
  }
}

/** The picture as a 16:9 JPEG at least THUMBNAIL_MIN_WIDTH wide (4:3 letterbox bars cut off). */
async function asSixteenByNine(bytes: Buffer, letterboxed: boolean): Promise<PreviousThumbnail> {
  const meta = await sharp(bytes, { failOn: 'error' }).metadata();
  if ((meta.format !== 'jpeg' && meta.format !== 'png') || !meta.width || !meta.height)
    throw new Error('not a JPEG or PNG image');
  let image = sharp(bytes, { failOn: 'error' });
  let { width, height } = meta;
  if (letterboxed && Math.abs(width / height - 4 / 3) < 0.02) {
    const picture = Math.round((width * 9) / 16);
    image = image.extract({
      left: 0,
      top: Math.round((height - picture) / 2),
      width,
      height: picture,
    });
    height = picture;
  }
  if (width < THUMBNAIL_MIN_WIDTH) {
    height = Math.round((height * THUMBNAIL_MIN_WIDTH) / width);
    width = THUMBNAIL_MIN_WIDTH;
    image = image.resize(width, height);
  }
  const untouched = meta.format === 'jpeg' && width === meta.width && height === meta.height;
  const data = untouched ? bytes : await image.jpeg({ quality: 90 }).toBuffer();
  return { data, mimeType: 'image/jpeg', width, height };
}
