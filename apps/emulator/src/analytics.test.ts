// Analytics figures are deterministic and consistent with each video's total views.
import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  EMBEDDED_SHARE_RANGE,
  forEachDailyViews,
  parseReportQuery,
  QUERY_NOT_SUPPORTED,
  runReport,
  searchTermsOf,
  splitBySource,
  thumbnailOnDay,
  VIEW_NOISE,
  type ReportQuery,
} from './analytics.ts';
import type { VideoRecord } from './corpus/types.ts';
import type { ThumbnailHistoryEntry } from './thumbnails.ts';

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

describe('day-to-day noise', () => {
  it('makes each day an observation while the life total stays exact', () => {
    const today = dayNumber(Date.parse('2026-02-01T00:00:00Z'));
    const days: number[] = [];
    forEachDailyViews(video, 0, today, today, (_day, views) => days.push(views));
    expect(days.reduce((a, b) => a + b, 0)).toBe(video.viewCount);
    expect(days.every((v) => v >= 0)).toBe(true);
    // The underlying curve only falls after launch; the noise makes some days rise.
    const tail = days.slice(30, 200);
    const rises = tail.filter((v, i) => i > 0 && v > tail[i - 1]!).length;
    expect(rises).toBeGreaterThan(20);
    for (let i = 1; i < tail.length; i++)
      expect(Math.abs(tail[i]! - tail[i - 1]!)).toBeLessThanOrEqual(
        Math.ceil(4 * VIEW_NOISE * tail[i - 1]! + 4),
      );
  });

  it('varies the retention of each day around the video profile', () => {
    const q = parseReportQuery({
      startDate: '2025-06-01',
      endDate: '2025-06-30',
      metrics: 'views,averageViewPercentage',
      dimensions: 'day',
    });
    if (!q.ok) throw new Error('bad query');
    const rows = runReport([video], q.query, Date.parse('2026-02-01T12:00:00Z')).rows as [
      string,
      number,
      number,
    ][];
    const percentages = new Set(rows.map((r) => r[2]));
    expect(percentages.size).toBeGreaterThan(20);
    const min = Math.min(...percentages);
    const max = Math.max(...percentages);
    expect(max / min).toBeLessThan(1.035);
  });
});

