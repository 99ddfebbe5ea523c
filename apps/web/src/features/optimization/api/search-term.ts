import type { RecommendationsResponse } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Saves the term the video should be found for; answers the recommendations for it. */
export function setSearchTerm(
  channelId: string,
  videoId: string,
  searchTerm: string | null,
): Promise<RecommendationsResponse> {
  return apiRequest('setSearchTerm', { params: { id: channelId, videoId }, body: { searchTerm } });
}
