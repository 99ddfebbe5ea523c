/** Builders for tests: a video that passes every tip, changed one field at a time. */
import fc from 'fast-check';
import { evaluateTips } from './evaluate-tips.ts';
import type { RuleInput, Tip, TipType } from './tips.ts';

const TERM = 'sourdough bread';

/** Filler words that never contain the test term. */
export function words(count: number): string {
  return Array.from({ length: count }, (_, index) => `word${index % 10}`).join(' ');
}

/** A text of exactly `length` code points made of the letter "x" and spaces. */
export function textOfLength(length: number): string {
  return Array.from({ length }, (_, index) => (index % 6 === 5 ? ' ' : 'x')).join('');
}

/** A description that passes every description tip for the term "sourdough bread". */
export const GOOD_DESCRIPTION = [
  `How to bake sourdough bread at home, step by step.`,
  words(120),
  `Good sourdough bread needs time.`,
  words(120),
  '0:00 Intro',
  '1:00 Starter',
  '5:30 Baking',
  '#baking #sourdough',
].join('\n');

/** An input that passes every tip. */
export function goodInput(overrides: Partial<RuleInput> = {}): RuleInput {
  return {
    title: 'Sourdough bread for beginners: the easy recipe I use every week',
    description: GOOD_DESCRIPTION,
    tags: [TERM, ...Array.from({ length: 30 }, (_, index) => `bread tip ${index}`)],
    searchTerm: TERM,
    recommendedTags: ['bread tip 1', 'bread tip 2', 'bread tip 3', 'levain'],
    durationSeconds: 600,
    thumbnail: { width: 1280, height: 720 },
    defaultLanguage: 'en',
    hasCaptions: true,
    playlistCount: 1,
    ...overrides,
  };
}

/** The tip of one type for an input built from goodInput with the overrides. */
export function tipFor(type: TipType, overrides: Partial<RuleInput> = {}): Tip {
  const tip = evaluateTips(goodInput(overrides)).find((candidate) => candidate.type === type);
  if (!tip) throw new Error(`No tip of type ${type}`);
  return tip;
}

/** Any rule input, from realistic to odd: blank terms, unknown facts, emoji, angle brackets. */
export const ruleInputArbitrary: fc.Arbitrary<RuleInput> = fc.record({
  title: fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 80 })),
  description: fc.oneof(
    fc.string({ maxLength: 400 }),
    fc
      .array(fc.constantFrom('0:00 Intro', '1:10 Part', 'sourdough bread', '#bread', 'word'), {
        maxLength: 60,
      })
      .map((lines) => lines.join('\n')),
  ),
  tags: fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constant('sourdough bread')), {
    maxLength: 30,
  }),
  searchTerm: fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constant('sourdough bread')), {
    nil: null,
  }),
  recommendedTags: fc.array(fc.string({ maxLength: 20 }), { maxLength: 12 }),
  durationSeconds: fc.option(fc.integer({ min: 0, max: 36_000 }), { nil: null }),
  thumbnail: fc.option(
    fc.record({
      width: fc.integer({ min: 1, max: 4000 }),
      height: fc.integer({ min: 1, max: 3000 }),
    }),
    { nil: null },
  ),
  defaultLanguage: fc.option(fc.constantFrom('', ' ', 'en', 'de', 'pt-BR'), { nil: null }),
  hasCaptions: fc.option(fc.boolean(), { nil: null }),
  playlistCount: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
});
