import { and, desc, eq, isNotNull, lt, notInArray, or } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import {
  THUMBNAIL_MAX_SIDE,
  THUMBNAIL_MIN_WIDTH,
  type UploadedThumbnail,
} from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import {
  publishJournal,
  thumbnailTests,
  thumbnailTestVariants,
  thumbnailUploads,
  videoDrafts,
  videoPublishes,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { thumbnailUploadUrl } from './optimization.presenter.ts';
import type { PreviousThumbnail } from './previous-thumbnail.ts';

/** Image types thumbnails.set accepts. */
export const THUMBNAIL_TYPES = ['image/jpeg', 'image/png'] as const;
/** An image type thumbnails.set accepts. */
export type ThumbnailType = (typeof THUMBNAIL_TYPES)[number];
/** Uploads kept per video (older ones not used by a draft are deleted). */
const KEEP_PER_VIDEO = 5;
/** How long a kept previous image waits for its publish to reference it before it may go. */
const PREVIOUS_GRACE_MS = 3600_000;
/** How far from 16:9 an image may be before YouTube adds black bars. */
const RATIO_TOLERANCE = 0.01;

/** Checks uploaded thumbnails with sharp, keeps them in the database, and serves them back. */
export class ThumbnailsService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly maxBytes: number;
  constructor(deps: { db: Db; clock: Clock; maxBytes: number }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.maxBytes = deps.maxBytes;
  }

  /** The size limit of an upload in bytes (a setting). */
  get limitBytes(): number {
    return this.maxBytes;
  }

  /** Checks and stores an upload for a video. */
  async upload(
    video: { channelId: string; youtubeId: string },
    userId: string,
    data: Buffer,
    declaredType: string,
  ): Promise<UploadedThumbnail> {
    if (data.length > this.maxBytes)
      throw new AppError(
        'payload-too-large',
        `The image is ${formatMb(data.length)}; thumbnails can be at most ${formatMb(this.maxBytes)}.`,
      );
    let meta: Metadata;
    try {
      // Only the header is read here, so no pixel limit yet: the size is reported, not refused blind.
      meta = await sharp(data, { failOn: 'error', limitInputPixels: false }).metadata();
    } catch {
      throw new AppError('invalid-image', 'This file is not a readable JPEG or PNG image.');
    }
    const mimeType: ThumbnailType | null =
      meta.format === 'jpeg' ? 'image/jpeg' : meta.format === 'png' ? 'image/png' : null;
    if (!mimeType) throw new AppError('invalid-image', 'Thumbnails must be JPEG or PNG images.');
    if (mimeType !== declaredType)
      throw new AppError(
        'invalid-image',
        `The file is a ${meta.format?.toUpperCase()} image, not what it was sent as.`,
      );
    // The header's size is checked before any pixel is decoded (a 2 MB PNG can claim 16000×9000).
    if ((meta.width ?? 0) > THUMBNAIL_MAX_SIDE || (meta.height ?? 0) > THUMBNAIL_MAX_SIDE)
      throw new AppError(
        'image-dimensions-too-large',
        `The image is ${meta.width}×${meta.height} px; thumbnails can be at most ${THUMBNAIL_MAX_SIDE}×${THUMBNAIL_MAX_SIDE} px (1280×720 is best).`,
      );
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (width < THUMBNAIL_MIN_WIDTH)
      throw new AppError(
        'invalid-image',
        `The image is ${width} px wide; YouTube needs at least ${THUMBNAIL_MIN_WIDTH} px (1280×720 is best).`,
      );
    await decodeFully(data);
    const warnings: UploadedThumbnail['warnings'] = [];
    if (Math.abs(width / height - 16 / 9) > RATIO_TOLERANCE) warnings.push('not-16-9');
    if (width < 1280) warnings.push('below-1280');
    const [row] = await this.db
      .insert(thumbnailUploads)
      .values({
        channelId: video.channelId,
        videoYoutubeId: video.youtubeId,
        mimeType,
        data,
        width,
        height,
        bytes: data.length,
        createdBy: userId,
        createdAt: this.clock.now(),
      })
      .returning({ id: thumbnailUploads.id });
    await this.prune(video);
    return {
      thumbnailId: row!.id,
      url: thumbnailUploadUrl(row!.id),
      width,
      height,
      bytes: data.length,
      mimeType,
      warnings,
    };
  }

  /**
   * Keeps the image a video showed before a publish replaces its thumbnail (origin `previous`),
   * so undoing the publish can set it back; returns its id.
   */
  async keepPrevious(
    video: { channelId: string; youtubeId: string },
    userId: string | null,
    image: PreviousThumbnail,
  ): Promise<string> {
    const [row] = await this.db
      .insert(thumbnailUploads)
      .values({
        channelId: video.channelId,
        videoYoutubeId: video.youtubeId,
        mimeType: image.mimeType,
        data: image.data,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        createdBy: userId,
        origin: 'previous',
        createdAt: this.clock.now(),
      })
      .returning({ id: thumbnailUploads.id });
    return row!.id;
  }

  /** An upload of a channel's video, with its bytes; 404 when it is not this video's. */
  async require(video: { channelId: string; youtubeId: string }, thumbnailId: string) {
    if (!isUuid(thumbnailId)) throw notFound();
    const row = await this.db.query.thumbnailUploads.findFirst({
      where: and(
        eq(thumbnailUploads.id, thumbnailId),
        eq(thumbnailUploads.channelId, video.channelId),
        eq(thumbnailUploads.videoYoutubeId, video.youtubeId),
      ),
    });
    if (!row) throw notFound();
    return row;
  }

  /** An upload by id with its channel, for serving it to people on that channel. */
  async find(thumbnailId: string) {
    if (!isUuid(thumbnailId)) return null;
    return (
      (await this.db.query.thumbnailUploads.findFirst({
        where: eq(thumbnailUploads.id, thumbnailId),
      })) ?? null
    );
  }

  /**
   * Deletes a video's older uploads that no draft or thumbnail test uses, and kept previous
   * images that no publish (history or journal) or thumbnail test refers to any more. The newest uploads are kept whatever refers to them.
   */
  private async prune(video: { channelId: string; youtubeId: string }): Promise<void> {
    const sameVideo = and(
      eq(thumbnailUploads.channelId, video.channelId),
      eq(thumbnailUploads.videoYoutubeId, video.youtubeId),
    );
    const keep = this.db
      .select({ id: thumbnailUploads.id })
      .from(thumbnailUploads)
      .where(and(sameVideo, eq(thumbnailUploads.origin, 'upload')))
      .orderBy(desc(thumbnailUploads.createdAt))
      .limit(KEEP_PER_VIDEO);
    const used = this.db
      .select({ id: videoDrafts.thumbnailId })
      .from(videoDrafts)
      .where(eq(videoDrafts.channelId, video.channelId));
    // Undo sets these back; a pending publish may be about to send its upload.
    const history = this.db
      .select({ id: videoPublishes.thumbnailBeforeId })
      .from(videoPublishes)
      .where(
        and(
          eq(videoPublishes.channelId, video.channelId),
          isNotNull(videoPublishes.thumbnailBeforeId),
        ),
      );
    const journal = this.db
      .select({ a: publishJournal.thumbnailId, b: publishJournal.thumbnailBeforeId })
      .from(publishJournal)
      .where(
        and(eq(publishJournal.channelId, video.channelId), eq(publishJournal.status, 'pending')),
      );
    // Thumbnail tests (Labs) rotate their variants and set their original back: kept for good.
    const tested = this.db
      .select({ a: thumbnailTestVariants.thumbnailId, b: thumbnailTests.originalThumbnailId })
      .from(thumbnailTests)
      .leftJoin(thumbnailTestVariants, eq(thumbnailTestVariants.testId, thumbnailTests.id))
      .where(eq(thumbnailTests.channelId, video.channelId));
    const [keepRows, usedRows, historyRows, journalRows, testedRows] = await Promise.all([
      keep,
      used,
      history,
      journal,
      tested,
    ]);
    const protectedIds = [
      ...keepRows.map((r) => r.id),
      ...usedRows.map((r) => r.id),
      ...historyRows.map((r) => r.id),
      ...journalRows.flatMap((r) => [r.a, r.b]),
      ...testedRows.flatMap((r) => [r.a, r.b]),
    ].filter((id): id is string => !!id);
    if (!protectedIds.length) return;
    // A previous image is kept a while before its publish refers to it (fetched, then journalled).
    const graceCutoff = new Date(this.clock.now().getTime() - PREVIOUS_GRACE_MS);
    await this.db
      .delete(thumbnailUploads)
      .where(
        and(
          sameVideo,
          notInArray(thumbnailUploads.id, protectedIds),
          or(eq(thumbnailUploads.origin, 'upload'), lt(thumbnailUploads.createdAt, graceCutoff)),
        ),
      );
  }
}

/**
 * Decodes every pixel (the header alone says nothing about the rest): a truncated or broken file
 * is refused here instead of being stored and published. The pixel limit stops a decompression
 * bomb even if a header lied about its size; sequential reading keeps memory to a few lines.
 */
async function decodeFully(data: Buffer): Promise<void> {
  try {
    await sharp(data, {
      failOn: 'error',
      limitInputPixels: THUMBNAIL_MAX_SIDE * THUMBNAIL_MAX_SIDE,
      sequentialRead: true,
    }).stats();
  } catch {
    throw new AppError(
      'image-corrupt',
      'This image is damaged or incomplete (it could not be read to the end); export or save it again and upload the new file.',
    );
  }
}

const notFound = () => new AppError('not-found', 'This thumbnail upload does not exist.');
const formatMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
