import { describe, expect, it } from 'vitest';
import { impactBand, levelBand } from './format.ts';

describe('score bands', () => {
  it('bands levels by LOW_LEVEL/HIGH_LEVEL and impact by its thresholds', () => {
    expect([0, 39, 40, 79, 80, 100].map(levelBand)).toEqual([
      'Low',
      'Low',
      'Medium',
      'Medium',
      'High',
      'High',
    ]);
    expect([29, 30, 59, 60].map(impactBand)).toEqual(['Low', 'Medium', 'Medium', 'High']);
  });
});
