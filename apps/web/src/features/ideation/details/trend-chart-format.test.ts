import { describe, expect, it } from 'vitest';
import { trendAxisLabel } from './trend-chart-format.ts';

describe('trendAxisLabel', () => {
  it('writes axis values as compact numbers', () => {
    expect(trendAxisLabel(0)).toBe('0');
    expect(trendAxisLabel(950)).toBe('950');
    expect(trendAxisLabel(10_000)).toBe('10K');
    expect(trendAxisLabel(40_000)).toBe('40K');
    expect(trendAxisLabel(12_345)).toBe('12.3K');
    expect(trendAxisLabel(1_500_000)).toBe('1.5M');
  });

  it('leaves a missing value blank', () => {
    expect(trendAxisLabel(null)).toBe('');
  });
});
