import type { BodyOf, VideoDraft } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Body of a draft save: the whole draft and the revision the edits started from. */
export type SaveDraftBody = BodyOf<'saveDraft'>;

/** Saves the video's shared draft; refused with 409 `draft-conflict` if someone saved since. */
export function saveDraft(
  channelId: string,
  videoId: string,
  body: SaveDraftBody,
): Promise<VideoDraft> {
  return apiRequest('saveDraft', { params: { id: channelId, videoId }, body });
}

/** Deletes the video's shared draft, naming the revision the person saw. */
export async function deleteDraft(
  channelId: string,
  videoId: string,
  revision: number,
): Promise<void> {
  await apiRequest('deleteDraft', { params: { id: channelId, videoId }, query: { revision } });
}
