import { describe, expect, it } from 'vitest';
import { tipFor, words } from '../test-support.ts';

describe('description-starts-with-term', () => {
  // "yyy… ab": the term ends at `end` (exclusive code-point index).
  const endingAt = (end: number) => `${'y'.repeat(end - 3)} ab and more text after it`;

  it.each([
    [149, true],
    [150, true],
    [151, false],
  ])('the term ending at character %i passes: %s', (end, passed) => {
    const tip = tipFor('description-starts-with-term', {
      description: endingAt(end),
      searchTerm: 'ab',
    });
    expect(tip.passed).toBe(passed);
    expect(tip.meta).toMatchObject({ position: end - 2, end, within: 150 });
  });

  it('counts emoji before the term as one character each', () => {
    const description = `${'🍞'.repeat(147)} ab`;
    expect(tipFor('description-starts-with-term', { description, searchTerm: 'ab' }).passed).toBe(
      true,
    );
  });

  it('fails when the term is missing, and says so', () => {
    const tip = tipFor('description-starts-with-term', { description: 'Just bread.' });
    expect(tip.passed).toBe(false);
    expect(tip.meta.position).toBeNull();
    expect(tip.explanation).toContain('does not mention "sourdough bread"');
  });

  it('says where a late term first appears', () => {
    const tip = tipFor('description-starts-with-term', {
      description: endingAt(300),
      searchTerm: 'ab',
    });
    expect(tip.explanation).toContain('character 299');
  });
});

describe('description-term-count', () => {
  const mentioning = (count: number) =>
    Array.from({ length: count }, () => 'I love Sourdough Bread.').join(' ');

  it.each([
    [0, false],
    [1, false],
    [2, true],
    [4, true],
    [5, false],
  ])('%i mentions passes: %s', (count, passed) => {
    const tip = tipFor('description-term-count', { description: mentioning(count) });
    expect(tip.passed).toBe(passed);
    expect(tip.meta).toMatchObject({ count, min: 2, max: 4 });
  });

  it('explains too few and too many differently', () => {
    expect(tipFor('description-term-count', { description: mentioning(1) }).explanation).toContain(
      'mentions "sourdough bread" once',
    );
    expect(tipFor('description-term-count', { description: mentioning(7) }).explanation).toContain(
      'keyword stuffing',
    );
  });

  it('counts the phrase across a line break but not inside longer words', () => {
    const description = 'sourdough\nbread, sourdough breads, sourdough bread.';
    expect(tipFor('description-term-count', { description }).meta.count).toBe(2);
  });
});

describe('description-word-count', () => {
  it.each([
    [249, false],
    [250, true],
  ])('%i words passes: %s', (count, passed) => {
    const tip = tipFor('description-word-count', { description: words(count) });
    expect(tip.passed).toBe(passed);
    expect(tip.meta).toEqual({ words: count, min: 250 });
  });

  it('says how many words are missing', () => {
    expect(tipFor('description-word-count', { description: words(120) }).explanation).toContain(
      'has 120 words; write at least 250 (130 more)',
    );
  });
});

