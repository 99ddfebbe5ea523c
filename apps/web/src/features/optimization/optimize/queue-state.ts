/**
 * The optimize page's queue: the channel's videos that need work, snapshotted (highest impact
 * first) when the person starts, so a publish — which lowers a video's impact — never reshuffles
 * it. The position and what was published or skipped are kept in localStorage per channel, so
 * the person can leave and resume. Pure functions; the hook is use-optimize-queue.ts.
 */
import type { VideoRow } from '@tubewise/contract';
import { readStorage, writeStorage } from '../../../lib/storage.ts';

/** One video of the queue, as the list showed it when the queue started. */
export interface QueueItem {
  videoId: string;
  title: string;
  /** Optimisation level when the queue started (0–100). */
  level: number;
}

/** A channel's queue as kept in localStorage (`queueStorageKey`). */
export interface QueueState {
  /** Format version of the stored value. */
  v: 1;
  /** The snapshot, in queue order. */
  items: QueueItem[];
  /** Index of the current video in `items`; `items.length` once the end is reached. */
  position: number;
  /** Ids of the videos published from the queue. */
  published: string[];
  /** Ids of the videos skipped (and not published since). */
  skipped: string[];
  /** When the snapshot was taken (ISO). */
  startedAt: string;
}

/** Where a video of the queue stands. */
export type ItemStatus = 'published' | 'skipped' | 'pending';

/** The localStorage key of a channel's queue. */
export function queueStorageKey(channelId: string): string {
  return `tw.optimize-queue.${channelId}`;
}

/** A new queue of `rows` in their order (the list's "needs work" order: impact, highest first). */
export function startQueue(rows: readonly VideoRow[], now = new Date()): QueueState {
  const seen = new Set<string>();
  const items: QueueItem[] = [];
  for (const row of rows) {
    if (seen.has(row.videoId)) continue;
    seen.add(row.videoId);
    items.push({ videoId: row.videoId, title: row.title, level: row.level });
  }
  return { v: 1, items, position: 0, published: [], skipped: [], startedAt: now.toISOString() };
}

/** The video at the current position, or null at the end. */
export function currentItem(state: QueueState): QueueItem | null {
  return state.items[state.position] ?? null;
}

/** Whether the queue reached its end (the summary). */
export function isFinished(state: QueueState): boolean {
  return state.position >= state.items.length;
}

/** Where a video stands in the queue. */
export function itemStatus(state: QueueState, videoId: string): ItemStatus {
  if (state.published.includes(videoId)) return 'published';
  if (state.skipped.includes(videoId)) return 'skipped';
  return 'pending';
}

/** How many videos were published, skipped, and are done (either) out of the total. */
export function queueCounts(state: QueueState) {
  const ids = new Set(state.items.map((i) => i.videoId));
  const published = state.published.filter((id) => ids.has(id)).length;
  const skipped = state.skipped.filter((id) => ids.has(id)).length;
  return { published, skipped, done: published + skipped, total: state.items.length };
}

/**
 * Moves to the next video still pending after the current one, else the first pending one
 * before it (someone who jumped ahead comes back for those), else to the end.
 */
export function advance(state: QueueState): QueueState {
  const n = state.items.length;
  const from = Math.min(state.position, n);
  for (let step = 1; step <= n; step += 1) {
    const index = (from + step) % (n + 1);
    const item = state.items[index];
    if (item && itemStatus(state, item.videoId) === 'pending') return { ...state, position: index };
  }
  return { ...state, position: n };
}

/**
 * Records a successful publish of `videoId` (wherever it sits; a publish may answer after the
 * person moved on) and keeps its new title for the list. The position does not move.
 */
export function markPublished(state: QueueState, videoId: string, title?: string): QueueState {
  if (!state.items.some((i) => i.videoId === videoId)) return state;
  return {
    ...state,
    items:
      title === undefined
        ? state.items
        : state.items.map((i) => (i.videoId === videoId ? { ...i, title } : i)),
    published: state.published.includes(videoId) ? state.published : [...state.published, videoId],
    skipped: state.skipped.filter((id) => id !== videoId),
  };
}

/**
 * Leaves the current video for the next pending one; it counts as skipped unless it was
 * published already (then this is just "next").
 */
export function skipCurrent(state: QueueState): QueueState {
  const item = currentItem(state);
  if (!item) return state;
  const skipped =
    itemStatus(state, item.videoId) === 'pending'
      ? [...state.skipped, item.videoId]
      : state.skipped;
  return advance({ ...state, skipped });
}

/** Back one video (from the end: the last one). */
export function previous(state: QueueState): QueueState {
  const position = Math.max(0, Math.min(state.position, state.items.length) - 1);
  return { ...state, position };
}

/** Jumps to the video at `index` (clamped to the queue). */
export function jumpTo(state: QueueState, index: number): QueueState {
  if (state.items.length === 0) return state;
  const position = Math.max(0, Math.min(Math.trunc(index), state.items.length - 1));
  return { ...state, position };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isLevel = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 100;

function isQueueItem(value: unknown): value is QueueItem {
  const i = value as Partial<QueueItem> | null;
  return (
    typeof i === 'object' &&
    i !== null &&
    isString(i.videoId) &&
    i.videoId !== '' &&
    isString(i.title) &&
    isLevel(i.level)
  );
}

/** A stored queue as this version writes it, or null (absent, another format, or damaged). */
export function parseQueue(raw: string | null): QueueState | null {
  if (raw === null) return null;
  try {
    const s = JSON.parse(raw) as Partial<QueueState> | null;
    if (
      typeof s !== 'object' ||
      s === null ||
      s.v !== 1 ||
      !Array.isArray(s.items) ||
      s.items.length === 0 ||
      !s.items.every(isQueueItem) ||
      !Number.isInteger(s.position) ||
      (s.position as number) < 0 ||
      (s.position as number) > s.items.length ||
      !isIdList(s.published) ||
      !isIdList(s.skipped) ||
      !isString(s.startedAt)
    ) {
      return null;
    }
    return {
      v: 1,
      items: s.items.map(({ videoId, title, level }) => ({ videoId, title, level })),
      position: s.position as number,
      published: s.published,
      skipped: s.skipped,
      startedAt: s.startedAt,
    };
  } catch {
    return null;
  }
}

/** The channel's stored queue, or null. */
export function readQueue(channelId: string, storage?: Storage): QueueState | null {
  return parseQueue(readStorage(queueStorageKey(channelId), storage));
}

/** Stores the channel's queue, or forgets it (null). */
export function writeQueue(channelId: string, state: QueueState | null, storage?: Storage): void {
  writeStorage(queueStorageKey(channelId), state === null ? null : JSON.stringify(state), storage);
}
