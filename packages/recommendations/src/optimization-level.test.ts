import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateTips } from './evaluate-tips.ts';
import { optimizationLevel } from './optimization-level.ts';
import { goodInput } from './test-support.ts';
import { TIP_TYPES, type Tip } from './tips.ts';

const tipArbitrary: fc.Arbitrary<Tip> = fc
  .record({
    type: fc.constantFrom(...TIP_TYPES),
    applicable: fc.boolean(),
    passed: fc.boolean(),
    ignored: fc.boolean(),
  })
  .map(({ type, applicable, passed, ignored }) => ({
    type,
    index: TIP_TYPES.indexOf(type),
    group: 'other',
    applicable,
    passed: applicable && passed,
    ignored,
    label: 'label',
    explanation: 'explanation',
    meta: {},
  }));

const counts = (tip: Tip) => tip.applicable && !tip.ignored;

describe('optimizationLevel', () => {
  it('is the rounded share of counted tips that pass', () => {
    const tips = evaluateTips(
      goodInput({ defaultLanguage: null, hasCaptions: false, playlistCount: null }),
    );
    // 16 tips count (in-playlist is unknown), 14 pass.
    expect(optimizationLevel(tips)).toBe(Math.round((100 * 14) / 16));
    expect(optimizationLevel(evaluateTips(goodInput()))).toBe(100);
  });

  it('leaves ignored tips out', () => {
    const tips = evaluateTips(goodInput({ hasCaptions: false }), ['captions']);
    expect(optimizationLevel(tips)).toBe(100);
  });

  it('is 100 when no tip counts', () => {
    expect(optimizationLevel([])).toBe(100);
    const tips = evaluateTips(goodInput({ searchTerm: null }), TIP_TYPES);
    expect(optimizationLevel(tips)).toBe(100);
  });

  it('is always an integer in 0..100', () => {
    fc.assert(
      fc.property(fc.array(tipArbitrary, { maxLength: 200 }), (tips) => {
        const level = optimizationLevel(tips);
        expect(Number.isInteger(level)).toBe(true);
        expect(level).toBeGreaterThanOrEqual(0);
        expect(level).toBeLessThanOrEqual(100);
      }),
      { numRuns: 1000 },
    );
  });

  it('never falls when a failing tip that counts starts passing (and rises with up to 100 tips)', () => {
    fc.assert(
      fc.property(
        fc.array(tipArbitrary, { minLength: 1, maxLength: 200 }),
        fc.nat(),
        (tips, pick) => {
          const failing = tips.flatMap((tip, index) => (counts(tip) && !tip.passed ? [index] : []));
          fc.pre(failing.length > 0);
          const fixedIndex = failing[pick % failing.length] ?? 0;
          const fixed = tips.map((tip, index) =>
            index === fixedIndex ? { ...tip, passed: true } : tip,
          );
          const before = optimizationLevel(tips);
          const after = optimizationLevel(fixed);
          expect(after).toBeGreaterThanOrEqual(before);
          // One pass more moves the share by 100/n ≥ 1 point, which rounding cannot swallow.
          if (tips.filter(counts).length <= 100) expect(after).toBeGreaterThan(before);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
