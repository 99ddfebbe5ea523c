import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE_ID,
  HIGH_LEVEL,
  type KeywordMetrics,
  type KeywordSource,
  type RecommendationsResponse,
  type VideoDetails,
  type VideoListResponse,
  type VideoRow,
  videoListResponse,
} from '@tubewise/contract';
import { TIP_TYPES, type TipType } from '@tubewise/recommendations';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import {
  channelSettings,
  playlists,
  playlistVideos,
  publishJournal,
  videoDrafts,
  videoPublishes,
  videos,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import type { PlanGate } from '../../lib/plan-gate.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { regionOf, type SearchInsights } from '../platform-search/index.ts';
import type { ChannelCredentials } from '../channels/index.ts';
import { MAX_PAGE_SIZE, type PlatformVideo, type VideoPlatform } from '../video-platform/index.ts';
import type { KeywordFigures } from './keyword-figures.ts';
import { ListFreshness } from './list-freshness.ts';
import {
  presentDraft,
  presentExportCsv,
  presentPublish,
  presentRow,
} from './optimization.presenter.ts';
import { largestThumbnail, ruleInputOf, scoreVideo } from './scoring.ts';
import {
  exportVideos,
  listColumns,
  listVideos,
  type VideoExportFilter,
  type VideoListFilter,
} from './video-list.repository.ts';

/** Most recommended tags offered for a term. */
export const RECOMMENDED_TAGS_MAX = 15;
/** Videos scored per statement when a channel is (re)scored. */
const SCORE_BATCH = 1000;
/** A list page and its JSON as UTF-8 bytes (serialised through the contract's schema). */
export interface SerializedPage {
  page: VideoListResponse;
  json: Buffer;
  gzip: Buffer;
}

/** How long a list page may be served from memory at an unchanged version. */
const LIST_CACHE_TTL_MS = 30_000;
/** List pages kept in memory per process (about 25 KB each). */
const LIST_CACHE_MAX_ENTRIES = 500;

type Video = typeof videos.$inferSelect;

/** Recommended tags: the term, then related keywords by volume, then the top videos' tags. */
export function buildRecommendedTags(
  term: string,
  related: readonly KeywordMetrics[],
  topTags: readonly string[],
): string[] {
  const out = new Map<string, string>();
  const add = (tag: string) => {
    const clean = tag.trim().replace(/\s+/g, ' ');
    if (!clean || clean.length > 100 || /[<>,]/.test(clean)) return;
    const key = clean.toLowerCase();
    if (!out.has(key) && out.size < RECOMMENDED_TAGS_MAX) out.set(key, clean);
  };
  add(term);
  const byVolume = [...related].sort((a, b) => (b.volume ?? -1) - (a.volume ?? -1));
  // Alternate keyword-data suggestions and competitors' tags so both sources are represented.
  const a = byVolume.map((k) => k.keyword);
  for (let i = 0; i < Math.max(a.length, topTags.length); i++) {
    if (a[i]) add(a[i]!);
    if (topTags[i]) add(topTags[i]!);
  }
  return [...out.values()];
}

/**
 * What optimization needs to know of Labs' thumbnail tests (given by the composition root, so
 * optimization never imports Labs): the active test of a stored video, which owns its thumbnail.
 */
export interface ThumbnailTestLookup {
  /** The running (or ending) test of a stored video (by its row id), or null. */
  activeTest(videoRowId: string): Promise<{ id: string; endsAt: Date } | null>;
}

/** The optimisation list, the editor's data, search terms, recommendations and scoring. */
export class OptimizationService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly keywords: KeywordFigures;
  private readonly insights: SearchInsights;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly shortsEnabled: boolean;
  private readonly listCache = new TtlCache<SerializedPage>(LIST_CACHE_MAX_ENTRIES);
  private thumbnailTests: ThumbnailTestLookup | null = null;
  private readonly gate: PlanGate | undefined;
  /** Channel versions and readers known to this process (see ListFreshness). */
  readonly freshness: ListFreshness;
  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    keywords: KeywordFigures;
    insights: SearchInsights;
    clock: Clock;
    log: Logger;
    shortsEnabled: boolean;
    /** Tells this process when a channel's videos change (database triggers). */
    bus?: InvalidationBus;
    /** Whether the channel's account may publish (the editor says so before anyone presses). */
    gate?: PlanGate;
  }) {
    this.gate = deps.gate;
    this.db = deps.db;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.keywords = deps.keywords;
    this.insights = deps.insights;
    this.clock = deps.clock;
    this.log = deps.log;
    this.shortsEnabled = deps.shortsEnabled;
    this.freshness = new ListFreshness(deps.clock, deps.bus);
  }

  /**
   * A page of the channel's videos (scores any video not scored since it changed first).
   * `videosVersion` is the channel's counter that triggers bump on every write to its videos,
   * drafts and playlist members: a page computed at a version is served from memory until the
   * version moves (or LIST_CACHE_TTL_MS passes, which bounds the relative time filters).
   */
  async list(
    channelId: string,
    filter: VideoListFilter,
    videosVersion: number,
  ): Promise<SerializedPage> {
    const key = `${channelId}|${videosVersion}|${JSON.stringify(filter)}`;
    const now = this.clock.now().getTime();
    const cached = this.listCache.get(key, now);
    if (cached) return cached;
    const page = await this.computeList(channelId, filter);
    // Serialised once through the contract schema, so a hit costs no serialisation at all.
    // Kept as bytes: encoding the ~20 KB string on every send was a fifth of a hit's CPU.
    const json = Buffer.from(JSON.stringify(videoListResponse.parse(page)));
    // Compressed once here rather than per response: about a tenth of the bytes to send.
    const entry = { page, json, gzip: gzipSync(json) };
    // Scoring may have bumped the version, so this key is stale at once; it only ever keeps
    // a page newer than its version, never older.
    this.listCache.set(key, entry, now + LIST_CACHE_TTL_MS);
    return entry;
  }

  /** A page of the channel's videos computed from the database (no cache). */
  async computeList(channelId: string, filter: VideoListFilter): Promise<VideoListResponse> {
    await this.scoreStale(channelId);
    const { rows, total } = await listVideos(this.db, channelId, filter, this.clock.now());
    return {
      items: rows.map(presentRow),
      page: filter.page,
      pageSize: 50,
      total,
      shortsEnabled: this.shortsEnabled,
    };
  }

  /**
   * Every video the list's tab, filters and search select (not one page), in the list's order,
   * as a CSV document. Read in one query: a channel's videos are a few thousand rows at most.
   */
  async exportCsv(
    channelId: string,
    filter: VideoExportFilter,
  ): Promise<{ csv: string; exportedAt: Date }> {
    await this.scoreStale(channelId);
    const exportedAt = this.clock.now();
    const rows = await exportVideos(this.db, channelId, filter, exportedAt);
    return { csv: presentExportCsv(rows), exportedAt };
  }

  /** The channel's playlists for the playlist filter, by title. */
  async playlists(channelId: string) {
    const rows = await this.db
      .select({ id: playlists.youtubeId, title: playlists.title, itemCount: playlists.itemCount })
      .from(playlists)
      .where(eq(playlists.channelId, channelId))
      .orderBy(asc(playlists.title));
    return { items: rows };
  }

  /** The next video to work on: highest impact among those not yet optimised, except this one. */
  async next(channelId: string, exceptVideoId: string): Promise<VideoRow | null> {
    await this.scoreStale(channelId);
    const [row] = await this.db
      .select(listColumns)
      .from(videos)
      .leftJoin(videoDrafts, eq(videoDrafts.videoId, videos.id))
      .where(
        and(
          eq(videos.channelId, channelId),
          ne(videos.youtubeId, exceptVideoId),
          lt(videos.level, HIGH_LEVEL),
        ),
      )
      .orderBy(desc(videos.impact), asc(videos.level), asc(videos.youtubeId))
      .limit(1);
    return row ? presentRow(row) : null;
  }

  /**
   * Compares up to 150 of the channel's videos with the platform (one videos.list unit per 50)
   * and stores what changed outside the product; those show under "updated on the platform".
   * Ids that are not the channel's videos are ignored.
   */
  async check(
    channelId: string,
    ids: string[],
  ): Promise<{ changed: string[]; missing: string[]; checkedAt: string }> {
    const known = await this.db
      .select()
      .from(videos)
      .where(and(eq(videos.channelId, channelId), inArray(videos.youtubeId, [...new Set(ids)])));
    const byId = new Map(known.map((v) => [v.youtubeId, v]));
    const found = new Map<string, PlatformVideo>();
    for (let i = 0; i < known.length; i += MAX_PAGE_SIZE) {
      const chunk = known.slice(i, i + MAX_PAGE_SIZE).map((v) => v.youtubeId);
      const items = await this.credentials.withToken(channelId, (token) =>
        this.platform.getVideos(token, chunk),
      );
      for (const item of items) found.set(item.youtubeId, item);
    }
    const now = this.clock.now();
    // A publish still in the journal is the person's own write, not an outside edit: the
    // reconciler (or the live request) records it.
    const publishing = new Set(
      known.length
        ? (
            await this.db
              .select({ videoId: publishJournal.videoId })
              .from(publishJournal)
              .where(
                and(
                  eq(publishJournal.status, 'pending'),
                  inArray(
                    publishJournal.videoId,
                    known.map((v) => v.id),
                  ),
                ),
              )
          ).map((r) => r.videoId)
        : [],
    );
    const changed: string[] = [];
    for (const [id, stored] of byId) {
      const current = found.get(id);
      if (!current || publishing.has(stored.id)) continue;
      const differs =
        current.title !== stored.title ||
        current.description !== stored.description ||
        !isDeepStrictEqual(current.tags, stored.tags) ||
        // jsonb does not keep key order, so compare structurally.
        !isDeepStrictEqual(current.thumbnails, stored.thumbnails) ||
        current.defaultLanguage !== stored.defaultLanguage;
      const statsDiffer =
        current.viewCount !== stored.viewCount || current.privacyStatus !== stored.privacyStatus;
      if (!differs && !statsDiffer) continue;
      if (differs) changed.push(id);
      await this.db
        .update(videos)
        .set({
          title: current.title,
          description: current.description,
          tags: current.tags,
          thumbnails: current.thumbnails,
          defaultLanguage: current.defaultLanguage,
          privacyStatus: current.privacyStatus,
          publishAt: current.publishAt ? new Date(current.publishAt) : null,
          viewCount: current.viewCount,
          likeCount: current.likeCount,
          commentCount: current.commentCount,
          hasCaptions: current.hasCaptions,
          ...(differs ? { platformChangedAt: now, scoredAt: null } : {}),
        })
        .where(eq(videos.id, stored.id));
    }
    const missing = [...byId.keys()].filter((id) => !found.has(id));
    return { changed, missing, checkedAt: now.toISOString() };
  }

  /** A stored video of the channel by its platform id; 404 when the channel has no such video. */
  async requireVideo(channelId: string, videoId: string): Promise<Video> {
    const video = await this.db.query.videos.findFirst({
      where: and(eq(videos.channelId, channelId), eq(videos.youtubeId, videoId)),
    });
    if (!video) throw new AppError('not-found', 'This video is not in the channel (yet).');
    return video;
  }

  /** Everything the editor loads for a video. */
  async details(channelId: string, videoId: string): Promise<VideoDetails> {
    const video = await this.requireVideo(channelId, videoId);
    const [draft, playlistCount, lastPublish, test, plan] = await Promise.all([
      this.db.query.videoDrafts.findFirst({ where: eq(videoDrafts.videoId, video.id) }),
      this.playlistCount(channelId, video.youtubeId),
      this.db.query.videoPublishes.findFirst({
        where: eq(videoPublishes.videoId, video.id),
        orderBy: desc(videoPublishes.createdAt),
      }),
      this.thumbnailTests?.activeTest(video.id) ?? null,
      this.gate?.forChannel(channelId) ?? null,
    ]);
    return presentDetails(video, {
      publishingPaused: plan?.readOnly ?? false,
      thumbnailTest: test ? { id: test.id, endsAt: test.endsAt.toISOString() } : null,
      draft: draft ? presentDraft(draft, await this.thumbnailOf(draft.thumbnailId)) : null,
      playlistCount,
      lastPublish: lastPublish ? presentPublish(lastPublish) : null,
    });
  }

  /** Binds Labs' thumbnail tests (built after this service by the composition root). */
  setThumbnailTests(lookup: ThumbnailTestLookup): void {
    this.thumbnailTests = lookup;
  }

  /**
   * Refuses a thumbnail change of a video while a thumbnail test runs on it (409
   * `thumbnail-test-running`): the test owns the thumbnail until it ends.
   */
  async assertThumbnailFree(videoRowId: string): Promise<void> {
    const test = await this.thumbnailTests?.activeTest(videoRowId);
    if (test)
      throw new AppError(
        'thumbnail-test-running',
        `A thumbnail test is running on this video until ${test.endsAt.toISOString()}: its thumbnail cannot be changed until the test ends or is stopped. Text changes without a thumbnail can still be published.`,
        { details: { testId: test.id, endsAt: test.endsAt.toISOString() } },
      );
  }

  /** Sets the term a video should be found for, and answers its fresh recommendations. */
  async setSearchTerm(
    channelId: string,
    videoId: string,
    searchTerm: string | null,
  ): Promise<RecommendationsResponse> {
    const video = await this.requireVideo(channelId, videoId);
    const term = searchTerm?.trim() ? searchTerm.trim() : null;
    await this.db
      .update(videos)
      .set({
        searchTerm: term,
        searchPosition: null,
        recommendedTags: [],
        scoredAt: null,
      })
      .where(eq(videos.id, video.id));
    return this.recommendations(channelId, videoId);
  }

  /**
   * Live recommendations for a video: keyword figures, recommended tags, the video's position
   * for the term, and the tips of its live metadata. When the term is the video's saved one,
   * the result is stored so the list shows the same level and impact as the editor.
   */
  async recommendations(
    channelId: string,
    videoId: string,
    termOverride?: string,
  ): Promise<RecommendationsResponse> {
    const video = await this.requireVideo(channelId, videoId);
    const term = (termOverride ?? video.searchTerm)?.trim() || null;
    const languageId = await this.channelLanguage(channelId);
    let keyword: KeywordMetrics | null = null;
    let source: KeywordSource | null = null;
    let recommendedTags: string[] = [];
    let position: number | null = null;
    if (term) {
      const [figures, related, insight] = await Promise.all([
        this.keywords.metrics([term], languageId).catch((error: unknown) => {
          this.log.warn({ err: error, term }, 'Keyword figures unavailable');
          return null;
        }),
        this.keywords.related(term, languageId).catch((error: unknown) => {
          this.log.warn({ err: error, term }, 'Related keywords unavailable');
          return null;
        }),
        this.insights.forTerm(term, regionOf(languageId), (ids) =>
          this.credentials.withToken(channelId, (token) =>
            this.platform.getVideos(token, ids.slice(0, MAX_PAGE_SIZE)),
          ),
        ),
      ]);
      keyword = figures?.items[0] ?? null;
      source = figures?.source ?? related?.source ?? null;
      recommendedTags = buildRecommendedTags(term, related?.items ?? [], insight?.topTags ?? []);
      const index = insight ? insight.resultIds.indexOf(video.youtubeId) : -1;
      position = index >= 0 ? index + 1 : null;
    }
    const playlistCount = await this.playlistCount(channelId, video.youtubeId);
    const input = ruleInputOf({ ...video, searchTerm: term, recommendedTags }, playlistCount);
    const score = scoreVideo(input, video.ignoredTips, keyword, position);
    if (term === video.searchTerm) {
      await this.db
        .update(videos)
        .set({
          recommendedTags,
          searchPosition: position,
          level: score.level,
          impact: score.impact,
          scoredAt: this.clock.now(),
        })
        .where(eq(videos.id, video.id));
    }
    return {
      searchTerm: term,
      keyword,
      source,
      recommendedTags,
      position,
      ignored: video.ignoredTips,
      tips: score.tips,
      level: score.level,
      impact: score.impact,
    };
  }

  /**
   * What the search knows about a term, for writing metadata: related keywords with volumes
   * (most searched first), the titles of the videos ranking for it and their most used tags.
   * Each part comes from the same caches as the recommendations and is empty when unavailable.
   */
  async searchContext(
    channelId: string,
    term: string,
  ): Promise<{
    languageId: string;
    related: KeywordMetrics[];
    rankingTitles: string[];
    topTags: string[];
  }> {
    const languageId = await this.channelLanguage(channelId);
    const [related, insight] = await Promise.all([
      this.keywords.related(term, languageId).catch((error: unknown) => {
        this.log.warn({ err: error }, 'Related keywords unavailable');
        return null;
      }),
      this.insights
        .forTerm(term, regionOf(languageId), (ids) =>
          this.credentials.withToken(channelId, (token) =>
            this.platform.getVideos(token, ids.slice(0, MAX_PAGE_SIZE)),
          ),
        )
        .catch((error: unknown) => {
          this.log.warn({ err: error }, 'Search results unavailable');
          return null;
        }),
    ]);
    return {
      languageId,
      related: related?.items ?? [],
      rankingTitles: (insight?.top ?? []).map((r) => r.title),
      topTags: insight?.topTags ?? [],
    };
  }

  /** Ignores or counts again one tip of a video; answers the fresh recommendations. */
  async setTipIgnored(
    channelId: string,
    videoId: string,
    type: string,
    ignored: boolean,
  ): Promise<RecommendationsResponse> {
    if (!TIP_TYPES.includes(type as TipType))
      throw new AppError('not-found', `There is no tip called "${type}".`);
    const video = await this.requireVideo(channelId, videoId);
    const next = new Set(video.ignoredTips);
    if (ignored) next.add(type);
    else next.delete(type);
    await this.db
      .update(videos)
      .set({ ignoredTips: [...next], scoredAt: null })
      .where(eq(videos.id, video.id));
    return this.recommendations(channelId, videoId);
  }

  /**
   * Scores every video of the channel that changed since it was last scored, with the keyword
   * figures of its search term and the recommended tags and position last computed for it.
   */
  async scoreStale(channelId: string): Promise<number> {
    let scored = 0;
    for (;;) {
      const batch = await this.db
        .select()
        .from(videos)
        .where(and(eq(videos.channelId, channelId), isNull(videos.scoredAt)))
        .limit(SCORE_BATCH);
      if (batch.length === 0) return scored;
      const counts = await this.playlistCounts(
        channelId,
        batch.map((v) => v.youtubeId),
      );
      const figures = await this.termFigures(channelId, batch);
      const scores: { id: string; level: number; impact: number }[] = [];
      for (const video of batch) {
        const keyword = video.searchTerm
          ? (figures.get(video.searchTerm.toLowerCase()) ?? null)
          : null;
        const score = scoreVideo(
          ruleInputOf(video, counts.get(video.youtubeId) ?? 0),
          video.ignoredTips,
          keyword,
          video.searchPosition,
        );
        scores.push({ id: video.id, level: score.level, impact: score.impact });
      }
      // One statement per batch; JSON travels as a single parameter on PGlite and PostgreSQL alike.
      await this.db.execute(sql`
        update ${videos} set level = s.level, impact = s.impact, scored_at = ${this.clock.now()}
        from jsonb_to_recordset(${JSON.stringify(scores)}::jsonb) as s(id uuid, level int, impact int)
        where ${videos.id} = s.id`);
      scored += batch.length;
      if (batch.length < SCORE_BATCH) return scored;
    }
  }

  /** Keyword figures of the search terms of some videos, by lower-cased term. */
  private async termFigures(
    channelId: string,
    batch: readonly Video[],
  ): Promise<Map<string, KeywordMetrics>> {
    const terms = [...new Set(batch.map((v) => v.searchTerm).filter((t): t is string => !!t))];
    const out = new Map<string, KeywordMetrics>();
    if (terms.length === 0) return out;
    try {
      const result = await this.keywords.metrics(terms, await this.channelLanguage(channelId));
      for (const item of result.items) out.set(item.keyword.toLowerCase(), item);
    } catch (error) {
      // Scores without figures are still right about the tips; impact assumes an unknown volume.
      this.log.warn({ err: error, channelId }, 'Keyword figures unavailable while scoring');
    }
    return out;
  }

  /** How many of the channel's playlists hold a video. */
  async playlistCount(channelId: string, videoYoutubeId: string): Promise<number> {
    return (await this.playlistCounts(channelId, [videoYoutubeId])).get(videoYoutubeId) ?? 0;
  }

  private async playlistCounts(channelId: string, ids: string[]): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ id: playlistVideos.videoYoutubeId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(playlistVideos)
      .innerJoin(playlists, eq(playlists.id, playlistVideos.playlistId))
      .where(and(eq(playlists.channelId, channelId), inArray(playlistVideos.videoYoutubeId, ids)))
      .groupBy(playlistVideos.videoYoutubeId);
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /** The keyword language of a channel (its settings, else the default). */
  async channelLanguage(channelId: string): Promise<string> {
    const row = await this.db.query.channelSettings.findFirst({
      where: eq(channelSettings.channelId, channelId),
      columns: { language: true },
    });
    return row?.language ?? DEFAULT_LANGUAGE_ID;
  }

  private async thumbnailOf(thumbnailId: string | null) {
    if (!thumbnailId) return null;
    const row = await this.db.query.thumbnailUploads.findFirst({
      where: (t, { eq: equals }) => equals(t.id, thumbnailId),
      columns: { id: true, width: true, height: true },
    });
    return row ?? null;
  }
}

