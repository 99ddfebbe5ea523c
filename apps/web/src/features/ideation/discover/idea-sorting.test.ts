// Sorting, filtering and the CSV of the discover list's ideas.
import { describe, expect, it } from 'vitest';
import { ideasCsv } from './idea-export.ts';
import { filterIdeas, sortIdeas, type IdeaFilters, type IdeaSortKey } from './idea-sorting.ts';
import { buildIdea } from './testing/idea-data.ts';

const ideas = [
  buildIdea(1, { phrase: 'b', volume: 500, competition: 0.9, trendChange: 5, opportunity: 90 }),
  buildIdea(2, {
    phrase: 'a',
    volume: null,
    competition: null,
    trendChange: null,
    opportunity: 70,
  }),
  buildIdea(3, { phrase: 'c', volume: 3000, competition: 0.1, trendChange: -8, opportunity: 70 }),
];
const phrases = (list: readonly { phrase: string }[]) => list.map((i) => i.phrase);

describe('discover list sorting, filters and CSV', () => {
  it.each<[IdeaSortKey, 'asc' | 'desc', string[]]>([
    ['idea', 'asc', ['a', 'b', 'c']],
    ['idea', 'desc', ['c', 'b', 'a']],
    // Unknown figures last in either direction.
    ['volume', 'desc', ['c', 'b', 'a']],
    ['volume', 'asc', ['b', 'c', 'a']],
    ['competition', 'asc', ['c', 'b', 'a']],
    ['trend', 'desc', ['b', 'c', 'a']],
    // Ties keep the server's order.
    ['opportunity', 'desc', ['b', 'a', 'c']],
    ['opportunity', 'asc', ['a', 'c', 'b']],
  ])('sorts by %s %s', (key, direction, expected) =>
    expect(phrases(sortIdeas(ideas, { key, direction }))).toEqual(expected),
  );

  it.each<[IdeaFilters, string[]]>([
    [{ minVolume: null, maxCompetition: null }, ['b', 'a', 'c']],
    [{ minVolume: 1000, maxCompetition: null }, ['c']],
    [{ minVolume: null, maxCompetition: 'Medium' }, ['c']],
    [{ minVolume: null, maxCompetition: 'High' }, ['b', 'c']],
    [{ minVolume: 10_000, maxCompetition: 'High' }, []],
  ])('filters with %j', (filters, expected) =>
    expect(phrases(filterIdeas(ideas, filters))).toEqual(expected),
  );

  it('exports what is shown as CSV, formulas defused and unknown figures empty', () => {
    const csv = ideasCsv([
      ideas[0]!,
      ideas[1]!,
      buildIdea(4, { phrase: '=cmd|calc', reason: 'Low demand, "quoted"', trendChange: 12.6 }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFIdea,Est. monthly searches,Competition,Competition index,Trend change % (last 3 months),Opportunity,Reason,Seed,Origin',
      'b,500,High,90,5,90,"High demand, weak videos in the top results (1)",bread,related',
      'a,,Unknown,,,70,"High demand, weak videos in the top results (2)",bread,related',
      `'=cmd|calc,4000,Low,20,13,80,"Low demand, ""quoted""",bread,related`,
      '',
    ]);
  });
});
