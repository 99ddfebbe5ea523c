// YouTube Analytics v2 reports.query over the corpus. Each video's lifetime views are spread over
// the days since publication with a launch spike plus a long tail, using integer differences of a
// cumulative curve so the daily figures always add up to the video's total view count.
import type { VideoRecord } from './corpus/types.ts';
import { analyticsBadRequest, type GoogleError } from './google-errors.ts';
import { createRandom } from './prng.ts';

const DAY_MS = 86_400_000;

/** The traffic sources reported, with the range of each video's share before normalisation. */
export const TRAFFIC_SOURCES = [
  ['YT_SEARCH', 0.08, 0.45],
  ['RELATED_VIDEO', 0.1, 0.35],
  ['SUBSCRIBER', 0.05, 0.2],
  ['YT_CHANNEL', 0.02, 0.08],
  ['PLAYLIST', 0.01, 0.06],
  ['EXT_URL', 0.01, 0.08],
  ['NOTIFICATION', 0.005, 0.03],
  ['NO_LINK_OTHER', 0.01, 0.05],
  ['YT_OTHER_PAGE', 0.01, 0.05],
] as const;

/** Metrics the emulator computes, with their column data type. */
export const METRICS: Record<string, 'INTEGER' | 'FLOAT'> = {
  views: 'INTEGER',
  estimatedMinutesWatched: 'INTEGER',
  averageViewDuration: 'INTEGER',
  averageViewPercentage: 'FLOAT',
  likes: 'INTEGER',
  comments: 'INTEGER',
  shares: 'INTEGER',
  subscribersGained: 'INTEGER',
};

/** Dimensions the emulator supports. */
export const DIMENSIONS = [
  'day',
  'insightTrafficSourceType',
  'video',
  'insightTrafficSourceDetail',
] as const;

/**
 * Metrics YouTube reports by traffic source (the insightTrafficSourceType dimension or filter):
 * engagement metrics such as subscribersGained, likes, comments and shares are not among them.
 */
export const TRAFFIC_SOURCE_METRICS = [
  'views',
  'estimatedMinutesWatched',
  'averageViewDuration',
  'averageViewPercentage',
] as const;

/**
 * The traffic-source detail report (insightTrafficSourceDetail) is a "top" report: it needs the
 * insightTrafficSourceType filter, takes only views/estimatedMinutesWatched, sorts descending by
 * one of them and returns at most this many rows (maxResults is required).
 */
export const TRAFFIC_SOURCE_DETAIL_MAX_RESULTS = 25;

/** YouTube's answer to a combination of dimensions, metrics, filters and sort it does not offer. */
export const QUERY_NOT_SUPPORTED =
  'The query is not supported. Check the documentation at https://developers.google.com/youtube/analytics/v2/available_reports for a list of supported queries.';

interface VideoProfile {
  tau: number;
  spike: number;
  retention: number;
  sources: [string, number][];
}

const profiles = new Map<string, VideoProfile>();

function profile(video: VideoRecord): VideoProfile {
  let p = profiles.get(video.id);
  if (p) return p;
  const rand = createRandom('analytics', video.id);
  const isShort = video.durationSeconds <= 60;
  const raw = TRAFFIC_SOURCES.map(
    ([name, lo, hi]) => [name, lo + rand.next() * (hi - lo)] as [string, number],
  );
  if (isShort) raw.push(['SHORTS', 0.5 + rand.next() * 0.3]);
  const sum = raw.reduce((s, [, v]) => s + v, 0);
  p = {
    tau: 3 + rand.next() * 17,
    spike: 0.45 + rand.next() * 0.3,
    retention: isShort ? 0.8 + rand.next() * 0.3 : 0.3 + rand.next() * 0.3,
    sources: raw.map(([n, v]) => [n, v / sum]),
  };
  if (profiles.size > 50_000) profiles.clear();
  profiles.set(video.id, p);
  return p;
}

/** The UTC day number of an instant. */
export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/**
 * Calls `visit(day, views)` for each day of [from, to] (day numbers) with the video's views that
 * day, as of `today`. Over [publish, today] the daily values sum exactly to viewCount: each is the
 * difference of the rounded cumulative curve F(k) = spike·(1−e^(−(k+1)/τ))/(1−e^(−n/τ)) + (1−spike)·(k+1)/n.
 */
