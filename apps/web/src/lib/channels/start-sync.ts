import type { SyncStatus } from '@tubewise/contract';
import { apiRequest } from '../api-client.ts';

/** Starts syncing a channel's videos and playlists (`channelId` = Channel.id); answers 202. */
export function startSync(channelId: string): Promise<SyncStatus> {
  return apiRequest('startSync', { params: { id: channelId } });
}
