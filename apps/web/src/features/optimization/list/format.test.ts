import { describe, expect, it } from 'vitest';
import { impactValueText, levelColor, levelValueText } from './format.ts';

describe('level and impact presentation', () => {
  it('colours a level as progress: brand colour until optimised (80), then green; never red', () => {
    expect([0, 39, 40, 79].map(levelColor)).toEqual(['primary', 'primary', 'primary', 'primary']);
    expect([80, 100].map(levelColor)).toEqual(['success', 'success']);
  });

  it('reads level as progress and impact as what is left to gain', () => {
    expect(levelValueText(45)).toBe('45% of tips applied');
    expect(impactValueText(6)).toBe('6 of 100 left to gain');
  });
});
