import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { optimizationQueryKeys } from './query-keys.ts';

/** The next video to work on, or `{ video: null }` when none is left. */
export type NextVideo = ResponseOf<'nextVideo'>;

/** Fetches the next video to work on after `videoId` (highest impact, not yet optimised). */
export function getNextVideo(channelId: string, videoId: string): Promise<NextVideo> {
  return apiRequest('nextVideo', { params: { id: channelId, videoId } });
}

/** Query options of the next video after `videoId`. */
export const nextVideoQueryOptions = (channelId: string, videoId: string) =>
  queryOptions({
    queryKey: optimizationQueryKeys.next(channelId, videoId),
    queryFn: () => getNextVideo(channelId, videoId),
  });

/** The next video after `videoId`; only fetched when `enabled` and the channel is known. */
export function useNextVideo(channelId: string | undefined, videoId: string, enabled = true) {
  return useQuery({
    ...nextVideoQueryOptions(channelId ?? '', videoId),
    enabled: enabled && Boolean(channelId),
  });
}
