import { readStorage, writeStorage } from '../storage.ts';

/** localStorage key of the channel ids already synced from this browser. */
export const SYNCED_CHANNELS_STORAGE_KEY = 'syncedChannelIds';

/** Channel ids (youtubeId) already synced from this browser. */
export function getSyncedChannelIds(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(SYNCED_CHANNELS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Records that a channel was synced, so the one-time sync is not run again for it. */
export function addSyncedChannelId(id: string): void {
  const ids = getSyncedChannelIds();
  if (!ids.includes(id)) writeStorage(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([...ids, id]));
}
