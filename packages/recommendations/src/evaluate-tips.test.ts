import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateTips } from './evaluate-tips.ts';
import { goodInput, ruleInputArbitrary } from './test-support.ts';
import { TIP_GROUP_BY_TYPE, TIP_TYPES, isTipType, type TipType } from './tips.ts';

describe('TIP_TYPES', () => {
  it('keeps its stable order (append new types; never renumber)', () => {
    expect(TIP_TYPES).toEqual([
      'search-term-chosen',
      'title-contains-term',
      'title-term-early',
      'title-length',
      'title-no-shouting',
      'description-starts-with-term',
      'description-term-count',
      'description-word-count',
      'description-chapters',
      'description-hashtags',
      'tags-first-is-term',
      'tags-length-used',
      'tags-recommended-used',
      'thumbnail-custom-hd',
      'default-language',
      'captions',
      'in-playlist',
    ]);
    expect(Object.isFrozen(TIP_TYPES)).toBe(true);
  });

  it('recognises tip types among strings', () => {
    expect(isTipType('captions')).toBe(true);
    expect(isTipType('nope')).toBe(false);
  });
});

describe('evaluateTips', () => {
  it('returns one tip per type, in order, with its index and group', () => {
    const tips = evaluateTips(goodInput());
    expect(tips.map((tip) => tip.type)).toEqual(TIP_TYPES);
    tips.forEach((tip, index) => {
      expect(tip.index).toBe(index);
      expect(tip.group).toBe(TIP_GROUP_BY_TYPE[tip.type]);
      expect(tip.label).not.toBe('');
    });
  });

  it('passes every tip for the reference video', () => {
    expect(evaluateTips(goodInput()).filter((tip) => !tip.passed)).toEqual([]);
  });

  it('marks ignored tips and still evaluates them', () => {
    const tips = evaluateTips(goodInput({ hasCaptions: false }), ['captions', 'in-playlist']);
    const captions = tips.find((tip) => tip.type === 'captions');
    expect(captions).toMatchObject({ ignored: true, applicable: true, passed: false });
    expect(tips.filter((tip) => tip.ignored).map((tip) => tip.type)).toEqual([
      'captions',
      'in-playlist',
    ]);
  });

  it('accepts any iterable and ignores unknown types from storage', () => {
    const ignored = new Set(['captions', 'no-such-tip'] as TipType[]);
    const tips = evaluateTips(goodInput(), ignored);
    expect(tips.filter((tip) => tip.ignored).map((tip) => tip.type)).toEqual(['captions']);
  });

  it('returns well-formed, JSON-serialisable tips for any input', () => {
    fc.assert(
      fc.property(ruleInputArbitrary, fc.subarray([...TIP_TYPES]), (input, ignored) => {
        const tips = evaluateTips(input, ignored);
        expect(tips).toHaveLength(TIP_TYPES.length);
        for (const tip of tips) {
          expect(JSON.parse(JSON.stringify(tip))).toEqual(tip);
          expect(tip.explanation.length).toBeGreaterThan(10);
          expect(tip.ignored).toBe(ignored.includes(tip.type));
          if (!tip.applicable) expect(tip.passed).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