describe('description-chapters', () => {
  const chapters = (...lines: string[]) => ['Intro text.', ...lines, 'Thanks!'].join('\n');
  const valid = chapters('0:00 Intro', '1:00 Starter', '5:30 Baking');

  it('passes with valid chapters on a long video', () => {
    const tip = tipFor('description-chapters', { description: valid, durationSeconds: 600 });
    expect(tip).toMatchObject({ applicable: true, passed: true });
    expect(tip.meta.problems).toEqual([]);
    expect(tip.meta.chapters).toHaveLength(3);
  });

  it.each([
    [null, false],
    [120, false],
    [300, false],
    [301, true],
  ])('duration %j makes it applicable: %s', (durationSeconds, applicable) => {
    const tip = tipFor('description-chapters', { description: 'No chapters.', durationSeconds });
    expect(tip.applicable).toBe(applicable);
    expect(tip.passed).toBe(false);
  });

  it('explains why a short video is not judged', () => {
    const tip = tipFor('description-chapters', { durationSeconds: 200 });
    expect(tip.explanation).toBe(
      'Chapters only count for videos longer than 5 minutes; this one is 3:20.',
    );
  });

  it('fails without chapters', () => {
    const tip = tipFor('description-chapters', { description: words(300) });
    expect(tip.passed).toBe(false);
    expect(tip.meta.problems).toEqual([expect.objectContaining({ code: 'missing' })]);
    expect(tip.explanation).toMatch(/^Add chapters/);
  });

  it('fails when the first chapter is at 0:05', () => {
    const tip = tipFor('description-chapters', {
      description: chapters('0:05 Intro', '1:00 Starter', '5:30 Baking'),
    });
    expect(tip.passed).toBe(false);
    expect(tip.meta.problems).toEqual([
      expect.objectContaining({ code: 'first-not-zero', seconds: 5 }),
    ]);
    expect(tip.explanation).toContain('The first chapter starts at 0:05; it must start at 0:00.');
  });

  it('fails with a 9-second chapter and passes with a 10-second one', () => {
    const nine = tipFor('description-chapters', {
      description: chapters('0:00 Intro', '0:09 Starter', '5:30 Baking'),
    });
    expect(nine.passed).toBe(false);
    expect(nine.meta.problems).toEqual([
      expect.objectContaining({ code: 'too-short', index: 0, length: 9 }),
    ]);
    const ten = tipFor('description-chapters', {
      description: chapters('0:00 Intro', '0:10 Starter', '5:30 Baking'),
    });
    expect(ten.passed).toBe(true);
  });

  it('measures the last chapter up to the end of the video', () => {
    const description = chapters('0:00 Intro', '1:00 Starter', '9:51 Outro');
    expect(tipFor('description-chapters', { description, durationSeconds: 601 }).passed).toBe(true);
    const short = tipFor('description-chapters', { description, durationSeconds: 600 });
    expect(short.meta.problems).toEqual([
      expect.objectContaining({ code: 'too-short', index: 2, length: 9 }),
    ]);
  });

  it('fails with descending timestamps', () => {
    const tip = tipFor('description-chapters', {
      description: chapters('0:00 Intro', '3:00 Baking', '1:00 Starter', '4:00 Tasting'),
    });
    expect(tip.passed).toBe(false);
    expect(tip.meta.problems).toEqual([
      expect.objectContaining({ code: 'not-ascending', index: 2, seconds: 60 }),
    ]);
  });

  it('fails with fewer than 3 chapters', () => {
    const tip = tipFor('description-chapters', { description: chapters('0:00 Intro', '2:00 End') });
    expect(tip.meta.problems).toEqual([expect.objectContaining({ code: 'too-few', count: 2 })]);
  });

  it('mentions how many more problems there are', () => {
    const tip = tipFor('description-chapters', {
      description: chapters('0:05 Intro', '0:08 Starter'),
    });
    expect(tip.explanation).toContain('2 more problems need fixing too.');
  });
});

describe('description-hashtags', () => {
  const tags = (count: number) => Array.from({ length: count }, (_, i) => `#tag${i}`).join(' ');

  it.each([
    [0, false],
    [1, true],
    [3, true],
    [4, false],
    [15, false],
    [16, false],
  ])('%i hashtags passes: %s', (count, passed) => {
    const tip = tipFor('description-hashtags', { description: `Text.\n${tags(count)}` });
    expect(tip.passed).toBe(passed);
    expect(tip.meta).toMatchObject({ count, min: 1, max: 3, ignoredAbove: 15 });
  });

  it('asks for hashtags when there are none', () => {
    expect(tipFor('description-hashtags', { description: 'Text.' }).explanation).toContain(
      'add 1–3 relevant ones',
    );
  });

  it('advises keeping the 3 most relevant from 4', () => {
    const tip = tipFor('description-hashtags', { description: tags(4) });
    expect(tip.explanation).toBe(
      'Your description has 4 hashtags; keep the 3 most relevant, because YouTube shows only 3 above the title.',
    );
  });

  it('warns that more than 15 are all ignored', () => {
    const tip = tipFor('description-hashtags', { description: tags(16) });
    expect(tip.explanation).toContain(
      'YouTube ignores every hashtag on a video that has more than 15',
    );
  });

  it('counts each hashtag once', () => {
    expect(tipFor('description-hashtags', { description: '#Bread #bread #BREAD' }).meta.count).toBe(
      1,
    );
  });
});
