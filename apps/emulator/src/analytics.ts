// YouTube Analytics v2 reports.query over the corpus. Each video's lifetime views are spread over
// the days since publication with a launch spike plus a long tail, using integer differences of a
// cumulative curve so the daily figures always add up to the video's total view count; a small
// deterministic day-to-day noise moves views between neighbouring days (the sum is kept) and
// retention, so each day is an observation with variance. A day whose custom thumbnail (the one
// live for most of that UTC day) was measured by thumbnail-appeal.ts has views × appeal and
// retention × promise. Views also divide by playback location, the EMBEDDED part among the web
// pages that embed the video (embedded-pages.ts).
import type { VideoRecord } from './corpus/types.ts';
import type { EmbeddingPages } from './embedded-pages.ts';
import { analyticsBadRequest, type GoogleError } from './google-errors.ts';
import { createRandom, hashString } from './prng.ts';
import type { ThumbnailEffect } from './thumbnail-appeal.ts';
import type { ThumbnailHistoryEntry } from './thumbnails.ts';

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

/**
 * Playback locations other than EMBEDDED, with the range of each video's share before
 * normalisation (Shorts add SHORTS). EMBEDDED takes EMBEDDED_SHARE_RANGE of a video's views when
 * a web page embeds it.
 */
export const PLAYBACK_LOCATIONS = [
  ['WATCH', 0.55, 0.8],
  ['BROWSE', 0.08, 0.2],
  ['SEARCH', 0.03, 0.1],
  ['CHANNEL', 0.02, 0.06],
  ['YT_OTHER', 0.01, 0.04],
] as const;

/** The share of a video's views played in embedded players, when a page embeds it. */
export const EMBEDDED_SHARE_RANGE = [0.01, 0.06] as const;

/** Each day's views move by up to ±2× this (a shift to or from each neighbouring day). */
export const VIEW_NOISE = 0.025;
/** Each day's retention moves by up to ± this. */
export const RETENTION_NOISE = 0.015;

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
  'insightPlaybackLocationType',
  'insightPlaybackLocationDetail',
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

/** The "top embedded players" report (insightPlaybackLocationDetail) returns at most this many rows. */
export const PLAYBACK_LOCATION_DETAIL_MAX_RESULTS = 25;

/** YouTube's answer to a combination of dimensions, metrics, filters and sort it does not offer. */
export const QUERY_NOT_SUPPORTED =
  'The query is not supported. Check the documentation at https://developers.google.com/youtube/analytics/v2/available_reports for a list of supported queries.';

interface VideoProfile {
  tau: number;
  spike: number;
  retention: number;
  sources: [string, number][];
  /** Seed of the day-to-day noise. */
  seed: number;
  /** Playback locations other than EMBEDDED, summing to 1. */
  locations: [string, number][];
  /** EMBEDDED share of the views when a page embeds the video. */
  embedded: number;
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
  // Its own generator, so the figures drawn above stay what they were before locations existed.
  const place = createRandom('analytics-playback', video.id);
  const locations = PLAYBACK_LOCATIONS.map(
    ([name, lo, hi]) => [name, lo + place.next() * (hi - lo)] as [string, number],
  );
  if (isShort) locations.push(['SHORTS', 0.6 + place.next() * 0.3]);
  const locationSum = locations.reduce((s, [, v]) => s + v, 0);
  p = {
    tau: 3 + rand.next() * 17,
    spike: 0.45 + rand.next() * 0.3,
    retention: isShort ? 0.8 + rand.next() * 0.3 : 0.3 + rand.next() * 0.3,
    sources: raw.map(([n, v]) => [n, v / sum]),
    seed: hashString(`analytics-noise\u0000${video.id}`),
    locations: locations.map(([n, v]) => [n, v / locationSum]),
    embedded:
      EMBEDDED_SHARE_RANGE[0] + place.next() * (EMBEDDED_SHARE_RANGE[1] - EMBEDDED_SHARE_RANGE[0]),
  };
  if (profiles.size > 50_000) profiles.clear();
  profiles.set(video.id, p);
  return p;
}

