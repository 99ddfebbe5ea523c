import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MovementPeriod } from '@tubewise/contract/constants';
import type { RankingsMovement } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { rankDataKey } from '../../../lib/rank-data.ts';

/** Cache keys of the movement view (under the signed-in user's key, so they go with a sign-out). */
export const movementQueryKeys = {
  /** Every period of one channel. */
  all: (channelId: string) => [...rankDataKey(channelId), 'rankings-movement'] as const,
  /** One period of one channel. */
  period: (channelId: string, days: MovementPeriod) =>
    [...movementQueryKeys.all(channelId), days] as const,
};

/** Fetches a channel's ranking movement over a period. */
export function getMovement(
  channelId: string,
  days: MovementPeriod,
  signal?: AbortSignal,
): Promise<RankingsMovement> {
  return apiRequest('rankingsMovement', { params: { id: channelId }, query: { days }, signal });
}

/**
 * A channel's movement over `days`; disabled until the channel is known. The previous period
 * stays on screen while another loads (`isPlaceholderData`).
 */
export function useMovement(channelId: string | undefined, days: MovementPeriod) {
  return useQuery({
    queryKey: movementQueryKeys.period(channelId ?? '', days),
    queryFn: ({ signal }) => getMovement(channelId ?? '', days, signal),
    enabled: Boolean(channelId),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
