import { describe, expect, it } from 'vitest';
import {
  estimatedEnd,
  intervalText,
  labsErrorText,
  nextDay,
  pacificDay,
  pacificMidnight,
  probabilityText,
  timelineDays,
} from './labs-format.ts';
import { buildTest, buildVariant } from './testing/labs-server.ts';
import { ApiError } from '../../lib/api-error.ts';

describe('quota days (midnight Pacific)', () => {
  it('finds midnight Pacific in winter (UTC−8) and summer (UTC−7)', () => {
    expect(new Date(pacificMidnight('2026-11-27')).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(new Date(pacificMidnight('2026-07-04')).toISOString()).toBe('2026-07-04T07:00:00.000Z');
  });
  it('names the quota day of an instant and the next one, across the clock change', () => {
    expect(pacificDay(Date.parse('2026-11-27T07:59:00.000Z'))).toBe('2026-11-26');
    expect(pacificDay(Date.parse('2026-11-27T08:00:00.000Z'))).toBe('2026-11-27');
    expect(nextDay('2026-10-31')).toBe('2026-11-01');
    expect(nextDay('2026-11-01')).toBe('2026-11-02');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
  it('estimates the end as full quota days after the next midnight', () => {
    const now = Date.parse('2026-11-27T17:00:00.000Z');
    expect(new Date(estimatedEnd(now, 6)).toISOString()).toBe('2026-12-04T08:00:00.000Z');
  });
});

describe('labs texts', () => {
  it('writes probabilities and intervals per metric', () => {
    expect([0, 0.004, 0.5, 0.996, 1].map(probabilityText)).toEqual([
      '0%',
      '<1%',
      '50%',
      '>99%',
      '100%',
    ]);
    const v = buildVariant('A', { interval: { low: 120.4, high: 1480.6 } });
    expect(intervalText('viewsPerDay', v)).toBe('120 views/day to 1,481 views/day');
    expect(intervalText('averageViewPercentage', buildVariant('B', { interval: null }))).toBe(
      'Not enough measured days yet',
    );
  });
  it('says the errors a start or stop may meet in words', () => {
    const err = (code: string) => new ApiError({ status: 409, code, message: 'server says' });
    expect(labsErrorText(err('thumbnail-test-running'))).toMatch(
      /^This video already has a running test/,
    );
    expect(labsErrorText(err('thumbnail-test-ended'))).toBe('This test has already ended.');
    expect(labsErrorText(err('other'))).toBe('server says');
  });
});

describe('the rotation row', () => {
  it('shows the variant live for most of each day, and a stopped test up to its end', () => {
    const test = buildTest({
      status: 'stopped',
      endedAt: '2026-11-22T20:00:00.000Z',
      windows: [
        {
          variantId: 'variant-A',
          startedAt: '2026-11-20T18:00:00.000Z',
          endedAt: '2026-11-22T08:00:00.000Z',
        },
        {
          variantId: 'variant-B',
          startedAt: '2026-11-22T08:00:00.000Z',
          endedAt: '2026-11-22T20:00:00.000Z',
        },
      ],
    });
    const days = timelineDays(test, Date.parse('2026-11-25T00:00:00.000Z'));
    expect(days.map((d) => [d.day, d.variantIndex, d.today])).toEqual([
      ['2026-11-20', 0, false],
      ['2026-11-21', 0, false],
      ['2026-11-22', 1, false],
    ]);
  });
});
