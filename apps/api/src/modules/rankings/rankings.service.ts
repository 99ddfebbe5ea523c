// A channel's keyword rankings, read from the compact history (keyword_ranks): the latest day
// with ranks, buckets, the average rank, change against 7 and 30 days before, and the rows the
// table asks for (sort by value, rank or change; a bucket; a search). Volumes come from the
// keyword-data cache only: reading rankings never calls a provider.
import { and, eq, inArray } from 'drizzle-orm';
import type { RankingItem, Rankings, RankingsQuery } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { keywordMetrics, keywordRanks, trackedKeywords } from '../../db/schema/index.ts';
import { marketOf } from '../keywords/index.ts';
import type { SerpChecksService } from './serp-checks.service.ts';

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
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

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

  /** The channel's rankings on the latest day with ranks, with the rows `query` selects. */
  async rankings(channelId: string, query: RankingsQuery): Promise<Rankings> {
    const tracked = await this.db
      .select()
      .from(trackedKeywords)
      .where(eq(trackedKeywords.channelId, channelId));
    const history = await this.db
      .select()
      .from(keywordRanks)
      .where(eq(keywordRanks.channelId, channelId));
    const day = history.reduce<string | null>(
      (d, r) => (d === null || r.day > d ? r.day : d),
      null,
    );
    const rankOn = new Map(
      history.map((r) => [`${r.keyword}\u0000${r.language}\u0000${r.day}`, r] as const),
    );
    const at = (keyword: string, language: string, on: string | null) =>
      on === null ? undefined : rankOn.get(`${keyword}\u0000${language}\u0000${on}`);
    const volumeOf = await this.volumes(tracked);

    const all: RankingItem[] = tracked.map((t) => {
      const now = at(t.keyword, t.language, day);
      const rank = now?.position ?? null;
      const weekAgo = at(t.keyword, t.language, day && daysBefore(day, 7));
      const monthAgo = at(t.keyword, t.language, day && daysBefore(day, 30));
      return {
        id: t.id,
        keyword: t.keyword,
        language: t.language,
        rank,
        videoId: now?.videoId ?? null,
        change7: now ? rankChange(rank, weekAgo && weekAgo.position, this.depth) : null,
        change30: now ? rankChange(rank, monthAgo && monthAgo.position, this.depth) : null,
        volume: volumeOf(t.keyword, t.language),
        day: now ? day : null,
      };
    });

    const checked = all.filter((i) => i.day !== null);
    const ranked = checked.filter((i) => i.rank !== null);
    const distribution = { top3: 0, top10: 0, top20: 0, noRank: 0 };
    for (const item of checked) distribution[bucketOf(item.rank)] += 1;
    const avg =
      ranked.length === 0
        ? null
        : Math.round((ranked.reduce((sum, i) => sum + i.rank!, 0) / ranked.length) * 10) / 10;
    const progress = await this.checks.progress(this.checks.today());
    const state =
      progress.state === 'updating'
        ? 'updating'
        : progress.state === 'partialError'
          ? 'partialError'
          : 'loaded';

    const search = query.search?.trim().toLowerCase();
    const items = all
      .filter((i) => !query.bucket || (i.day !== null && bucketOf(i.rank) === query.bucket))
      .filter((i) => !search || i.keyword.includes(search))
      .sort(comparator(query, this.depth));
    return {
      day,
      state,
      depth: this.depth,
      tracked: tracked.length,
      avg,
      distribution,
      items,
    };
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
