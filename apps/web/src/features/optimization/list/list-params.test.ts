import { describe, expect, it } from 'vitest';
import { defaultVideoSort, videoListQuery } from '@tubewise/contract';
import {
  DEFAULT_LIST_STATE,
  TAB_DEFAULT_SORT,
  toVideoExportRequest,
  withTab,
  hasFilters,
  listSearch,
  parseListParams,
  toggleSort,
  toVideoListRequest,
  withoutFilters,
} from './list-params.ts';

const parse = (search: string) => parseListParams(new URLSearchParams(search));

describe('list state in the URL', () => {
  it('defaults to the first tab, newest first, page 1, no filters', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_STATE);
    expect(DEFAULT_LIST_STATE.tab).toBe('all');
    expect(listSearch(DEFAULT_LIST_STATE)).toBe('');
  });

  it('reads the example URL of the brief; its sort is the tab default, left out', () => {
    const search = 'tab=needs-work&sort=impact&order=desc&visibility=public&page=2';
    const state = parse(search);
    expect(state).toMatchObject({
      tab: 'needs-work',
      sort: 'impact',
      order: 'desc',
      visibility: 'public',
      page: 2,
    });
    expect(listSearch(state)).toBe('tab=needs-work&visibility=public&page=2');
    expect(parse(listSearch(state))).toEqual(state);
  });

  it('sorts "Needs work" by impact, highest first, when the URL names no sort', () => {
    expect(parse('tab=needs-work')).toMatchObject({ sort: 'impact', order: 'desc' });
    expect(parse('tab=optimized')).toMatchObject({ sort: 'date', order: 'desc' });
    expect(parse('tab=needs-work&order=asc')).toMatchObject({ sort: 'impact', order: 'asc' });
    // An explicit sort stays, and is written back.
    const byDate = parse('tab=needs-work&sort=date&order=desc');
    expect(byDate.sort).toBe('date');
    expect(listSearch(byDate)).toBe('tab=needs-work&sort=date&order=desc');
  });

  it("has the API's default sort per tab", () => {
    expect(TAB_DEFAULT_SORT).toEqual(defaultVideoSort);
  });

  it("switches tab with the new tab's default sort unless a sort was chosen", () => {
    expect(withTab({ ...DEFAULT_LIST_STATE, page: 4 }, 'needs-work')).toMatchObject({
      tab: 'needs-work',
      sort: 'impact',
      order: 'desc',
      page: 1,
    });
    expect(withTab(parse('tab=needs-work'), 'all')).toMatchObject({ sort: 'date' });
    expect(withTab(parse('sort=level&order=asc'), 'needs-work')).toMatchObject({
      sort: 'level',
      order: 'asc',
    });
  });

  it('asks the export for every page of the same selection', () => {
    const state = parse('tab=needs-work&drafts=true&q=cats&page=3');
    expect(toVideoExportRequest(state)).toEqual({
      tab: 'needs-work',
      sort: 'impact',
      order: 'desc',
      drafts: 'true',
      q: 'cats',
    });
  });

  it('falls back to defaults for unknown or malformed values', () => {
    expect(
      parse(
        'tab=nope&sort=views&order=up&page=0&visibility=secret&time=lastYear&updated=1&q=%20%20',
      ),
    ).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=-3').page).toBe(1);
    expect(parse('page=99999').page).toBe(1);
    expect(parse(`playlist=${'x'.repeat(101)}`).playlist).toBeNull();
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('round-trips every filter', () => {
    const state = {
      ...DEFAULT_LIST_STATE,
      tab: 'optimized' as const,
      sort: 'lastUpdate' as const,
      order: 'asc' as const,
      page: 3,
      visibility: 'unlisted' as const,
      playlist: 'PL123',
      time: 'lastWeek' as const,
      updated: true,
      drafts: true,
      shorts: true,
      q: 'cats & dogs',
    };
    expect(parse(listSearch(state))).toEqual(state);
  });

  it('writes sort and order together when either differs from the default', () => {
    expect(listSearch({ ...DEFAULT_LIST_STATE, order: 'asc' })).toBe('sort=date&order=asc');
    expect(listSearch({ ...DEFAULT_LIST_STATE, sort: 'level' })).toBe('sort=level&order=desc');
  });
});

describe('list request', () => {
  it('always sends page, tab, sort and order, and filters only when set', () => {
    expect(toVideoListRequest(DEFAULT_LIST_STATE)).toEqual({
      page: 1,
      tab: 'all',
      sort: 'date',
      order: 'desc',
    });
    const request = toVideoListRequest(
      parse(
        'visibility=private&playlist=PL1&time=lastMonth&updated=true&drafts=true&shorts=true&q=x',
      ),
    );
    expect(request).toMatchObject({
      visibility: 'private',
      playlist: 'PL1',
      time: 'lastMonth',
      updated: 'true',
      drafts: 'true',
      shorts: 'true',
      q: 'x',
    });
    // What the server accepts.
    expect(() =>
      videoListQuery.parse(
        Object.fromEntries(Object.entries(request).map(([k, v]) => [k, String(v)])),
      ),
    ).not.toThrow();
  });
});

describe('sorting and filters', () => {
  it('flips the active column and starts another column descending, on page 1', () => {
    const onPage3 = { ...DEFAULT_LIST_STATE, page: 3 };
    const impactDesc = toggleSort(onPage3, 'impact');
    expect(impactDesc).toMatchObject({ sort: 'impact', order: 'desc', page: 1 });
    const impactAsc = toggleSort(impactDesc, 'impact');
    expect(impactAsc).toMatchObject({ sort: 'impact', order: 'asc' });
    expect(toggleSort(impactAsc, 'impact').order).toBe('desc');
    expect(toggleSort(impactAsc, 'level')).toMatchObject({ sort: 'level', order: 'desc' });
  });

  it('knows when filters are set and clears them keeping tab and sort', () => {
    expect(hasFilters(DEFAULT_LIST_STATE)).toBe(false);
    expect(hasFilters({ ...DEFAULT_LIST_STATE, tab: 'optimized', page: 2 })).toBe(false);
    for (const search of [
      'visibility=public',
      'playlist=P',
      'time=lastWeek',
      'drafts=true',
      'q=a',
    ]) {
      expect(hasFilters(parse(search)), search).toBe(true);
    }
    const state = parse('tab=optimized&sort=level&order=asc&drafts=true&q=x&page=4');
    expect(withoutFilters(state)).toEqual({
      ...DEFAULT_LIST_STATE,
      tab: 'optimized',
      sort: 'level',
      order: 'asc',
    });
  });
});