export function forEachDailyViews(
  video: VideoRecord,
  from: number,
  to: number,
  today: number,
  visit: (day: number, views: number) => void,
): void {
  const first = dayNumber(video.publishedAt);
  if (video.viewCount === 0 || today < first) return;
  const n = today - first + 1;
  const { tau, spike } = profile(video);
  const norm = 1 - Math.exp(-n / tau);
  const step = Math.exp(-1 / tau);
  const start = Math.max(from, first);
  const end = Math.min(to, today);
  if (start > end) return;
  // decay = e^(−k/τ) for the day before `start`, advanced by one multiplication per day.
  let k = start - first;
  let decay = Math.exp(-k / tau);
  const cumulative = (kk: number, d: number) =>
    kk >= n - 1 ? 1 : (spike * (1 - d * step)) / norm + ((1 - spike) * (kk + 1)) / n;
  let previous = k === 0 ? 0 : Math.round(video.viewCount * cumulative(k - 1, decay / step));
  for (let day = start; day <= end; day++, k++) {
    const current = Math.round(video.viewCount * cumulative(k, decay));
    if (current !== previous) visit(day, current - previous);
    previous = current;
    decay *= step;
  }
}

/** Views of a video on one UTC day (see forEachDailyViews). */
export function dailyViews(video: VideoRecord, day: number, today: number): number {
  let views = 0;
  forEachDailyViews(video, day, day, today, (_d, v) => {
    views = v;
  });
  return views;
}

/** Splits a count among a video's traffic sources (largest remainder, so parts sum to the count). */
export function splitBySource(video: VideoRecord, views: number): Map<string, number> {
  return new Map(splitByShares(views, profile(video).sources));
}

/** A parsed reports.query request. */
export interface ReportQuery {
  startDate: string;
  endDate: string;
  metrics: string[];
  dimensions: string[];
  videoIds?: string[];
  trafficSource?: string;
  sort: string[];
  maxResults?: number;
}

/** Parses and validates the query parameters of reports.query (ids is handled by the route). */
export function parseReportQuery(
  q: Record<string, string | undefined>,
): { ok: true; query: ReportQuery } | { ok: false; error: GoogleError } {
  for (const name of ['startDate', 'endDate', 'metrics'] as const) {
    if (!q[name])
      return {
        ok: false,
        error: analyticsBadRequest(`Required field parameters.${name} is missing.`),
      };
  }
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (!date.test(q.startDate!) || Number.isNaN(Date.parse(q.startDate!))) {
    return {
      ok: false,
      error: analyticsBadRequest(`Invalid value at 'start_date' (${q.startDate}).`),
    };
  }
  if (!date.test(q.endDate!) || Number.isNaN(Date.parse(q.endDate!))) {
    return { ok: false, error: analyticsBadRequest(`Invalid value at 'end_date' (${q.endDate}).`) };
  }
  if (q.startDate! > q.endDate!) {
    return {
      ok: false,
      error: analyticsBadRequest('The start date must be before or equal to the end date.'),
    };
  }
  const metrics = q
    .metrics!.split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  for (const m of metrics) {
    if (!(m in METRICS))
      return {
        ok: false,
        error: analyticsBadRequest(`Unknown identifier (${m}) given in field parameters.metrics.`),
      };
  }
  const dimensions = (q.dimensions ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const d of dimensions) {
    if (!(DIMENSIONS as readonly string[]).includes(d)) {
      return {
        ok: false,
        error: analyticsBadRequest(
          `Unknown identifier (${d}) given in field parameters.dimensions.`,
        ),
      };
    }
  }
  const query: ReportQuery = {
    startDate: q.startDate!,
    endDate: q.endDate!,
    metrics,
    dimensions,
    sort: [],
  };
  for (const filter of (q.filters ?? '').split(';').filter(Boolean)) {
    const [key, value] = filter.split('==');
    if (key === 'video' && value) query.videoIds = value.split(',');
    else if (key === 'insightTrafficSourceType' && value) query.trafficSource = value;
    else
      return {
        ok: false,
        error: analyticsBadRequest(
          `Unknown identifier (${key}) given in field parameters.filters.`,
        ),
      };
  }
  query.sort = (q.sort ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of query.sort) {
    const name = s.replace(/^-/, '');
    if (!dimensions.includes(name) && !metrics.includes(name)) {
      return {
        ok: false,
        error: analyticsBadRequest(
          `The query is not supported: sort field ${name} is neither a requested dimension nor metric.`,
        ),
      };
    }
  }
  if (q.maxResults !== undefined) {
    const n = Number(q.maxResults);
    if (!Number.isInteger(n) || n < 1)
      return {
        ok: false,
        error: analyticsBadRequest(`Invalid value at 'max_results' (${q.maxResults}).`),
      };
    query.maxResults = n;
  }
  const unsupported = unsupportedCombination(query);
  if (unsupported) return { ok: false, error: analyticsBadRequest(unsupported) };
  return { ok: true, query };
}

