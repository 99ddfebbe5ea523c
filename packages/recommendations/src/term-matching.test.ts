import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTermMentions, findTermMentions, normalizeTerm, sameTerm } from './term-matching.ts';

describe('countTermMentions', () => {
  it.each([
    ['Sourdough bread, SOURDOUGH BREAD and sourdough   bread', 'sourdough bread', 3],
    ['sourdough\nbread', 'sourdough bread', 1],
    ['sourdough breads and breadsourdough', 'sourdough bread', 0],
    ['seo, Seoul, #seo, seo-tips, seo_tips', 'SEO', 3],
    ["the creator's guide", 'creator', 1],
    ['Crème brûlée! CRÈME BRÛLÉE.', 'crème brûlée', 2],
    // Decomposed é (e + U+0300) matches the precomposed term.
    ['cre\u0300me', 'crème', 1],
    ['用SEO做视频', 'seo', 1],
    ['我喜欢学习中文，学习很有趣', '学习', 2],
    ['C++ and c++ tips', 'c++', 2],
    ['asp.net core', '.net', 1],
    ['a (b) c', '(b)', 1],
    ['anything', '', 0],
    ['anything', '   ', 0],
    ['la la la la', 'la la', 2],
  ])('%j mentions %j %i times', (text, term, count) => {
    expect(countTermMentions(text, term)).toBe(count);
  });

  it('treats null as no term', () => {
    expect(countTermMentions('text', null)).toBe(0);
  });

  it('finds a word inserted between spaces, in any case', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{1,10}$/),
        fc.array(fc.stringMatching(/^[0-9]{1,5}$/), { maxLength: 5 }),
        fc.array(fc.stringMatching(/^[0-9]{1,5}$/), { maxLength: 5 }),
        (term, before, after) => {
          const text = [...before, term.toUpperCase(), ...after].join(' ');
          expect(countTermMentions(text, term)).toBe(1);
        },
      ),
    );
  });

  it('never throws on any term, whatever characters it has', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, term) => {
        expect(countTermMentions(text, term)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('findTermMentions', () => {
  it('reports code-point positions', () => {
    expect(findTermMentions('😀😀 bread', 'bread')).toEqual([{ start: 3, end: 8 }]);
  });
});

describe('normalizeTerm and sameTerm', () => {
  it('trims and collapses spaces, null when blank', () => {
    expect(normalizeTerm('  a \t b ')).toBe('a b');
    expect(normalizeTerm(' ')).toBeNull();
    expect(normalizeTerm(null)).toBeNull();
  });

  it('compares case-insensitively', () => {
    expect(sameTerm(' Sourdough Bread', 'sourdough  bread')).toBe(true);
    expect(sameTerm('bread', 'breads')).toBe(false);
    expect(sameTerm('', '')).toBe(false);
  });
});
