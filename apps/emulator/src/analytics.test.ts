// Analytics figures are deterministic and consistent with each video's total views.
import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  forEachDailyViews,
  parseReportQuery,
  QUERY_NOT_SUPPORTED,
  runReport,
  searchTermsOf,
  splitBySource,
} from './analytics.ts';
import type { VideoRecord } from './corpus/types.ts';

const video = {
  id: 'abcdefghijk',
  title: 'Dutch Oven Bread: No-Knead Recipe for Beginners! 🍞',
  tags: ['dutch oven bread', 'no knead bread', 'Easy Bread Recipe', 'baking'],
  publishedAt: Date.parse('2025-01-10T15:00:00Z'),
  viewCount: 123_457,
  likeCount: 3000,
  commentCount: 120,
  durationSeconds: 600,
} as VideoRecord;

describe('analytics', () => {
  it('daily views sum exactly to the total over the video life', () => {
    const today = dayNumber(Date.parse('2026-02-01T00:00:00Z'));
    let sum = 0;
    let firstDay = 0;
    forEachDailyViews(video, 0, today, today, (day, views) => {
      if (!firstDay) firstDay = views;
      sum += views;
    });
    expect(sum).toBe(video.viewCount);
    expect(firstDay).toBeGreaterThan(video.viewCount / 200);
  });

  it('traffic sources split each count exactly', () => {
    const parts = splitBySource(video, 1001);
    expect([...parts.values()].reduce((a, b) => a + b, 0)).toBe(1001);
    expect(parts.get('YT_SEARCH')).toBeGreaterThan(0);
  });

  it('YT_SEARCH by day is part of the total, and reports are deterministic', () => {
    const now = Date.parse('2026-02-01T12:00:00Z');
    const parse = (q: Record<string, string>) => {
      const r = parseReportQuery(q);
      if (!r.ok) throw new Error('bad query');
      return r.query;
    };
    const total = runReport(
      [video],
      parse({ startDate: '2025-01-01', endDate: '2026-03-01', metrics: 'views' }),
      now,
    );
    const search = runReport(
      [video],
      parse({
        startDate: '2025-01-01',
        endDate: '2026-03-01',
        metrics: 'views',
        dimensions: 'day',
        filters: 'insightTrafficSourceType==YT_SEARCH',
      }),
      now,
    );
    const rows = search.rows as [string, number][];
    const searchSum = rows.reduce((s, [, v]) => s + v, 0);
    const totalViews = (total.rows as number[][])[0]![0]!;
    expect(searchSum).toBeGreaterThan(0);
    // The range's YT_SEARCH total is the sum of its days.
    const searchTotal = runReport(
      [video],
      parse({
        startDate: '2025-01-01',
        endDate: '2026-03-01',
        metrics: 'views',
        filters: 'insightTrafficSourceType==YT_SEARCH',
      }),
      now,
    );
    expect((searchTotal.rows as number[][])[0]![0]).toBe(searchSum);
    expect(searchSum).toBeLessThan(totalViews);
    expect(rows.map(([d]) => d)).toEqual([...rows.map(([d]) => d)].sort());
    expect(
      runReport(
        [video],
        parse({ startDate: '2025-01-01', endDate: '2026-03-01', metrics: 'views' }),
        now,
      ),
    ).toEqual(total);
    expect(
      parseReportQuery({ startDate: '2025-01-01', endDate: '2025-01-02', metrics: 'nope' }).ok,
    ).toBe(false);
  });
});

