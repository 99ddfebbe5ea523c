import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SyncStatus } from '@tubewise/contract';
import { apiRequest } from '../api-client.ts';
import { userQueryKey } from '../user.ts';

/** How often a running sync's progress is polled. */
export const SYNC_POLL_INTERVAL_MS = 1500;

/** Cache key of a channel's sync status. */
export const syncStatusQueryKey = (channelId: string) =>
  [...userQueryKey, 'sync-status', channelId] as const;

/** Fetches a channel's sync state and progress. */
export function getSyncStatus(channelId: string): Promise<SyncStatus> {
  return apiRequest('syncStatus', { params: { id: channelId } });
}

/** Query options of a channel's sync status, polled while a sync runs. */
export const syncStatusQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: syncStatusQueryKey(channelId),
    queryFn: () => getSyncStatus(channelId),
    refetchInterval: (query) => (query.state.data?.isSyncing ? SYNC_POLL_INTERVAL_MS : false),
  });

/** A channel's sync status; only fetched when `enabled`. */
export function useSyncStatus(channelId: string, enabled = true) {
  return useQuery({ ...syncStatusQueryOptions(channelId), enabled });
}