/** Why YouTube would refuse this combination (null when it is a report YouTube offers). */
function unsupportedCombination(query: ReportQuery): string | null {
  const bySource =
    query.trafficSource !== undefined || query.dimensions.includes('insightTrafficSourceType');
  if (
    bySource &&
    query.metrics.some((m) => !(TRAFFIC_SOURCE_METRICS as readonly string[]).includes(m))
  )
    return QUERY_NOT_SUPPORTED;
  if (!query.dimensions.includes('insightTrafficSourceDetail')) return null;
  const sortable = ['-views', '-estimatedMinutesWatched'];
  if (
    query.trafficSource === undefined ||
    query.dimensions.length !== 1 ||
    query.metrics.some((m) => m !== 'views' && m !== 'estimatedMinutesWatched') ||
    query.sort.length !== 1 ||
    !sortable.includes(query.sort[0]!) ||
    query.maxResults === undefined ||
    query.maxResults > TRAFFIC_SOURCE_DETAIL_MAX_RESULTS
  )
    return QUERY_NOT_SUPPORTED;
  return null;
}

/** Lower case, punctuation and emoji removed, single spaces: how people type a search. */
function searchSpelling(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'&+#]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Longest search term the emulator derives (YouTube search boxes take about 100 characters). */
const SEARCH_TERM_MAX_LENGTH = 60;

/**
 * The search terms that bring a video its views from YouTube search, with each one's share:
 * derived deterministically from the current title and tags (the first tags weigh most, the
 * title's leading words and its pairs of words fill in), at most 8 per video.
 */
export function searchTermsOf(video: VideoRecord): [string, number][] {
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) => {
    const t = searchSpelling(term);
    if (t.length < 3 || t.length > SEARCH_TERM_MAX_LENGTH || !/\p{L}/u.test(t)) return;
    weights.set(t, (weights.get(t) ?? 0) + weight);
  };
  const rand = createRandom('search-terms', video.id, video.title, video.tags.join('\u0000'));
  video.tags.slice(0, 6).forEach((tag, i) => add(tag, (1 + rand.next()) / (i + 1.5)));
  const words = searchSpelling(video.title)
    .split(' ')
    .filter((w) => w.length > 1);
  if (words.length > 0) add(words.slice(0, Math.min(words.length, 4)).join(' '), 0.5 + rand.next());
  for (let i = 0; i + 1 < Math.min(words.length, 6); i++) {
    if (words[i]!.length > 2 && words[i + 1]!.length > 2)
      add(`${words[i]} ${words[i + 1]}`, 0.2 + rand.next() * 0.4);
  }
  const ranked = [...weights].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 8);
  const sum = ranked.reduce((s, [, w]) => s + w, 0);
  return ranked.map(([term, w]) => [term, w / sum]);
}

/** Splits a count by shares with the largest remainder, so the parts sum to the count. */
function splitByShares(count: number, shares: readonly [string, number][]): [string, number][] {
  const parts = shares.map(([name, share]) => ({
    name,
    exact: count * share,
    value: Math.floor(count * share),
  }));
  let rest = count - parts.reduce((s, p) => s + p.value, 0);
  const order = parts
    .slice()
    .sort((a, b) => b.exact - b.value - (a.exact - a.value) || (a.name < b.name ? -1 : 1));
  for (const p of order) {
    if (rest <= 0) break;
    p.value++;
    rest--;
  }
  return parts.map((p) => [p.name, p.value]);
}

interface Accumulator {
  views: number;
  watchSeconds: number;
  likes: number;
  comments: number;
  durationWeighted: number;
}

