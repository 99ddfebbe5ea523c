// A channel's keyword rankings, read from the compact history (keyword_ranks): each keyword's
// latest rank (a keyword not yet checked today keeps yesterday's), buckets, the average rank,
// change against 7 and 30 days before, a 30-day sparkline, and the rows the table asks for
// (sort by value, rank or change; a bucket; a search). Volumes come from the keyword-data cache
// only: reading rankings never calls a provider.
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type {
  KeywordRanking,
  RankedVideo,
  RankingItem,
  Rankings,
  RankingsQuery,
} from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { keywordMetrics, keywordRanks, trackedKeywords, videos } from '../../db/schema/index.ts';
import { marketOf } from '../keywords/index.ts';
import type { SerpChecksService } from './serp-checks.service.ts';

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
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The thumbnail a list shows of a synced video (medium, else any). */
function thumbnailOf(thumbnails: Record<string, { url: string }> | null | undefined) {
  if (!thumbnails) return null;
  return (thumbnails.medium ?? thumbnails.default ?? Object.values(thumbnails)[0])?.url ?? null;
}

type Tracked = typeof trackedKeywords.$inferSelect;
type RankRow = { keyword: string; language: string; day: string; position: number | null };

/** Reads rankings for the pages. */
export class RankingsService {
  private readonly db: Db;
  private readonly checks: SerpChecksService;
  private readonly depth: number;

  constructor(deps: { db: Db; checks: SerpChecksService; depth: number }) {
    this.db = deps.db;
    this.checks = deps.checks;
    this.depth = deps.depth;
  }

  /** The channel's rankings (each keyword's latest rank), with the rows `query` selects. */
  async rankings(channelId: string, query: RankingsQuery): Promise<Rankings> {
    const tracked = await this.db
      .select()
      .from(trackedKeywords)
      .where(eq(trackedKeywords.channelId, channelId));
    const latest = await this.latestRanks(channelId);
    const day = latest.reduce<string | null>((d, r) => (d === null || r.day > d ? r.day : d), null);
    // Only the window the sparkline and the changes need: 31 days, not the whole history.
    const window = day
      ? await this.db
          .select({
            keyword: keywordRanks.keyword,
            language: keywordRanks.language,
            day: keywordRanks.day,
            position: keywordRanks.position,
          })
          .from(keywordRanks)
          .where(
            and(
              eq(keywordRanks.channelId, channelId),
              gte(keywordRanks.day, daysBefore(day, SPARK_DAYS)),
            ),
          )
      : [];
    const [volumeOf, videoOf, progress] = await Promise.all([
      this.volumes(tracked),
      this.videos(
        channelId,
        latest.flatMap((r) => (r.videoId ? [r.videoId] : [])),
      ),
      this.checks.channelProgress(channelId),
    ]);
    const all = this.items(tracked, latest, window, day, volumeOf, videoOf);

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

    const search = query.search?.trim().toLowerCase();
    const items = all
      .filter((i) => !query.bucket || (i.day !== null && bucketOf(i.rank) === query.bucket))
      .filter((i) => !search || i.keyword.includes(search))
      .sort(comparator(query, this.depth));
    return {
      day,
      state: progress.state === 'complete' ? 'loaded' : progress.state,
      depth: this.depth,
      tracked: tracked.length,
      avg: average(ranked.map((i) => i.rank!)),
      distribution,
      change: {
        days7: average(checked.flatMap((i) => (i.change7 === null ? [] : [i.change7]))),
        days30: average(checked.flatMap((i) => (i.change30 === null ? [] : [i.change30]))),
      },
      topKeywords,
      items,
    };
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
    const latest = last ? [last] : [];
    const day = last?.day ?? null;
    const [volumeOf, videoOf, serp] = await Promise.all([
      this.volumes([tracked]),
      this.videos(channelId, last?.videoId ? [last.videoId] : []),
      this.checks.latestStored({ keyword: tracked.keyword, market: marketOf(tracked.language) }),
    ]);
    const [item] = this.items([tracked], latest, history, day, volumeOf, videoOf);
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
    tracked: Tracked[],
    latest: (RankRow & { videoId: string | null })[],
    window: RankRow[],
    day: string | null,
    volumeOf: (keyword: string, language: string) => number | null,
    videoOf: Map<string, RankedVideo>,
  ): RankingItem[] {
    const key = (keyword: string, language: string) => `${keyword}\u0000${language}`;
    const latestOf = new Map(latest.map((r) => [key(r.keyword, r.language), r]));
    const positionOn = new Map(
      window.map((r) => [`${key(r.keyword, r.language)}\u0000${r.day}`, r.position] as const),
    );
    const at = (k: string, on: string) => positionOn.get(`${k}\u0000${on}`);
    // The rank the change is measured from: `days` days before, or the earliest check since then
    // (a keyword tracked for three days shows its change over those three); undefined: none.
    const since = (k: string, day: string, days: number) => {
      for (let back = days; back >= 1; back -= 1) {
        const position = at(k, daysBefore(day, back));
        if (position !== undefined) return position;
      }
      return undefined;
    };
    const sparkDays = day
      ? Array.from({ length: SPARK_DAYS }, (_, i) => daysBefore(day, SPARK_DAYS - 1 - i))
      : [];
    return tracked.map((t) => {
      const k = key(t.keyword, t.language);
      const now = latestOf.get(k);
      const rank = now?.position ?? null;
      return {
        id: t.id,
        keyword: t.keyword,
        language: t.language,
        rank,
        videoId: now?.videoId ?? null,
        video: (now?.videoId && videoOf.get(now.videoId)) || null,
        change7: now ? rankChange(rank, since(k, now.day, 7), this.depth) : null,
        change30: now ? rankChange(rank, since(k, now.day, 30), this.depth) : null,
        volume: volumeOf(t.keyword, t.language),
        day: now?.day ?? null,
        spark: sparkDays.map((d) => {
          const position = at(k, d);
          return position === undefined ? null : (position ?? this.depth + 1);
        }),
      };
    });
  }

