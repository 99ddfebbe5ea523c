// What the three rankings pages (Keywords, Keyword rankings, Rankings) share: one channel's rank
// data under one cache key, so a change on one page (keywords added or deleted, checks run) is
// seen on the others, and the one call that runs today's checks.
import type { QueryClient } from '@tanstack/react-query';
import type { RankChecksRun } from '@tubewise/contract';
import { apiRequest } from './api-client.ts';
import { userQueryKey } from './user.ts';

/** The cache key every rankings page's queries of one channel start with. */
export function rankDataKey(channelId: string) {
  return [...userQueryKey, 'rank-data', channelId] as const;
}

/** Marks everything the rankings pages hold of a channel stale (refetched where shown). */
export function refreshRankData(queryClient: QueryClient, channelId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: rankDataKey(channelId) });
}

/** Runs today's checks of the channel's keywords (each checked at most once a day for all). */
export function runRankChecks(channelId: string): Promise<RankChecksRun> {
  return apiRequest('runRankChecks', { params: { id: channelId } });
}
