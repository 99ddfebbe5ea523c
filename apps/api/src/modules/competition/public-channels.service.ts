import {
  COMPETITION_PERIOD_DAYS,
  COMPETITOR_UPLOADS_READ_MAX,
} from '@tubewise/contract/onboarding-constants';
import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  channelCompetitors,
  publicChannels,
  type StoredPublicVideo,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from 'pino';
import type { RateLimitService } from '../rate-limit/index.ts';
import {
  MAX_PAGE_SIZE,
  PlatformError,
  quotaDayOf,
  type PlatformChannel,
  type PlatformVideo,
  type VideoPlatform,
} from '../video-platform/index.ts';

const DAY_MS = 86_400_000;
/** Public data is read again when older than this (the daily refresh). */
export const PUBLIC_DATA_MAX_AGE_MS = DAY_MS;
/** A channel whose read failed is not tried again on demand for this long. */
const FAILED_RETRY_MS = 15 * 60_000;
/** Upload pages read per channel at most (50 uploads each): a prolific channel's 90 days. */
const MAX_UPLOAD_PAGES = COMPETITOR_UPLOADS_READ_MAX / MAX_PAGE_SIZE;
/** Upload pages a light read takes (an anonymous onboarding's): the latest 50 uploads. */
const LIGHT_UPLOAD_PAGES = 1;
/** Rows of channels never read, that nobody follows, are purged once this old. */
const UNREAD_ROW_MAX_AGE_MS = DAY_MS;

/** A public channel's data as the competition view and the onboarding reports read it. */
export interface PublicChannelData {
  youtubeId: string;
  title: string;
  description: string;
  thumbnailUrl: string;
  customUrl: string | null;
  subscriberCount: number | null;
  videoCount: number | null;
  viewCount: number | null;
  /** Newest first: the uploads of the last COMPETITION_PERIOD_DAYS, and at least the latest 50. */
  videos: StoredPublicVideo[];
  /**
   * The read stopped at its page cap (a channel uploading more than MAX_UPLOAD_PAGES pages in
   * the period): uploads before this instant were not read. Null when the period is whole.
   */
  countedFrom: Date | null;
  refreshedAt: Date | null;
  /** The last read failed (quota, platform down, channel gone): the data may be old or empty. */
  unavailable: boolean;
}

type PublicChannelRow = typeof publicChannels.$inferSelect;

/** One read of a channel's recent uploads. */
interface ReadUploads {
  videos: StoredPublicVideo[];
  complete: boolean;
  /** The oldest upload read when the read stopped short of the period (else null). */
  oldest: Date | null;
}

/** How `get` may read. */
export interface PublicChannelsGetOptions {
  /** Data older than this is read again (default PUBLIC_DATA_MAX_AGE_MS). */
  maxAgeMs?: number;
  /**
   * An anonymous visitor's read (public onboarding): spends the onboarding's own daily budget
   * (ONBOARDING_DATA_DAILY_UNITS), never the paying users', and reads at most one page of
   * uploads (channels.list, one playlistItems page, one videos.list). Any stored read that is
   * fresh enough serves it; it never overwrites a fresh full read, and a failure of it never
   * marks a channel with data unavailable.
   */
  light?: boolean;
}

/**
 * Public channel data read with the product's API key, stored in `public_channels` for every
 * reader (any channel following it, any onboarding report) and read again once a day. Each call
 * costs one unit (channels.list for up to 50 channels, then per channel one playlistItems page
 * and one videos.list per 50 uploads), counted against PUBLIC_DATA_DAILY_UNITS per quota day:
 * past it, reads are skipped and the stored data is served as it is. Light reads (anonymous
 * onboardings) count against ONBOARDING_DATA_DAILY_UNITS instead and read one page of uploads;
 * a row they wrote that did not reach the period's start is marked `light_read`, and a full
 * reader reads that channel again.
 */