/** Builds the editor's data from a stored video. */
export function presentDetails(
  video: Video,
  extra: Pick<VideoDetails, 'draft' | 'playlistCount' | 'lastPublish'> &
    Partial<Pick<VideoDetails, 'thumbnailTest' | 'publishingPaused'>>,
): VideoDetails {
  const thumb = largestThumbnail(video.thumbnails);
  return {
    channelId: video.channelId,
    videoId: video.youtubeId,
    live: {
      title: video.title,
      description: video.description,
      tags: video.tags,
      thumbnailUrl: thumb?.url ?? null,
      thumbnailWidth: thumb?.width ?? null,
      thumbnailHeight: thumb?.height ?? null,
    },
    draft: extra.draft,
    searchTerm: video.searchTerm,
    language: video.defaultLanguage,
    publishedAt: (video.publishAt ?? video.publishedAt)?.toISOString() ?? null,
    privacyStatus: (video.privacyStatus as VideoDetails['privacyStatus']) ?? null,
    durationSeconds: video.durationSeconds,
    hasCaptions: video.hasCaptions,
    playlistCount: extra.playlistCount,
    views: video.viewCount,
    abTest: !!extra.thumbnailTest,
    thumbnailTest: extra.thumbnailTest ?? null,
    updatedOnPlatform: video.platformChangedAt !== null,
    lastPublish: extra.lastPublish,
    publishingPaused: extra.publishingPaused ?? false,
  };
}
