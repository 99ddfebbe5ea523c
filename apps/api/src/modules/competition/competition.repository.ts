// The competition report's reads: the channel, its tracked keywords, the latest stored search
// results of given keywords (its tracked keywords, and the phrases of its competitors' public
// videos), and its synced videos. Results are read from serp_checks only (the rows the daily
// checks paid for, shared by every channel under the cost rule), by exact key: the report never
// starts a check, and never lists what other accounts had checked.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { channels, channelSettings, trackedKeywords, videos } from '../../db/schema/index.ts';

/** A keyword in a market (DataForSEO location code and ISO 639-1 language). */
export interface MarketKeyword {
  keyword: string;
  location: number;
  language: string;
}

/** The latest stored results of a keyword in a market: the channel of each top result. */
export interface StoredResults extends MarketKeyword {
  day: string;
  /** How many results the check read (its depth; fewer may exist). */
  depth: number;
  /** Platform channel ids of the first results (up to the depth asked), best first. */
  channelIds: string[];
}

/** The channel ids of the first `depth` stored results of serp_checks row `c` (jsonb). */
const topChannelIds = (depth: number) => sql`coalesce((
  SELECT jsonb_agg(v.video->>1 ORDER BY v.n)
  FROM jsonb_array_elements(c.videos) WITH ORDINALITY AS v(video, n)
  WHERE v.n <= ${depth}), '[]'::jsonb)`;

/** Reads what the competition report is computed from. */
export class CompetitionRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** The channel's platform id, name and thumbnail; null when it does not exist. */
  async channel(
    channelId: string,
  ): Promise<{ youtubeId: string; name: string; thumbnailUrl: string } | null> {
    const [row] = await this.db
      .select({
        youtubeId: channels.youtubeId,
        name: channels.name,
        thumbnailUrl: channels.thumbnailUrl,
      })
      .from(channels)
      .where(eq(channels.id, channelId));
    return row ?? null;
  }

  /** The channel's tracked keywords with their keyword languages. */
  async tracked(channelId: string): Promise<{ keyword: string; language: string }[]> {
    return this.db
      .select({ keyword: trackedKeywords.keyword, language: trackedKeywords.language })
      .from(trackedKeywords)
      .where(eq(trackedKeywords.channelId, channelId))
      .orderBy(asc(trackedKeywords.keyword), asc(trackedKeywords.language));
  }

  /** The keyword language the channel's keywords default to. */
  async defaultLanguage(channelId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ language: channelSettings.language })
      .from(channelSettings)
      .where(eq(channelSettings.channelId, channelId));
    return row?.language ?? null;
  }

  /**
   * Each key's latest done results on a day in [since, until] (one index probe per key on the
   * check key); keys without such results are left out.
   */
  async latestResults(
    keys: readonly MarketKeyword[],
    since: string,
    until: string,
    depth: number,
  ): Promise<StoredResults[]> {
    if (keys.length === 0) return [];
    const result = await this.db.execute(sql`
      SELECT k.keyword, k.location, k.language, c.day::text AS day, c.depth,
        ${topChannelIds(depth)} AS "channelIds"
      FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
        AS k(keyword text, location int, language text)
      JOIN LATERAL (
        SELECT s.day, s.depth, s.videos FROM serp_checks s
        WHERE s.keyword = k.keyword AND s.location_code = k.location
          AND s.language_code = k.language AND s.status = 'done' AND s.videos IS NOT NULL
          AND s.day >= ${since} AND s.day <= ${until}
        ORDER BY s.day DESC LIMIT 1
      ) c ON true`);
    return rowsOf<StoredResults>(result).map(normalised);
  }

  /** The channel's synced videos: what its activity and the video to optimise come from. */
  async videos(channelId: string): Promise<
    {
      youtubeId: string;
      title: string;
      tags: string[];
      thumbnails: Record<string, { url: string }>;
      views: number | null;
      publishedAt: Date | null;
      privacyStatus: string | null;
    }[]
  > {
    return this.db
      .select({
        youtubeId: videos.youtubeId,
        title: videos.title,
        tags: videos.tags,
        thumbnails: videos.thumbnails,
        views: videos.viewCount,
        publishedAt: videos.publishedAt,
        privacyStatus: videos.privacyStatus,
      })
      .from(videos)
      .where(eq(videos.channelId, channelId))
      .orderBy(asc(videos.youtubeId));
  }
}

/** Numbers and arrays as the drivers give them (PGlite and pg differ on int and jsonb). */
function normalised(row: StoredResults): StoredResults {
  const ids = row.channelIds as unknown;
  return {
    keyword: row.keyword,
    location: Number(row.location),
    language: row.language,
    day: row.day,
    depth: Number(row.depth),
    channelIds: (typeof ids === 'string' ? JSON.parse(ids) : ids) as string[],
  };
}
