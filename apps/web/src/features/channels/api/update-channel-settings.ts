import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelSettings } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { channelSettingsQueryKey } from '../../../lib/channels/get-channel-settings.ts';

/** Replaces a channel's settings; answers the stored settings. */
export function updateChannelSettings(channelId: string, settings: ChannelSettings) {
  return apiRequest('updateChannelSettings', { params: { id: channelId }, body: settings });
}

/** Settings update mutation: the answer replaces the cached settings. */
export function useUpdateChannelSettings(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ChannelSettings) => updateChannelSettings(channelId, settings),
    onSuccess: (saved) => queryClient.setQueryData(channelSettingsQueryKey(channelId), saved),
  });
}
