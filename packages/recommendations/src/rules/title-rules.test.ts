import { describe, expect, it } from 'vitest';
import { textOfLength, tipFor } from '../test-support.ts';
import { shoutingWords } from './title-rules.ts';

describe('title-contains-term', () => {
  it('passes when the whole phrase is in the title, whatever the case', () => {
    expect(tipFor('title-contains-term', { title: 'My SOURDOUGH Bread recipe' }).passed).toBe(true);
  });

  it('fails when only part of the phrase or a longer word is there', () => {
    expect(
      tipFor('title-contains-term', { title: 'Sourdough recipe with bread flour' }).passed,
    ).toBe(false);
    expect(tipFor('title-contains-term', { title: 'Sourdough breadmaking' }).passed).toBe(false);
  });

  it('explains with the term', () => {
    const tip = tipFor('title-contains-term', { title: 'Baking at home' });
    expect(tip.explanation).toContain('"sourdough bread"');
    expect(tip.group).toBe('title');
  });
});

describe('title-term-early', () => {
  it.each([
    ['ab xxxxxxxxxxxxxxxxx', 0, 20, true],
    ['xxxxxxxx ab xxxxxxxx', 9, 20, true],
    ['xxxxxxxxx ab xxxxxxx', 10, 20, false],
    ['xxxxxxxx ab xxxxxxx', 9, 19, true],
    ['xxxxxxxxx ab xxxxxx', 10, 19, false],
  ])('"%s": starts at %i of %i, passes: %s', (title, position, length, passed) => {
    const tip = tipFor('title-term-early', { title, searchTerm: 'ab' });
    expect(tip.passed).toBe(passed);
    expect(tip.meta).toMatchObject({ position, length });
  });

  it('explains where the term starts and where it should', () => {
    const tip = tipFor('title-term-early', { title: 'xxxxxxxxx ab xxxxxx', searchTerm: 'ab' });
    expect(tip.explanation).toContain('character 11 of 19');
    expect(tip.explanation).toContain('by character 10');
  });

  it('fails when the term is absent', () => {
    const tip = tipFor('title-term-early', { title: 'Bread at home' });
    expect(tip.passed).toBe(false);
    expect(tip.meta.position).toBeNull();
  });

  it('counts emoji as one character', () => {
    // 4 emoji + space + "ab" + 4 emoji = 11 characters; "ab" starts at 5 < 5.5.
    const title = '🍞🍞🍞🍞 ab🍞🍞🍞🍞';
    expect(tipFor('title-term-early', { title, searchTerm: 'ab' }).meta).toMatchObject({
      position: 5,
      length: 11,
    });
  });
});

describe('title-length', () => {
  it.each([
    [39, false],
    [40, true],
    [70, true],
    [71, false],
  ])('%i characters passes: %s', (length, passed) => {
    const tip = tipFor('title-length', { title: textOfLength(length) });
    expect(tip.passed).toBe(passed);
    expect(tip.meta).toEqual({ length, min: 40, max: 70 });
    expect(tip.explanation).toContain(`${length} characters`);
  });

  it('explains what to do with the real figures', () => {
    expect(tipFor('title-length', { title: textOfLength(28) }).explanation).toBe(
      'Your title is 28 characters; aim for 40–70 (at least 12 more) so it tells people and YouTube enough about the video.',
    );
    expect(tipFor('title-length', { title: textOfLength(75) }).explanation).toContain(
      'at least 5 fewer',
    );
  });

  it('counts code points, not UTF-16 units', () => {
    expect(tipFor('title-length', { title: '😀'.repeat(40) }).meta.length).toBe(40);
  });
});

describe('title-no-shouting', () => {
  it('passes with acronyms under 4 letters and one capitalised word', () => {
    const tip = tipFor('title-no-shouting', {
      title: 'SEO tips for 4K video in the USA: BEST setup',
    });
    expect(tip.passed).toBe(true);
    expect(tip.meta.shoutingWords).toEqual(['BEST']);
  });

  it('fails with two shouting words and lists them', () => {
    const tip = tipFor('title-no-shouting', { title: 'The BEST bread EVER made' });
    expect(tip.passed).toBe(false);
    expect(tip.meta.shoutingWords).toEqual(['BEST', 'EVER']);
    expect(tip.explanation).toContain('BEST and EVER');
  });

  it('recognises capitals outside ASCII and ignores scripts without case', () => {
    expect(shoutingWords('ÉNORME GÂTEAU')).toEqual(['ÉNORME', 'GÂTEAU']);
    expect(shoutingWords("Ünlü DON'T 面包面包面包")).toEqual(["DON'T"]);
    expect(shoutingWords('MrBEAST iPhone HTML5')).toEqual(['HTML5']);
  });
});
