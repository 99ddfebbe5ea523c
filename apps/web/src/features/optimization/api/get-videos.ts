import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoListResponse } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { optimizationQueryKeys, type VideoListRequest } from './query-keys.ts';

/** Fetches one page of a channel's videos with level, impact and last update. */
export function getVideos(
  channelId: string,
  request: VideoListRequest,
  signal?: AbortSignal,
): Promise<VideoListResponse> {
  return apiRequest('videoList', { params: { id: channelId }, query: { ...request }, signal });
}

/** Query options of one page of the list. */
export const videoListQueryOptions = (channelId: string, request: VideoListRequest) =>
  queryOptions({
    queryKey: optimizationQueryKeys.list(channelId, request),
    queryFn: ({ signal }) => getVideos(channelId, request, signal),
  });

/**
 * One page of the list; disabled until the channel is known. The previous page stays on
 * screen while the next one loads (`isPlaceholderData`).
 */
export function useVideos(channelId: string | undefined, request: VideoListRequest) {
  return useQuery({
    ...videoListQueryOptions(channelId ?? '', request),
    enabled: Boolean(channelId),
    placeholderData: keepPreviousData,
  });
}