describe('thumbnails in Analytics', () => {
  const day = (iso: string) => dayNumber(Date.parse(`${iso}T00:00:00Z`));
  const at = (iso: string) => Date.parse(iso);
  const grey = { appeal: 0.75, promise: 0.9 };
  const vivid = { appeal: 1.3, promise: 1.08 };

  it('gives each UTC day the thumbnail live for most of it', () => {
    const history: ThumbnailHistoryEntry[] = [
      { at: at('2026-01-10T08:00:00Z'), ...grey },
      { at: at('2026-01-11T13:00:00Z'), ...vivid },
      { at: at('2026-01-13T12:00:00Z'), ...grey },
    ];
    expect(thumbnailOnDay(history, day('2026-01-09'))).toBeUndefined();
    // Set at 08:00 UTC (midnight Pacific in winter): 16 of the day's 24 hours.
    expect(thumbnailOnDay(history, day('2026-01-10'))).toEqual(history[0]);
    // Swapped at 13:00: the old one was live 13 hours, the new one 11.
    expect(thumbnailOnDay(history, day('2026-01-11'))).toEqual(history[0]);
    expect(thumbnailOnDay(history, day('2026-01-12'))).toEqual(history[1]);
    // 12 hours each: the later one.
    expect(thumbnailOnDay(history, day('2026-01-13'))).toEqual(history[2]);
    expect(thumbnailOnDay(history, day('2026-03-01'))).toEqual(history[2]);
    // Set in the afternoon of the first day: that day keeps the video's own thumbnail.
    expect(thumbnailOnDay([{ at: at('2026-01-10T15:00:00Z'), ...vivid }], day('2026-01-10'))).toBe(
      undefined,
    );
    expect(thumbnailOnDay([], day('2026-01-10'))).toBeUndefined();
  });

  it('multiplies views by appeal and retention by promise on the days each thumbnail owns', () => {
    const now = Date.parse('2026-02-01T12:00:00Z');
    const history: ThumbnailHistoryEntry[] = [
      { at: at('2026-01-10T08:00:00Z'), ...grey },
      { at: at('2026-01-11T08:00:00Z'), ...vivid },
      { at: at('2026-01-12T08:00:00Z'), ...grey },
      { at: at('2026-01-13T08:00:00Z'), ...vivid },
    ];
    const parse = (q: Record<string, string>): ReportQuery => {
      const r = parseReportQuery(q);
      if (!r.ok) throw new Error(r.error.body.error.message);
      return r.query;
    };
    const daily = parse({
      startDate: '2026-01-01',
      endDate: '2026-01-20',
      metrics: 'views,averageViewPercentage,likes',
      dimensions: 'day',
    });
    const before = runReport([video], daily, now).rows as [string, number, number, number][];
    const after = runReport([video], daily, now, { thumbnailHistory: () => history }).rows as [
      string,
      number,
      number,
      number,
    ][];
    expect(after.map((r) => r[0])).toEqual(before.map((r) => r[0]));
    after.forEach((row, i) => {
      const base = before[i]!;
      const effect =
        row[0] < '2026-01-10'
          ? undefined
          : row[0] === '2026-01-10' || row[0] === '2026-01-12'
            ? grey
            : vivid;
      if (!effect) {
        expect(row).toEqual(base);
        return;
      }
      expect(row[1]).toBe(Math.round(base[1] * effect.appeal));
      expect(row[2] / base[2]).toBeCloseTo(effect.promise, 2);
      // Likes follow the views.
      expect(row[3]).toBe(Math.round((row[1] * video.likeCount) / video.viewCount));
    });
    // The range is the sum of its days, with or without the history.
    const range = { startDate: '2026-01-01', endDate: '2026-01-20', metrics: 'views' };
    const total = runReport([video], parse(range), now, { thumbnailHistory: () => history });
    expect((total.rows as number[][])[0]![0]).toBe(after.reduce((s, r) => s + r[1], 0));
    const bySource = runReport(
      [video],
      parse({ ...range, dimensions: 'insightTrafficSourceType' }),
      now,
      { thumbnailHistory: () => history },
    );
    expect((bySource.rows as [string, number][]).reduce((s, r) => s + r[1], 0)).toBe(
      (total.rows as number[][])[0]![0],
    );
  });

  it('never reports more than 100% viewed because of a thumbnail', () => {
    const q = parseReportQuery({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      metrics: 'averageViewPercentage',
      dimensions: 'day',
    });
    if (!q.ok) throw new Error('bad query');
    const history = [{ at: 0, appeal: 1.35, promise: 1.1 }];
    for (let i = 0; i < 30; i++) {
      const v = { ...video, id: `video${String(i).padStart(6, '0')}` } as VideoRecord;
      const plain = runReport([v], q.query, Date.parse('2026-02-01T12:00:00Z')).rows as [
        string,
        number,
      ][];
      const rows = runReport([v], q.query, Date.parse('2026-02-01T12:00:00Z'), {
        thumbnailHistory: () => history,
      }).rows as [string, number][];
      const ceiling = Math.max(100, ...plain.map((r) => r[1]));
      for (const [, pct] of rows) expect(pct).toBeLessThanOrEqual(ceiling);
    }
  });
});

