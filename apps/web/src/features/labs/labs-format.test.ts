import { describe, expect, it } from 'vitest';
import {
  decisionText,
  estimatedEnd,
  ORIGINAL_PENDING,
  ORIGINAL_RESTORED,
  stoppedText,
  intervalText,
  labsErrorText,
  nextDay,
  pacificDay,
  pacificMidnight,
  probabilityText,
  testNow,
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

  it('takes today from the test when the browser clock is behind the server, late swap included', () => {
    // The server is on Nov 23 (its swap to C made at 17:00 Pacific); the browser still on Nov 20.
    const test = buildTest({
      windows: [
        {
          variantId: 'variant-A',
          startedAt: '2026-11-20T18:00:00.000Z',
          endedAt: '2026-11-22T08:00:00.000Z',
        },
        {
          variantId: 'variant-B',
          startedAt: '2026-11-22T08:00:00.000Z',
          endedAt: '2026-11-24T01:00:00.000Z',
        },
        { variantId: 'variant-C', startedAt: '2026-11-24T01:00:00.000Z', endedAt: null },
      ],
    });
    const now = testNow(test, Date.parse('2026-11-20T19:00:00.000Z'));
    expect(new Date(now).toISOString()).toBe('2026-11-24T01:00:00.000Z');
    const days = timelineDays(test, now);
    expect(days.map((d) => [d.day, d.variantIndex, d.today, d.future])).toEqual([
      ['2026-11-20', 0, false, false],
      ['2026-11-21', 0, false, false],
      ['2026-11-22', 1, false, false],
      ['2026-11-23', 2, true, false],
      ['2026-11-24', null, false, true],
      ['2026-11-25', null, false, true],
      ['2026-11-26', null, false, true],
    ]);
    // A browser ahead of the next swap is held before it.
    expect(testNow(test, Date.parse('2026-11-30T00:00:00.000Z'))).toBe(
      Date.parse('2026-11-24T08:00:00.000Z') - 1,
    );
  });
});

describe('what a stop says', () => {
  const stop = {
    winnerVariantId: null,
    probability: null,
    reason: 'stopped' as const,
    applied: 'original' as const,
    decidedAt: '2026-11-23T10:00:00.000Z',
  };
  it('says the original is back only once it is', () => {
    const stopped = buildTest({ status: 'stopped', decision: stop });
    expect(stoppedText(stopped)).toBe(ORIGINAL_RESTORED);
    expect(decisionText(stopped)?.body).toBe(`${ORIGINAL_RESTORED}.`);
    const ending = buildTest({ status: 'ending', decision: stop });
    expect(stoppedText(ending)).toBe(ORIGINAL_PENDING);
    expect(decisionText(ending)?.body).toBe(`${ORIGINAL_PENDING}.`);
  });
  it('says what is live when the test had ended on its own before the stop', () => {
    const won = buildTest({
      status: 'completed',
      decision: {
        winnerVariantId: 'variant-B',
        probability: 0.98,
        reason: 'duration-ended',
        applied: 'winner',
        decidedAt: '2026-11-27T08:05:00.000Z',
      },
    });
    expect(stoppedText(won)).toBe('Winner: B');
  });
});
