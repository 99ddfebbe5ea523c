import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelSettings } from '@tubewise/contract';
import { apiRequest } from '../api-client.ts';
import { userQueryKey } from '../user.ts';

/** Cache key of a channel's settings. */
export const channelSettingsQueryKey = (channelId: string) =>
  [...userQueryKey, 'channel-settings', channelId] as const;

/** Fetches a channel's topics, language, E-E-A-T statement, tone, industries and company. */
export function getChannelSettings(channelId: string): Promise<ChannelSettings> {
  return apiRequest('getChannelSettings', { params: { id: channelId } });
}

/** Query options of a channel's settings. */
export const channelSettingsQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: channelSettingsQueryKey(channelId),
    queryFn: () => getChannelSettings(channelId),
  });

/** A channel's settings. */
export function useChannelSettings(channelId: string) {
  return useQuery(channelSettingsQueryOptions(channelId));
}
