// What "about a term" and "related to a seed" mean for search results, ideas and inferred topics.
import { describe, expect, it } from 'vitest';
import { isAbout, meaningfulWords, sharesWord, stem } from './keyword-words.ts';

describe('keyword words', () => {
  it('keeps the words that carry meaning', () => {
    expect(meaningfulWords('How to make the BEST Bagels at home (easy!)')).toEqual([
      'bagels',
      'home',
      'easy',
    ]);
    expect(meaningfulWords('UFC 300: Pereira vs. Hill')).toEqual(['ufc', '300', 'pereira', 'hill']);
    expect(meaningfulWords('Wie backe ich ein Brot?')).toEqual(['backe', 'brot']);
  });

  it.each([
    ['bagels', 'bagel'],
    ['recipes', 'recipe'],
    ['berries', 'berry'],
    ['glass', 'glass'],
    ['ufc', 'ufc'],
  ])('stems %s as %s', (word, expected) => expect(stem(word)).toBe(expected));

  it.each([
    ['Max Holloway vs Justin Gaethje', 'max holloway', true],
    ['Smiling Friends | adult swim', 'max holloway', false],
    ['UFC 300: Pre-Fight Press Conference', 'ufc 300 press conference', true],
    ['Arsenal press conference', 'ufc 300 press conference', false],
    ['Easy homemade BAGELS', 'bagel recipe', false],
    ['Bagel recipes for beginners', 'bagel recipe', true],
    ['anything at all', '', true],
  ])('%j is about %j: %s', (text, term, expected) => expect(isAbout(text, term)).toBe(expected));

  it.each([
    ['easy bagel recipe', 'bagels', true],
    ['baking', 'bagels', false],
    ['adult swim', 'max holloway', false],
    ['ufc', 'ufc 300 press conference', true],
    ['the best', 'the best', true],
  ])('%j shares a word with %j: %s', (a, b, expected) => expect(sharesWord(a, b)).toBe(expected));
});
