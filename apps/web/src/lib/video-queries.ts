import { userQueryKey } from './user.ts';

/**
 * Prefix of every query holding a channel's videos or playlists (optimization, reporting…).
 * Features that load such data key their queries under it, so a finished sync can refresh
 * them all at once.
 */
export const channelVideosQueryKey = (channelId: string) =>
  [...userQueryKey, 'videos', channelId] as const;