export class PublicChannelsService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly clock: Clock;
  private readonly apiKey: string;
  private readonly limits: RateLimitService;
  private readonly dailyUnits: number;
  private readonly lightDailyUnits: number;
  private readonly log: Logger | undefined;
  private readonly inFlight = new Map<string, Promise<string[]>>();

  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    clock: Clock;
    apiKey: string;
    limits: RateLimitService;
    dailyUnits: number;
    /** The light reads' own daily budget (ONBOARDING_DATA_DAILY_UNITS). */
    lightDailyUnits: number;
    log?: Logger;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.clock = deps.clock;
    this.apiKey = deps.apiKey;
    this.limits = deps.limits;
    this.dailyUnits = deps.dailyUnits;
    this.lightDailyUnits = deps.lightDailyUnits;
    this.log = deps.log;
  }

  /**
   * The channels' data in the order asked (ids the platform does not know are left out), read
   * from the platform first when missing or older than `maxAgeMs` (for a full reader also when
   * only a light read is stored). Concurrent asks for a channel in this process share one read.
   */
  async get(
    youtubeIds: readonly string[],
    options: PublicChannelsGetOptions = {},
  ): Promise<PublicChannelData[]> {
    const ids = [...new Set(youtubeIds)];
    if (ids.length === 0) return [];
    const maxAgeMs = options.maxAgeMs ?? PUBLIC_DATA_MAX_AGE_MS;
    const light = options.light === true;
    const now = this.clock.now().getTime();
    let rows = await this.rows(ids);
    const stale = ids.filter((id) => {
      const row = rows.get(id);
      if (!row) return true;
      // A recent failure holds readers off; a visitor's (light) one holds off only visitors.
      if (
        row.failedAt &&
        now - row.failedAt.getTime() < FAILED_RETRY_MS &&
        (light || !row.lightRead)
      )
        return false;
      if (!row.refreshedAt || now - row.refreshedAt.getTime() > maxAgeMs) return true;
      return !light && row.lightRead;
    });
    let unasked = new Set<string>();
    if (stale.length > 0) {
      unasked = await this.refresh(stale, light);
      rows = await this.rows(ids);
    }
    return ids.flatMap((id) => {
      const row = rows.get(id);
      if (row) return [present(row)];
      // The light budget was spent before the platform was asked: unavailable, not unknown.
      return unasked.has(id) ? [unaskedChannel(id)] : [];
    });
  }

  /**
   * Reads the channels from the platform and stores them; failures are stored per channel. A
   * light read waits for any read of the channel under way; a full one only for a full one.
   */
  private async refresh(ids: string[], light = false): Promise<Set<string>> {
    const waiting: Promise<string[]>[] = [];
    const toRead: string[] = [];
    for (const id of ids) {
      const pending =
        this.inFlight.get(`full:${id}`) ?? (light ? this.inFlight.get(`light:${id}`) : undefined);
      if (pending) waiting.push(pending);
      else toRead.push(id);
    }
    const kind = light ? 'light' : 'full';
    for (let i = 0; i < toRead.length; i += MAX_PAGE_SIZE) {
      const batch = toRead.slice(i, i + MAX_PAGE_SIZE);
      const read = this.readBatch(batch, light).finally(() => {
        for (const id of batch) this.inFlight.delete(`${kind}:${id}`);
      });
      for (const id of batch) this.inFlight.set(`${kind}:${id}`, read);
      waiting.push(read);
    }
    return new Set((await Promise.all(waiting)).flat());
  }

  /**
   * Reads a batch; answers the ids the platform was not asked about because the light budget
   * was used up (recorded nowhere: the budget is not the channel's failure).
   */
  private async readBatch(ids: string[], light: boolean): Promise<string[]> {
    let channels: PlatformChannel[];
    try {
      await this.spend(1, light);
      channels = await this.platform.getChannels({ apiKey: this.apiKey }, ids);
    } catch (error) {
      if (isLightBudgetError(error)) return ids;
      await this.markFailed(ids, error, { light });
      return [];
    }
    const found = new Set(channels.map((c) => c.youtubeId));
    // A stored channel the platform no longer knows (deleted, terminated) keeps its old data;
    // a row without data (a failed first read) goes, so the id reads as unknown.
    const gone = ids.filter((id) => !found.has(id));
    if (gone.length > 0) {
      await this.db
        .delete(publicChannels)
        .where(and(inArray(publicChannels.youtubeId, gone), isNull(publicChannels.refreshedAt)));
      await this.markFailed(gone, new Error('The channel no longer exists.'), {
        existingOnly: true,
      });
    }
    const unasked: string[] = [];
    for (const channel of channels) {
      try {
        const uploads = await this.recentUploads(
          channel,
          light ? LIGHT_UPLOAD_PAGES : MAX_UPLOAD_PAGES,
          light,
        );
        await this.store(channel, uploads, light);
      } catch (error) {
        if (isLightBudgetError(error)) unasked.push(channel.youtubeId);
        else await this.markFailed([channel.youtubeId], error, { light });
      }
    }
    return unasked;
  }

  /**
   * The channel's uploads back to the period's start (at least one page, at most `maxPages`),
   * newest first; `complete` when they reach the period's start or the channel's first upload,
   * else `oldest` is the oldest upload read (where the counted period begins).
   */
  private async recentUploads(
    channel: PlatformChannel,
    maxPages: number,
    light: boolean,
  ): Promise<ReadUploads> {
    if (!channel.uploadsPlaylistId) return { videos: [], complete: true, oldest: null };
    const periodStart = this.clock.now().getTime() - COMPETITION_PERIOD_DAYS * DAY_MS;
    const videos: StoredPublicVideo[] = [];
    let pageToken: string | undefined;
    let complete = false;
    let oldestRead = Infinity;
    for (let pageNo = 0; pageNo < maxPages; pageNo += 1) {
      await this.spend(1, light);
      const page = await this.platform.listPlaylistItems(
        { apiKey: this.apiKey },
        channel.uploadsPlaylistId,
        pageToken,
      );
      const ids = page.items.map((i) => i.videoId);
      if (ids.length === 0) {
        complete = true;
        break;
      }
      await this.spend(1, light);
      const details = await this.platform.getVideos({ apiKey: this.apiKey }, ids);
      const stored = details.filter((v) => v.privacyStatus === 'public').map(storedVideo);
      videos.push(...stored);
      const oldest = Math.min(...stored.map((v) => Date.parse(v.publishedAt) || Infinity));
      oldestRead = Math.min(oldestRead, oldest);
      if (!page.nextPageToken || oldest < periodStart) {
        complete = true;
        break;
      }
      pageToken = page.nextPageToken;
    }
    videos.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    // Beyond the latest page, only the period's uploads are kept.
    return {
      videos: videos.filter(
        (v, i) => i < MAX_PAGE_SIZE || Date.parse(v.publishedAt) >= periodStart,
      ),
      complete,
      oldest: !complete && Number.isFinite(oldestRead) ? new Date(oldestRead) : null,
    };
  }

  /**
   * Counts units against the daily budget (the light reads' own one for `light`); throws
   * (nothing spent) when it is used up.
   */
  private async spend(units: number, light = false): Promise<void> {
    const day = quotaDayOf(this.clock.now());
    const key = light ? `onboarding-data-units:${day}` : `public-data-units:${day}`;
    const max = light ? this.lightDailyUnits : this.dailyUnits;
    for (let i = 0; i < units; i += 1) {
      const hit = await this.limits.hit(key, { max, windowSeconds: 2 * 86_400 });
      if (!hit.allowed) {
        await this.limits.release(key);
        throw new PlatformError(
          'quota',
          light
            ? "Today's budget of platform units for onboarding channel data is used up."
            : "Today's budget of platform units for public channel data is used up.",
          light ? { reason: LIGHT_BUDGET_REASON } : {},
        );
      }
    }
  }

  /**
   * Stores a read. A partial one (`partial`: a light read short of the period's start) is marked
   * `light_read` and never replaces a full read that is still fresh.
   */
  private async store(
    channel: PlatformChannel,
    uploads: ReadUploads,
    light: boolean,
  ): Promise<void> {
    // A light read short of the period is replaced by the next full read; any read short of
    // it (one page, or the page cap) says from when it counts.
    const partial = light && !uploads.complete;
    const values = {
      title: channel.title,
      description: channel.description,
      thumbnailUrl: channel.thumbnailUrl,
      customUrl: channel.customUrl,
      subscriberCount: channel.subscriberCount,
      videoCount: channel.videoCount,
      viewCount: channel.viewCount,
      uploadsPlaylistId: channel.uploadsPlaylistId,
      videos: uploads.videos,
      refreshedAt: this.clock.now(),
      lightRead: partial,
      uploadsCountedFrom: uploads.oldest,
      failedAt: null,
      lastError: null,
    };
    await this.db
      .insert(publicChannels)
      .values({ youtubeId: channel.youtubeId, ...values, createdAt: this.clock.now() })
      .onConflictDoUpdate({
        target: publicChannels.youtubeId,
        set: values,
        ...(partial ? { setWhere: sql`not ${this.freshFullRead()}` } : {}),
      });
  }

  /** SQL: the stored row is a full read younger than PUBLIC_DATA_MAX_AGE_MS. */
  private freshFullRead() {
    const since = new Date(this.clock.now().getTime() - PUBLIC_DATA_MAX_AGE_MS);
    return sql`(${publicChannels.lightRead} = false and ${publicChannels.refreshedAt} is not null
      and ${publicChannels.refreshedAt} > ${since.toISOString()}::timestamptz)`;
  }

  /**
   * Records a failed read (stored data stays, marked unavailable). A channel never read gets a
   * row without data, so it is not asked for again for FAILED_RETRY_MS, also when the failure
   * was the platform's or the budget's rather than the channel's. `existingOnly` (the platform
   * answered it does not know the channel) touches stored rows only, so an unknown id leaves no
   * row. A light read's failure touches only rows without data: a visitor's read never marks a
   * channel the paying users read as unavailable. Rows without data that nobody follows are
   * purged after a day (`purgeUnread`).
   */
  private async markFailed(
    ids: string[],
    error: unknown,
    options: { existingOnly?: boolean; light?: boolean } = {},
  ): Promise<void> {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    this.log?.warn(
      { err: error, channels: ids.length },
      'Reading public channel data from the platform failed',
    );
    const failedAt = this.clock.now();
    if (options.existingOnly) {
      await this.db
        .update(publicChannels)
        .set({ failedAt, lastError: message })
        .where(inArray(publicChannels.youtubeId, ids));
      return;
    }
    // Never read and the platform unreachable: a row with no data says "unavailable".
    await this.db
      .insert(publicChannels)
      .values(
        ids.map((youtubeId) => ({
          youtubeId,
          title: '',
          failedAt,
          lastError: message,
          // A visitor's failure: full readers read the channel anyway (see `get`).
          lightRead: options.light === true,
          createdAt: failedAt,
        })),
      )
      .onConflictDoUpdate({
        target: publicChannels.youtubeId,
        set: { failedAt, lastError: message },
        ...(options.light ? { setWhere: isNull(publicChannels.refreshedAt) } : {}),
      });
  }

  /**
   * Deletes the rows of channels never read (no data: a failed first read) that no channel
   * follows, once a day old (daily, with the onboarding purge). Answers how many.
   */
  async purgeUnread(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNREAD_ROW_MAX_AGE_MS);
    const deleted = await this.db
      .delete(publicChannels)
      .where(
        and(
          isNull(publicChannels.refreshedAt),
          lt(publicChannels.createdAt, before),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(channelCompetitors)
              .where(eq(channelCompetitors.youtubeId, publicChannels.youtubeId)),
          ),
        ),
      )
      .returning({ youtubeId: publicChannels.youtubeId });
    return deleted.length;
  }

  private async rows(ids: string[]): Promise<Map<string, PublicChannelRow>> {
    const rows = await this.db
      .select()
      .from(publicChannels)
      .where(inArray(publicChannels.youtubeId, ids));
    return new Map(rows.map((r) => [r.youtubeId, r]));
  }
}

