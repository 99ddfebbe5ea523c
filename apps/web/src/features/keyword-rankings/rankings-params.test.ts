import { describe, expect, it } from 'vitest';
import type { RankingItem } from '@tubewise/contract';
import { rankingsCsv } from './rankings-csv.ts';
import { changeText, changeWords, rankText, sparkWords } from './rankings-format.ts';
import { parseRankingsParams, rankingsSearch } from './rankings-params.ts';

const ID = '0f8a6b3e-2c1d-4e5f-8a9b-0c1d2e3f4a5b';

describe('rankings params', () => {
  it('reads the defaults, and each sort has its own default direction', () => {
    expect(parseRankingsParams(new URLSearchParams())).toEqual({
      sort: 'rank',
      order: 'asc',
      bucket: null,
      search: '',
      page: 1,
      keyword: null,
    });
    expect(parseRankingsParams(new URLSearchParams('sort=value')).order).toBe('desc');
    expect(parseRankingsParams(new URLSearchParams('sort=change&order=asc')).order).toBe('asc');
  });

  it('falls back to the default for anything unreadable', () => {
    const state = parseRankingsParams(
      new URLSearchParams(`sort=views&order=up&bucket=top5&page=-3&keyword=not-an-id`),
    );
    expect(state).toMatchObject({
      sort: 'rank',
      order: 'asc',
      bucket: null,
      page: 1,
      keyword: null,
    });
    expect(
      parseRankingsParams(new URLSearchParams(`search=${'x'.repeat(200)}`)).search,
    ).toHaveLength(80);
  });

  it('round-trips through the address, leaving defaults out', () => {
    const state = {
      sort: 'value' as const,
      order: 'asc' as const,
      bucket: 'top10' as const,
      search: 'camp & cook',
      page: 3,
      keyword: ID,
    };
    expect(parseRankingsParams(new URLSearchParams(rankingsSearch(state)))).toEqual(state);
    expect(
      rankingsSearch({ ...state, order: 'desc', bucket: null, search: '', page: 1, keyword: null }),
    ).toBe('sort=value');
  });
});

const item = (over: Partial<RankingItem>): RankingItem => ({
  id: ID,
  keyword: 'camp cooking',
  language: 'en-us',
  rank: 4,
  videoId: 'vid1',
  video: { id: 'vid1', title: 'Camp, "cooking"', thumbnailUrl: null },
  change7: 3,
  change30: null,
  volume: 1900,
  day: '2026-11-26',
  spark: [],
  ...over,
});

describe('rankings words', () => {
  it('says what a rank and a change mean', () => {
    expect(rankText(4, '2026-11-26', 50)).toBe('#4');
    expect(rankText(null, '2026-11-26', 50)).toBe('Not in top 50');
    expect(rankText(null, null, 50)).toBe('Not checked yet');
    expect([3, -2, 0, null].map(changeText)).toEqual(['▲ 3', '▼ 2', '±0', '–']);
    expect(changeWords(1, 7)).toBe('up 1 position in 7 days');
    expect(changeWords(-4, 30)).toBe('down 4 positions in 30 days');
    expect(changeWords(null, 7)).toBe('no data from 7 days ago');
  });

  it('describes a sparkline in words', () => {
    expect(sparkWords({ spark: [null, null] }, 50)).toBe('No checks in the last 30 days');
    expect(sparkWords({ spark: [null, 51, 9, null, 4] }, 50)).toBe('30 days: from no rank to #4');
  });
});

describe('rankings CSV', () => {
  it('has every row with quoting, empty cells for unknowns, and the BOM', () => {
    const csv = rankingsCsv([
      item({}),
      item({
        keyword: 'dutch oven',
        rank: null,
        video: null,
        videoId: null,
        volume: null,
        change7: null,
        day: null,
      }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Keyword,Language,Monthly searches,Rank,Change (7 days),Change (30 days),Ranking video,Video title,Checked on',
    );
    expect(lines[1]).toBe('camp cooking,en-us,1900,4,3,,vid1,"Camp, ""cooking""",2026-11-26');
    expect(lines[2]).toBe('dutch oven,en-us,,,,,,,');
  });
});
