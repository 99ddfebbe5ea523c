import { describe, expect, it } from 'vitest';
import { chapterProblems, formatTimestamp, parseChapters } from './chapters.ts';

describe('parseChapters', () => {
  it('reads timestamps at the start of lines in the usual formats', () => {
    const description = [
      'Intro text 0:30 is not a chapter',
      '0:00 Intro',
      '01:23 - Starter',
      '  [2:05] Kneading',
      '1:02:03 | Baking',
      '10:00:00',
    ].join('\r\n');
    expect(parseChapters(description)).toEqual([
      { seconds: 0, title: 'Intro' },
      { seconds: 83, title: 'Starter' },
      { seconds: 125, title: 'Kneading' },
      { seconds: 3723, title: 'Baking' },
      { seconds: 36000, title: '' },
    ]);
  });

  it('ignores things that are not times', () => {
    expect(
      parseChapters('12:30pm meeting\n1:75 nope\n1:60:00 nope\n123:00 nope\n:30 nope'),
    ).toEqual([]);
  });

  it('allows more than 59 minutes without an hour part', () => {
    expect(parseChapters('75:00 Late')).toEqual([{ seconds: 4500, title: 'Late' }]);
  });
});

describe('chapterProblems', () => {
  const at = (...seconds: number[]) => seconds.map((s) => ({ seconds: s, title: `at ${s}` }));

  it('accepts valid chapters', () => {
    expect(chapterProblems(at(0, 10, 20), 30)).toEqual([]);
    expect(chapterProblems(at(0, 10, 20), null)).toEqual([]);
  });

  it('reports a last chapter that starts after the end', () => {
    expect(chapterProblems(at(0, 10, 400), 300)).toEqual([
      expect.objectContaining({ code: 'after-end', index: 2 }),
    ]);
  });

  it('reports every problem, each once', () => {
    const codes = chapterProblems(at(5, 3), 600).map((problem) => problem.code);
    expect(codes).toEqual(['first-not-zero', 'too-few', 'not-ascending']);
  });
});

describe('formatTimestamp', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [83, '1:23'],
    [3723, '1:02:03'],
  ])('%i is %s', (seconds, text) => {
    expect(formatTimestamp(seconds)).toBe(text);
  });
});
