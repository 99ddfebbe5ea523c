import type { RecommendationsResponse } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Live recommendations of a video for a search term (the saved one when omitted). */
export function getRecommendations(
  channelId: string,
  videoId: string,
  searchTerm?: string | null,
): Promise<RecommendationsResponse> {
  return apiRequest('recommendations', {
    params: { id: channelId, videoId },
    query: { searchTerm: searchTerm ?? undefined },
  });
}

/** Ignores a tip for this video; answers the recomputed recommendations. */
export function ignoreTip(
  channelId: string,
  videoId: string,
  type: string,
): Promise<RecommendationsResponse> {
  return apiRequest('ignoreTip', { params: { id: channelId, videoId, type } });
}

/** Counts an ignored tip again; answers the recomputed recommendations. */
export function unignoreTip(
  channelId: string,
  videoId: string,
  type: string,
): Promise<RecommendationsResponse> {
  return apiRequest('unignoreTip', { params: { id: channelId, videoId, type } });
}