  /** Each tracked keyword's latest rank: one index probe per keyword, however long the history. */
  private async latestRanks(channelId: string): Promise<(RankRow & { videoId: string | null })[]> {
    const result = await this.db.execute(sql`
      SELECT r.keyword, r.language, r.day::text AS day, r.position, r.video_id
      FROM ${trackedKeywords} t
      CROSS JOIN LATERAL (
        SELECT keyword, language, day, position, video_id FROM ${keywordRanks} k
        WHERE k.channel_id = t.channel_id AND k.keyword = t.keyword AND k.language = t.language
        ORDER BY k.day DESC LIMIT 1
      ) r
      WHERE t.channel_id = ${channelId}`);
    return rowsOf<{
      keyword: string;
      language: string;
      day: string;
      position: number | null;
      video_id: string | null;
    }>(result).map((r) => ({
      keyword: r.keyword,
      language: r.language,
      day: r.day,
      position: r.position === null ? null : Number(r.position),
      videoId: r.video_id,
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

  /**
   * The channel's video that best matches a keyword when none ranks: the most of its words in
   * the title and tags, then the most viewed.
   */
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
      .orderBy(desc(videos.viewCount));
    const words = keyword.split(' ').filter(Boolean);
    let best: (typeof rows)[number] | undefined;
    let bestScore = -1;
    for (const row of rows) {
      const text = `${row.title} ${row.tags.join(' ')}`.toLowerCase();
      const score = words.filter((w) => text.includes(w)).length;
      if (score > bestScore) {
        best = row;
        bestScore = score;
      }
    }
    return best
      ? {
          id: best.id,
          title: best.title,
          thumbnailUrl: thumbnailOf(best.thumbnails),
          ranking: false,
        }
      : null;
  }

  /** Monthly volumes of the tracked keywords from the keyword-data cache, by keyword and language. */
  private async volumes(
    tracked: { keyword: string; language: string }[],
  ): Promise<(keyword: string, language: string) => number | null> {
    const marketKey = (language: string) => {
      const m = marketOf(language);
      return `${m.locationCode}\u0000${m.languageCode}`;
    };
    const groups = new Map<string, { language: string; keywords: Set<string> }>();
    for (const t of tracked) {
      const key = marketKey(t.language);
      const group = groups.get(key) ?? { language: t.language, keywords: new Set<string>() };
      group.keywords.add(t.keyword);
      groups.set(key, group);
    }
    const volume = new Map<string, number | null>();
    for (const [key, group] of groups) {
      const market = marketOf(group.language);
      const rows = await this.db
        .select({ keyword: keywordMetrics.keyword, volume: keywordMetrics.volume })
        .from(keywordMetrics)
        .where(
          and(
            inArray(keywordMetrics.keyword, [...group.keywords]),
            eq(keywordMetrics.locationCode, market.locationCode),
            eq(keywordMetrics.languageCode, market.languageCode),
          ),
        );
      for (const row of rows) volume.set(`${row.keyword}\u0000${key}`, row.volume);
    }
    return (keyword, language) => volume.get(`${keyword}\u0000${marketKey(language)}`) ?? null;
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
