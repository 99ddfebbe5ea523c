import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  DEFAULT_LANGUAGE_ID,
  type BookmarkedKeyword,
  type KeywordMetrics,
  type KeywordSearchResponse,
  type KeywordSource,
  type Language,
} from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { keywordLists, keywordMetrics, videoKeywords, videos } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type ChannelsService, LOCALES } from '../channels/index.ts';
import { RateLimitService, type Limit } from '../rate-limit/index.ts';
import {
  isSendableKeyword,
  KeywordDataError,
  normalizeKeyword,
  type KeywordDataProvider,
  type KeywordMarket,
  type MonthlyVolume,
  type ProviderKeyword,
  type ProviderKeywordList,
} from './keyword-data.port.ts';

/** Keyword figures and where they come from (every figure is an estimate). */
export interface KeywordMetricsResult {
  items: KeywordMetrics[];
  source: KeywordSource;
}

/** A keyword's cached figures with its monthly searches (for ideas and their trend). */
export interface DetailedKeywordMetrics extends KeywordMetrics {
  /** Monthly searches, oldest first; empty when the provider gave none. */
  monthly: MonthlyVolume[];
}

/** How many suggestions the search-term field shows, the typed keyword included. */
export const SUGGESTIONS_SHOWN = 20;
/** How many related keywords `related` returns by default. */
export const RELATED_SHOWN = 20;
/** How many keywords a cached suggestion or related list keeps. */
const LIST_SIZE = 50;
/** Keywords one video can bookmark. */
export const BOOKMARKS_PER_VIDEO = 100;
/** Keyword searches (search-as-you-type) one person may make. */
export const KEYWORD_SEARCH_LIMIT: Limit = { max: 120, windowSeconds: 60 };
/** The product's ids (checked before a query, so a malformed id is a 404, not a database error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Rows per IN (...) query. */
const QUERY_CHUNK = 1000;

type MetricsRow = typeof keywordMetrics.$inferSelect;

/**
 * Keyword figures (volume, competition, CPC), suggestions, related keywords and bookmarked
 * keywords per video. Figures are cached per (keyword, location, language) for the freshness
 * window; a batch takes the fresh rows from the cache and asks the provider once for the rest.
 * Knows nothing of HTTP.
 */
export class KeywordsService {
  private readonly db: Db;
  private readonly provider: KeywordDataProvider;
  private readonly channels: ChannelsService;
  private readonly limits: RateLimitService;
  private readonly clock: Clock;
  private readonly ttlMs: number;
  private readonly log: Logger;

  constructor(deps: {
    db: Db;
    provider: KeywordDataProvider;
    channels: ChannelsService;
    limits: RateLimitService;
    clock: Clock;
    /** Freshness window of cached figures and lists (KEYWORD_DATA_TTL_HOURS). */
    ttlHours: number;
    log: Logger;
  }) {
    this.db = deps.db;
    this.provider = deps.provider;
    this.channels = deps.channels;
    this.limits = deps.limits;
    this.clock = deps.clock;
    this.ttlMs = deps.ttlHours * 3_600_000;
    this.log = deps.log;
  }

  /**
   * Figures of keywords in a keyword language, for anything that shows or ranks keywords.
   *
   * @param keywords any text; each is normalised (trimmed, lower case, single spaces, symbols
   *   Google Ads refuses dropped), empty ones are skipped and duplicates collapsed
   * @param languageId a keyword language id (Language.id, e.g. 'en-us'); default en-us
   * @returns one item per distinct normalised keyword, in input order, `keyword` normalised;
   *   volume/competition/cpc are null when the provider has no figure (or the keyword is longer
   *   than 80 characters or 10 words). `source` names the provider and the oldest fetch time.
   * @throws AppError 'validation-failed' for an unknown language, 'unavailable' when the
   *   provider fails and a keyword has no cached figures at all (stale ones are served instead)
   */
  async metrics(
    keywords: readonly string[],
    languageId: string = DEFAULT_LANGUAGE_ID,
  ): Promise<KeywordMetricsResult> {
    return this.metricsIn(keywords, languageId, false);
  }