/** The UTC day number of an instant. */
export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** A uniform number in [−1, 1) from a seed, a day and a salt (a cheap 32-bit mix). */
function noise(seed: number, day: number, salt: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(day + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(salt + 0x27d4eb2f, 0x165667b1);
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 16;
  return ((h >>> 0) / 4294967296) * 2 - 1;
}

/**
 * Calls `visit(day, views)` for each day of [from, to] (day numbers) with the video's views that
 * day, as of `today`. Over [publish, today] the daily values sum exactly to viewCount: each is the
 * difference b(k) of the rounded cumulative curve F(k) = spike·(1−e^(−(k+1)/τ))/(1−e^(−n/τ)) +
 * (1−spike)·(k+1)/n, plus noise that moves m(k) = round(b(k)·VIEW_NOISE·u(k)), u uniform in
 * [−1, 1) seeded by video and day, from day k+1 to day k: views(k) = b(k) + m(k) − m(k−1), with
 * m = 0 before publication and on `today`, so the noise cancels out over the video's life.
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
  const { tau, spike, seed } = profile(video);
  const norm = 1 - Math.exp(-n / tau);
  const step = Math.exp(-1 / tau);
  const start = Math.max(from, first);
  const end = Math.min(to, today);
  if (start > end) return;
  const shift = (kk: number, base: number) =>
    kk < 0 || kk >= n - 1 ? 0 : Math.round(base * VIEW_NOISE * noise(seed, first + kk, 1));
  const cumulative = (kk: number, d: number) =>
    kk < 0 ? 0 : kk >= n - 1 ? 1 : (spike * (1 - d * step)) / norm + ((1 - spike) * (kk + 1)) / n;
  const rounded = (kk: number) => Math.round(video.viewCount * cumulative(kk, Math.exp(-kk / tau)));
  // decay = e^(−k/τ) for the day before `start`, advanced by one multiplication per day.
  let k = start - first;
  let decay = Math.exp(-k / tau);
  let previous = rounded(k - 1);
  let previousShift = shift(k - 1, previous - rounded(k - 2));
  for (let day = start; day <= end; day++, k++) {
    const current = Math.round(video.viewCount * cumulative(k, decay));
    const moved = shift(k, current - previous);
    // Never negative (the curve falls far slower than the noise could need).
    const views = Math.max(0, current - previous + moved - previousShift);
    if (views !== 0) visit(day, views);
    previous = current;
    previousShift = moved;
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
  playbackLocation?: string;
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
    else if (key === 'insightPlaybackLocationType' && value) query.playbackLocation = value;
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
  const byLocation =
    query.playbackLocation !== undefined ||
    query.dimensions.includes('insightPlaybackLocationType') ||
    query.dimensions.includes('insightPlaybackLocationDetail');
  // Playback location and traffic source are separate reports; location takes the same metrics.
  if (byLocation && (bySource || query.dimensions.includes('insightTrafficSourceDetail')))
    return QUERY_NOT_SUPPORTED;
  if (
    byLocation &&
    query.metrics.some((m) => !(TRAFFIC_SOURCE_METRICS as readonly string[]).includes(m))
  )
    return QUERY_NOT_SUPPORTED;
  const sortable = ['-views', '-estimatedMinutesWatched'];
  const topReport = (maxResults: number) =>
    query.dimensions.length !== 1 ||
    query.metrics.some((m) => m !== 'views' && m !== 'estimatedMinutesWatched') ||
    query.sort.length !== 1 ||
    !sortable.includes(query.sort[0]!) ||
    query.maxResults === undefined ||
    query.maxResults > maxResults;
  // The top embedded players: only with the EMBEDDED filter, sorted and capped like the top terms.
  if (query.dimensions.includes('insightPlaybackLocationDetail'))
    return query.playbackLocation !== 'EMBEDDED' || topReport(PLAYBACK_LOCATION_DETAIL_MAX_RESULTS)
      ? QUERY_NOT_SUPPORTED
      : null;
  if (!query.dimensions.includes('insightTrafficSourceDetail')) return null;
  return query.trafficSource === undefined || topReport(TRAFFIC_SOURCE_DETAIL_MAX_RESULTS)
    ? QUERY_NOT_SUPPORTED
    : null;
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

/** What a report needs beyond the videos: thumbnail histories and embedding pages. */
export interface ReportContext {
  /** A video's thumbnails.set history, oldest first (none: the figures of its own thumbnail). */
  thumbnailHistory?: (videoId: string) => readonly ThumbnailHistoryEntry[];
  /** The web pages embedding each video (a video without any has no EMBEDDED views). */
  embeddingPages?: ReadonlyMap<string, EmbeddingPages>;
}

/**
 * The effect of the custom thumbnail live for the longest part of a UTC day (a tie goes to the
 * later one); undefined while the video's own thumbnail is, as before any thumbnails.set.
 */
export function thumbnailOnDay(
  history: readonly ThumbnailHistoryEntry[],
  day: number,
): ThumbnailEffect | undefined {
  const start = day * DAY_MS;
  const end = start + DAY_MS;
  if (history.length === 0 || history[0]!.at >= end) return undefined;
  let best: ThumbnailEffect | undefined;
  let bestLive = Math.min(end, history[0]!.at) - start;
  for (let i = 0; i < history.length; i++) {
    const from = Math.max(start, history[i]!.at);
    const to = Math.min(end, history[i + 1]?.at ?? Infinity);
    if (from >= end) break;
    if (to - from > 0 && to - from >= bestLive) {
      best = history[i]!;
      bestLive = to - from;
    }
  }
  return best;
}

/** The playback-location shares of a video (EMBEDDED only when a page embeds it). */
function locationShares(video: VideoRecord, embedded: boolean): [string, number][] {
  const p = profile(video);
  if (!embedded) return p.locations;
  return [
    ['EMBEDDED', p.embedded],
    ...p.locations.map(([n, v]) => [n, v * (1 - p.embedded)] as [string, number]),
  ];
}

/** A day's (or range's) views of one part (source or location) and their watch time. */
type Part = [views: number, watchSeconds: number];

/**
 * Runs a report over the given videos; returns the resultTable body. A range's figures are the
 * sum of its days (as on YouTube).
 */
export function runReport(
  videos: readonly VideoRecord[],
  query: ReportQuery,
  nowMs: number,
  context: ReportContext = {},
): Record<string, unknown> {
  const start = dayNumber(Date.parse(`${query.startDate}T00:00:00Z`));
  const end = dayNumber(Date.parse(`${query.endDate}T00:00:00Z`));
  const today = dayNumber(nowMs);
  // Reports lag: the current day has no data yet.
  const lastDay = Math.min(end, today - 1);
  // Groups are keyed by numbers (day offset, part index, video index) to keep wide ranges fast.
  const groups = new Map<number, { keys: string[]; acc: Accumulator }>();
  const selected = query.videoIds ? videos.filter((v) => query.videoIds!.includes(v.id)) : videos;
  const useDetail = query.dimensions.includes('insightTrafficSourceDetail');
  const useEmbedDetail = query.dimensions.includes('insightPlaybackLocationDetail');
  const bySourceWanted =
    query.trafficSource !== undefined ||
    query.dimensions.includes('insightTrafficSourceType') ||
    useDetail;
  const byLocationWanted =
    query.playbackLocation !== undefined ||
    query.dimensions.includes('insightPlaybackLocationType') ||
    useEmbedDetail;
  const partFilter = query.trafficSource ?? query.playbackLocation;
  const partNames: string[] = [];
  const partIndex = (name: string) => {
    let i = partNames.indexOf(name);
    if (i === -1) i = partNames.push(name) - 1;
    return i;
  };
  const useDay = query.dimensions.includes('day');
  const usePart =
    query.dimensions.includes('insightTrafficSourceType') ||
    query.dimensions.includes('insightPlaybackLocationType');
  const useVideo = query.dimensions.includes('video');
  const embedding = context.embeddingPages ?? new Map<string, EmbeddingPages>();
  /** Splits a day's views (and their watch time, in proportion) by source or location. */
  const split = (
    video: VideoRecord,
    views: number,
    watch: number,
  ): Map<string, Part> | undefined => {
    const shares = bySourceWanted
      ? profile(video).sources
      : byLocationWanted
        ? locationShares(video, embedding.has(video.id))
        : undefined;
    if (!shares) return undefined;
    return new Map(
      splitByShares(views, shares).map(([name, count]) => [name, [count, (watch * count) / views]]),
    );
  };
  // Rows of the detail reports (search terms, embedding pages) by name.
  const details = new Map<string, number>();
  const addDetail = (name: string, video: VideoRecord, count: number, watch: number) => {
    if (count === 0) return;
    let index = details.get(name);
    if (index === undefined) details.set(name, (index = details.size));
    addTo(index, [name], video, count, watch);
  };
  const contribute = (
    video: VideoRecord,
    videoIndex: number,
    day: number,
    views: number,
    watch: number,
    parts?: Map<string, Part>,
  ) => {
    const entries: Iterable<[string, Part]> = parts ??
      split(video, views, watch) ?? [['', [views, watch]]];
    for (const [name, [count, partWatch]] of entries) {
      if (count === 0 || (partFilter && name !== partFilter)) continue;
      if (useDetail) {
        // Search terms are the detail of YT_SEARCH; other sources' details are not modelled.
        if (name !== 'YT_SEARCH') continue;
        for (const [term, termViews] of splitByShares(count, searchTermsOf(video)))
          addDetail(term, video, termViews, (partWatch * termViews) / count);
        continue;
      }
      if (useEmbedDetail) {
        const pages = embedding.get(video.id);
        if (name !== 'EMBEDDED' || !pages) continue;
        const shares: [string, number][] = [
          [pages.page, pages.pageShare],
          [pages.index, 1 - pages.pageShare],
        ];
        for (const [url, pageViews] of splitByShares(count, shares))
          addDetail(url, video, pageViews, (partWatch * pageViews) / count);
        continue;
      }
      const s = usePart ? partIndex(name) : 0;
      const key = ((useVideo ? videoIndex : 0) * 64 + s) * 100_000 + (useDay ? day - start : 0);
      const keys = groups.has(key)
        ? []
        : query.dimensions.map((d) =>
            d === 'day'
              ? new Date(day * DAY_MS).toISOString().slice(0, 10)
              : d === 'video'
                ? video.id
                : name,
          );
      addTo(key, keys, video, count, partWatch);
    }
  };
  function addTo(
    key: number,
    keys: string[],
    video: VideoRecord,
    count: number,
    watchSeconds: number,
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
    group.acc.watchSeconds += watchSeconds;
    group.acc.durationWeighted += count * video.durationSeconds;
    group.acc.likes += (video.likeCount * count) / video.viewCount;
    group.acc.comments += (video.commentCount * count) / video.viewCount;
  }
  selected.forEach((video, videoIndex) => {
    const { retention, seed } = profile(video);
    const history = context.thumbnailHistory?.(video.id) ?? [];
    // A better promise never lifts retention past a full view (Shorts' loops may already be).
    const cap = Math.max(1, retention);
    const dayFigures = (day: number, views: number): Part => {
      const effect = thumbnailOnDay(history, day);
      const count = effect ? Math.round(views * effect.appeal) : views;
      const dayRetention = Math.min(
        cap,
        retention * (effect?.promise ?? 1) * (1 + RETENTION_NOISE * noise(seed, day, 2)),
      );
      return [count, count * video.durationSeconds * dayRetention];
    };
    if (useDay) {
      forEachDailyViews(video, start, lastDay, today, (day, views) => {
        const [count, watch] = dayFigures(day, views);
        if (count > 0) contribute(video, videoIndex, day, count, watch);
      });
      return;
    }
    // Without the day dimension: the range total, and by part the sum of each day's split, so a
    // range's figures always equal the sum of its days (as on YouTube).
    let total = 0;
    let totalWatch = 0;
    const byPart = bySourceWanted || byLocationWanted ? new Map<string, Part>() : undefined;
    forEachDailyViews(video, start, lastDay, today, (day, views) => {
      const [count, watch] = dayFigures(day, views);
      if (count === 0) return;
      total += count;
      totalWatch += watch;
      if (byPart)
        for (const [name, [partViews, partWatch]] of split(video, count, watch)!) {
          const sum = byPart.get(name);
          if (sum) {
            sum[0] += partViews;
            sum[1] += partWatch;
          } else byPart.set(name, [partViews, partWatch]);
        }
    });
    if (total > 0) contribute(video, videoIndex, start, total, totalWatch, byPart);
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
