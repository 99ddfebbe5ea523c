// Pacific quota days and which thumbnail owned a day: DST days, the 90% rule around a swap that
// lands a few minutes late, restores of the original, and the invariants the measurement relies
// on (an attributed variant really was live ≥ minShare of the day; exposure adds up).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotaDayOf } from '../video-platform/index.ts';
import {
  addDays,
  attributeDays,
  exposureHours,
  nextQuotaDayStart,
  quotaDayStart,
  type SwapPoint,
} from './exposure.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The instant `minutes` after the start of the Pacific day. */
const at = (day: string, minutes = 0) =>
  new Date(quotaDayStart(day).getTime() + minutes * MINUTE_MS);
const hoursOf = (day: string) =>
  (quotaDayStart(addDays(day, 1)).getTime() - quotaDayStart(day).getTime()) / HOUR_MS;

describe('quotaDayStart', () => {
  it('is midnight Pacific: 08:00 UTC in standard time, 07:00 UTC in daylight time', () => {
    expect(quotaDayStart('2026-01-15').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(quotaDayStart('2026-07-04').toISOString()).toBe('2026-07-04T07:00:00.000Z');
    expect(quotaDayStart('2026-03-08').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(quotaDayStart('2026-03-09').toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(quotaDayStart('2026-11-01').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(quotaDayStart('2026-11-02').toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });

  it('makes the DST days 23 and 25 hours long, the others 24', () => {
    expect(hoursOf('2026-03-08')).toBe(23);
    expect(hoursOf('2026-11-01')).toBe(25);
    expect(hoursOf('2026-03-07')).toBe(24);
    expect(hoursOf('2026-03-09')).toBe(24);
    expect(hoursOf('2026-10-31')).toBe(24);
    expect(hoursOf('2026-11-02')).toBe(24);
  });

  it('is the first instant of the day by quotaDayOf, whatever the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 40 }), (offset) => {
        const day = addDays('2000-01-01', offset);
        const start = quotaDayStart(day);
        expect(quotaDayOf(start)).toBe(day);
        expect(quotaDayOf(new Date(start.getTime() - 1))).toBe(addDays(day, -1));
      }),
    );
  });

  it('refuses what is not a calendar day', () => {
    expect(() => quotaDayStart('2026-02-30')).toThrow(RangeError);
    expect(() => quotaDayStart('2026-1-05')).toThrow(RangeError);
    expect(() => quotaDayStart('yesterday')).toThrow(RangeError);
  });
});

describe('nextQuotaDayStart and addDays', () => {
  it('gives the next Pacific midnight, also across the DST changes', () => {
    expect(nextQuotaDayStart(new Date('2026-03-08T10:00:00Z')).toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
    // 07:30 UTC on 1 November is 00:30 PDT of the 1st, a 25-hour day: the next start is 08:00 UTC.
    expect(nextQuotaDayStart(new Date('2026-11-01T07:30:00Z')).toISOString()).toBe(
      '2026-11-02T08:00:00.000Z',
    );
    // 06:59 UTC on 1 November is 23:59 PDT on 31 October: the boundary is one minute away.
    expect(nextQuotaDayStart(new Date('2026-11-01T06:59:00Z')).toISOString()).toBe(
      '2026-11-01T07:00:00.000Z',
    );
    // Exactly at a boundary, the next one is a day later.
    expect(nextQuotaDayStart(quotaDayStart('2026-05-01')).toISOString()).toBe(
      quotaDayStart('2026-05-02').toISOString(),
    );
  });

  it('is always after the instant and at most a day and an hour away', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2001-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        (instant) => {
          const next = nextQuotaDayStart(instant);
          expect(next.getTime()).toBeGreaterThan(instant.getTime());
          expect(next.getTime() - instant.getTime()).toBeLessThanOrEqual(25 * HOUR_MS);
          expect(quotaDayOf(next)).toBe(addDays(quotaDayOf(instant), 1));
        },
      ),
    );
  });

  it('adds calendar days across months, years and backwards', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-01', 0)).toBe('2026-11-01');
  });
});

