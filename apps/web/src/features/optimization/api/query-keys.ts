/**
 * Cache keys of the optimisation list. All of them sit under the channel's videos prefix
 * (lib/video-queries.ts), so a finished sync refreshes them; the editor invalidates
 * `optimizationQueryKeys.lists(channelId)` after a publish.
 */
import { channelVideosQueryKey } from '../../../lib/video-queries.ts';

/** Query parameters of one list request, as sent (see list/list-params.ts). */
export type VideoListRequest = Readonly<Record<string, string | number>>;

/** Key builders of the optimisation feature's channel queries. */
export const optimizationQueryKeys = {
  /** Everything of a channel's videos (the sync's prefix). */
  all: (channelId: string) => channelVideosQueryKey(channelId),
  /** Every page, tab, sort and filter of a channel's optimisation list. */
  lists: (channelId: string) => [...channelVideosQueryKey(channelId), 'optimization-list'] as const,
  /** One page of the list for one set of parameters. */
  list: (channelId: string, request: VideoListRequest) =>
    [...optimizationQueryKeys.lists(channelId), request] as const,
  /** The channel's playlists (the playlist filter). */
  playlists: (channelId: string) => [...channelVideosQueryKey(channelId), 'playlists'] as const,
  /** The video to work on after `videoId`. */
  next: (channelId: string, videoId: string) =>
    [...channelVideosQueryKey(channelId), 'next-video', videoId] as const,
};