  /** `metrics`; with `partial`, a provider failure leaves figures unknown instead of failing. */
  private async metricsIn(
    keywords: readonly string[],
    languageId: string,
    partial: boolean,
  ): Promise<KeywordMetricsResult> {
    const market = marketOf(languageId);
    const list = distinct(keywords.map(normalizeKeyword));
    const rows = await this.figures(list, market, partial);
    const items = list.map((keyword) => {
      const row = rows.get(keyword);
      return {
        keyword,
        volume: row?.volume ?? null,
        competition: row?.competition ?? null,
        cpc: row?.cpc ?? null,
      };
    });
    return { items, source: this.sourceOf(rows.values()) };
  }

  /**
   * Figures with monthly searches (ideas and their trend), fetched like `metrics` when missing
   * or stale: one provider call for up to `maxKeywordsPerCall` keywords, none when all are fresh.
   * With `partial`, a provider failure leaves the figures of uncached keywords unknown instead
   * of failing.
   */
  async detailedMetrics(
    keywords: readonly string[],
    languageId: string = DEFAULT_LANGUAGE_ID,
    options: { partial?: boolean } = {},
  ): Promise<{ items: DetailedKeywordMetrics[]; source: KeywordSource }> {
    const market = marketOf(languageId);
    const list = distinct(keywords.map(normalizeKeyword));
    const rows = await this.figures(list, market, options.partial ?? false);
    return {
      items: list.map((keyword) => detailedOf(keyword, rows.get(keyword))),
      source: this.sourceOf(rows.values()),
    };
  }

  /**
   * Cached figures only, whatever their age: never calls the provider (idea discovery, whose
   * provider budget is one list call per seed). Keywords without a cached row have null figures.
   */
  async cachedMetrics(
    keywords: readonly string[],
    languageId: string = DEFAULT_LANGUAGE_ID,
  ): Promise<{ items: DetailedKeywordMetrics[]; source: KeywordSource }> {
    const market = marketOf(languageId);
    const list = distinct(keywords.map(normalizeKeyword));
    const rows = await this.cachedRows(list, market);
    return {
      items: list.map((keyword) => detailedOf(keyword, rows.get(keyword))),
      source: this.sourceOf(rows.values()),
    };
  }

  /**
   * The provider's keyword suggestions of a seed (keywords containing its words, questions
   * among them), from the cache or with exactly one provider call; their figures are cached
   * with them (read them with `cachedMetrics`). Empty for a keyword the provider cannot take.
   */
  async suggestionList(seed: string, languageId: string = DEFAULT_LANGUAGE_ID): Promise<string[]> {
    const market = marketOf(languageId);
    const normalized = normalizeKeyword(seed);
    if (!isSendableKeyword(normalized)) return [];
    return (await this.list('suggestions', normalized, market)).filter((k) => k !== normalized);
  }

  /**
   * Keywords related to a term (what people search together with it), with figures, most
   * searched first (unknown volumes last); for recommended tags.
   *
   * @param term the search term (normalised like `metrics`)
   * @param languageId a keyword language id (Language.id); default en-us
   * @param limit how many at most (default 20, at most 50)
   * @throws like `metrics`
   */
  async related(
    term: string,
    languageId: string = DEFAULT_LANGUAGE_ID,
    limit: number = RELATED_SHOWN,
  ): Promise<KeywordMetricsResult> {
    const market = marketOf(languageId);
    const seed = normalizeKeyword(term);
    if (!isSendableKeyword(seed)) return { items: [], source: this.sourceOf([]) };
    const list = await this.list('related', seed, market);
    const result = await this.metrics(
      list.filter((k) => k !== seed).slice(0, Math.min(limit, LIST_SIZE)),
      languageId,
    );
    return { items: byVolume(result.items), source: result.source };
  }

  /**
   * Suggestions for the search-term field: the typed keyword first, then keywords containing
   * it, most searched first; at most 20, all with figures.
   */
  async suggestions(
    q: string,
    languageId: string = DEFAULT_LANGUAGE_ID,
  ): Promise<KeywordSearchResponse> {
    const market = marketOf(languageId);
    const seed = normalizeKeyword(q);
    if (!seed) return { items: [], source: this.sourceOf([]), languageId };
    const list = isSendableKeyword(seed) ? await this.list('suggestions', seed, market) : [];
    const shown = [seed, ...list.filter((k) => k !== seed)].slice(0, SUGGESTIONS_SHOWN);
    const result = await this.metrics(shown, languageId);
    const [typed, ...rest] = result.items;
    return { items: [typed!, ...byVolume(rest)], source: result.source, languageId };
  }

