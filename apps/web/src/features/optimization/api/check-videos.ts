import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { VIDEOS_TO_CHECK_LIMIT } from '../list/constants.ts';
import { optimizationQueryKeys } from './query-keys.ts';

/** Which of the checked videos changed on the platform or are gone from it. */
export type VideosCheck = ResponseOf<'checkVideos'>;

/** Asks which of up to VIDEOS_TO_CHECK_LIMIT videos changed on the platform. */
export function checkVideos(channelId: string, videoIds: readonly string[]): Promise<VideosCheck> {
  return apiRequest('checkVideos', {
    params: { id: channelId },
    body: { videosToCheck: videoIds.slice(0, VIDEOS_TO_CHECK_LIMIT) },
    noRetry: true,
  });
}

/**
 * Checks the shown page's videos against the platform once per page load (fire and forget);
 * when some changed or disappeared, the list is refetched so "updated on the platform" is
 * fresh. The refetched page has the same ids, so it is not checked again.
 */
export function useCheckVideos(
  channelId: string | undefined,
  videoIds: readonly string[] | undefined,
): void {
  const queryClient = useQueryClient();
  const lastChecked = useRef<string | null>(null);
  const signature =
    channelId && videoIds && videoIds.length > 0 ? `${channelId}|${videoIds.join(',')}` : null;

  useEffect(() => {
    if (!channelId || !videoIds || !signature || signature === lastChecked.current) return;
    lastChecked.current = signature;
    checkVideos(channelId, videoIds)
      .then((result) => {
        if (result.changed.length > 0 || result.missing.length > 0) {
          void queryClient.invalidateQueries({ queryKey: optimizationQueryKeys.lists(channelId) });
        }
      })
      // Spec section 7: optimisation calls only log their failures.
      .catch((err: unknown) => console.error('Checking videos failed:', err));
  }, [queryClient, channelId, videoIds, signature]);
}
