import { and, desc, eq } from 'drizzle-orm';
import type { PublishRecord, PublishResponse, publishBody } from '@tubewise/contract';
import { hardLimitErrors } from '@tubewise/recommendations';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { videoPublishes, videos, type PublishedMetadata } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ChannelCredentials } from '../channels/channel-credentials.ts';
import type { PlatformVideo, VideoPlatform } from '../video-platform/video-platform.port.ts';
import type { DraftsService } from './drafts.service.ts';
import { displayName } from './editor-people.ts';
import type { OptimizationService } from './optimization.service.ts';
import { presentPublish } from './optimization.presenter.ts';
import type { ThumbnailsService } from './thumbnails.service.ts';

/** Quota of the calls a publish makes (platform-facts: videos.list 1, videos.update 50, thumbnails.set 50). */
export const PUBLISH_COSTS = { read: 1, update: 50, thumbnail: 50 } as const;

/** What a publish writes, as the editor sends it. */
export type PublishInput = z.output<typeof publishBody>;

const metadataOf = (v: PlatformVideo): PublishedMetadata => ({
  title: v.title,
  description: v.description,
  tags: v.tags,
  defaultLanguage: v.defaultLanguage,
});

/**
 * Publishes metadata and thumbnails to the platform: checks the hard limits before any call,
 * reads the current video and merges (so nothing the person did not change is lost), calls
 * videos.update once and thumbnails.set only for a new thumbnail, and records every publish
 * (who, when, before, after) so it can be undone.
 */
export class PublishService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly optimization: OptimizationService;
  private readonly drafts: DraftsService;
  private readonly thumbnails: ThumbnailsService;
  private readonly clock: Clock;
  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    optimization: OptimizationService;
    drafts: DraftsService;
    thumbnails: ThumbnailsService;
    clock: Clock;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.optimization = deps.optimization;
    this.drafts = deps.drafts;
    this.thumbnails = deps.thumbnails;
    this.clock = deps.clock;
  }

  /** Publishes the edited metadata of a video. */
  async publish(
    channelId: string,
    videoId: string,
    userId: string,
    input: PublishInput,
    restoresId: string | null = null,
  ): Promise<PublishResponse> {
    const problems = hardLimitErrors(input);
    if (problems.length)
      throw new AppError('metadata-invalid', problems.map((p) => p.message).join(' '), {
        issues: problems.map((p) => ({ path: p.field, message: p.message })),
      });
    const video = await this.optimization.requireVideo(channelId, videoId);
    const thumbnail = input.thumbnailId
      ? await this.thumbnails.require(video, input.thumbnailId)
      : null;
    const language = input.language?.trim() || undefined;
    const result = await this.credentials.withToken(channelId, (token) =>
      this.platform.updateVideo(token, videoId, {
        title: input.title,
        description: input.description,
        tags: input.tags,
        defaultLanguage: language,
      }),
    );
    if (!result.changed && !thumbnail)
      throw new AppError(
        'bad-request',
        'Nothing to publish: the video on YouTube already has this title, description, tags and language.',
      );
    let quotaUnits = PUBLISH_COSTS.read + (result.changed ? PUBLISH_COSTS.update : 0);
    let newThumbnails: PlatformVideo['thumbnails'] | null = null;
    let thumbnailError: unknown = null;
    if (thumbnail) {
      try {
        newThumbnails = await this.credentials.withToken(channelId, (token) =>
          this.platform.setThumbnail(token, videoId, thumbnail.data, thumbnail.mimeType),
        );
        quotaUnits += PUBLISH_COSTS.thumbnail;
      } catch (error) {
        // The metadata is already on the platform: record it, then report the thumbnail.
        thumbnailError = error;
      }
    }
    const now = this.clock.now();
    // Read before the transaction: PGlite has one connection, so a query outside `tx` would wait forever.
    const userName = await displayName(this.db, userId);
    const record = await this.db.transaction(async (tx) => {
      await tx
        .update(videos)
        .set({
          title: result.updated.title,
          description: result.updated.description,
          tags: result.updated.tags,
          defaultLanguage: result.updated.defaultLanguage,
          ...(newThumbnails && Object.keys(newThumbnails).length
            ? { thumbnails: newThumbnails }
            : {}),
          searchTerm: input.searchTerm?.trim() || video.searchTerm,
          lastPublishedAt: now,
          platformChangedAt: null,
          scoredAt: null,
        })
        .where(eq(videos.id, video.id));
      const [row] = await tx
        .insert(videoPublishes)
        .values({
          videoId: video.id,
          channelId,
          userId,
          userName,
          before: metadataOf(result.previous),
          after: metadataOf(result.updated),
          thumbnailChanged: newThumbnails !== null,
          restoresId,
          quotaUnits,
          createdAt: now,
        })
        .returning();
      return row!;
    });
    if (thumbnailError) {
      const reason =
        thumbnailError instanceof AppError ? thumbnailError.message : 'YouTube refused it.';
      throw new AppError(
        thumbnailError instanceof AppError ? thumbnailError.code : 'platform-unavailable',
        `The title, description and tags were published, but the thumbnail was not: ${reason}`,
      );
    }
    if (input.fromDraft) await this.drafts.discard(video.id);
    // Score the published metadata now, so the list and the next video reflect it.
    await this.optimization.recommendations(channelId, videoId).catch(() => undefined);
    const [details, next] = await Promise.all([
      this.optimization.details(channelId, videoId),
      this.optimization.next(channelId, videoId),
    ]);
    return { video: details, publish: presentPublish(record), next };
  }

  /** Undoes a publish: publishes the title, description, tags and language it replaced. */
  async restore(
    channelId: string,
    videoId: string,
    userId: string,
    publishId: string,
  ): Promise<PublishResponse> {
    const video = await this.optimization.requireVideo(channelId, videoId);
    if (!isUuid(publishId)) throw notFound();
    const record = await this.db.query.videoPublishes.findFirst({
      where: and(eq(videoPublishes.id, publishId), eq(videoPublishes.videoId, video.id)),
    });
    if (!record) throw notFound();
    return this.publish(
      channelId,
      videoId,
      userId,
      {
        title: record.before.title,
        description: record.before.description,
        tags: record.before.tags,
        language: record.before.defaultLanguage,
        searchTerm: null,
        thumbnailId: null,
        fromDraft: false,
      },
      record.id,
    );
  }

  /** Every publish of a video through the product, newest first. */
  async history(channelId: string, videoId: string): Promise<PublishRecord[]> {
    const video = await this.optimization.requireVideo(channelId, videoId);
    const rows = await this.db
      .select()
      .from(videoPublishes)
      .where(eq(videoPublishes.videoId, video.id))
      .orderBy(desc(videoPublishes.createdAt));
    return rows.map(presentPublish);
  }
}

const notFound = () => new AppError('not-found', 'This publish is not in the video’s history.');
