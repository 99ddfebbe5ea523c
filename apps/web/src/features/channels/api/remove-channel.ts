import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';
import { activeChannelStore, CHANNEL_CHANGED_EVENT } from '../../../lib/channels/active-channel.ts';
import { myChannelsQueryOptions, pickerChannels } from '../../../lib/channels/get-my-channels.ts';

/** Shown when removing (or leaving) a channel fails (spec section 8). */
export const REMOVE_CHANNEL_FAILED_TEXT = 'Failed to remove channel';

/**
 * Removes a channel for the signed-in user: an owner disconnects it (its platform token is
 * revoked and its data deleted), a member just leaves it.
 */
export function removeChannel(youtubeId: string) {
  return apiRequest('removeChannel', { params: { youtubeId } });
}

/**
 * The channel that becomes active when `removedId` goes: the one after it in the picker's
 * order, else the one before it, else none.
 */
export function nextActiveChannelId(
  channels: readonly Channel[],
  removedId: string,
): string | null {
  const index = channels.findIndex((c) => c.id === removedId);
  if (index === -1) return null;
  return channels[index + 1]?.id ?? channels[index - 1]?.id ?? null;
}

/**
 * Removal mutation (spec section 4 "Channel removal"): afterwards the user and the channel list
 * are refetched, and if the removed channel was active the next one is chosen.
 */
export function useRemoveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: Channel) => removeChannel(channel.youtubeId),
    onSuccess: async (_result, channel) => {
      const before = pickerChannels(queryClient.getQueryData(myChannelsQueryOptions().queryKey));
      const wasActive = activeChannelStore.get() === channel.id;
      const next = nextActiveChannelId(before, channel.id);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      if (!wasActive) return;
      activeChannelStore.set(next);
      if (next) {
        window.dispatchEvent(
          new CustomEvent(CHANNEL_CHANGED_EVENT, { detail: { channelId: next } }),
        );
      }
    },
  });
}
