import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportingPeriod } from '@tubewise/contract/constants';
import type { CostPerViewSetting, OrganicStats } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Cache keys of the reporting overview (under the signed-in user's key, so they go with a sign-out). */
export const overviewQueryKeys = {
  /** Every period of one channel. */
  all: (channelId: string) => [...userQueryKey, 'reporting-overview', channelId] as const,
  /** One period of one channel. */
  period: (channelId: string, days: ReportingPeriod) =>
    [...overviewQueryKeys.all(channelId), days] as const,
};

/** Fetches a channel's organic search performance over a period. */
export function getOrganicStats(
  channelId: string,
  days: ReportingPeriod,
  signal?: AbortSignal,
): Promise<OrganicStats> {
  return apiRequest('organicStats', { params: { id: channelId }, query: { days }, signal });
}

/**
 * A channel's overview over `days`; disabled until the channel is known. The previous period stays
 * on screen while another loads (`isPlaceholderData`).
 */
export function useOrganicStats(channelId: string | undefined, days: ReportingPeriod) {
  return useQuery({
    queryKey: overviewQueryKeys.period(channelId ?? '', days),
    queryFn: ({ signal }) => getOrganicStats(channelId ?? '', days, signal),
    enabled: Boolean(channelId),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/**
 * Sets the channel's cost per view (null: back to its location's default); every period of the
 * overview is fetched again (the server answers from its cached reports, no new Analytics call).
 */
export function useSetCostPerView(channelId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (costPerView: number | null): Promise<CostPerViewSetting> =>
      apiRequest('setCostPerView', { params: { id: channelId ?? '' }, body: { costPerView } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: overviewQueryKeys.all(channelId ?? '') }),
  });
}