/** Runs a report over the given videos; returns the resultTable body. */
export function runReport(
  videos: readonly VideoRecord[],
  query: ReportQuery,
  nowMs: number,
): Record<string, unknown> {
  const start = dayNumber(Date.parse(`${query.startDate}T00:00:00Z`));
  const end = dayNumber(Date.parse(`${query.endDate}T00:00:00Z`));
  const today = dayNumber(nowMs);
  // Reports lag: the current day has no data yet.
  const lastDay = Math.min(end, today - 1);
  // Groups are keyed by numbers (day offset, source index, video index) to keep wide ranges fast.
  const groups = new Map<number, { keys: string[]; acc: Accumulator }>();
  const selected = query.videoIds ? videos.filter((v) => query.videoIds!.includes(v.id)) : videos;
  const bySourceWanted =
    query.trafficSource !== undefined ||
    query.dimensions.includes('insightTrafficSourceType') ||
    query.dimensions.includes('insightTrafficSourceDetail');
  const sourceNames: string[] = [];
  const sourceIndex = (name: string) => {
    let i = sourceNames.indexOf(name);
    if (i === -1) i = sourceNames.push(name) - 1;
    return i;
  };
  const useDay = query.dimensions.includes('day');
  const useSource = query.dimensions.includes('insightTrafficSourceType');
  const useVideo = query.dimensions.includes('video');
  const useDetail = query.dimensions.includes('insightTrafficSourceDetail');
  // Search terms (the detail of YT_SEARCH; other sources' details are not modelled) by name.
  const terms = new Map<string, number>();
  const contribute = (
    video: VideoRecord,
    videoIndex: number,
    day: number,
    views: number,
    retention: number,
    split?: Map<string, number>,
  ) => {
    const parts = split ?? (bySourceWanted ? splitBySource(video, views) : undefined);
    const entries: Iterable<[string, number]> = parts ?? [['', views]];
    for (const [source, count] of entries) {
      if (count === 0 || (query.trafficSource && source !== query.trafficSource)) continue;
      if (useDetail) {
        if (source !== 'YT_SEARCH') continue;
        for (const [term, termViews] of splitByShares(count, searchTermsOf(video))) {
          if (termViews === 0) continue;
          let index = terms.get(term);
          if (index === undefined) terms.set(term, (index = terms.size));
          addTo(index, [term], video, termViews, retention);
        }
        continue;
      }
      const s = useSource ? sourceIndex(source) : 0;
      const key = ((useVideo ? videoIndex : 0) * 64 + s) * 100_000 + (useDay ? day - start : 0);
      const keys = groups.has(key)
        ? []
        : query.dimensions.map((d) =>
            d === 'day'
              ? new Date(day * DAY_MS).toISOString().slice(0, 10)
              : d === 'video'
                ? video.id
                : source,
          );
      addTo(key, keys, video, count, retention);
    }
  };
  function addTo(
    key: number,
    keys: string[],
    video: VideoRecord,
    count: number,
    retention: number,
  ): void {
    let group = groups.get(key);
    if (!group) {
      groups.set(
        key,
        (group = {
          keys,
          acc: { views: 0, watchSeconds: 0, likes: 0, comments: 0, durationWeighted: 0 },
        }),
      );
    }
    group.acc.views += count;
    group.acc.watchSeconds += count * video.durationSeconds * retention;
    group.acc.durationWeighted += count * video.durationSeconds;
    group.acc.likes += (video.likeCount * count) / video.viewCount;
    group.acc.comments += (video.commentCount * count) / video.viewCount;
  }
  selected.forEach((video, videoIndex) => {
    const { retention } = profile(video);
    if (useDay) {
      forEachDailyViews(video, start, lastDay, today, (day, views) =>
        contribute(video, videoIndex, day, views, retention),
      );
      return;
    }
    // Without the day dimension: the range total, and by source the sum of each day's split, so a
    // range's figures always equal the sum of its days (as on YouTube).
    let total = 0;
    const bySource = bySourceWanted ? new Map<string, number>() : undefined;
    forEachDailyViews(video, start, lastDay, today, (_day, views) => {
      total += views;
      if (bySource)
        for (const [source, count] of splitBySource(video, views))
          bySource.set(source, (bySource.get(source) ?? 0) + count);
    });
    if (total > 0) contribute(video, videoIndex, start, total, retention, bySource);
  });
  const metricValue = (name: string, a: Accumulator): number => {
    switch (name) {
      case 'views':
        return a.views;
      case 'estimatedMinutesWatched':
        return Math.round(a.watchSeconds / 60);
      case 'averageViewDuration':
        return a.views ? Math.round(a.watchSeconds / a.views) : 0;
      case 'averageViewPercentage':
        return a.durationWeighted
          ? Math.round((10_000 * a.watchSeconds) / a.durationWeighted) / 100
          : 0;
      case 'likes':
        return Math.round(a.likes);
      case 'comments':
        return Math.round(a.comments);
      case 'shares':
        return Math.round(a.views * 0.003);
      default:
        return Math.round(a.views * 0.002);
    }
  };
  let rows: (string | number)[][] = [...groups.values()].map((g) => [
    ...g.keys,
    ...query.metrics.map((m) => metricValue(m, g.acc)),
  ]);
  if (query.dimensions.length === 0 && rows.length === 0 && selected.length > 0) {
    rows = [query.metrics.map(() => 0)];
  }
  const columns = [...query.dimensions, ...query.metrics];
  const sort = query.sort.length ? query.sort : query.dimensions.includes('day') ? ['day'] : [];
  rows.sort((a, b) => {
    for (const s of sort) {
      const desc = s.startsWith('-');
      const i = columns.indexOf(s.replace(/^-/, ''));
      const x = a[i]!;
      const y = b[i]!;
      if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
    }
    return 0;
  });
  if (query.maxResults) rows = rows.slice(0, query.maxResults);
  const body: Record<string, unknown> = {
    kind: 'youtubeAnalytics#resultTable',
    columnHeaders: [
      ...query.dimensions.map((name) => ({ name, columnType: 'DIMENSION', dataType: 'STRING' })),
      ...query.metrics.map((name) => ({ name, columnType: 'METRIC', dataType: METRICS[name] })),
    ],
  };
  if (rows.length > 0) body.rows = rows;
  return body;
}
