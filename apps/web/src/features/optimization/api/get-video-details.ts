import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoDetails } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/**
 * Cache key of the editor's data of one video. Deliberately not under the channel's videos
 * prefix: refreshing the list must not reload (and reset) a video someone is editing.
 */
export const videoDetailsQueryKey = (channelId: string, videoId: string) =>
  [...userQueryKey, 'video-details', channelId, videoId] as const;

/** Loads a video's live metadata, shared draft and last publish. */
export function getVideoDetails(channelId: string, videoId: string): Promise<VideoDetails> {
  return apiRequest('videoDetails', { params: { id: channelId, videoId } });
}

/** Query options of a video's editor data; loaded once per visit (the editor owns it then). */
export const videoDetailsQueryOptions = (channelId: string, videoId: string) =>
  queryOptions({
    queryKey: videoDetailsQueryKey(channelId, videoId),
    queryFn: () => getVideoDetails(channelId, videoId),
    staleTime: Infinity,
    gcTime: 0,
  });

/** A video's editor data (disabled until the channel is known). */
export function useVideoDetails(channelId: string | undefined, videoId: string) {
  return useQuery({
    ...videoDetailsQueryOptions(channelId ?? '', videoId),
    enabled: Boolean(channelId),
  });
}
