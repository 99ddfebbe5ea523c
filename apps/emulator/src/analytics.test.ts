// Analytics figures are deterministic and consistent with each video's total views.
import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  forEachDailyViews,
  parseReportQuery,
  runReport,
  splitBySource,
} from './analytics.ts';
import type { VideoRecord } from './corpus/types.ts';

const video = {
  id: 'abcdefghijk',
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
