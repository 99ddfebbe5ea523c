import { COMPETITION_PERIOD_DAYS } from '@tubewise/contract/onboarding-constants';
import { inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
const MAX_UPLOAD_PAGES = 6;
/** The daily refresh reads channels older than this, so it never skips a day by minutes. */
const FOLLOWED_REFRESH_AGE_MS = 20 * 3600_000;

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
  refreshedAt: Date | null;
  /** The last read failed (quota, platform down, channel gone): the data may be old or empty. */
  unavailable: boolean;
}

type PublicChannelRow = typeof publicChannels.$inferSelect;

/**
 * Public channel data read with the product's API key, stored in `public_channels` for every
 * reader (any channel following it, any onboarding report) and read again once a day. Each call
 * costs one unit (channels.list for up to 50 channels, then per channel one playlistItems page
 * and one videos.list per 50 uploads), counted against PUBLIC_DATA_DAILY_UNITS per quota day:
 * past it, reads are skipped and the stored data is served as it is.
 */
export class PublicChannelsService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly clock: Clock;
  private readonly apiKey: string;
  private readonly limits: RateLimitService;
  private readonly dailyUnits: number;
  private readonly log: Logger | undefined;
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    clock: Clock;
    apiKey: string;
    limits: RateLimitService;
    dailyUnits: number;
    log?: Logger;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.clock = deps.clock;
    this.apiKey = deps.apiKey;
    this.limits = deps.limits;
    this.dailyUnits = deps.dailyUnits;
    this.log = deps.log;
  }

  /**
   * The channels' data in the order asked (ids the platform does not know are left out), read
   * from the platform first when missing or older than `maxAgeMs`. Concurrent asks for a channel
   * in this process share one read.
   */
  async get(
    youtubeIds: readonly string[],
    options: { maxAgeMs?: number } = {},
  ): Promise<PublicChannelData[]> {
    const ids = [...new Set(youtubeIds)];
    if (ids.length === 0) return [];
    const maxAgeMs = options.maxAgeMs ?? PUBLIC_DATA_MAX_AGE_MS;
    const now = this.clock.now().getTime();
    let rows = await this.rows(ids);
    const stale = ids.filter((id) => {
      const row = rows.get(id);
      if (!row) return true;
      if (row.failedAt && now - row.failedAt.getTime() < FAILED_RETRY_MS) return false;
      return !row.refreshedAt || now - row.refreshedAt.getTime() > maxAgeMs;
    });
    if (stale.length > 0) {
      await this.refresh(stale);
      rows = await this.rows(ids);
    }
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [present(row)] : [];
    });
  }

  /** Reads again every followed channel whose data is about a day old (the daily job). */
  async refreshFollowed(): Promise<{ refreshed: number; failed: number }> {
    const cutoff = new Date(this.clock.now().getTime() - FOLLOWED_REFRESH_AGE_MS);
    const due = await this.db
      .selectDistinct({ youtubeId: channelCompetitors.youtubeId })
      .from(channelCompetitors)
      .leftJoin(publicChannels, sql`${publicChannels.youtubeId} = ${channelCompetitors.youtubeId}`)
      .where(or(isNull(publicChannels.refreshedAt), lt(publicChannels.refreshedAt, cutoff)));
    const ids = due.map((d) => d.youtubeId);
    let refreshed = 0;
    let failed = 0;
    for (let i = 0; i < ids.length; i += MAX_PAGE_SIZE) {
      const batch = ids.slice(i, i + MAX_PAGE_SIZE);
      await this.refresh(batch);
      const rows = await this.rows(batch);
      for (const id of batch) {
        const row = rows.get(id);
        if (row && !isUnavailable(row)) refreshed += 1;
        else failed += 1;
      }
    }
    return { refreshed, failed };
  }

  /** Reads the channels from the platform and stores them; failures are stored per channel. */
  private async refresh(ids: string[]): Promise<void> {
    const waiting: Promise<void>[] = [];
    const toRead: string[] = [];
    for (const id of ids) {
      const pending = this.inFlight.get(id);
      if (pending) waiting.push(pending);
      else toRead.push(id);
    }
    for (let i = 0; i < toRead.length; i += MAX_PAGE_SIZE) {
      const batch = toRead.slice(i, i + MAX_PAGE_SIZE);
      const read = this.readBatch(batch).finally(() => {
        for (const id of batch) this.inFlight.delete(id);
      });
      for (const id of batch) this.inFlight.set(id, read);
      waiting.push(read);
    }
    await Promise.all(waiting);
  }

  private async readBatch(ids: string[]): Promise<void> {
    let channels: PlatformChannel[];
    try {
      await this.spend(1);
      channels = await this.platform.getChannels({ apiKey: this.apiKey }, ids);
    } catch (error) {
      await this.markFailed(ids, error);
      return;
    }
    const found = new Set(channels.map((c) => c.youtubeId));
    // A stored channel the platform no longer knows (deleted, terminated) keeps its old data.
    const gone = ids.filter((id) => !found.has(id));
    if (gone.length > 0)
      await this.markFailed(gone, new Error('The channel no longer exists.'), true);
    for (const channel of channels) {
      try {
        const videos = await this.recentUploads(channel);
        await this.store(channel, videos);
      } catch (error) {
        await this.markFailed([channel.youtubeId], error);
      }
    }
  }

  /** The channel's uploads back to the period's start (at least one page), newest first. */
  private async recentUploads(channel: PlatformChannel): Promise<StoredPublicVideo[]> {
    if (!channel.uploadsPlaylistId) return [];
    const periodStart = this.clock.now().getTime() - COMPETITION_PERIOD_DAYS * DAY_MS;
    const videos: StoredPublicVideo[] = [];
    let pageToken: string | undefined;
    for (let pageNo = 0; pageNo < MAX_UPLOAD_PAGES; pageNo += 1) {
      await this.spend(1);
      const page = await this.platform.listPlaylistItems(
        { apiKey: this.apiKey },
        channel.uploadsPlaylistId,
        pageToken,
      );
      const ids = page.items.map((i) => i.videoId);
      if (ids.length === 0) break;
      await this.spend(1);
      const details = await this.platform.getVideos({ apiKey: this.apiKey }, ids);
      const stored = details.filter((v) => v.privacyStatus === 'public').map(storedVideo);
      videos.push(...stored);
      const oldest = Math.min(...stored.map((v) => Date.parse(v.publishedAt) || Infinity));
      if (!page.nextPageToken || oldest < periodStart) break;
      pageToken = page.nextPageToken;
    }
    videos.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    // Beyond the latest page, only the period's uploads are kept.
    return videos.filter((v, i) => i < MAX_PAGE_SIZE || Date.parse(v.publishedAt) >= periodStart);
  }

  /** Counts units against the key's daily budget; throws (nothing spent) when it is used up. */
  private async spend(units: number): Promise<void> {
    const key = `public-data-units:${quotaDayOf(this.clock.now())}`;
    for (let i = 0; i < units; i += 1) {
      const hit = await this.limits.hit(key, { max: this.dailyUnits, windowSeconds: 2 * 86_400 });
      if (!hit.allowed) {
        await this.limits.release(key);
        throw new PlatformError(
          'quota',
          "Today's budget of platform units for public channel data is used up.",
        );
      }
    }
  }

  private async store(channel: PlatformChannel, videos: StoredPublicVideo[]): Promise<void> {
    const values = {
      title: channel.title,
      description: channel.description,
      thumbnailUrl: channel.thumbnailUrl,
      customUrl: channel.customUrl,
      subscriberCount: channel.subscriberCount,
      videoCount: channel.videoCount,
      viewCount: channel.viewCount,
      uploadsPlaylistId: channel.uploadsPlaylistId,
      videos,
      refreshedAt: this.clock.now(),
      failedAt: null,
      lastError: null,
    };
    await this.db
      .insert(publicChannels)
      .values({ youtubeId: channel.youtubeId, ...values })
      .onConflictDoUpdate({ target: publicChannels.youtubeId, set: values });
  }

  /**
   * Records a failed read on stored channels (their data stays). A channel never read is stored
   * only when the platform was reached (`known`), so an unknown id leaves no row.
   */
  private async markFailed(ids: string[], error: unknown, existingOnly = false): Promise<void> {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    this.log?.warn(
      { err: error, channels: ids.length },
      'Reading public channel data from the platform failed',
    );
    const failedAt = this.clock.now();
    if (existingOnly) {
      await this.db
        .update(publicChannels)
        .set({ failedAt, lastError: message })
        .where(inArray(publicChannels.youtubeId, ids));
      return;
    }
    // Never read and the platform unreachable: a row with no data says "unavailable".
    await this.db
      .insert(publicChannels)
      .values(ids.map((youtubeId) => ({ youtubeId, title: '', failedAt, lastError: message })))
      .onConflictDoUpdate({
        target: publicChannels.youtubeId,
        set: { failedAt, lastError: message },
      });
  }

  private async rows(ids: string[]): Promise<Map<string, PublicChannelRow>> {
    const rows = await this.db
      .select()
      .from(publicChannels)
      .where(inArray(publicChannels.youtubeId, ids));
    return new Map(rows.map((r) => [r.youtubeId, r]));
  }
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
