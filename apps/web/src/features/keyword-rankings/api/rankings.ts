import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeywordRanking, RankChecksRun, Rankings, RankingsQuery } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { rankDataKey, refreshRankData, runRankChecks } from '../../../lib/rank-data.ts';

/** Cache keys of the rankings page (under the signed-in user's key, so they go with a sign-out). */
export const rankingsQueryKeys = {
  /** Everything of one channel's rankings. */
  all: (channelId: string) => [...rankDataKey(channelId), 'keyword-rankings'] as const,
  /** The table and summary for one sort, bucket and search. */
  list: (channelId: string, query: RankingsQuery) =>
    [...rankingsQueryKeys.all(channelId), 'list', query] as const,
  /** One keyword's results and history. */
  keyword: (channelId: string, keywordId: string) =>
    [...rankingsQueryKeys.all(channelId), 'keyword', keywordId] as const,
};

/**
 * A channel's rankings: the summary and every row the sort, bucket and search select (the page
 * shows them a page at a time; the CSV has them all). Polls while today's checks are running.
 */
export function useRankings(channelId: string | undefined, query: RankingsQuery) {
  return useQuery({
    queryKey: rankingsQueryKeys.list(channelId ?? '', query),
    queryFn: ({ signal }): Promise<Rankings> =>
      apiRequest('rankings', { params: { id: channelId ?? '' }, query, signal }),
    enabled: Boolean(channelId),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.state === 'updating' ? 15_000 : false),
  });
}

/** One keyword's latest results, history and the video to optimise. */
export function useKeywordRanking(channelId: string | undefined, keywordId: string | null) {
  return useQuery({
    queryKey: rankingsQueryKeys.keyword(channelId ?? '', keywordId ?? ''),
    queryFn: ({ signal }): Promise<KeywordRanking> =>
      apiRequest('keywordRanking', {
        params: { id: channelId ?? '', trackedKeywordId: keywordId ?? '' },
        signal,
      }),
    enabled: Boolean(channelId && keywordId),
    staleTime: 30_000,
  });
}

/** Runs today's checks of the channel's keywords, then reloads its rankings. */
export function useRunRankChecks(channelId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<RankChecksRun> => runRankChecks(channelId ?? ''),
    // The Keywords and Rankings pages show the same ranks: all of them refetch.
    onSettled: () => refreshRankData(queryClient, channelId ?? ''),
  });
}
