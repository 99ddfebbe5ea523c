import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { platformCache } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { VideoPlatform } from '../video-platform/video-platform.port.ts';

/** How many search results are read for a term (one search.list page). */
export const SEARCH_RESULTS_READ = 50;
/** How many of the top results' tags feed the recommended tags (one videos.list call). */
export const TOP_VIDEOS_FOR_TAGS = 20;

/** What the platform's search says about a term: who ranks, and the tags they use. */
export interface SearchInsight {
  /** Platform ids of the videos ranking for the term, best first. */
  resultIds: string[];
  /** Tags of the top videos, most used first (lower case, trimmed). */
  topTags: string[];
  fetchedAt: string;
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

  /** The day's insight for a term, from the cache or one search.list + one videos.list. */
  async forTerm(
    term: string,
    region: { regionCode: string; language: string },
    readVideos: (ids: string[]) => Promise<{ youtubeId: string; tags: string[] }[]>,
  ): Promise<SearchInsight | null> {
    const now = this.clock.now();
    const day = now.toISOString().slice(0, 10);
    const normalised = term.trim().toLowerCase().replace(/\s+/g, ' ');
    const key = `serp:v1:${region.regionCode}:${region.language}:${day}:${normalised}`;
    const cached = await this.db.query.platformCache.findFirst({
      where: eq(platformCache.key, key),
    });
    if (cached && cached.expiresAt > now) return cached.value as SearchInsight;
    let insight: SearchInsight;
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
      const resultIds = page.items.filter((r) => r.kind === 'video').map((r) => r.youtubeId);
      const top = resultIds.slice(0, TOP_VIDEOS_FOR_TAGS);
      const videos = top.length ? await readVideos(top) : [];
      insight = {
        resultIds,
        topTags: rankTags(videos.map((v) => v.tags)),
        fetchedAt: now.toISOString(),
      };
    } catch (error) {
      this.log.warn({ err: error, term: normalised }, 'Search insight unavailable');
      return null;
    }
    const expiresAt = new Date(now.getTime() + 24 * 3600 * 1000);
    await this.db
      .insert(platformCache)
      .values({ key, value: insight, expiresAt })
      .onConflictDoUpdate({
        target: platformCache.key,
        set: { value: sql`excluded.value`, expiresAt },
      });
    return insight;
  }
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
