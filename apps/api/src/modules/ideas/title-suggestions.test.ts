// Title suggestions keep how people spell the phrase and fit what it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casePhrase, phraseKind, titleSuggestions } from './title-suggestions.ts';

const UFC_TITLES = [
  'UFC 300: Pereira vs Hill | Press Conference',
  'UFC 300 Embedded: Vlog Series - Episode 1',
  'FULL UFC 300 PRESS CONFERENCE LIVE',
  'Ufc 300 predictions',
];

describe('title suggestions', () => {
  it.each([
    ['ufc 300', UFC_TITLES, 'UFC 300'],
    ['ufc 300 press conference', UFC_TITLES, 'UFC 300 Press Conference'],
    [
      'iphone 16 review',
      ['iPhone 16 Review: a month later', 'The iPhone 16 is here'],
      'iPhone 16 Review',
    ],
    ['max holloway', ['Max Holloway vs Justin Gaethje', 'max holloway highlights'], 'Max Holloway'],
    ['bread for beginners', [], 'Bread for Beginners'],
    ['diy shelves', ['DIY shelves in a weekend', 'Easy DIY Shelves'], 'DIY Shelves'],
    // Shouted titles and shouted long words say nothing about spelling.
    ['camping gear', ['BEST CAMPING GEAR OF THE YEAR', 'My CAMPING gear'], 'Camping Gear'],
  ])('spells %j as %j', (phrase, titles, expected) =>
    expect(casePhrase(phrase, titles)).toBe(expected),
  );

  it.each([
    ['how to bake bread', true, [], 'question'],
    ['sourdough bread recipe', false, [], 'skill'],
    ['baking for beginners', false, [], 'skill'],
    ['ufc 300 press conference', false, UFC_TITLES, 'name'],
    ['pereira vs hill', false, [], 'name'],
    ['iphone', false, ['iPhone tricks'], 'name'],
    ['max holloway', false, ['Max Holloway vs Justin Gaethje'], 'topic'],
  ] as const)('takes %j for a %s… (%s)', (phrase, question, titles, kind) =>
    expect(phraseKind(phrase, question, titles)).toBe(kind),
  );

  it('never offers a beginner’s guide to an event or a name', () => {
    const event = titleSuggestions({
      phrase: 'ufc 300 press conference',
      year: 2026,
      question: false,
      sourceTitles: UFC_TITLES,
    });
    expect(event[0]).toBe('UFC 300 Press Conference: Everything You Need to Know (2026)');
    const name = titleSuggestions({ phrase: 'max holloway', year: 2026, question: false });
    for (const title of [...event, ...name]) {
      expect(title).not.toMatch(/Beginner|Mistakes to Avoid|I Tried/);
      expect(title).not.toContain('Ufc');
    }
    const skill = titleSuggestions({
      phrase: 'sourdough bread recipe',
      year: 2026,
      question: false,
    });
    expect(skill[0]).toBe("Sourdough Bread Recipe: The Complete Beginner's Guide (2026)");
  });

  it('always contains the phrase and fits the platform’s 100 characters', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        fc.array(fc.string({ maxLength: 60 }), { maxLength: 5 }),
        (words, question, titles) => {
          const phrase = words.join(' ');
          const titlesOut = titleSuggestions({
            phrase,
            year: 2026,
            question,
            sourceTitles: titles,
          });
          for (const title of titlesOut) {
            expect(title.length).toBeLessThanOrEqual(100);
            expect(title.toLowerCase()).toContain(phrase);
          }
        },
      ),
    );
  });
});
