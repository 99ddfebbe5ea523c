// The click-through curve and the visibility score: the documented values, and the invariants
// the movement view relies on (score within 0–100, a better rank never lowers it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clickThroughRate,
  CTR_TOP_10,
  ctrCurve,
  scoreOf,
  visibilityScore,
  type WeightedRank,
} from './ctr-curve.ts';

const DEPTH = 50;

const keywordArb = (depth: number) =>
  fc.record({
    weight: fc.integer({ min: 0, max: 1_000_000 }),
    position: fc.option(fc.integer({ min: 1, max: depth + 10 }), { nil: null }),
  });

describe('clickThroughRate', () => {
  it('follows the documented curve: the top 10, then a 15 % decay per position', () => {
    expect(clickThroughRate(1, DEPTH)).toBe(0.276);
    expect(clickThroughRate(3, DEPTH)).toBe(0.11);
    expect(clickThroughRate(10, DEPTH)).toBe(0.024);
    expect(clickThroughRate(11, DEPTH)).toBeCloseTo(0.024 * 0.85, 10);
    expect(clickThroughRate(20, DEPTH)).toBeCloseTo(0.0047, 4);
  });

  it('is 0 for no rank and beyond the checked depth', () => {
    expect(clickThroughRate(null, DEPTH)).toBe(0);
    expect(clickThroughRate(DEPTH + 1, DEPTH)).toBe(0);
    expect(clickThroughRate(11, 10)).toBe(0);
    expect(clickThroughRate(0, DEPTH)).toBe(0);
    expect(clickThroughRate(Number.NaN, DEPTH)).toBe(0);
  });

  it('never rises with the position and stays positive within the depth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 200 }), (p, d) => {
        const rate = clickThroughRate(p, d);
        expect(rate).toBeLessThanOrEqual(CTR_TOP_10[0]);
        expect(clickThroughRate(p + 1, d)).toBeLessThanOrEqual(rate);
        if (p <= d) expect(rate).toBeGreaterThan(0);
      }),
    );
  });

  it('ctrCurve lists positions 1…depth', () => {
    const curve = ctrCurve(DEPTH);
    expect(curve).toHaveLength(DEPTH);
    expect(curve[0]).toBe(0.276);
    expect(curve[DEPTH - 1]).toBe(clickThroughRate(DEPTH, DEPTH));
  });
});

describe('visibilityScore', () => {
  it('is 100 when every keyword ranks first, 0 with no rank, and weights by volume', () => {
    expect(visibilityScore([{ weight: 100, position: 1 }], DEPTH)).toBe(100);
    expect(visibilityScore([{ weight: 100, position: null }], DEPTH)).toBe(0);
    expect(visibilityScore([], DEPTH)).toBe(0);
    expect(visibilityScore([{ weight: 0, position: 1 }], DEPTH)).toBe(0);
    // Position 3 keeps 0.11 / 0.276 of the clicks of position 1.
    expect(visibilityScore([{ weight: 10, position: 3 }], DEPTH)).toBe(39.9);
    // The heavy keyword at 1 and a light one without rank: 1000 / 1010 of the maximum.
    expect(
      visibilityScore(
        [
          { weight: 1000, position: 1 },
          { weight: 10, position: null },
        ],
        DEPTH,
      ),
    ).toBe(99);
  });

  it('stays within 0–100', () => {
    fc.assert(
      fc.property(fc.array(keywordArb(DEPTH), { maxLength: 50 }), (keywords) => {
        const score = visibilityScore(keywords, DEPTH);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('never drops when a keyword ranks better (or gains a rank)', () => {
    fc.assert(
      fc.property(
        fc.array(keywordArb(DEPTH), { minLength: 1, maxLength: 50 }),
        fc.nat(),
        fc.integer({ min: 1, max: DEPTH }),
        (keywords, pick, better) => {
          const i = pick % keywords.length;
          const current = keywords[i]!.position;
          fc.pre(current === null || better < current);
          const improved: WeightedRank[] = keywords.map((k, j) =>
            j === i ? { ...k, position: better } : k,
          );
          expect(visibilityScore(improved, DEPTH)).toBeGreaterThanOrEqual(
            visibilityScore(keywords, DEPTH),
          );
        },
      ),
    );
  });

  it('does not depend on the unit of the weights', () => {
    fc.assert(
      fc.property(
        fc.array(keywordArb(DEPTH), { maxLength: 30 }),
        fc.integer({ min: 2, max: 100 }),
        (keywords, factor) => {
          const scaled = keywords.map((k) => ({ ...k, weight: k.weight * factor }));
          // Equal up to the rounding to one decimal.
          expect(
            Math.abs(visibilityScore(scaled, DEPTH) - visibilityScore(keywords, DEPTH)),
          ).toBeLessThanOrEqual(0.1 + 1e-9);
        },
      ),
    );
  });

  it('scoreOf is 0 without weight', () => {
    expect(scoreOf(0, 0)).toBe(0);
    expect(scoreOf(Number.NaN, Number.NaN)).toBe(0);
  });
});
