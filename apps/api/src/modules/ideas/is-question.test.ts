import { describe, expect, it } from 'vitest';
import { isQuestion } from './ideas.service.ts';

describe('isQuestion', () => {
  it('knows questions by their question word, in the keyword languages', () => {
    for (const keyword of [
      'how to bake bread',
      "what's a dutch oven",
      'why does bread rise',
      'wie backt man brot',
      'pourquoi le pain lève',
      'cómo hacer pan',
      'waarom rijst brood',
    ])
      expect(isQuestion(keyword), keyword).toBe(true);
  });

  it('takes "is/are/does…" for a question in keywords of three words or more', () => {
    expect(isQuestion('is bread vegan')).toBe(true);
    expect(isQuestion('does yeast expire')).toBe(true);
    expect(isQuestion('is bread')).toBe(false);
  });

  it('takes an auxiliary for a question only when a subject follows', () => {
    for (const keyword of ['can i freeze bread', 'will it rise overnight', 'do you need yeast'])
      expect(isQuestion(keyword), keyword).toBe(true);
    for (const keyword of ['can opener review', 'will smith movies', 'bread recipe'])
      expect(isQuestion(keyword), keyword).toBe(false);
  });
});
