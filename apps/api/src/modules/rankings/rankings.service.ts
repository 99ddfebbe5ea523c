// A channel's keyword rankings, read from the compact history (keyword_ranks): each keyword's
// latest rank (a keyword not yet checked today keeps yesterday's), buckets, the average rank,
// change against 7 and 30 days before, a 30-day sparkline, and the rows the table asks for
// (sort by value, rank or change; a bucket; a search). Volumes come from the keyword-data cache
// only: reading rankings never calls a provider.
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type {
  KeywordRanking,
  RankedVideo,
  RankingItem,
  Rankings,
  RankingsQuery,
} from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { addDays } from '../../lib/days.ts';
import { cachedVolumes, thumbnailOf } from './keyword-volumes.ts';
import { rowsOf } from '../../db/rows.ts';
import { keywordRanks, trackedKeywords, videos } from '../../db/schema/index.ts';
import { marketOf } from '../keywords/index.ts';
import { EVERY_CHANNEL, type RankDataChanges } from './rank-data-changes.ts';
import type { SerpChecksService } from './serp-checks.service.ts';
import { bestTitleTagMatch } from './video-match.ts';

/** Days the table's sparkline covers. */
export const SPARK_DAYS = 30;
/** Days of history the keyword view charts. */
export const HISTORY_DAYS = 90;
/** How many keywords the summary's top keywords list. */
const TOP_KEYWORDS = 5;

/** The bucket of a rank (spec section 3: top3, top10, top20, noRank). */
export function bucketOf(rank: number | null): 'top3' | 'top10' | 'top20' | 'noRank' {
  if (rank === null || rank > 20) return 'noRank';
  if (rank <= 3) return 'top3';
  return rank <= 10 ? 'top10' : 'top20';
}

/**
 * Positions gained from `before` to `now` (positive = moved up). No rank counts as one place
 * beyond the checked depth, so entering the results shows as a gain; null without data then.
 */
export function rankChange(
  now: number | null,
  before: number | null | undefined,
  depth: number,
): number | null {
  if (before === undefined) return null;
  const worst = depth + 1;
  return (before ?? worst) - (now ?? worst);
}

/** The day `days` days before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  return addDays(day, -days);
}

type RankRow = { keyword: string; language: string; day: string; position: number | null };
/** A tracked keyword with its latest rank (day null: never checked). */
type LatestRow = {
  id: string;
  keyword: string;
  language: string;
  day: string | null;
  position: number | null;
  videoId: string | null;
};
/** The rankings without the day's state and the selected rows, and every row. */
type RankingsSummary = Omit<Rankings, 'state' | 'items'> & { all: RankingItem[] };

/** How long a computed summary may serve while the latest ranks stay the same. */
const RANKINGS_CACHE_TTL_MS = 60_000;
/** Channels whose summary a process keeps. */
const RANKINGS_CACHE_MAX = 500;
/** How long one answer serves the same question (the page polls while checks run). */
const ANSWER_TTL_MS = 5_000;
/** Answers a process keeps. */
const ANSWERS_MAX = 2_000;

/** Reads rankings for the pages. */
export class RankingsService {
  private readonly db: Db;
  private readonly checks: SerpChecksService;
  private readonly depth: number;
  private readonly cache = new Map<
    string,
    { fingerprint: string; at: number; value: Promise<RankingsSummary> }
  >();

  /** Answers of the last few seconds, by channel and query (the rankings page polls). */
  private readonly answers = new Map<
    string,
    { at: number; value: Promise<Omit<Rankings, 'state'>> }
  >();

  constructor(deps: {
    db: Db;
    checks: SerpChecksService;
    depth: number;
    /** Changes to rank data, from any process: what was cached for the channel is dropped. */
    changes?: RankDataChanges;
  }) {
    deps.changes?.onChange((channelId) => this.forget(channelId));
    this.db = deps.db;
    this.checks = deps.checks;
    this.depth = deps.depth;
  }

  /**
   * The channel's rankings (each keyword's latest rank), with the rows `query` selects. Today's
   * data state is read on every request; the rest serves the same question for ANSWER_TTL_MS
   * unless the channel's rank data changes meanwhile (dropped at once, in every process).
   */
  async rankings(channelId: string, query: RankingsQuery): Promise<Rankings> {
    const [answer, progress] = await Promise.all([
      this.cachedAnswer(channelId, query),
      this.checks.channelProgress(channelId),
    ]);
    return { ...answer, state: progress.state === 'complete' ? 'loaded' : progress.state };
  }