  /**
   * GET /api/keywords/search: suggestions in the requested keyword language, else the channel's
   * (only for its members), else en-us. Rate-limited per person.
   */
  async search(
    userId: string,
    query: { q: string; language?: string; channelId?: string },
  ): Promise<KeywordSearchResponse> {
    RateLimitService.assertAllowed(
      await this.limits.hit(`keyword-search:user:${userId}`, KEYWORD_SEARCH_LIMIT),
      'Too many keyword searches. Please wait a minute and try again.',
    );
    let languageId = query.language;
    if (query.channelId) {
      const settings = await this.channels.getSettings(userId, query.channelId);
      languageId ??= settings.language;
    }
    return this.suggestions(query.q, languageId ?? DEFAULT_LANGUAGE_ID);
  }

  /** A video's bookmarked keywords with their volume, most searched first (unknown last). */
  async bookmarks(
    userId: string,
    channelId: string,
    videoId: string,
  ): Promise<BookmarkedKeyword[]> {
    const languageId = await this.requireVideo(userId, channelId, videoId);
    return this.listBookmarks(channelId, videoId, languageId);
  }

  /** Bookmarks a keyword for a video (again is a no-op); returns the video's bookmarks. */
  async addBookmark(
    userId: string,
    channelId: string,
    videoId: string,
    keyword: string,
  ): Promise<BookmarkedKeyword[]> {
    const languageId = await this.requireVideo(userId, channelId, videoId);
    const normalized = normalizeKeyword(keyword);
    if (!isSendableKeyword(normalized)) {
      throw new AppError(
        'validation-failed',
        'Enter a keyword of at most 80 characters and 10 words.',
        {
          issues: [{ path: 'body.keyword', message: 'Not a usable keyword' }],
        },
      );
    }
    const [existing] = await this.db
      .select({ n: count() })
      .from(videoKeywords)
      .where(
        and(eq(videoKeywords.channelId, channelId), eq(videoKeywords.videoYoutubeId, videoId)),
      );
    if ((existing?.n ?? 0) >= BOOKMARKS_PER_VIDEO) {
      throw new AppError(
        'conflict',
        `A video can have at most ${BOOKMARKS_PER_VIDEO} bookmarked keywords.`,
      );
    }
    await this.db
      .insert(videoKeywords)
      .values({ channelId, videoYoutubeId: videoId, keyword: normalized, createdBy: userId })
      .onConflictDoNothing();
    return this.listBookmarks(channelId, videoId, languageId);
  }

  /** Removes one bookmarked keyword of a video; returns the video's bookmarks. */
  async removeBookmark(
    userId: string,
    channelId: string,
    videoId: string,
    keywordId: string,
  ): Promise<BookmarkedKeyword[]> {
    const languageId = await this.requireVideo(userId, channelId, videoId);
    const removed = UUID.test(keywordId)
      ? await this.db
          .delete(videoKeywords)
          .where(
            and(
              eq(videoKeywords.id, keywordId),
              eq(videoKeywords.channelId, channelId),
              eq(videoKeywords.videoYoutubeId, videoId),
            ),
          )
          .returning({ id: videoKeywords.id })
      : [];
    if (removed.length === 0) throw new AppError('not-found', 'This keyword is not bookmarked.');
    return this.listBookmarks(channelId, videoId, languageId);
  }

