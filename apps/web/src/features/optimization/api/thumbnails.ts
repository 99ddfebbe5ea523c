import type { UploadedThumbnail } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Uploads a JPEG or PNG thumbnail as the raw request body; the server checks it. */
export function uploadThumbnail(
  channelId: string,
  videoId: string,
  file: Blob,
): Promise<UploadedThumbnail> {
  return apiRequest('uploadThumbnail', { params: { id: channelId, videoId }, rawBody: file });
}