describe('attributeDays', () => {
  it('gives each day to the variant swapped in at its midnight, on DST days too', () => {
    const swaps: SwapPoint[] = [
      { at: at('2026-03-07'), variant: 0 },
      { at: at('2026-03-08'), variant: 1 },
      { at: at('2026-03-09'), variant: 0 },
    ];
    expect(attributeDays(swaps, '2026-03-07', '2026-03-09')).toEqual(
      new Map([
        ['2026-03-07', 0],
        ['2026-03-08', 1],
        ['2026-03-09', 0],
      ]),
    );
    const fall: SwapPoint[] = [
      { at: at('2026-10-31'), variant: 2 },
      { at: at('2026-11-01'), variant: 0 },
      { at: at('2026-11-02'), variant: 1 },
    ];
    expect(attributeDays(fall, '2026-10-31', '2026-11-02')).toEqual(
      new Map([
        ['2026-10-31', 2],
        ['2026-11-01', 0],
        ['2026-11-02', 1],
      ]),
    );
  });

  it('still gives a day to a swap at 00:05 Pacific, not to one at 06:00', () => {
    const late: SwapPoint[] = [
      { at: at('2026-06-01', 5), variant: 0 },
      { at: at('2026-06-02', 5), variant: 1 },
      { at: at('2026-06-03', 6 * 60), variant: 0 },
    ];
    // 2 June: variant 1 from 00:05 (1435 of 1440 minutes). 3 June: variant 1 until 06:00, then
    // variant 0 for 75% of the day: a mixed day, measured for nobody. 4 June: variant 0 all day.
    expect(attributeDays(late, '2026-06-01', '2026-06-04')).toEqual(
      new Map([
        ['2026-06-01', 0],
        ['2026-06-02', 1],
        ['2026-06-04', 0],
      ]),
    );
    // The 75% day belongs to variant 0 once the rule asks for 75%.
    expect(attributeDays(late, '2026-06-03', '2026-06-03', 0.75)).toEqual(
      new Map([['2026-06-03', 0]]),
    );
  });

  it('does not attribute the original’s days, nor a day a restore cuts short', () => {
    const swaps: SwapPoint[] = [
      { at: at('2026-06-01'), variant: 0 },
      { at: at('2026-06-02'), variant: null },
      { at: at('2026-06-03'), variant: 1 },
      { at: at('2026-06-03', 12 * 60), variant: null },
    ];
    expect(attributeDays(swaps, '2026-06-01', '2026-06-05')).toEqual(new Map([['2026-06-01', 0]]));
  });

  it('never attributes a day before the first swap, and takes swaps in any order', () => {
    const swaps: SwapPoint[] = [
      { at: at('2026-06-03'), variant: 1 },
      { at: at('2026-06-02', 30), variant: 0 },
    ];
    // 2 June: variant 0 from 00:30 is 97.9% of the day; 1 June has no swap yet.
    expect(attributeDays(swaps, '2026-05-30', '2026-06-03')).toEqual(
      new Map([
        ['2026-06-02', 0],
        ['2026-06-03', 1],
      ]),
    );
    expect(attributeDays([], '2026-06-01', '2026-06-03')).toEqual(new Map());
    expect(attributeDays(swaps, '2026-06-04', '2026-06-03')).toEqual(new Map());
  });

  it('takes the later of two swaps at one instant as live', () => {
    const instant = at('2026-06-01');
    const swaps: SwapPoint[] = [
      { at: instant, variant: 0 },
      { at: instant, variant: 1 },
    ];
    expect(attributeDays(swaps, '2026-06-01', '2026-06-01')).toEqual(new Map([['2026-06-01', 1]]));
  });

  it('attributes only days in range whose variant was live ≥ minShare of the day, and all such', () => {
    // Swaps on whole minutes, so counting minute by minute is exact: an oracle independent of
    // how the module intersects intervals.
    const FIRST = '2026-10-28';
    const DAYS = 8; // spans the fall-back day
    const rangeStart = quotaDayStart(FIRST).getTime();
    const rangeMinutes = (quotaDayStart(addDays(FIRST, DAYS)).getTime() - rangeStart) / MINUTE_MS;
    const swapArb = fc.record({
      minute: fc.integer({ min: -2 * 1440, max: rangeMinutes + 1440 }),
      variant: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null, freq: 4 }),
    });
    fc.assert(
      fc.property(
        fc.array(swapArb, { maxLength: 14 }),
        fc.integer({ min: 0, max: DAYS - 1 }),
        fc.integer({ min: 0, max: DAYS - 1 }),
        fc.constantFrom(0.9, 0.75, 0.6, 1),
        (raw, a, b, minShare) => {
          const swaps = raw.map((swap) => ({
            at: new Date(rangeStart + swap.minute * MINUTE_MS),
            variant: swap.variant,
          }));
          const fromDay = addDays(FIRST, Math.min(a, b));
          const toDay = addDays(FIRST, Math.max(a, b));
          const attributed = attributeDays(swaps, fromDay, toDay, minShare);
          const ordered = swaps
            .map((swap, index) => ({ ...swap, index }))
            .sort((x, y) => x.at.getTime() - y.at.getTime() || x.index - y.index);
          for (let offset = 0; offset < DAYS; offset += 1) {
            const day = addDays(FIRST, offset);
            const start = quotaDayStart(day).getTime();
            const minutes = (quotaDayStart(addDays(day, 1)).getTime() - start) / MINUTE_MS;
            const live = new Map<number, number>();
            let next = 0; // the first swap still ahead of the minute
            for (let minute = 0; minute < minutes; minute += 1) {
              const instant = start + minute * MINUTE_MS;
              while ((ordered[next]?.at.getTime() ?? Number.POSITIVE_INFINITY) <= instant)
                next += 1;
              const current = ordered[next - 1];
              if (current && current.variant !== null) {
                live.set(current.variant, (live.get(current.variant) ?? 0) + 1);
              }
            }
            const owners = [...live].filter(([, count]) => count >= minShare * minutes);
            const inRange = day >= fromDay && day <= toDay;
            if (!inRange || owners.length === 0) {
              expect(attributed.has(day), day).toBe(false);
            } else {
              expect(
                owners.map(([variant]) => variant),
                day,
              ).toContain(attributed.get(day));
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('exposureHours', () => {
  it('counts each variant’s hours from the first swap to `until`, the original’s not at all', () => {
    const swaps: SwapPoint[] = [
      { at: at('2026-03-09'), variant: 1 },
      { at: at('2026-03-07'), variant: 0 },
      { at: at('2026-03-08'), variant: null },
    ];
    // 7 March: 24 h of variant 0; 8 March (23 h): the original; from 9 March: variant 1.
    expect(exposureHours(swaps, 3, at('2026-03-09', 90))).toEqual([24, 1.5, 0]);
    expect(exposureHours(swaps, 2, at('2026-03-06'))).toEqual([0, 0]);
    expect(exposureHours([], 2, at('2026-03-06'))).toEqual([0, 0]);
  });

  it('adds up to the time since the first swap, less the original’s', () => {
    const base = Date.parse('2026-10-25T00:00:00Z');
    const swapArb = fc.record({
      ms: fc.integer({ min: 0, max: 20 * 24 * HOUR_MS }),
      variant: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null, freq: 4 }),
    });
    fc.assert(
      fc.property(
        fc.array(swapArb, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 22 * 24 * HOUR_MS }),
        (raw, untilMs) => {
          const swaps = raw.map((swap) => ({
            at: new Date(base + swap.ms),
            variant: swap.variant,
          }));
          const until = new Date(base + untilMs);
          const hours = exposureHours(swaps, 3, until);
          const sorted = [...raw].sort((x, y) => x.ms - y.ms);
          const first = sorted[0]?.ms ?? 0;
          // Time the original was live, from the swaps as given (stable order at equal instants).
          let originalMs = 0;
          sorted.forEach((swap, index) => {
            if (swap.variant !== null) return;
            const end = Math.min(sorted[index + 1]?.ms ?? untilMs, untilMs);
            originalMs += Math.max(0, end - Math.max(swap.ms, 0));
          });
          const total = hours.reduce((sum, value) => sum + value, 0);
          expect(hours.every((value) => value >= 0)).toBe(true);
          expect(total).toBeCloseTo((Math.max(0, untilMs - first) - originalMs) / HOUR_MS, 6);
          if (raw.every((swap) => swap.variant !== null)) {
            expect(total).toBeCloseTo(Math.max(0, untilMs - first) / HOUR_MS, 6);
          }
        },
      ),
    );
  });
});