describe('search terms (insightTrafficSourceDetail)', () => {
  const now = Date.parse('2026-02-01T12:00:00Z');
  const parse = (q: Record<string, string>) => {
    const r = parseReportQuery(q);
    if (!r.ok) throw new Error(r.error.body.error.message);
    return r.query;
  };
  const range = { startDate: '2025-12-01', endDate: '2026-01-31' };
  const other = {
    ...video,
    id: 'zyxwvutsrqp',
    title: 'Sourdough bread for beginners',
    tags: ['sourdough', 'dutch oven bread'],
    viewCount: 40_000,
    publishedAt: Date.parse('2025-11-20T10:00:00Z'),
  } as VideoRecord;

  it('derives plausible, deterministic terms from the title and tags', () => {
    const terms = searchTermsOf(video);
    const names = terms.map(([t]) => t);
    expect(names).toContain('dutch oven bread');
    expect(names).toContain('easy bread recipe');
    expect(names.every((t) => t === t.toLowerCase() && !/[!:🍞]/u.test(t))).toBe(true);
    expect(terms.reduce((s, [, w]) => s + w, 0)).toBeCloseTo(1, 9);
    expect(searchTermsOf({ ...video })).toEqual(terms);
    const untagged = searchTermsOf({ ...video, tags: [] });
    expect(untagged.length).toBeGreaterThan(0);
    expect(untagged[0]![0]).toMatch(/dutch oven/);
  });

  it('answers terms sorted by views that add up to the YT_SEARCH total', () => {
    const detail = runReport(
      [video, other],
      parse({
        ...range,
        metrics: 'views,estimatedMinutesWatched',
        dimensions: 'insightTrafficSourceDetail',
        filters: 'insightTrafficSourceType==YT_SEARCH',
        sort: '-views',
        maxResults: '25',
      }),
      now,
    );
    const rows = detail.rows as [string, number, number][];
    const search = runReport(
      [video, other],
      parse({ ...range, metrics: 'views', filters: 'insightTrafficSourceType==YT_SEARCH' }),
      now,
    );
    const searchViews = (search.rows as number[][])[0]![0]!;
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThanOrEqual(16);
    expect(rows.reduce((s, r) => s + r[1], 0)).toBe(searchViews);
    const views = rows.map((r) => r[1]);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    // A term both videos share is counted once, with both videos' views.
    expect(rows.filter((r) => r[0] === 'dutch oven bread')).toHaveLength(1);
    expect(rows.every((r) => r[2] >= 0)).toBe(true);
    const top3 = runReport(
      [video, other],
      parse({
        ...range,
        metrics: 'views',
        dimensions: 'insightTrafficSourceDetail',
        filters: 'insightTrafficSourceType==YT_SEARCH',
        sort: '-views',
        maxResults: '3',
      }),
      now,
    );
    expect(top3.rows).toEqual(rows.slice(0, 3).map((r) => [r[0], r[1]]));
  });

  it('refuses what YouTube refuses', () => {
    const base = {
      ...range,
      metrics: 'views',
      dimensions: 'insightTrafficSourceDetail',
      filters: 'insightTrafficSourceType==YT_SEARCH',
      sort: '-views',
      maxResults: '25',
    };
    const refused = (q: Record<string, string>) => {
      const r = parseReportQuery(q);
      return !r.ok && r.error.status === 400 && r.error.body.error.message === QUERY_NOT_SUPPORTED;
    };
    expect(parseReportQuery(base).ok).toBe(true);
    expect(refused({ ...base, filters: '' })).toBe(true);
    expect(refused({ ...base, maxResults: '26' })).toBe(true);
    const { maxResults: _omitted, ...withoutMax } = base;
    expect(refused(withoutMax)).toBe(true);
    expect(refused({ ...base, sort: 'views' })).toBe(true);
    expect(refused({ ...base, sort: '' })).toBe(true);
    expect(refused({ ...base, dimensions: 'insightTrafficSourceDetail,day' })).toBe(true);
    expect(refused({ ...base, metrics: 'views,likes' })).toBe(true);
    // Subscribers are not reported by traffic source; watch time is.
    expect(
      refused({ ...range, metrics: 'subscribersGained', filters: base.filters, dimensions: 'day' }),
    ).toBe(true);
    expect(
      refused({
        ...range,
        metrics: 'views,subscribersGained',
        dimensions: 'insightTrafficSourceType',
      }),
    ).toBe(true);
    expect(
      parseReportQuery({
        ...range,
        metrics: 'views,estimatedMinutesWatched',
        filters: base.filters,
        dimensions: 'day',
      }).ok,
    ).toBe(true);
    expect(
      parseReportQuery({ ...range, metrics: 'views,subscribersGained', dimensions: 'day' }).ok,
    ).toBe(true);
  });
});