  private cachedAnswer(channelId: string, query: RankingsQuery): Promise<Omit<Rankings, 'state'>> {
    const key = `${channelId}\u0000${query.sort}\u0000${query.order}\u0000${query.bucket ?? ''}\u0000${query.search ?? ''}`;
    const now = Date.now();
    const cached = this.answers.get(key);
    if (cached && now - cached.at < ANSWER_TTL_MS) return cached.value;
    const value = this.answer(channelId, query);
    this.answers.set(key, { at: now, value });
    if (this.answers.size > ANSWERS_MAX) this.answers.delete(this.answers.keys().next().value!);
    value.catch(() => {
      if (this.answers.get(key)?.value === value) this.answers.delete(key);
    });
    return value;
  }

  /** Drops what is cached of a channel (or of every channel). */
  private forget(channelId: string): void {
    if (channelId === EVERY_CHANNEL) {
      this.answers.clear();
      this.cache.clear();
      return;
    }
    this.cache.delete(channelId);
    for (const key of this.answers.keys())
      if (key.startsWith(`${channelId}\u0000`)) this.answers.delete(key);
  }

  private async answer(channelId: string, query: RankingsQuery): Promise<Omit<Rankings, 'state'>> {
    // The tracked keywords with their latest ranks (one index probe each); the summary is
    // computed again only when those change.
    const latest = await this.trackedWithLatest(channelId);
    const summary = await this.summary(channelId, latest);
    const search = query.search?.trim().toLowerCase();
    const items = summary.all
      .filter((i) => !query.bucket || (i.day !== null && bucketOf(i.rank) === query.bucket))
      .filter((i) => !search || i.keyword.includes(search))
      .sort(comparator(query, this.depth));
    const { all: _all, ...rest } = summary;
    return { ...rest, items };
  }

