import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Channel } from '@tubewise/contract';
import { browser } from '../browser.ts';
import {
  activeChannelStore,
  CHANNEL_CHANGED_EVENT,
  reloadUrlAfterChannelSwitch,
  selectActiveChannelId,
} from './active-channel.ts';
import { pickerChannels, useMyChannels } from './get-my-channels.ts';

/** What components need about channels: the list, the active one and how to switch. */
export interface ActiveChannelState {
  channels: Channel[];
  activeChannel: Channel | null;
  isLoading: boolean;
  /** Makes a channel active, announces it, and reloads pages whose filters depend on it. */
  chooseChannel: (channelId: string) => void;
}

/** The active channel resolved against the user's current channel list. */
export function useActiveChannel(enabled = true): ActiveChannelState {
  const query = useMyChannels(enabled);
  const memoryId = useSyncExternalStore(activeChannelStore.subscribe, activeChannelStore.get);
  const channels = useMemo(() => pickerChannels(query.data), [query.data]);
  const activeId = query.data
    ? selectActiveChannelId(channels, memoryId, activeChannelStore.stored())
    : memoryId;

  // Keep memory and storage in step with the resolved choice (e.g. the stored one was removed).
  useEffect(() => {
    if (query.data && activeId !== memoryId) activeChannelStore.set(activeId);
  }, [query.data, activeId, memoryId]);

  const chooseChannel = useCallback((channelId: string) => {
    activeChannelStore.set(channelId);
    window.dispatchEvent(new CustomEvent(CHANNEL_CHANGED_EVENT, { detail: { channelId } }));
    const reloadUrl = reloadUrlAfterChannelSwitch(window.location.href);
    if (reloadUrl) browser.reloadTo(reloadUrl);
  }, []);

  return {
    channels,
    activeChannel: channels.find((c) => c.id === activeId) ?? null,
    isLoading: query.isPending && enabled,
    chooseChannel,
  };
}
