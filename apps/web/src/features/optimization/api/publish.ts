import type { BodyOf, PublishResponse } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Body of a publish: the edited copy to write to the platform. */
export type PublishBody = BodyOf<'publish'>;

/** Publishes title, description, tags, language and thumbnail to the platform. */
export function publishVideo(
  channelId: string,
  videoId: string,
  body: PublishBody,
): Promise<PublishResponse> {
  return apiRequest('publish', { params: { id: channelId, videoId }, body });
}

/** Undoes a publish: publishes the metadata it replaced. */
export function restorePublish(
  channelId: string,
  videoId: string,
  publishId: string,
): Promise<PublishResponse> {
  return apiRequest('restorePublish', { params: { id: channelId, videoId, publishId } });
}
