// A channel's activity over the competition period (pure): uploads, mean views per upload,
// Monday-start weeks of uploads and their views, the most viewed uploads and the most used tags.
// The same computation serves the active channel (its synced videos) and competitors (their
// public uploads), so both sides of the chart are counted alike.
import { addDays } from '../../lib/days.ts';

/** One upload as both sources give it. */
export interface Upload {
  videoId: string;
  title: string;
  thumbnailUrl: string;
  /** ISO timestamp. */
  publishedAt: string;
  /** Views to date; null when the platform hides them. */
  views: number | null;
  tags: readonly string[];
}

/** The days of the period (YYYY-MM-DD, both included). */
export interface Period {
  from: string;
  to: string;
}

/** A channel's activity figures (contract `channelActivity` without id and availability). */
export interface Activity {
  uploads: number;
  viewsPerVideo: number | null;
  weeks: { weekStart: string; uploads: number; views: number }[];
  topVideos: {
    videoId: string;
    title: string;
    thumbnailUrl: string;
    publishedAt: string;
    views: number | null;
  }[];
  topTags: { tag: string; videos: number }[];
}

/** The Monday of the (UTC) week of a day. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The Monday-start weeks covering the period, oldest first. */
export function weeksOf(period: Period): string[] {
  const weeks: string[] = [];
  for (let week = mondayOf(period.from); week <= period.to; week = addDays(week, 7))
    weeks.push(week);
  return weeks;
}

/** The activity of a channel's uploads in the period (uploads outside it are ignored). */
export function activityOf(
  uploads: readonly Upload[],
  period: Period,
  limits: { topVideos: number; topTags: number },
): Activity {
  const inPeriod = uploads.filter((u) => {
    const day = u.publishedAt.slice(0, 10);
    return day >= period.from && day <= period.to;
  });
  const counted = inPeriod.filter((u) => u.views !== null);
  const viewsPerVideo =
    counted.length === 0
      ? null
      : counted.reduce((sum, u) => sum + (u.views ?? 0), 0) / counted.length;
  const weeks = new Map(weeksOf(period).map((w) => [w, { weekStart: w, uploads: 0, views: 0 }]));
  for (const u of inPeriod) {
    const week = weeks.get(mondayOf(u.publishedAt.slice(0, 10)))!;
    week.uploads += 1;
    week.views += u.views ?? 0;
  }
  const topVideos = [...inPeriod]
    .sort(
      (a, b) =>
        (b.views ?? -1) - (a.views ?? -1) ||
        (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0),
    )
    .slice(0, limits.topVideos)
    .map((u) => ({
      videoId: u.videoId,
      title: u.title,
      thumbnailUrl: u.thumbnailUrl,
      publishedAt: u.publishedAt,
      views: u.views,
    }));
  return {
    uploads: inPeriod.length,
    viewsPerVideo,
    weeks: [...weeks.values()],
    topVideos,
    topTags: topTags(inPeriod, limits.topTags),
  };
}

/**
 * The tags used by the most uploads, grouped case-insensitively (a video counts once per tag),
 * each shown in its most used spelling; ties by tag.
 */
export function topTags(
  uploads: readonly Pick<Upload, 'tags'>[],
  max: number,
): { tag: string; videos: number }[] {
  const groups = new Map<string, { videos: number; spellings: Map<string, number> }>();
  for (const u of uploads) {
    const seen = new Set<string>();
    for (const raw of u.tags) {
      const spelling = raw.trim().replace(/\s+/g, ' ');
      const key = spelling.toLocaleLowerCase();
      if (!key || seen.has(key)) continue;
      seen.add(key);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { videos: 0, spellings: new Map() }));
      group.videos += 1;
      group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + 1);
    }
  }
  return [...groups.values()]
    .map((g) => ({
      tag: [...g.spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
      videos: g.videos,
    }))
    .sort((a, b) => b.videos - a.videos || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
    .slice(0, max);
}
