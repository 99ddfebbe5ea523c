import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { VideoRow } from '@tubewise/contract';
import { buildVideoRow } from '../editor/testing/editor-data.ts';
import {
  advance,
  currentItem,
  isFinished,
  jumpTo,
  markPublished,
  parseQueue,
  previous,
  queueCounts,
  queueStorageKey,
  skipCurrent,
  startQueue,
  type QueueState,
} from './queue-state.ts';
import { useOptimizeQueue } from './use-optimize-queue.ts';

const rows = (...ids: string[]): VideoRow[] =>
  ids.map((id, i) => buildVideoRow({ videoId: id, title: `Video ${id}`, level: 10 + i }));

const ids = (s: QueueState) => s.items.map((i) => i.videoId);
const at = (s: QueueState) => currentItem(s)?.videoId ?? 'end';

describe('queue state', () => {
  it('snapshots the rows in their order (without repeats), at the first video', () => {
    const s = startQueue(rows('a', 'b', 'a', 'c'), new Date('2026-03-01T10:00:00Z'));
    expect(ids(s)).toEqual(['a', 'b', 'c']);
    expect(s.items[1]).toEqual({ videoId: 'b', title: 'Video b', level: 11 });
    expect(s.position).toBe(0);
    expect(s.startedAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it('publish then next: counts it and moves to the next pending video', () => {
    let s = startQueue(rows('a', 'b', 'c'));
    s = markPublished(s, 'a', 'New title of a');
    expect(at(s)).toBe('a');
    expect(s.items[0]?.title).toBe('New title of a');
    s = advance(s);
    expect(at(s)).toBe('b');
    expect(queueCounts(s)).toEqual({ published: 1, skipped: 0, done: 1, total: 3 });
  });

  it('skip marks the current video skipped; on a published one it only moves on', () => {
    let s = startQueue(rows('a', 'b', 'c'));
    s = skipCurrent(s);
    expect(at(s)).toBe('b');
    expect(s.skipped).toEqual(['a']);
    s = markPublished(s, 'b');
    s = skipCurrent(s);
    expect(at(s)).toBe('c');
    expect(s.skipped).toEqual(['a']);
    expect(s.published).toEqual(['b']);
  });

  it('next passes done videos, comes back for pending ones jumped over, then ends', () => {
    let s = startQueue(rows('a', 'b', 'c', 'd'));
    s = jumpTo(s, 2);
    s = skipCurrent(s);
    expect(at(s)).toBe('d');
    s = skipCurrent(s);
    expect(at(s)).toBe('a');
    s = markPublished(s, 'a');
    s = advance(s);
    expect(at(s)).toBe('b');
    s = skipCurrent(s);
    expect(isFinished(s)).toBe(true);
    expect(queueCounts(s)).toEqual({ published: 1, skipped: 3, done: 4, total: 4 });
  });

  it('publishing a skipped video moves it from skipped to published', () => {
    let s = skipCurrent(startQueue(rows('a', 'b')));
    s = markPublished(s, 'a');
    expect(s.skipped).toEqual([]);
    expect(s.published).toEqual(['a']);
  });

  it('ignores a publish of a video not in the queue', () => {
    const s = startQueue(rows('a'));
    expect(markPublished(s, 'zzz')).toBe(s);
  });

  it('previous goes back one, stays at the first, and leaves the end for the last video', () => {
    let s = startQueue(rows('a', 'b'));
    expect(at(previous(s))).toBe('a');
    s = skipCurrent(skipCurrent(s));
    expect(isFinished(s)).toBe(true);
    expect(at(previous(s))).toBe('b');
  });

  it('jumps are clamped to the queue', () => {
    const s = startQueue(rows('a', 'b', 'c'));
    expect(at(jumpTo(s, 99))).toBe('c');
    expect(at(jumpTo(s, -1))).toBe('a');
  });

  it('reads back only what this version writes', () => {
    const s = markPublished(startQueue(rows('a', 'b')), 'a');
    expect(parseQueue(JSON.stringify(s))).toEqual(s);
    expect(parseQueue(null)).toBeNull();
    expect(parseQueue('{not json')).toBeNull();
    expect(parseQueue(JSON.stringify({ ...s, v: 2 }))).toBeNull();
    expect(parseQueue(JSON.stringify({ ...s, position: 3 }))).toBeNull();
    expect(parseQueue(JSON.stringify({ ...s, items: [] }))).toBeNull();
    expect(parseQueue(JSON.stringify({ ...s, items: [{ videoId: 'a' }] }))).toBeNull();
    expect(parseQueue(JSON.stringify({ ...s, skipped: [1] }))).toBeNull();
  });
});

describe('useOptimizeQueue', () => {
  it('keeps the queue per channel in localStorage and resumes it after a remount', () => {
    const first = renderHook(() => useOptimizeQueue('ch-1'));
    expect(first.result.current.state).toBeNull();
    act(() => first.result.current.start(rows('a', 'b', 'c')));
    act(() => first.result.current.skip());
    act(() => first.result.current.published('b', 'Better b'));
    first.unmount();

    const stored = JSON.parse(localStorage.getItem(queueStorageKey('ch-1')) ?? 'null') as unknown;
    expect(stored).toMatchObject({
      v: 1,
      position: 1,
      published: ['b'],
      skipped: ['a'],
      items: [{ videoId: 'a' }, { videoId: 'b', title: 'Better b' }, { videoId: 'c' }],
    });
    expect(queueStorageKey('ch-1')).toBe('tw.optimize-queue.ch-1');

    const again = renderHook(() => useOptimizeQueue('ch-1'));
    expect(again.result.current.state && at(again.result.current.state)).toBe('b');
    expect(renderHook(() => useOptimizeQueue('ch-2')).result.current.state).toBeNull();

    act(() => again.result.current.clear());
    expect(localStorage.getItem(queueStorageKey('ch-1'))).toBeNull();
  });

  it('moves on after a publish only while that video is still the current one', () => {
    const { result } = renderHook(() => useOptimizeQueue('ch-1'));
    act(() => result.current.start(rows('a', 'b', 'c')));
    act(() => result.current.skip());
    // A late answer for "a" (the person already moved to "b") must not move them again.
    act(() => result.current.nextAfter('a'));
    expect(result.current.state && at(result.current.state)).toBe('b');
    act(() => {
      result.current.published('b');
      result.current.nextAfter('b');
    });
    expect(result.current.state && at(result.current.state)).toBe('c');
  });

  it('previous and jump move the position', () => {
    const { result } = renderHook(() => useOptimizeQueue('ch-1'));
    act(() => result.current.start(rows('a', 'b', 'c')));
    act(() => result.current.jump(2));
    expect(result.current.state?.position).toBe(2);
    act(() => result.current.previous());
    expect(result.current.state?.position).toBe(1);
  });
});
