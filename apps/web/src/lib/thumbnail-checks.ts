/**
 * The checks of a thumbnail image before it is uploaded, and the words of the server's soft
 * warnings: shared by the editor's thumbnail field and Labs' thumbnail tests.
 */
import type { UploadedThumbnail } from '@tubewise/contract';
import { DEFAULT_THUMBNAIL_MAX_BYTES, THUMBNAIL_MIME_TYPES } from '@tubewise/contract/constants';

/** Default size limit of an uploaded thumbnail (the server's setting may differ). */
export const THUMBNAIL_MAX_BYTES = DEFAULT_THUMBNAIL_MAX_BYTES;
/** Image types the server takes for a thumbnail. */
export const THUMBNAIL_TYPES = THUMBNAIL_MIME_TYPES;

/** What each soft thumbnail problem means for the person. */
export const THUMBNAIL_WARNING_TEXTS: Record<UploadedThumbnail['warnings'][number], string> = {
  'not-16-9': 'Not 16:9 — YouTube will add black bars',
  'below-1280': 'Narrower than 1280 pixels — it may look blurry on large screens',
};

/** "1.5 MB" for a byte count. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/**
 * The problem with a chosen thumbnail file before uploading it, or null when it may go;
 * `maxBytes` is the server's limit (public config), the default when unknown.
 */
export function thumbnailFileProblem(
  file: { type: string; size: number },
  maxBytes: number = THUMBNAIL_MAX_BYTES,
): string | null {
  if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG or PNG image.';
  }
  if (file.size > maxBytes) {
    return `The image is ${formatMegabytes(file.size)}; the limit is ${formatMegabytes(maxBytes)}.`;
  }
  return null;
}
