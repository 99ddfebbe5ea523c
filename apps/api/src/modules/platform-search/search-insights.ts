import { inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { platformCache } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { isAbout } from '../keywords/index.ts';
import type { SearchResult, VideoPlatform } from '../video-platform/index.ts';

/** How many search results are read for a term (one search.list page). */
export const SEARCH_RESULTS_READ = 50;
/** How many of the top results' tags feed the recommended tags (one videos.list call). */
export const TOP_VIDEOS_FOR_TAGS = 20;
/** How long a failed search is remembered before the term is searched again. */
export const SEARCH_FAILURE_MINUTES = 15;

/** What the platform's search says about a term: who ranks, and the tags they use. */
export interface SearchInsight {
  /** Platform ids of the videos ranking for the term, best first. */
  resultIds: string[];
  /**
   * Tags of the top videos about the term (its words in their title, tags or description), most
   * used first (lower case, trimmed): a video that only ranks, about something else, lends none.
   */
  topTags: string[];
  /** The top videos (title, channel, views, date), best first; absent in older cache entries. */
  top?: RankedResult[];
  fetchedAt: string;
  /** The search worked but reading its top videos failed: views and tags are still to come. */
  videosMissing?: boolean;
}

/** A video ranking for a term, as the search and videos.list gave it. */
export interface RankedResult {
  videoId: string;
  title: string;
  channelTitle: string;
  views: number | null;
  publishedAt: string | null;
  thumbnailUrl: string | null;
  /** 1-based position in the results. */
  position: number;
  /** Whether the video is about the term (every word of it in its title, tags or description). */
  relevant?: boolean;
}

/** What `forTerm` reads of the top videos (PlatformVideo fits). */
export interface TopVideo {
  youtubeId: string;
  tags: string[];
  viewCount?: number | null;
  /** The full title and description, to judge whether the video is about the term. */
  title?: string;
  description?: string;
}

/**
 * Search results per (term, region, language, day), shared by every channel: search.list has
 * a bucket of only 100 calls a day for the whole installation (platform-facts), so a term is
 * searched at most once a day. A failed search (e.g. that bucket spent) yields null and the
 * caller carries on without positions or competitor tags.
 */
export class SearchInsights {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly clock: Clock;
  private readonly apiKey: string;
  private readonly log: Logger;
  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    clock: Clock;
    apiKey: string;
    log: Logger;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.clock = deps.clock;
    this.apiKey = deps.apiKey;
    this.log = deps.log;
  }

  /**
   * The day's insight for a term, from the cache or one search.list + one videos.list. A search
   * is never spent twice for a read that failed: when the videos cannot be read, the results are
   * kept (without views and tags) and only the videos.list is tried again on the next call; a
   * failed search is remembered for SEARCH_FAILURE_MINUTES so a spent bucket is not hammered.
   */
  async forTerm(
    term: string,
    region: { regionCode: string; language: string },
    readVideos: (ids: string[]) => Promise<TopVideo[]>,
  ): Promise<SearchInsight | null> {
    const now = this.clock.now();
    const normalised = normaliseTerm(term);
    const key = insightKey(normalised, region, now);
    const failureKey = `${key}:failed`;
    const rows = await this.db.query.platformCache.findMany({
      where: inArray(platformCache.key, [key, failureKey]),
    });
    const cached = rows.find((r) => r.key === key && r.expiresAt > now);
    if (cached) {
      const insight = cached.value as SearchInsight;
      if (!insight.videosMissing) return insight;
      const completed = await this.withVideos(insight, readVideos, normalised);
      if (!completed.videosMissing) await this.store(key, completed, cached.expiresAt);
      return completed;
    }
    if (rows.some((r) => r.key === failureKey && r.expiresAt > now)) return null;
    let results: SearchResult[];
    try {
      const page = await this.platform.search(
        { apiKey: this.apiKey },
        {
          q: normalised,
          type: 'video',
          regionCode: region.regionCode,
          relevanceLanguage: region.language,
          order: 'relevance',
          maxResults: SEARCH_RESULTS_READ,
        },
      );
      results = page.items.filter((r) => r.kind === 'video');
    } catch (error) {
      this.log.warn({ err: error, term: normalised }, 'Search insight unavailable');
      await this.store(failureKey, {}, new Date(now.getTime() + SEARCH_FAILURE_MINUTES * 60_000));
      return null;
    }
    const searched: SearchInsight = {
      resultIds: results.map((r) => r.youtubeId),
      topTags: [],
      top: results.slice(0, TOP_VIDEOS_FOR_TAGS).map((r, i) => ({
        videoId: r.youtubeId,
        title: r.title,
        channelTitle: r.channelTitle ?? '',
        views: null,
        publishedAt: r.publishedAt,
        thumbnailUrl: r.thumbnailUrl,
        position: i + 1,
      })),
      fetchedAt: now.toISOString(),
      videosMissing: true,
    };
    const insight = await this.withVideos(searched, readVideos, normalised);
    await this.store(key, insight, new Date(now.getTime() + 24 * 3600 * 1000));
    return insight;
  }

  /** The insight with the top videos' views and tags read, or as it was when reading fails. */
  private async withVideos(
    insight: SearchInsight,
    readVideos: (ids: string[]) => Promise<TopVideo[]>,
    term: string,
  ): Promise<SearchInsight> {
    const top = insight.resultIds.slice(0, TOP_VIDEOS_FOR_TAGS);
    let videos: TopVideo[];
    try {
      videos = top.length ? await readVideos(top) : [];
    } catch (error) {
      this.log.warn({ err: error, term }, 'Top videos of a search unavailable; kept the results');
      return insight;
    }
    const views = new Map(videos.map((v) => [v.youtubeId, v.viewCount ?? null]));
    const titles = new Map(insight.top?.map((r) => [r.videoId, r.title]));
    const relevant = new Set(
      videos
        .filter((v) =>
          isAbout(
            [v.title ?? titles.get(v.youtubeId) ?? '', v.description ?? '', ...v.tags].join(' \n '),
            term,
          ),
        )
        .map((v) => v.youtubeId),
    );
    return {
      resultIds: insight.resultIds,
      topTags: rankTags(videos.filter((v) => relevant.has(v.youtubeId)).map((v) => v.tags)),
      top: insight.top?.map((r) => ({
        ...r,
        views: views.get(r.videoId) ?? null,
        relevant: relevant.has(r.videoId),
      })),
      fetchedAt: insight.fetchedAt,
    };
  }

  private async store(key: string, value: object, expiresAt: Date): Promise<void> {
    await this.db
      .insert(platformCache)
      .values({ key, value, expiresAt })
      .onConflictDoUpdate({
        target: platformCache.key,
        set: { value: sql`excluded.value`, expiresAt },
      });
  }

  /**
   * Today's cached insights of terms, without searching (terms nobody searched today are
   * absent); keyed by the normalised term.
   */
  async cachedForTerms(
    terms: readonly string[],
    region: { regionCode: string; language: string },
  ): Promise<Map<string, SearchInsight>> {
    const now = this.clock.now();
    const keys = new Map(terms.map((t) => [insightKey(normaliseTerm(t), region, now), t]));
    const out = new Map<string, SearchInsight>();
    const all = [...keys.keys()];
    for (let i = 0; i < all.length; i += 1000) {
      const rows = await this.db
        .select()
        .from(platformCache)
        .where(inArray(platformCache.key, all.slice(i, i + 1000)));
      for (const row of rows) {
        if (row.expiresAt > now)
          out.set(normaliseTerm(keys.get(row.key)!), row.value as SearchInsight);
      }
    }
    return out;
  }
}

/** A search term as its results are cached: trimmed, lower case, single spaces. */
export function normaliseTerm(term: string): string {
  return term.trim().toLowerCase().replace(/\s+/g, ' ');
}

function insightKey(
  normalised: string,
  region: { regionCode: string; language: string },
  now: Date,
): string {
  const day = now.toISOString().slice(0, 10);
  // v2: tags only from results about the term (v1 entries took every result's).
  return `serp:v2:${region.regionCode}:${region.language}:${day}:${normalised}`;
}

/** Tags used by the most videos first; ties keep first-seen order. Tags of one video count once. */
export function rankTags(tagLists: readonly (readonly string[])[]): string[] {
  const counts = new Map<string, number>();
  for (const tags of tagLists) {
    for (const tag of new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))) {
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([tag]) => tag);
}
