import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatPageRange, formatRelativeDate } from './format.ts';

describe('number and date formatting', () => {
  it('shows views as compact numbers', () => {
    expect(formatCompactNumber(999)).toBe('999');
    expect(formatCompactNumber(12_345)).toBe('12.3K');
    expect(formatCompactNumber(1_250_000)).toBe('1.3M');
  });

  it('shows the pagination range with thousands separators', () => {
    expect(formatPageRange(1, 50, 1234)).toBe('1–50 of 1,234');
  });

  it('shows relative dates', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const day = 86_400_000;
    expect(formatRelativeDate(ago(10_000), now)).toBe('just now');
    expect(formatRelativeDate(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeDate(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeDate(ago(day), now)).toBe('yesterday');
    expect(formatRelativeDate(ago(3 * day), now)).toBe('3 days ago');
    expect(formatRelativeDate(ago(15 * day), now)).toBe('2 weeks ago');
    expect(formatRelativeDate(ago(65 * day), now)).toBe('2 months ago');
    expect(formatRelativeDate(ago(800 * day), now)).toBe('2 years ago');
  });
});