  /** Checks the person may use the channel and the video is one of its videos; its language. */
  private async requireVideo(userId: string, channelId: string, videoId: string): Promise<string> {
    // getSettings answers 404 to anyone who is not a member of the channel.
    const settings = await this.channels.getSettings(userId, channelId);
    const [video] = await this.db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.channelId, channelId), eq(videos.youtubeId, videoId)));
    if (!video) throw new AppError('not-found', 'This video is not in the channel.');
    return settings.language;
  }

  private async listBookmarks(
    channelId: string,
    videoId: string,
    languageId: string,
  ): Promise<BookmarkedKeyword[]> {
    const rows = await this.db
      .select({ id: videoKeywords.id, keyword: videoKeywords.keyword })
      .from(videoKeywords)
      .where(and(eq(videoKeywords.channelId, channelId), eq(videoKeywords.videoYoutubeId, videoId)))
      .orderBy(asc(videoKeywords.createdAt));
    if (rows.length === 0) return [];
    // The bookmarks are ours: while the provider is down they still list, volumes unknown.
    const { items } = await this.metricsIn(
      rows.map((r) => r.keyword),
      isKnownLanguage(languageId) ? languageId : DEFAULT_LANGUAGE_ID,
      true,
    );
    const volumes = new Map(items.map((item) => [item.keyword, item.volume]));
    return rows
      .map((r) => ({ id: r.id, keyword: r.keyword, volume: volumes.get(r.keyword) ?? null }))
      .sort(
        (a, b) =>
          (b.volume ?? -1) - (a.volume ?? -1) ||
          (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
      );
  }

  /**
   * Cached figures of normalised keywords, fetching the missing and stale sendable ones in as
   * few provider calls as possible (one per 1000). Keywords the provider cannot take are absent.
   */
  private async figures(
    keywords: string[],
    market: KeywordMarket,
    partial: boolean,
  ): Promise<Map<string, MetricsRow>> {
    const rows = await this.cachedRows(keywords, market);
    const now = this.clock.now();
    const needed = keywords.filter(
      (k) => isSendableKeyword(k) && !this.isFresh(rows.get(k)?.fetchedAt, now),
    );
    for (const chunk of chunks(needed, this.provider.maxKeywordsPerCall)) {
      let answer: ProviderKeyword[];
      try {
        answer = await this.provider.volumes(chunk, market);
      } catch (error) {
        this.fallBackToStale(error, chunk, rows, partial);
        continue;
      }
      const byKeyword = new Map(answer.map((f) => [f.keyword, f]));
      const fetched = chunk.map((keyword) => ({
        keyword,
        volume: null,
        competition: null,
        cpc: null,
        ...byKeyword.get(keyword),
      }));
      for (const row of await this.store(fetched, market, now)) rows.set(row.keyword, row);
    }
    return rows;
  }

  /** The cached rows of normalised keywords in a market, whatever their age. */
  private async cachedRows(
    keywords: string[],
    market: KeywordMarket,
  ): Promise<Map<string, MetricsRow>> {
    const rows = new Map<string, MetricsRow>();
    for (const chunk of chunks(keywords, QUERY_CHUNK)) {
      const found = await this.db
        .select()
        .from(keywordMetrics)
        .where(
          and(
            eq(keywordMetrics.locationCode, market.locationCode),
            eq(keywordMetrics.languageCode, market.languageCode),
            inArray(keywordMetrics.keyword, chunk),
          ),
        );
      for (const row of found) rows.set(row.keyword, row);
    }
    return rows;
  }

  /** A cached suggestion or related list of a seed, fetched (with its figures) when stale. */
  private async list(
    kind: 'suggestions' | 'related',
    seed: string,
    market: KeywordMarket,
  ): Promise<string[]> {
    const key = and(
      eq(keywordLists.kind, kind),
      eq(keywordLists.seed, seed),
      eq(keywordLists.locationCode, market.locationCode),
      eq(keywordLists.languageCode, market.languageCode),
    );
    const [cached] = await this.db.select().from(keywordLists).where(key);
    const now = this.clock.now();
    if (cached && this.isFresh(cached.fetchedAt, now)) return cached.keywords;
    let answer: ProviderKeywordList;
    try {
      answer =
        kind === 'suggestions'
          ? await this.provider.suggestions(seed, market, LIST_SIZE)
          : await this.provider.related(seed, market, LIST_SIZE);
    } catch (error) {
      if (cached && error instanceof KeywordDataError) {
        this.log.warn({ err: error, kind, seed }, 'Keyword data unavailable; serving a stale list');
        return cached.keywords;
      }
      throw this.unavailable(error);
    }
    const items = answer.items.filter((f) => isSendableKeyword(f.keyword));
    await this.store(answer.seed ? [answer.seed, ...items] : items, market, now);
    const keywords = distinct(items.map((f) => f.keyword));
    await this.db
      .insert(keywordLists)
      .values({ kind, seed, ...market, keywords, source: this.provider.name, fetchedAt: now })
      .onConflictDoUpdate({
        target: [
          keywordLists.kind,
          keywordLists.seed,
          keywordLists.locationCode,
          keywordLists.languageCode,
        ],
        set: { keywords, source: this.provider.name, fetchedAt: now },
      });
    return keywords;
  }

  /** Upserts figures into the cache and returns the stored rows. */
  private async store(
    figures: ProviderKeyword[],
    market: KeywordMarket,
    now: Date,
  ): Promise<MetricsRow[]> {
    const unique = new Map(figures.map((f) => [f.keyword, f]));
    const values = [...unique.values()].map((f) => ({
      keyword: f.keyword,
      locationCode: market.locationCode,
      languageCode: market.languageCode,
      volume: f.volume,
      competition: f.competition,
      cpc: f.cpc,
      monthly: f.monthly && f.monthly.length > 0 ? f.monthly : null,
      source: this.provider.name,
      fetchedAt: now,
    }));
    const stored: MetricsRow[] = [];
    for (const chunk of chunks(values, QUERY_CHUNK)) {
      stored.push(
        ...(await this.db
          .insert(keywordMetrics)
          .values(chunk)
          .onConflictDoUpdate({
            target: [
              keywordMetrics.keyword,
              keywordMetrics.locationCode,
              keywordMetrics.languageCode,
            ],
            set: {
              volume: sql`excluded.volume`,
              competition: sql`excluded.competition`,
              cpc: sql`excluded.cpc`,
              monthly: sql`excluded.monthly`,
              source: sql`excluded.source`,
              fetchedAt: sql`excluded.fetched_at`,
            },
          })
          .returning()),
      );
    }
    return stored;
  }

  /**
   * After a failed fetch: keep serving stale rows (and, with `partial`, no figures for keywords
   * without any), or fail when a keyword has none.
   */
  private fallBackToStale(
    error: unknown,
    keywords: string[],
    rows: Map<string, MetricsRow>,
    partial: boolean,
  ): void {
    if (error instanceof KeywordDataError && (partial || keywords.every((k) => rows.has(k)))) {
      this.log.warn(
        { err: error, keywords: keywords.length },
        'Keyword data unavailable; serving cached figures',
      );
      return;
    }
    throw this.unavailable(error);
  }

  private unavailable(error: unknown): Error {
    if (!(error instanceof KeywordDataError)) return error as Error;
    this.log.error({ err: error, kind: error.kind }, 'Keyword data provider failed');
    return new AppError(
      'unavailable',
      'Keyword figures are unavailable right now. Please try again in a few minutes.',
      { retryAfterSeconds: error.kind === 'rate-limited' ? 60 : 30 },
    );
  }

  private isFresh(fetchedAt: Date | undefined, now: Date): boolean {
    return fetchedAt !== undefined && now.getTime() - fetchedAt.getTime() < this.ttlMs;
  }

  /** The provider of the figures and the oldest time they were fetched (now when none). */
  private sourceOf(rows: Iterable<MetricsRow>): KeywordSource {
    let oldest: MetricsRow | undefined;
    for (const row of rows) if (!oldest || row.fetchedAt < oldest.fetchedAt) oldest = row;
    return {
      name: oldest?.source ?? this.provider.name,
      fetchedAt: (oldest?.fetchedAt ?? this.clock.now()).toISOString(),
    };
  }
}

