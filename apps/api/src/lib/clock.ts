/** A source of the current time, replaceable in tests. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
