import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateTips } from './evaluate-tips.ts';
import { optimizationImpact, type ImpactInput } from './optimization-impact.ts';
import { optimizationLevel } from './optimization-level.ts';
import { ruleInputArbitrary } from './test-support.ts';
import { TIP_TYPES, type RuleInput } from './tips.ts';

const RUNS = { numRuns: 3000 };

// Realistic ranges, integers and doubles, with nulls for unknown figures.
const volume = fc.option(
  fc.oneof(
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.double({ min: 0, max: 10_000_000, noNaN: true }),
    fc.constantFrom(0, 1, 10, 999_999, 1_000_000, 1_000_001),
  ),
  { nil: null },
);
const competition = fc.option(
  fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.5, 1)),
  { nil: null },
);
const rankedPosition = fc.oneof(
  fc.integer({ min: 1, max: 200 }),
  fc.constantFrom(1, 2, 20, 21, 22),
);
const position = fc.option(rankedPosition, { nil: null });
const level = fc.oneof(
  fc.integer({ min: 0, max: 100 }),
  fc.double({ min: 0, max: 100, noNaN: true }),
);
const impactInput: fc.Arbitrary<ImpactInput> = fc.record({ volume, competition, position, level });

describe('optimizationImpact', () => {
  it('matches the formula on worked examples', () => {
    // 100 × opportunity(1,000,000) 1 × ease(0) 1 × headroom(unranked) 1 × room(0) 1
    expect(
      optimizationImpact({ volume: 1_000_000, competition: 0, position: null, level: 0 }),
    ).toBe(100);
    // 100 × (0.25 + 0.75 × log10(10,001)/6) × (1 − 0.7 × 0.4) × 1 × 0.6
    const expected = 100 * (0.25 + (0.75 * Math.log10(10_001)) / 6) * 0.72 * 0.6;
    expect(
      optimizationImpact({ volume: 10_000, competition: 0.4, position: null, level: 40 }),
    ).toBe(Math.round(expected));
    // Position 11: headroom 0.1 + 0.9 × 10/20 = 0.55.
    expect(optimizationImpact({ volume: 10_000, competition: 0.4, position: 11, level: 40 })).toBe(
      Math.round(expected * 0.55),
    );
  });

  it('treats unknown volume as 0 and unknown competition as 0.5', () => {
    fc.assert(
      fc.property(competition, position, level, (c, p, l) => {
        expect(optimizationImpact({ volume: null, competition: c, position: p, level: l })).toBe(
          optimizationImpact({ volume: 0, competition: c, position: p, level: l }),
        );
      }),
    );
    fc.assert(
      fc.property(volume, position, level, (v, p, l) => {
        expect(optimizationImpact({ volume: v, competition: null, position: p, level: l })).toBe(
          optimizationImpact({ volume: v, competition: 0.5, position: p, level: l }),
        );
      }),
    );
  });

  it('is never 0 for an unranked video, even fully optimised without volume', () => {
    expect(optimizationImpact({ volume: null, competition: 1, position: null, level: 100 })).toBe(
      1,
    );
  });

  it('survives figures out of range', () => {
    for (const odd of [NaN, -5, Infinity, -Infinity, 1e308]) {
      const impact = optimizationImpact({
        volume: odd,
        competition: odd,
        position: odd,
        level: odd,
      });
      expect(Number.isInteger(impact) && impact >= 0 && impact <= 100).toBe(true);
    }
  });

  // Property 4 (first half): the range.
  it('is always an integer in 0..100', () => {
    fc.assert(
      fc.property(impactInput, (input) => {
        const impact = optimizationImpact(input);
        expect(Number.isInteger(impact)).toBe(true);
        expect(impact).toBeGreaterThanOrEqual(0);
        expect(impact).toBeLessThanOrEqual(100);
      }),
      RUNS,
    );
  });

  // Property 1: applying a tip never raises impact.
  it('never rises with a higher level, all else equal', () => {
    fc.assert(
      fc.property(impactInput, level, (input, otherLevel) => {
        const [low, high] = [input.level, otherLevel].sort((a, b) => a - b) as [number, number];
        expect(optimizationImpact({ ...input, level: high })).toBeLessThanOrEqual(
          optimizationImpact({ ...input, level: low }),
        );
      }),
      RUNS,
    );
  });

  it('never rises when evaluateTips sees failing tips start passing', () => {
    // Fixes that make one tip pass without touching what the other rules read.
    const fixes: Record<string, (input: RuleInput) => RuleInput> = {
      'default-language': (input) => ({ ...input, defaultLanguage: 'en' }),
      captions: (input) => ({ ...input, hasCaptions: true }),
      'in-playlist': (input) => ({ ...input, playlistCount: 2 }),
      'thumbnail-custom-hd': (input) => ({ ...input, thumbnail: { width: 1920, height: 1080 } }),
      'title-length': (input) => ({
        ...input,
        title: `${input.title} ${'x'.repeat(60)}`.slice(-60),
      }),
    };
    fc.assert(
      fc.property(
        ruleInputArbitrary,
        fc.subarray(Object.keys(fixes), { minLength: 1 }),
        fc.subarray([...TIP_TYPES]),
        volume,
        competition,
        position,
        (input, chosen, ignored, v, c, p) => {
          const before = evaluateTips(input, ignored);
          const fixedInput = chosen.reduce(
            (current, name) => fixes[name]?.(current) ?? current,
            input,
          );
          const after = evaluateTips(fixedInput, ignored);
          const passing = (tips: typeof before) =>
            new Set(tips.filter((tip) => tip.passed).map((tip) => tip.type));
          const passedBefore = passing(before);
          const passedAfter = passing(after);
          // Only look at changes from fail to pass: nothing that passed may start failing.
          fc.pre([...passedBefore].every((type) => passedAfter.has(type)));
          fc.pre(before.every((tip, i) => !tip.applicable || after[i]?.applicable));

          const levelBefore = optimizationLevel(before);
          const levelAfter = optimizationLevel(after);
          expect(levelAfter).toBeGreaterThanOrEqual(levelBefore);
          // A tip that counted and failed before and passes now must raise the level.
          const newlyPassing = after.some(
            (tip, i) => tip.passed && !tip.ignored && before[i]?.applicable && !before[i]?.passed,
          );
          if (newlyPassing) expect(levelAfter).toBeGreaterThan(levelBefore);

          const impactOf = (l: number) =>
            optimizationImpact({ volume: v, competition: c, position: p, level: l });
          expect(impactOf(levelAfter)).toBeLessThanOrEqual(impactOf(levelBefore));
        },
      ),
      { numRuns: 500 },
    );
  });

  // Property 2.
  it('never falls with a higher volume, all else equal', () => {
    fc.assert(
      fc.property(impactInput, volume, (input, otherVolume) => {
        const [low, high] = [input.volume ?? 0, otherVolume ?? 0].sort((a, b) => a - b) as [
          number,
          number,
        ];
        expect(optimizationImpact({ ...input, volume: high })).toBeGreaterThanOrEqual(
          optimizationImpact({ ...input, volume: low }),
        );
      }),
      RUNS,
    );
  });

  // Property 3.
  it('is strictly lower for the first result than for the same video unranked', () => {
    fc.assert(
      fc.property(volume, competition, level, (v, c, l) => {
        expect(
          optimizationImpact({ volume: v, competition: c, position: 1, level: l }),
        ).toBeLessThan(optimizationImpact({ volume: v, competition: c, position: null, level: l }));
      }),
      RUNS,
    );
  });

  // Property 4 (second half).
  it('never falls with a worse position, and unranked is the worst', () => {
    fc.assert(
      fc.property(impactInput, rankedPosition, rankedPosition, (input, a, b) => {
        const [better, worse] = [a, b].sort((x, y) => x - y) as [number, number];
        const at = (p: number | null) => optimizationImpact({ ...input, position: p });
        expect(at(worse)).toBeGreaterThanOrEqual(at(better));
        expect(at(null)).toBeGreaterThanOrEqual(at(worse));
      }),
      RUNS,
    );
  });
});
