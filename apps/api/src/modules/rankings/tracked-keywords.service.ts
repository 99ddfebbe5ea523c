// The keywords a channel tracks: add one or many (a pasted list), delete many, list with their
// figures and latest rank, and suggestions. Keywords are normalised and deduplicated
// case-insensitively per keyword language, and a channel tracks at most TRACKED_KEYWORDS_MAX of
// them. The rank history (keyword_ranks) is keyed by channel, keyword and language, not by the
// tracked row, so deleting a keyword and adding it back (undo) keeps its history.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  AddTrackedKeywordsResult,
  TrackedKeyword,
  TrackedKeywordRefusal,
  TrackedKeywordRow,
  TrackedKeywords,
  TrackedKeywordSuggestion,
  TrackedKeywordSuggestions,
} from '@tubewise/contract';
import type { PlanGate } from '../../lib/plan-gate.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { thumbnailOf } from './keyword-volumes.ts';
import type { RankDataChanges } from './rank-data-changes.ts';
import type { SerpChecksService } from './serp-checks.service.ts';
import type { Clock } from '../../lib/clock.ts';
import { channels, channelSettings, trackedKeywords } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { isSendableKeyword, marketOf, normalizeKeyword } from '../keywords/index.ts';
import { rankChange } from './rankings.service.ts';

/** How many suggestions each source gives at most. */
export const SUGGESTIONS_PER_SOURCE = 25;
/** How many days of finished checks the "phrases its videos rank for" suggestions look at. */
export const RANKING_SUGGESTION_DAYS = 7;

/** The language a channel's keywords are tracked in when none is given. */
const DEFAULT_LANGUAGE = 'en-us';

