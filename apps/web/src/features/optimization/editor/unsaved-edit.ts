/**
 * Keeps the editor's unsaved changes in the browser (localStorage) until they are saved,
 * published or discarded, so leaving the page — to reconnect the channel on Google's consent
 * page, a reload, a closed tab — loses nothing. One entry per person, channel and video.
 */
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import type { UnsavedEdit } from './editor-state.ts';

/** The notice shown when the editor opens with changes kept in the browser. */
export const UNSAVED_RESTORED_TEXT = 'Unsaved changes restored';

/** How long kept changes are offered again (older ones are dropped when read). */
export const UNSAVED_EDIT_TTL_MS = 14 * 24 * 3600_000;

const PREFIX = 'tubewise:unsaved-edit:v1';

/** Who edits what: the key of the kept changes. */
export interface UnsavedEditOwner {
  userId: string;
  channelId: string;
  videoId: string;
}

/** The storage key of one person's changes to one video of one channel. */
export function unsavedEditKey(owner: UnsavedEditOwner): string {
  return `${PREFIX}:${owner.userId}:${owner.channelId}:${owner.videoId}`;
}

interface StoredEdit {
  savedAt: number;
  edit: UnsavedEdit;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || isString(v);
const isSize = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));

/** Whether a parsed value is an edit as this version writes it (anything else is ignored). */
function isUnsavedEdit(value: unknown): value is UnsavedEdit {
  const e = value as Partial<UnsavedEdit> | null;
  if (typeof e !== 'object' || e === null) return false;
  const thumbnail = e.thumbnail as UnsavedEdit['thumbnail'] | undefined;
  return (
    isString(e.title) &&
    isString(e.description) &&
    Array.isArray(e.tags) &&
    e.tags.every(isString) &&
    isNullableString(e.searchTerm) &&
    isNullableString(e.language) &&
    (thumbnail === null ||
      (typeof thumbnail === 'object' &&
        thumbnail !== undefined &&
        isString(thumbnail.id) &&
        isString(thumbnail.url) &&
        isSize(thumbnail.width) &&
        isSize(thumbnail.height)))
  );
}

/** The changes kept for this person, channel and video, or null (none, expired or unreadable). */
export function readUnsavedEdit(
  owner: UnsavedEditOwner,
  now = Date.now(),
  storage?: Storage,
): UnsavedEdit | null {
  const key = unsavedEditKey(owner);
  const raw = readStorage(key, storage);
  if (raw === null) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredEdit>;
    if (
      typeof stored.savedAt === 'number' &&
      now - stored.savedAt <= UNSAVED_EDIT_TTL_MS &&
      isUnsavedEdit(stored.edit)
    )
      return stored.edit;
  } catch {
    // Written by something else or cut short: drop it below.
  }
  writeStorage(key, null, storage);
  return null;
}

/** Keeps the changes (or forgets them with null: saved, published or discarded). */
export function writeUnsavedEdit(
  owner: UnsavedEditOwner,
  edit: UnsavedEdit | null,
  now = Date.now(),
  storage?: Storage,
): void {
  const value: StoredEdit | null = edit ? { savedAt: now, edit } : null;
  writeStorage(unsavedEditKey(owner), value ? JSON.stringify(value) : null, storage);
}
