import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A source of the current time, replaceable in tests. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that can be moved forward: the embedded default shares one with its emulator, so the
 * emulator's "advance a day" control moves the whole product to the next day (rank checks,
 * analytics, the demo). Never used in production.
 */
export class ShiftableClock implements Clock {
  private readonly base: Clock;
  private offset: number;

  constructor(base: Clock, offsetMs = 0) {
    this.base = base;
    this.offset = offsetMs;
  }

  now(): Date {
    return new Date(this.base.now().getTime() + this.offset);
  }

  /** How far ahead of the base clock this one is (ms). */
  get offsetMs(): number {
    return this.offset;
  }

  /** Moves the clock forward by `ms`. */
  advance(ms: number): void {
    this.offset += Math.max(0, ms);
  }
}

const CLOCK_FILE = 'clock.json';

/** A shiftable clock with the offset saved in `dir` (so a restart keeps the advanced day). */
export function shiftableClockIn(dir: string): ShiftableClock {
  let offset = 0;
  try {
    const saved = JSON.parse(readFileSync(path.join(dir, CLOCK_FILE), 'utf8')) as {
      offsetMs?: unknown;
    };
    if (typeof saved.offsetMs === 'number' && Number.isFinite(saved.offsetMs) && saved.offsetMs > 0)
      offset = saved.offsetMs;
  } catch {
    // No saved offset (first start) or an unreadable one: the real time.
  }
  return new ShiftableClock(systemClock, offset);
}

/** Saves a shiftable clock's offset in `dir`. */
export function saveClockOffset(dir: string, offsetMs: number): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, CLOCK_FILE), JSON.stringify({ offsetMs }));
}
