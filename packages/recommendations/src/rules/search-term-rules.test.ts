import { describe, expect, it } from 'vitest';
import { evaluateTips } from '../evaluate-tips.ts';
import { goodInput, tipFor } from '../test-support.ts';
import type { TipType } from '../tips.ts';

const TERM_RULES: TipType[] = [
  'title-contains-term',
  'title-term-early',
  'description-starts-with-term',
  'description-term-count',
  'tags-first-is-term',
];

describe('search-term-chosen', () => {
  it('passes with a term and reports it trimmed', () => {
    const tip = tipFor('search-term-chosen', { searchTerm: '  sourdough   bread ' });
    expect(tip).toMatchObject({ applicable: true, passed: true, group: 'search-term' });
    expect(tip.meta.searchTerm).toBe('sourdough bread');
  });

  it.each([null, '', '   \n'])('fails without a term (%j)', (searchTerm) => {
    const tip = tipFor('search-term-chosen', { searchTerm });
    expect(tip).toMatchObject({ applicable: true, passed: false });
    expect(tip.explanation).toMatch(/^Choose a search term first/);
  });

  it('makes every rule that needs the term count and fail, asking for a term first', () => {
    const tips = evaluateTips(goodInput({ searchTerm: ' ' }));
    for (const type of TERM_RULES) {
      const tip = tips.find((candidate) => candidate.type === type);
      expect(tip, type).toMatchObject({ applicable: true, passed: false });
      expect(tip?.meta.needsSearchTerm, type).toBe(true);
      expect(tip?.explanation, type).toMatch(/^Choose a search term first/);
    }
  });

  it('marks term rules as not needing a term once there is one', () => {
    const tips = evaluateTips(goodInput());
    for (const type of TERM_RULES) {
      expect(tips.find((tip) => tip.type === type)?.meta.needsSearchTerm, type).toBe(false);
    }
  });
});