/** The location and language of a keyword language id. */
export function marketOf(languageId: string): KeywordMarket {
  const language = findLanguage(languageId);
  if (!language) {
    throw new AppError('validation-failed', `Unknown keyword language '${languageId}'.`, {
      issues: [{ path: 'language', message: 'Unknown keyword language' }],
    });
  }
  return { locationCode: language.code, languageCode: language.iso6391 };
}

function findLanguage(id: string): Language | undefined {
  return LOCALES.find((l) => l.id === id.toLowerCase());
}

function detailedOf(keyword: string, row: MetricsRow | undefined): DetailedKeywordMetrics {
  return {
    keyword,
    volume: row?.volume ?? null,
    competition: row?.competition ?? null,
    cpc: row?.cpc ?? null,
    monthly: row?.monthly ?? [],
  };
}

function isKnownLanguage(id: string): boolean {
  return findLanguage(id) !== undefined;
}

function distinct(keywords: string[]): string[] {
  return [...new Set(keywords.filter(Boolean))];
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Most searched first, unknown volumes last, then alphabetically. */
function byVolume(items: KeywordMetrics[]): KeywordMetrics[] {
  return [...items].sort(
    (a, b) =>
      (b.volume ?? -1) - (a.volume ?? -1) ||
      (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
  );
}
