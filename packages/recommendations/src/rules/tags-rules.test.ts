import { describe, expect, it } from 'vitest';
import { platformTagsLength } from '../platform-limits.ts';
import { tipFor } from '../test-support.ts';

describe('tags-first-is-term', () => {
  it('passes when the first tag is the term, ignoring case and spacing', () => {
    const tip = tipFor('tags-first-is-term', { tags: ['  Sourdough  BREAD ', 'bread'] });
    expect(tip.passed).toBe(true);
    expect(tip.group).toBe('tags');
  });

  it('fails when the term is a later tag', () => {
    const tip = tipFor('tags-first-is-term', { tags: ['bread', 'sourdough bread'] });
    expect(tip.passed).toBe(false);
    expect(tip.meta.firstTag).toBe('bread');
    expect(tip.explanation).toContain('Your first tag is "bread"; put "sourdough bread" first');
  });

  it('fails without tags', () => {
    const tip = tipFor('tags-first-is-term', { tags: [] });
    expect(tip.passed).toBe(false);
    expect(tip.explanation).toContain('You have no tags yet');
  });
});

describe('tags-length-used', () => {
  // Five tags of 49 characters and their commas take 250; the sixth tag makes up the rest.
  const tagsOfLength = (length: number) => [
    ...Array.from({ length: 5 }, () => 'x'.repeat(49)),
    'y'.repeat(length - 250),
  ];

  it.each([
    [299, false],
    [300, true],
  ])('%i characters passes: %s', (length, passed) => {
    const tags = tagsOfLength(length);
    expect(platformTagsLength(tags)).toBe(length);
    const tip = tipFor('tags-length-used', { tags });
    expect(tip.passed).toBe(passed);
    expect(tip.meta).toEqual({ used: length, target: 300, max: 500 });
  });

  it('explains with the figures', () => {
    expect(tipFor('tags-length-used', { tags: ['bread baking'] }).explanation).toContain(
      'Your tags use 14 of 500 characters',
    );
  });
});

describe('tags-recommended-used', () => {
  const recommendedTags = ['levain', 'Crumb', 'bread flour', 'starter', 'proofing'];

  it('passes with 3 recommended tags, in any case', () => {
    const tip = tipFor('tags-recommended-used', {
      recommendedTags,
      tags: ['LEVAIN', 'crumb', 'bread flour', 'other'],
    });
    expect(tip.passed).toBe(true);
    expect(tip.meta).toMatchObject({
      used: ['levain', 'Crumb', 'bread flour'],
      missing: ['starter', 'proofing'],
      required: 3,
    });
  });

  it('fails with 2 and lists the missing ones', () => {
    const tip = tipFor('tags-recommended-used', { recommendedTags, tags: ['levain', 'crumb'] });
    expect(tip.passed).toBe(false);
    expect(tip.meta.missing).toEqual(['bread flour', 'starter', 'proofing']);
    expect(tip.explanation).toContain('add at least 1 more, such as "bread flour", "starter"');
  });

  it('asks for all of them when fewer than 3 are recommended', () => {
    expect(
      tipFor('tags-recommended-used', { recommendedTags: ['a', 'b'], tags: ['a', 'b'] }).passed,
    ).toBe(true);
    const tip = tipFor('tags-recommended-used', { recommendedTags: ['a', 'b'], tags: ['a'] });
    expect(tip.passed).toBe(false);
    expect(tip.meta.required).toBe(2);
  });

  it('lists at most 10 missing tags', () => {
    const many = Array.from({ length: 14 }, (_, index) => `tag ${index}`);
    expect(
      tipFor('tags-recommended-used', { recommendedTags: many, tags: [] }).meta.missing,
    ).toEqual(many.slice(0, 10));
  });

  it('is not applicable without recommended tags', () => {
    for (const none of [[], ['  ']]) {
      const tip = tipFor('tags-recommended-used', { recommendedTags: none });
      expect(tip).toMatchObject({ applicable: false, passed: false });
    }
  });
});
