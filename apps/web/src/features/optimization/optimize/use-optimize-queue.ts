import { useCallback, useEffect, useMemo, useState } from 'react';
import type { VideoRow } from '@tubewise/contract';
import {
  advance,
  currentItem,
  jumpTo,
  markPublished,
  previous,
  readQueue,
  skipCurrent,
  startQueue,
  writeQueue,
  type QueueState,
} from './queue-state.ts';

/** The queue of one channel and what moves it; every change is kept in localStorage. */
export interface OptimizeQueue {
  /** The queue, or null before it started (or after "Start over"). */
  state: QueueState | null;
  /** Snapshots `rows` (in their order) as a new queue at its first video. */
  start: (rows: readonly VideoRow[]) => void;
  /** Records a successful publish of a video of the queue (the position stays). */
  published: (videoId: string, title?: string) => void;
  /**
   * Moves on to the next pending video, but only while `videoId` is still the current one: a
   * publish that answers after the person moved on must not move them again.
   */
  nextAfter: (videoId: string) => void;
  /** Skips the current video (or just moves on when it was published). */
  skip: () => void;
  previous: () => void;
  jump: (index: number) => void;
  /** Forgets the queue (the page then takes a new snapshot). */
  clear: () => void;
}

/** The channel's queue, read from localStorage when the component mounts. */
export function useOptimizeQueue(channelId: string): OptimizeQueue {
  const [state, setState] = useState<QueueState | null>(() => readQueue(channelId));

  // The first render writes back what it read, which is harmless.
  useEffect(() => writeQueue(channelId, state), [channelId, state]);

  const update = useCallback(
    (change: (s: QueueState) => QueueState) => setState((s) => (s ? change(s) : s)),
    [],
  );

  const start = useCallback((rows: readonly VideoRow[]) => setState(startQueue(rows)), []);
  const published = useCallback(
    (videoId: string, title?: string) => update((s) => markPublished(s, videoId, title)),
    [update],
  );
  const nextAfter = useCallback(
    (videoId: string) => update((s) => (currentItem(s)?.videoId === videoId ? advance(s) : s)),
    [update],
  );
  const skip = useCallback(() => update(skipCurrent), [update]);
  const back = useCallback(() => update(previous), [update]);
  const jump = useCallback((index: number) => update((s) => jumpTo(s, index)), [update]);
  const clear = useCallback(() => setState(null), []);

  return useMemo(
    () => ({ state, start, published, nextAfter, skip, previous: back, jump, clear }),
    [state, start, published, nextAfter, skip, back, jump, clear],
  );
}