  /**
   * Everything of the rankings but the state and the selected rows, cached per process under a
   * fingerprint of the tracked keywords' latest ranks (a new check, an added or deleted keyword
   * gives a new one) for at most RANKINGS_CACHE_TTL_MS (volumes and video titles change too).
   */
  private summary(channelId: string, latest: LatestRow[]): Promise<RankingsSummary> {
    const fingerprint = createHash('sha1')
      .update(channelId)
      .update(JSON.stringify(latest))
      .digest('base64url');
    const now = Date.now();
    const cached = this.cache.get(channelId);
    if (cached && cached.fingerprint === fingerprint && now - cached.at < RANKINGS_CACHE_TTL_MS)
      return cached.value;
    const value = this.computeSummary(channelId, latest);
    this.cache.set(channelId, { fingerprint, at: now, value });
    if (this.cache.size > RANKINGS_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    value.catch(() => {
      if (this.cache.get(channelId)?.value === value) this.cache.delete(channelId);
    });
    return value;
  }

  private async computeSummary(channelId: string, latest: LatestRow[]): Promise<RankingsSummary> {
    const day = latest.reduce<string | null>(
      (d, r) => (r.day !== null && (d === null || r.day > d) ? r.day : d),
      null,
    );
    const [window, volumeOf, videoOf] = await Promise.all([
      day ? this.window(channelId, daysBefore(day, SPARK_DAYS)) : Promise.resolve([]),
      cachedVolumes(this.db, latest),
      this.videos(
        channelId,
        latest.flatMap((r) => (r.videoId ? [r.videoId] : [])),
      ),
    ]);
    const all = this.items(latest, window, day, volumeOf, videoOf);
    const checked = all.filter((i) => i.day !== null);
    const ranked = checked.filter((i) => i.rank !== null);
    const distribution = { top3: 0, top10: 0, top20: 0, noRank: 0 };
    for (const item of checked) distribution[bucketOf(item.rank)] += 1;
    const average = (values: number[]) =>
      values.length === 0
        ? null
        : Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10;
    const topKeywords = ranked
      .map((i) => ({ id: i.id, keyword: i.keyword, rank: i.rank!, volume: i.volume }))
      .sort(
        (a, b) =>
          (b.volume ?? 0) / b.rank - (a.volume ?? 0) / a.rank ||
          a.rank - b.rank ||
          a.keyword.localeCompare(b.keyword),
      )
      .slice(0, TOP_KEYWORDS);
    return {
      day,
      depth: this.depth,
      tracked: latest.length,
      avg: average(ranked.map((i) => i.rank!)),
      distribution,
      change: {
        days7: average(checked.flatMap((i) => (i.change7 === null ? [] : [i.change7]))),
        days30: average(checked.flatMap((i) => (i.change30 === null ? [] : [i.change30]))),
      },
      topKeywords,
      all,
    };
  }

  /**
   * The channel's ranks since `from`, read through its tracked keywords so each is an index
   * range scan (channel, keyword, language, day), however long the history.
   */
  private async window(channelId: string, from: string): Promise<RankRow[]> {
    const result = await this.db.execute(sql`
      SELECT k.keyword, k.language, k.day::text AS day, k.position
      FROM ${trackedKeywords} t
      JOIN ${keywordRanks} k ON k.channel_id = t.channel_id AND k.keyword = t.keyword
        AND k.language = t.language AND k.day >= ${from}
      WHERE t.channel_id = ${channelId}`);
    return rowsOf<RankRow>(result).map((r) => ({
      ...r,
      position: r.position === null ? null : Number(r.position),
    }));
  }

  /**
   * One tracked keyword: its latest stored results with the channel's videos marked, 90 days of
   * history and the video to optimise for it. Null when the channel does not track it.
   */
  async keyword(channelId: string, keywordId: string): Promise<KeywordRanking | null> {
    const [tracked] = await this.db
      .select()
      .from(trackedKeywords)
      .where(and(eq(trackedKeywords.channelId, channelId), eq(trackedKeywords.id, keywordId)));
    if (!tracked) return null;
    const [channelRow] = await this.db
      .execute(sql`SELECT youtube_id FROM channels WHERE id = ${channelId}`)
      .then((r) => rowsOf<{ youtube_id: string }>(r));
    const history = await this.db
      .select({
        keyword: keywordRanks.keyword,
        language: keywordRanks.language,
        day: keywordRanks.day,
        position: keywordRanks.position,
        videoId: keywordRanks.videoId,
      })
      .from(keywordRanks)
      .where(
        and(
          eq(keywordRanks.channelId, channelId),
          eq(keywordRanks.keyword, tracked.keyword),
          eq(keywordRanks.language, tracked.language),
          gte(keywordRanks.day, daysBefore(this.checks.today(), HISTORY_DAYS - 1)),
        ),
      )
      .orderBy(asc(keywordRanks.day));
    const last = history.at(-1);
    const day = last?.day ?? null;
    const latest: LatestRow = {
      id: tracked.id,
      keyword: tracked.keyword,
      language: tracked.language,
      day,
      position: last?.position ?? null,
      videoId: last?.videoId ?? null,
    };
    const [volumeOf, videoOf, serp] = await Promise.all([
      cachedVolumes(this.db, [tracked]),
      this.videos(channelId, last?.videoId ? [last.videoId] : []),
      this.checks.latestStored({ keyword: tracked.keyword, market: marketOf(tracked.language) }),
    ]);
    const [item] = this.items([latest], history, day, volumeOf, videoOf);
    const own = channelRow?.youtube_id ?? '';
    const optimise = item!.video
      ? { ...item!.video, ranking: true }
      : await this.bestMatch(channelId, tracked.keyword);
    return {
      item: item!,
      depth: this.depth,
      serp: serp && {
        day: serp.day,
        checkedAt: serp.checkedAt,
        source: serp.source,
        totalResults: serp.totalResults,
        results: serp.videos.map((v) => ({
          position: v.position,
          videoId: v.videoId,
          title: v.title,
          channelId: v.channelId,
          channelName: v.channelName,
          views: v.views,
          publishedAt: v.publishedAt,
          own: v.channelId === own,
        })),
      },
      history: history.map((h) => ({ day: h.day, position: h.position })),
      optimise,
    };
  }

  /** The rows of the table from the latest ranks and the window of history around them. */
  private items(
    latest: LatestRow[],
    window: RankRow[],
    day: string | null,
    volumeOf: (keyword: string, language: string) => number | null,
    videoOf: Map<string, RankedVideo>,
  ): RankingItem[] {
    const key = (keyword: string, language: string) => `${keyword}\u0000${language}`;
    // One day → position map per keyword.
    const history = new Map<string, Map<string, number | null>>();
    for (const r of window) {
      const k = key(r.keyword, r.language);
      let days = history.get(k);
      if (!days) history.set(k, (days = new Map()));
      days.set(r.day, r.position);
    }
    const sparkDays = day
      ? Array.from({ length: SPARK_DAYS }, (_, i) => daysBefore(day, SPARK_DAYS - 1 - i))
      : [];
    const back = new Map<string, string[]>();
    // The days before a keyword's own latest day, nearest last: 1..30 days back.
    const daysBack = (from: string) => {
      let list = back.get(from);
      if (!list)
        back.set(from, (list = Array.from({ length: 30 }, (_, i) => daysBefore(from, i + 1))));
      return list;
    };
    return latest.map((t) => {
      const days = history.get(key(t.keyword, t.language));
      const rank = t.day === null ? null : t.position;
      // The rank the change is measured from: `n` days before, or the earliest check since then
      // (a keyword tracked for three days shows its change over those three); undefined: none.
      const since = (n: number) => {
        if (!days || t.day === null) return undefined;
        const list = daysBack(t.day);
        for (let i = n - 1; i >= 0; i -= 1) {
          const position = days.get(list[i]!);
          if (position !== undefined) return position;
        }
        return undefined;
      };
      return {
        id: t.id,
        keyword: t.keyword,
        language: t.language,
        rank,
        videoId: t.day === null ? null : t.videoId,
        video: (t.videoId && videoOf.get(t.videoId)) || null,
        change7: t.day === null ? null : rankChange(rank, since(7), this.depth),
        change30: t.day === null ? null : rankChange(rank, since(30), this.depth),
        volume: volumeOf(t.keyword, t.language),
        day: t.day,
        spark: sparkDays.map((d) => {
          const position = days?.get(d);
          return position === undefined ? null : (position ?? this.depth + 1);
        }),
      };
    });
  }

  /**
   * The channel's tracked keywords, each with its latest rank (null day: never checked): one
   * index probe per keyword, however long the history.
   */
  private async trackedWithLatest(channelId: string): Promise<LatestRow[]> {
    const result = await this.db.execute(sql`
      SELECT t.id, t.keyword, t.language, r.day::text AS day, r.position, r.video_id AS "videoId"
      FROM ${trackedKeywords} t
      LEFT JOIN LATERAL (
        SELECT day, position, video_id FROM ${keywordRanks} k
        WHERE k.channel_id = t.channel_id AND k.keyword = t.keyword AND k.language = t.language
        ORDER BY k.day DESC LIMIT 1
      ) r ON true
      WHERE t.channel_id = ${channelId}
      ORDER BY t.keyword, t.language`);
    return rowsOf<LatestRow>(result).map((r) => ({
      ...r,
      position: r.position === null ? null : Number(r.position),
    }));
  }

  /** The channel's synced videos among `ids`, by platform id. */
  private async videos(channelId: string, ids: string[]): Promise<Map<string, RankedVideo>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: videos.youtubeId, title: videos.title, thumbnails: videos.thumbnails })
      .from(videos)
      .where(and(eq(videos.channelId, channelId), inArray(videos.youtubeId, [...new Set(ids)])));
    return new Map(
      rows.map((v) => [
        v.id,
        { id: v.id, title: v.title, thumbnailUrl: thumbnailOf(v.thumbnails) },
      ]),
    );
  }

  /** The channel's video that best matches a keyword when none ranks (video-match.ts). */
  private async bestMatch(
    channelId: string,
    keyword: string,
  ): Promise<(RankedVideo & { ranking: boolean }) | null> {
    const rows = await this.db
      .select({
        id: videos.youtubeId,
        title: videos.title,
        tags: videos.tags,
        thumbnails: videos.thumbnails,
        views: videos.viewCount,
      })
      .from(videos)
      .where(eq(videos.channelId, channelId))
      .orderBy(asc(videos.youtubeId));
    const best = bestTitleTagMatch(rows, keyword)?.video;
    return best
      ? {
          id: best.id,
          title: best.title,
          thumbnailUrl: thumbnailOf(best.thumbnails),
          ranking: false,
        }
      : null;
  }
}

/**
 * The table's order. Rank ascending puts the best first and keywords without a rank last; the
 * other fields put unknown values last in either direction. Ties go by keyword.
 */
function comparator(query: RankingsQuery, depth: number) {
  const direction = query.order === 'asc' ? 1 : -1;
  const valueOf = (i: RankingItem): number | null =>
    query.sort === 'value'
      ? i.volume
      : query.sort === 'change'
        ? i.change7
        : i.day === null
          ? null
          : (i.rank ?? depth + 1);
  return (a: RankingItem, b: RankingItem) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) return (x - y) * direction;
    return a.keyword < b.keyword
      ? -1
      : a.keyword > b.keyword
        ? 1
        : a.language < b.language
          ? -1
          : 1;
  };
}
