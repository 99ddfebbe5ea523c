/**
 * Channel sync (spec section 4 "Channel sync"): starting a sync, following its progress, and the
 * one automatic sync of a channel this browser has not synced yet.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Channel, SyncStatus } from '@tubewise/contract';
import { channelVideosQueryKey } from '../video-queries.ts';
import { startSync } from './start-sync.ts';
import { syncStatusQueryKey, useSyncStatus } from './get-sync-status.ts';
import { addSyncedChannelId, getSyncedChannelIds } from './synced-channels.ts';

/** Logged when a sync fails (spec section 8: 'Error syncing channel: {id}', id = youtubeId). */
export function syncErrorLog(youtubeId: string): string {
  return `Error syncing channel: ${youtubeId}`;
}

/**
 * A sync this page started: waiting for the start call (a cached status is from an earlier
 * sync then), started (the cached status is this sync's), or the start call failed.
 */
export type TrackedSync =
  { phase: 'starting' } | { phase: 'started' } | { phase: 'start-failed'; error: string };

// Syncs started from this page (by Channel.id): the progress banner follows only these, so a
// daily server-side sync does not pop up a banner nobody asked for.
let tracked = new Map<string, TrackedSync>();
const listeners = new Set<() => void>();
// youtubeIds the automatic sync already ran for in this page's life ("once per channel").
const autoStarted = new Set<string>();
// Outcomes already acted on; several components may observe the same status.
const handledOutcomes = new Set<string>();

function setTracked(next: Map<string, TrackedSync>): void {
  tracked = next;
  listeners.forEach((l) => l());
}

/** The syncs this page started, as an external store. */
export const syncTracker = {
  get(channelId: string): TrackedSync | undefined {
    return tracked.get(channelId);
  },
  set(channelId: string, value: TrackedSync | null): void {
    const next = new Map(tracked);
    if (value) next.set(channelId, value);
    else next.delete(channelId);
    setTracked(next);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Test hook: forgets started, automatic and handled syncs. */
  resetForTests(): void {
    tracked = new Map();
    autoStarted.clear();
    handledOutcomes.clear();
  },
};

/** Starts a sync and follows it; a failure to start is logged and kept for the banner. */
export async function startChannelSync(queryClient: QueryClient, channel: Channel): Promise<void> {
  syncTracker.set(channel.id, { phase: 'starting' });
  try {
    const status = await startSync(channel.id);
    queryClient.setQueryData(syncStatusQueryKey(channel.id), status);
    syncTracker.set(channel.id, { phase: 'started' });
  } catch (err) {
    console.error(syncErrorLog(channel.youtubeId));
    const error = err instanceof Error && err.message ? err.message : 'The sync could not start.';
    syncTracker.set(channel.id, { phase: 'start-failed', error });
  }
}

/** Starts a sync of a channel ("Sync now", Retry). */
export function useStartChannelSync(): (channel: Channel) => void {
  const queryClient = useQueryClient();
  return useCallback((channel) => void startChannelSync(queryClient, channel), [queryClient]);
}

/**
 * Acts once on a finished sync: on success the channel joins the synced list and its video
 * queries refresh; a failure of a sync started here is logged.
 */
export function handleSyncOutcome(
  queryClient: QueryClient,
  channel: Channel,
  status: SyncStatus,
): void {
  if (status.state !== 'succeeded' && status.state !== 'failed') return;
  const trackedSync = syncTracker.get(channel.id);
  // Until the start call answers, a finished status in the cache belongs to an earlier sync.
  if (trackedSync?.phase === 'starting') return;
  const key = [channel.id, status.state, status.startedAt, status.finishedAt].join('|');
  if (handledOutcomes.has(key)) return;
  handledOutcomes.add(key);
  const startedHere = trackedSync?.phase === 'started';
  if (status.state === 'succeeded') {
    addSyncedChannelId(channel.youtubeId);
    if (startedHere) syncTracker.set(channel.id, null);
    void queryClient.invalidateQueries({ queryKey: channelVideosQueryKey(channel.id) });
  } else if (startedHere) {
    console.error(syncErrorLog(channel.youtubeId));
  }
}

/** What a component shows about a channel's sync. */
export interface ChannelSyncState {
  /** Started from this page and not finished successfully yet. */
  tracked: TrackedSync | undefined;
  /** The latest status; undefined while unknown or while a new sync is starting. */
  status: SyncStatus | undefined;
}

/** A channel's sync status (polled while it runs), with the outcome handled once. */
export function useChannelSync(channel: Channel | null, fetchStatus = true): ChannelSyncState {
  const queryClient = useQueryClient();
  const channelId = channel?.id ?? '';
  const trackedSync = useSyncExternalStore(syncTracker.subscribe, () =>
    channel ? syncTracker.get(channel.id) : undefined,
  );
  const query = useSyncStatus(channelId, Boolean(channel) && (fetchStatus || Boolean(trackedSync)));
  const status = query.data;
  useEffect(() => {
    if (channel && status) handleSyncOutcome(queryClient, channel, status);
  }, [queryClient, channel, status]);
  return { tracked: trackedSync, status: trackedSync?.phase === 'starting' ? undefined : status };
}

/**
 * The automatic sync: when the active channel's youtubeId is not in the locally stored synced
 * list, a sync runs once for it. A channel that needs reconnecting is left alone: its sync
 * could only fail until the user reconnects it.
 */
export function useAutoSync(channel: Channel | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!channel || channel.needsReconnect) return;
    if (getSyncedChannelIds().includes(channel.youtubeId)) return;
    if (autoStarted.has(channel.youtubeId)) return;
    autoStarted.add(channel.youtubeId);
    void startChannelSync(queryClient, channel);
  }, [queryClient, channel]);
}