describe('playback locations', () => {
  const now = Date.parse('2026-02-01T12:00:00Z');
  const range = { startDate: '2025-12-01', endDate: '2026-01-31' };
  const parse = (q: Record<string, string>): ReportQuery => {
    const r = parseReportQuery(q);
    if (!r.ok) throw new Error(r.error.body.error.message);
    return r.query;
  };
  const pages = new Map([
    [
      video.id,
      {
        page: 'https://www.alex-rivera.test/bread/dutch-oven-bread',
        index: 'https://www.alex-rivera.test/bread/',
        pageShare: 0.8,
      },
    ],
  ]);

  it('splits views by location, EMBEDDED only for a video a page embeds', () => {
    const total = (
      runReport([video], parse({ ...range, metrics: 'views' }), now).rows as number[][]
    )[0]![0]!;
    const byLocation = (embeddingPages?: typeof pages) =>
      new Map(
        runReport(
          [video],
          parse({ ...range, metrics: 'views', dimensions: 'insightPlaybackLocationType' }),
          now,
          embeddingPages ? { embeddingPages } : {},
        ).rows as [string, number][],
      );
    const embedded = byLocation(pages);
    expect([...embedded.values()].reduce((a, b) => a + b, 0)).toBe(total);
    const share = embedded.get('EMBEDDED')! / total;
    expect(share).toBeGreaterThanOrEqual(EMBEDDED_SHARE_RANGE[0] - 0.001);
    expect(share).toBeLessThanOrEqual(EMBEDDED_SHARE_RANGE[1] + 0.001);
    expect(embedded.get('WATCH')).toBeGreaterThan(total / 2);
    const plain = byLocation();
    expect(plain.has('EMBEDDED')).toBe(false);
    expect([...plain.values()].reduce((a, b) => a + b, 0)).toBe(total);
    const filtered = runReport(
      [video],
      parse({ ...range, metrics: 'views', filters: 'insightPlaybackLocationType==EMBEDDED' }),
      now,
      { embeddingPages: pages },
    );
    expect((filtered.rows as number[][])[0]![0]).toBe(embedded.get('EMBEDDED'));
  });

  it('lists the embedding pages, the video page first', () => {
    const report = runReport(
      [video],
      parse({
        ...range,
        metrics: 'views,estimatedMinutesWatched',
        dimensions: 'insightPlaybackLocationDetail',
        filters: 'insightPlaybackLocationType==EMBEDDED',
        sort: '-views',
        maxResults: '25',
      }),
      now,
      { embeddingPages: pages },
    );
    const rows = report.rows as [string, number, number][];
    expect(rows.map((r) => r[0])).toEqual([pages.get(video.id)!.page, pages.get(video.id)!.index]);
    expect(rows[0]![1] / (rows[0]![1] + rows[1]![1])).toBeCloseTo(0.8, 2);
  });

  it('refuses what YouTube refuses', () => {
    const base = {
      ...range,
      metrics: 'views',
      dimensions: 'insightPlaybackLocationDetail',
      filters: 'insightPlaybackLocationType==EMBEDDED',
      sort: '-views',
      maxResults: '25',
    };
    const refused = (q: Record<string, string>) => {
      const r = parseReportQuery(q);
      return !r.ok && r.error.status === 400 && r.error.body.error.message === QUERY_NOT_SUPPORTED;
    };
    expect(parseReportQuery(base).ok).toBe(true);
    expect(parseReportQuery({ ...base, filters: `${base.filters};video==${video.id}` }).ok).toBe(
      true,
    );
    expect(refused({ ...base, filters: '' })).toBe(true);
    expect(refused({ ...base, filters: 'insightPlaybackLocationType==WATCH' })).toBe(true);
    expect(refused({ ...base, maxResults: '26' })).toBe(true);
    const { maxResults: _omitted, ...withoutMax } = base;
    expect(refused(withoutMax)).toBe(true);
    expect(refused({ ...base, sort: '' })).toBe(true);
    expect(refused({ ...base, metrics: 'views,likes' })).toBe(true);
    expect(refused({ ...base, dimensions: 'insightPlaybackLocationDetail,day' })).toBe(true);
    expect(
      refused({
        ...range,
        metrics: 'views',
        dimensions: 'insightPlaybackLocationType,insightTrafficSourceType',
      }),
    ).toBe(true);
    expect(refused({ ...range, metrics: 'likes', dimensions: 'insightPlaybackLocationType' })).toBe(
      true,
    );
    expect(
      parseReportQuery({
        ...range,
        metrics: 'views',
        dimensions: 'day,insightPlaybackLocationType',
      }).ok,
    ).toBe(true);
  });
});