/** Splits a pasted list into keywords: one per line, or separated by commas or semicolons. */
export function splitKeywordList(text: string): string[] {
  return text
    .split(/[\n\r,;\t]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Tracked keywords per channel. */
export class TrackedKeywordsService {
  private readonly db: Db;
  /** Most keywords one channel tracks when no plan says otherwise. */
  readonly limit: number;
  /** The channel's plan, which sets its limit (tests without one use `limit`). */
  private readonly gate?: PlanGate;

  /** How many results a check reads (beyond it: no rank). */
  readonly depth: number;
  private readonly clock: Clock;

  private readonly changes?: RankDataChanges;
  private readonly checks: SerpChecksService;

  constructor(deps: {
    db: Db;
    limit: number;
    gate?: PlanGate;
    depth: number;
    clock: Clock;
    /** Told of each add and delete (the rankings pages' caches follow). */
    changes?: RankDataChanges;
    /** Today's checks (the list's data state). */
    checks: SerpChecksService;
  }) {
    this.changes = deps.changes;
    this.checks = deps.checks;
    this.db = deps.db;
    this.limit = deps.limit;
    this.gate = deps.gate;
    this.depth = deps.depth;
    this.clock = deps.clock;
  }

  /** The channel's tracked-keyword limit: its plan's, else the configured one. */
  private async limitOf(channelId: string, db: Db = this.db): Promise<number> {
    if (!this.gate) return this.limit;
    return (await this.gate.forChannel(channelId, db)).limits.trackedKeywordsPerChannel;
  }

  /**
   * The channel's tracked keywords, newest first, each with its volume and competition (the
   * keyword-data cache only), its latest rank and ranking video, the change against 7 days
   * before and when it was last checked. Two queries whatever the number of keywords.
   */
  async list(channelId: string): Promise<TrackedKeywords> {
    // Each keyword's latest rank (an index lookup per keyword), the rank its change is measured
    // from (7 days before it, or the earliest check since: as on the rankings page) and the
    // ranking video as the channel's synced videos show it.
    const ranked = rowsOf<ListRow>(
      await this.db.execute(sql`
        SELECT t.id, t.keyword, t.language, t.created_at AS "createdAt",
          r.day::text AS day, r.position, r.video_id AS "videoId",
          (w.day IS NOT NULL) AS "hasWeek", w.position AS "weekPosition",
          v.title AS "videoTitle", v.thumbnails AS "videoThumbnails"
        FROM tracked_keywords t
        LEFT JOIN LATERAL (
          SELECT k.day, k.position, k.video_id FROM keyword_ranks k
          WHERE k.channel_id = t.channel_id AND k.keyword = t.keyword AND k.language = t.language
          ORDER BY k.day DESC LIMIT 1
        ) r ON true
        LEFT JOIN LATERAL (
          SELECT k.day, k.position FROM keyword_ranks k
          WHERE k.channel_id = t.channel_id AND k.keyword = t.keyword AND k.language = t.language
            AND k.day >= r.day - 7 AND k.day < r.day
          ORDER BY k.day ASC LIMIT 1
        ) w ON true
        LEFT JOIN videos v ON v.channel_id = t.channel_id AND v.youtube_id = r.video_id
        WHERE t.channel_id = ${channelId}
        ORDER BY t.created_at DESC, t.keyword, t.language`),
    );
    const keys = new Map<string, { keyword: string; location: number; language: string }>();
    for (const row of ranked) {
      const market = marketOf(row.language);
      keys.set(marketKey(row.keyword, market), {
        keyword: row.keyword,
        location: market.locationCode,
        language: market.languageCode,
      });
    }
    // The cached figures and the latest finished check of each (keyword, market).
    const figures = new Map<string, FigureRow>();
    if (keys.size > 0) {
      const rows = rowsOf<FigureRow>(
        await this.db.execute(sql`
          SELECT k.keyword, k.location, k.language, m.volume, m.competition,
            c.checked_at AS "checkedAt"
          FROM jsonb_to_recordset(${JSON.stringify([...keys.values()])}::jsonb)
            AS k(keyword text, location int, language text)
          LEFT JOIN keyword_metrics m ON m.keyword = k.keyword
            AND m.location_code = k.location AND m.language_code = k.language
          LEFT JOIN LATERAL (
            SELECT coalesce(s.checked_at, s.created_at) AS checked_at FROM serp_checks s
            WHERE s.keyword = k.keyword AND s.location_code = k.location
              AND s.language_code = k.language AND s.status = 'done'
            ORDER BY s.day DESC LIMIT 1
          ) c ON true`),
      );
      for (const row of rows) {
        figures.set(
          marketKey(row.keyword, { locationCode: row.location, languageCode: row.language }),
          row,
        );
      }
    }
    const items = ranked.map((row): TrackedKeywordRow => {
      const figure = figures.get(marketKey(row.keyword, marketOf(row.language)));
      const rank = row.position === null ? null : Number(row.position);
      const before = row.hasWeek
        ? row.weekPosition === null
          ? null
          : Number(row.weekPosition)
        : undefined;
      const checkedAt = figure?.checkedAt ?? null;
      return {
        id: row.id,
        keyword: row.keyword,
        language: row.language,
        addedAt: toIso(row.createdAt),
        volume: figure?.volume ?? null,
        competition: figure?.competition ?? null,
        rank,
        video:
          row.videoId && rank !== null
            ? {
                id: row.videoId,
                title: row.videoTitle ?? row.videoId,
                thumbnailUrl: thumbnailOf(row.videoThumbnails),
              }
            : null,
        change7: row.day === null ? null : rankChange(rank, before, this.depth),
        day: row.day,
        checkedAt: checkedAt === null ? null : toIso(checkedAt),
      };
    });
    const progress = await this.checks.channelProgress(channelId);
    const state = progress.state === 'complete' ? ('loaded' as const) : progress.state;
    return { items, limit: await this.limitOf(channelId), depth: this.depth, state };
  }

  /**
   * Keywords the channel could track in `language` (the channel's by default): its videos'
   * search terms, its bookmarked keywords and the phrases its videos appear for in recent
   * finished checks, each once (the first source wins), never one already tracked in that
   * language, at most SUGGESTIONS_PER_SOURCE per source.
   */
  async suggestions(
    channelId: string,
    input: { language?: string | undefined },
  ): Promise<TrackedKeywordSuggestions> {
    const language = (input.language ?? (await this.channelLanguage(channelId))).toLowerCase();
    const market = marketOf(language); // Refuses an unknown keyword language.
    const [channel] = await this.db
      .select({ youtubeId: channels.youtubeId })
      .from(channels)
      .where(eq(channels.id, channelId));
    const since = new Date(this.clock.now().getTime() - RANKING_SUGGESTION_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const rows = rowsOf<SuggestionRow>(
      await this.db.execute(sql`
        SELECT * FROM (
          SELECT 'search-term' AS source, v.search_term AS keyword, v.title AS "videoTitle",
            NULL::int AS position, v.published_at AS at
          FROM videos v
          WHERE v.channel_id = ${channelId} AND v.search_term IS NOT NULL AND v.search_term <> ''
          ORDER BY v.published_at DESC NULLS LAST LIMIT ${SUGGESTIONS_PER_SOURCE * 4}
        ) terms
        UNION ALL
        SELECT * FROM (
          SELECT 'bookmark' AS source, b.keyword, v.title AS "videoTitle",
            NULL::int AS position, b.created_at AS at
          FROM video_keywords b
          LEFT JOIN videos v ON v.channel_id = b.channel_id AND v.youtube_id = b.video_youtube_id
          WHERE b.channel_id = ${channelId}
          ORDER BY b.created_at DESC LIMIT ${SUGGESTIONS_PER_SOURCE * 4}
        ) bookmarks
        UNION ALL
        (SELECT * FROM (
          SELECT DISTINCT ON (s.keyword) 'ranking' AS source, s.keyword, own.title AS "videoTitle",
            own.position, s.checked_at AS at
          FROM serp_checks s
          CROSS JOIN LATERAL (
            SELECT e.video->>2 AS title, e.n::int AS position
            FROM jsonb_array_elements(s.videos) WITH ORDINALITY AS e(video, n)
            WHERE e.video->>1 = ${channel?.youtubeId ?? ''}
            ORDER BY e.n LIMIT 1
          ) own
          WHERE s.day >= ${since}::date AND s.status = 'done' AND s.videos IS NOT NULL
            AND s.location_code = ${market.locationCode} AND s.language_code = ${market.languageCode}
            -- A cheap containment test first: some result of the channel is in the list.
            AND s.videos @> ${JSON.stringify([[channel?.youtubeId ?? '']])}::jsonb
          ORDER BY s.keyword, s.day DESC
        ) ranking
        ORDER BY position LIMIT ${SUGGESTIONS_PER_SOURCE * 4})`),
    );
    const tracked = new Set(
      (
        await this.db
          .select({ keyword: trackedKeywords.keyword })
          .from(trackedKeywords)
          .where(
            and(eq(trackedKeywords.channelId, channelId), eq(trackedKeywords.language, language)),
          )
      ).map((r) => r.keyword),
    );
    const order = { 'search-term': 0, bookmark: 1, ranking: 2 } as const;
    rows.sort(
      (a, b) =>
        order[a.source] - order[b.source] ||
        (a.source === 'ranking' ? (a.position ?? 0) - (b.position ?? 0) : 0),
    );
    const seen = new Set<string>();
    const perSource = { 'search-term': 0, bookmark: 0, ranking: 0 };
    const items: TrackedKeywordSuggestion[] = [];
    for (const row of rows) {
      const keyword = normalizeKeyword(row.keyword);
      if (!isSendableKeyword(keyword)) continue;
      if (seen.has(keyword) || tracked.has(keyword)) continue;
      if (perSource[row.source] >= SUGGESTIONS_PER_SOURCE) continue;
      seen.add(keyword);
      perSource[row.source] += 1;
      items.push({
        keyword,
        source: row.source,
        videoTitle: row.videoTitle ?? null,
        position: row.position === null ? null : Number(row.position),
      });
    }
    return { language, items };
  }

  /**
   * Tracks the keywords of a pasted list in one language (the channel's by default). Every
   * keyword is added or refused with its reason; an add that would pass the limit adds nothing
   * and answers `tracked-keywords-limit`.
   */
  async add(
    channelId: string,
    userId: string,
    input: { text: string; language?: string | undefined },
    /** A transaction to add within (a savepoint of it): the caller's other writes go with it. */
    within?: Db,
  ): Promise<AddTrackedKeywordsResult> {
    const db = within ?? this.db;
    const language = (input.language ?? (await this.channelLanguage(channelId, db))).toLowerCase();
    marketOf(language); // Refuses an unknown keyword language.
    const refused: AddTrackedKeywordsResult['refused'] = [];
    const wanted = new Map<string, string>();
    for (const raw of splitKeywordList(input.text)) {
      const keyword = normalizeKeyword(raw);
      let reason: TrackedKeywordRefusal | null = null;
      if (keyword.length === 0) reason = 'unusable';
      else if (!isSendableKeyword(keyword)) reason = 'too-long';
      else if (wanted.has(keyword)) reason = 'duplicate';
      if (reason) refused.push({ keyword: [...raw].slice(0, 200).join(''), reason });
      else wanted.set(keyword, raw);
    }
    if (wanted.size === 0 && refused.length === 0) {
      throw new AppError('validation-failed', 'Enter at least one keyword.', {
        issues: [{ path: 'text', message: 'Enter at least one keyword' }],
      });
    }
    return db.transaction(async (tx) => {
      // One add at a time per channel, so two concurrent adds cannot pass the limit together.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tracked:${channelId}`}))`);
      const existing = await tx
        .select({ keyword: trackedKeywords.keyword, language: trackedKeywords.language })
        .from(trackedKeywords)
        .where(eq(trackedKeywords.channelId, channelId));
      const tracked = new Set(
        existing.filter((e) => e.language === language).map((e) => e.keyword),
      );
      const fresh: string[] = [];
      for (const [keyword, raw] of wanted) {
        if (tracked.has(keyword)) refused.push({ keyword: raw, reason: 'already-tracked' });
        else fresh.push(keyword);
      }
      const limit = await this.limitOf(channelId, tx);
      const room = limit - existing.length;
      if (fresh.length > room) {
        throw new AppError(
          'tracked-keywords-limit',
          `This channel's plan tracks up to ${limit} keywords. It tracks ${existing.length}, ` +
            `so ${Math.max(0, room)} more fit; delete some, add fewer or choose a larger plan.`,
          { details: { limit, tracked: existing.length, adding: fresh.length } },
        );
      }
      const added =
        fresh.length === 0
          ? []
          : await tx
              .insert(trackedKeywords)
              .values(fresh.map((keyword) => ({ channelId, keyword, language, addedBy: userId })))
              .onConflictDoNothing()
              .returning();
      if (added.length > 0) this.changes?.changed(channelId);
      return { added: added.map(present), refused };
    });
  }

  /** Stops tracking keywords of the channel; answers the deleted ones (ids of others are ignored). */
  async remove(channelId: string, ids: readonly string[]): Promise<{ deleted: TrackedKeyword[] }> {
    const deleted = await this.db
      .delete(trackedKeywords)
      .where(and(eq(trackedKeywords.channelId, channelId), inArray(trackedKeywords.id, [...ids])))
      .returning();
    if (deleted.length > 0) this.changes?.changed(channelId);
    return { deleted: deleted.map(present) };
  }

  private async channelLanguage(channelId: string, db: Db = this.db): Promise<string> {
    const [row] = await db
      .select({ language: channelSettings.language })
      .from(channelSettings)
      .where(eq(channelSettings.channelId, channelId));
    return row?.language ?? DEFAULT_LANGUAGE;
  }
}

function present(row: typeof trackedKeywords.$inferSelect): TrackedKeyword {
  return {
    id: row.id,
    keyword: row.keyword,
    language: row.language,
    addedAt: row.createdAt.toISOString(),
  };
}

type ListRow = {
  id: string;
  keyword: string;
  language: string;
  createdAt: Date | string;
  day: string | null;
  position: number | null;
  videoId: string | null;
  hasWeek: boolean;
  weekPosition: number | null;
  videoTitle: string | null;
  videoThumbnails: Record<string, { url: string }> | null;
};

type FigureRow = {
  keyword: string;
  location: number;
  language: string;
  volume: number | null;
  competition: number | null;
  checkedAt: Date | string | null;
};

type SuggestionRow = {
  source: TrackedKeywordSuggestion['source'];
  keyword: string;
  videoTitle: string | null;
  position: number | null;
};

const marketKey = (keyword: string, market: { locationCode: number; languageCode: string }) =>
  `${keyword}\u0000${market.locationCode}\u0000${market.languageCode}`;

/** A timestamp of a raw query (a Date on one driver, text on the other) as ISO 8601. */
function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
