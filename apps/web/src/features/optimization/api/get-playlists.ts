import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { optimizationQueryKeys } from './query-keys.ts';

/** A channel's playlists as the API answers them. */
export type ChannelPlaylists = ResponseOf<'playlists'>;
/** One playlist of a channel. */
export type ChannelPlaylist = ChannelPlaylists['items'][number];

/** Fetches a channel's playlists (options of the playlist filter). */
export function getPlaylists(channelId: string): Promise<ChannelPlaylists> {
  return apiRequest('playlists', { params: { id: channelId } });
}

/** Query options of a channel's playlists; they change only with a sync. */
export const playlistsQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: optimizationQueryKeys.playlists(channelId),
    queryFn: () => getPlaylists(channelId),
    staleTime: 5 * 60_000,
  });

/** A channel's playlists; disabled until the channel is known. */
export function usePlaylists(channelId: string | undefined) {
  return useQuery({ ...playlistsQueryOptions(channelId ?? ''), enabled: Boolean(channelId) });
}
