/**
 * The active channel (spec sections 3 and 4): held in memory, mirrored to localStorage so it
 * survives reloads, and resolved against the current channel list on every read.
 */
import type { Channel } from '@tubewise/contract';
import { readStorage, writeStorage } from '../storage.ts';

/** localStorage key of the active channel id. */
export const ACTIVE_CHANNEL_STORAGE_KEY = 'activeChannelId';
/** Window CustomEvent raised when the user picks another channel; detail = { channelId }. */
export const CHANNEL_CHANGED_EVENT = 'channel-changed';

/**
 * Which channel is active: the in-memory one if still connected, else the stored one if still
 * connected, else the first, else none.
 */
export function selectActiveChannelId(
  channels: readonly Channel[],
  memoryId: string | null,
  storedId: string | null,
): string | null {
  const connected = (id: string | null): id is string =>
    id !== null && channels.some((c) => c.id === id);
  if (connected(memoryId)) return memoryId;
  if (connected(storedId)) return storedId;
  return channels[0]?.id ?? null;
}

let memoryId: string | null = null;
const listeners = new Set<() => void>();

/** The in-memory active channel id as an external store (for useSyncExternalStore). */
export const activeChannelStore = {
  get(): string | null {
    return memoryId;
  },
  /** Makes `id` active in memory and in localStorage. */
  set(id: string | null): void {
    memoryId = id;
    writeStorage(ACTIVE_CHANNEL_STORAGE_KEY, id);
    listeners.forEach((l) => l());
  },
  stored(): string | null {
    return readStorage(ACTIVE_CHANNEL_STORAGE_KEY);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Test hook: forgets the in-memory id. */
  resetForTests(): void {
    memoryId = null;
  },
};

/**
 * Where the page must reload to after a channel switch, or null when no reload is needed:
 * lists filtered by the old channel's playlist or saved-ideas folder would show stale data.
 */
export function reloadUrlAfterChannelSwitch(href: string): string | null {
  const url = new URL(href);
  if (url.pathname === '/optimization' || url.pathname.startsWith('/optimization/')) {
    url.searchParams.delete('playlist');
    return url.toString();
  }
  if (url.pathname === '/video-idea/saved' || url.pathname.startsWith('/video-idea/saved/')) {
    url.searchParams.delete('selectedFolder');
    // The open script belongs to the old channel's idea too.
    url.searchParams.delete('idea');
    return url.toString();
  }
  return null;
}
