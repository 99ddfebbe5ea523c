// Activity figures as pure functions: Monday weeks covering the period, uploads and views per
// week, mean views, top videos and case-insensitive top tags (hand-computed), and over random
// uploads: weekly uploads add up to the period's uploads and weekly views to their views.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityOf, mondayOf, topTags, weeksOf, type Upload } from './activity.ts';

const PERIOD = { from: '2026-08-23', to: '2026-11-20' }; // a Sunday to a Friday, 90 days
const LIMITS = { topVideos: 2, topTags: 3 };

const upload = (
  videoId: string,
  publishedAt: string,
  views: number | null,
  tags: string[] = [],
): Upload => ({
  videoId,
  title: `Video ${videoId}`,
  thumbnailUrl: `https://i.example/${videoId}.jpg`,
  publishedAt,
  views,
  tags,
});

describe('weeks', () => {
  it('starts weeks on Monday and covers the whole period', () => {
    expect(mondayOf('2026-11-16')).toBe('2026-11-16'); // a Monday
    expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // the Sunday after
    expect(mondayOf('2026-08-23')).toBe('2026-08-17');
    const weeks = weeksOf(PERIOD);
    expect(weeks[0]).toBe('2026-08-17');
    expect(weeks.at(-1)).toBe('2026-11-16');
    expect(weeks).toHaveLength(14);
  });
});

describe('activityOf', () => {
  it('counts the period uploads, their mean views, weeks, top videos and tags', () => {
    const activity = activityOf(
      [
        upload('old', '2026-08-22T23:59:59Z', 1_000_000, ['Camping']), // the day before: out
        upload('a', '2026-08-23T08:00:00Z', 100, ['Camping', 'camping ', 'Tents']),
        upload('b', '2026-11-16T10:00:00Z', 300, ['camping', 'Food']),
        upload('c', '2026-11-20T22:00:00Z', null, ['CAMPING', 'food', 'tents']),
        upload('d', '2026-11-18T09:00:00Z', 500, ['camping']),
      ],
      PERIOD,
      LIMITS,
    );
    expect(activity.uploads).toBe(4);
    expect(activity.viewsPerVideo).toBe(300); // (100 + 300 + 500) / 3: hidden views not counted
    expect(activity.weeks[0]).toEqual({ weekStart: '2026-08-17', uploads: 1, views: 100 });
    expect(activity.weeks.at(-1)).toEqual({ weekStart: '2026-11-16', uploads: 3, views: 800 });
    expect(activity.weeks.slice(1, -1).every((w) => w.uploads === 0 && w.views === 0)).toBe(true);
    expect(activity.topVideos.map((v) => v.videoId)).toEqual(['d', 'b']);
    expect(activity.topTags).toEqual([
      { tag: 'camping', videos: 4 }, // the most used of its spellings
      { tag: 'Food', videos: 2 },
      { tag: 'Tents', videos: 2 },
    ]);
  });

  it('has no mean views without uploads', () => {
    const activity = activityOf([], PERIOD, LIMITS);
    expect(activity).toMatchObject({ uploads: 0, viewsPerVideo: null, topVideos: [], topTags: [] });
    expect(activity.weeks).toHaveLength(14);
  });

  it('adds the weeks up to the period', () => {
    const day = fc.integer({ min: -10, max: 100 }).map((offset) => {
      const d = new Date(Date.parse('2026-08-23T12:00:00Z') + offset * 86_400_000);
      return d.toISOString();
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(day, fc.option(fc.nat(1_000_000), { nil: null })), { maxLength: 60 }),
        (list) => {
          const uploads = list.map(([at, views], i) => upload(`v${i}`, at, views));
          const activity = activityOf(uploads, PERIOD, LIMITS);
          const inPeriod = uploads.filter(
            (u) => u.publishedAt.slice(0, 10) >= PERIOD.from && u.publishedAt <= `${PERIOD.to}T99`,
          );
          expect(activity.weeks.reduce((s, w) => s + w.uploads, 0)).toBe(inPeriod.length);
          expect(activity.weeks.reduce((s, w) => s + w.views, 0)).toBe(
            inPeriod.reduce((s, u) => s + (u.views ?? 0), 0),
          );
          expect(activity.uploads).toBe(inPeriod.length);
          expect(activity.topVideos.length).toBeLessThanOrEqual(LIMITS.topVideos);
        },
      ),
    );
  });

  it('counts a tag once per video', () => {
    expect(topTags([{ tags: ['A', 'a', ' a '] }, { tags: ['b'] }], 5)).toEqual([
      { tag: 'A', videos: 1 },
      { tag: 'b', videos: 1 },
    ]);
  });
});
