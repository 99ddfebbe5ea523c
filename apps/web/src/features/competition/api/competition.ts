/**
 * The competition view's calls: a channel's competitors (list, add, remove), its competition
 * report and tracking a gap's keyword (competitors are found with lib/channel-search.ts).
 * Everything of a channel sits under its rank data key (lib/rank-data.ts), so tracking a keyword
 * here or on the rankings pages refreshes the report's gaps too.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddTrackedKeywordsResult,
  CompetitionReport,
  CompetitorsResponse,
} from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { rankDataKey, refreshRankData } from '../../../lib/rank-data.ts';

/** How often the report is asked again while a competitor's data is read for the first time. */
export const REFRESHING_POLL_MS = 5_000;

/** Cache keys of the competition view (under the signed-in user's key). */
export const competitionQueryKeys = {
  /** Everything of one channel's competition view. */
  all: (channelId: string) => [...rankDataKey(channelId), 'competition'] as const,
  /** The channel's competitors. */
  competitors: (channelId: string) =>
    [...competitionQueryKeys.all(channelId), 'competitors'] as const,
  /** The channel's competition report. */
  report: (channelId: string) => [...competitionQueryKeys.all(channelId), 'report'] as const,
};

/** The channel's competitors; disabled until the channel is known. */
export function useCompetitors(channelId: string | undefined) {
  return useQuery({
    queryKey: competitionQueryKeys.competitors(channelId ?? ''),
    queryFn: ({ signal }) => apiRequest('competitors', { params: { id: channelId ?? '' }, signal }),
    enabled: Boolean(channelId),
  });
}

/** How long the report is asked again while it stays `refreshing`, before it stops asking. */
export const REFRESHING_POLL_LIMIT_MS = 2 * 60_000;

/**
 * The channel's competition report; asked again every few seconds while some competitor's data is
 * still being read for the first time (`refreshing`), never otherwise, and for at most
 * REFRESHING_POLL_LIMIT_MS: then `stalled` says it stopped, and `checkAgain` asks again (and
 * polls for another while).
 */
export function useCompetitionReport(channelId: string | undefined, enabled: boolean) {
  // When the answers started saying `refreshing` (the answer's time), or when the person asked
  // to check again; null while the report is not refreshing.
  const [since, setSince] = useState<number | null>(null);
  const pollingOver = (data: CompetitionReport | undefined, updatedAt: number) =>
    since !== null && Boolean(data?.refreshing) && updatedAt - since >= REFRESHING_POLL_LIMIT_MS;
  const query = useQuery({
    queryKey: competitionQueryKeys.report(channelId ?? ''),
    queryFn: ({ signal }): Promise<CompetitionReport> =>
      apiRequest('competition', { params: { id: channelId ?? '' }, signal }),
    enabled: Boolean(channelId) && enabled,
    refetchInterval: (q) =>
      q.state.data?.refreshing && !pollingOver(q.state.data, q.state.dataUpdatedAt)
        ? REFRESHING_POLL_MS
        : false,
  });
  const refreshing = query.data?.refreshing ?? false;
  // Derived during render (React's pattern for state that follows props).
  if (refreshing && since === null) setSince(query.dataUpdatedAt);
  if (!refreshing && since !== null) setSince(null);
  return {
    query,
    /** Still refreshing, but no longer asked again. */
    stalled: pollingOver(query.data, query.dataUpdatedAt),
    /** Asks now, and polls again for up to REFRESHING_POLL_LIMIT_MS. */
    checkAgain: () => {
      setSince(Date.now());
      void query.refetch();
    },
  };
}

/**
 * Adding and removing competitors: both answer the new list, which replaces the cached one; the
 * report is fetched again.
 */
export function useCompetitorChanges(channelId: string | undefined) {
  const queryClient = useQueryClient();
  const id = channelId ?? '';
  const settle = (list: CompetitorsResponse) => {
    queryClient.setQueryData(competitionQueryKeys.competitors(id), list);
    return queryClient.invalidateQueries({ queryKey: competitionQueryKeys.report(id) });
  };
  const add = useMutation({
    mutationFn: (youtubeId: string) =>
      apiRequest('addCompetitor', { params: { id }, body: { youtubeId } }),
    onSuccess: settle,
    // A 409 may mean someone else filled the list meanwhile: show the list as it is now.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: competitionQueryKeys.competitors(id) }),
  });
  const remove = useMutation({
    mutationFn: (youtubeId: string) =>
      apiRequest('removeCompetitor', { params: { id, youtubeId } }),
    onSuccess: settle,
  });
  return { add, remove };
}

/** Tracks one keyword in its language; every rank view of the channel is refreshed after. */
export function useTrackKeyword(channelId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gap: { keyword: string; language: string }): Promise<AddTrackedKeywordsResult> =>
      apiRequest('addTrackedKeywords', {
        params: { id: channelId ?? '' },
        body: { text: gap.keyword, language: gap.language },
      }),
    onSettled: () => (channelId ? refreshRankData(queryClient, channelId) : undefined),
  });
}