/** The reason of the light budget's own quota error. */
const LIGHT_BUDGET_REASON = 'onboardingBudgetSpent';

function isLightBudgetError(error: unknown): boolean {
  return error instanceof PlatformError && error.reason === LIGHT_BUDGET_REASON;
}

/** A channel the platform was not asked about (the light budget was spent): no data yet. */
function unaskedChannel(youtubeId: string): PublicChannelData {
  return {
    youtubeId,
    title: '',
    description: '',
    thumbnailUrl: '',
    customUrl: null,
    subscriberCount: null,
    videoCount: null,
    viewCount: null,
    videos: [],
    countedFrom: null,
    refreshedAt: null,
    unavailable: true,
  };
}

function isUnavailable(row: PublicChannelRow): boolean {
  return row.failedAt !== null && (!row.refreshedAt || row.failedAt >= row.refreshedAt);
}

function present(row: PublicChannelRow): PublicChannelData {
  return {
    youtubeId: row.youtubeId,
    title: row.title,
    description: row.description,
    thumbnailUrl: row.thumbnailUrl,
    customUrl: row.customUrl,
    subscriberCount: row.subscriberCount,
    videoCount: row.videoCount,
    viewCount: row.viewCount,
    videos: row.videos,
    countedFrom: row.uploadsCountedFrom,
    refreshedAt: row.refreshedAt,
    unavailable: isUnavailable(row),
  };
}

function storedVideo(v: PlatformVideo): StoredPublicVideo {
  const thumbs = v.thumbnails;
  return {
    videoId: v.youtubeId,
    title: v.title,
    thumbnailUrl:
      thumbs.medium?.url ?? thumbs.high?.url ?? thumbs.default?.url ?? thumbs.standard?.url ?? '',
    publishedAt: v.publishedAt ?? '',
    views: v.viewCount,
    likes: v.likeCount,
    comments: v.commentCount,
    tags: v.tags,
  };
}
