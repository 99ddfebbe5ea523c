import { and, eq } from 'drizzle-orm';
import type { VideoDraft, saveDraftBody } from '@tubewise/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { videos } from '../../db/schema/index.ts';
import { thumbnailUploads, videoDrafts } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { displayName } from '../users/index.ts';
import { presentDraft } from './optimization.presenter.ts';

/** A draft as the editor sends it. */
export type DraftInput = z.output<typeof saveDraftBody>;

/**
 * Shared drafts, one per video. Every save names the revision it started from; a save based on
 * an older revision is refused with `draft-conflict` and the current draft, so two people never
 * silently overwrite each other and the refused text stays in the refused person's editor.
 */
export class DraftsService {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(deps: { db: Db; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  /** Creates or updates the draft of a video. */
  async save(
    video: { id: string; channelId: string; youtubeId: string },
    userId: string,
    input: DraftInput,
  ): Promise<VideoDraft> {
    const thumbnail = input.thumbnailId
      ? await this.requireThumbnail(video, input.thumbnailId)
      : null;
    const values = {
      title: input.title,
      description: input.description,
      tags: input.tags,
      searchTerm: input.searchTerm?.trim() || null,
      language: input.language?.trim() || null,
      thumbnailId: thumbnail?.id ?? null,
      updatedBy: userId,
      updatedByName: await displayName(this.db, userId),
      updatedAt: this.clock.now(),
    };
    // One statement each way, so two saves racing on the same revision cannot both win.
    const [row] =
      input.baseRevision === null
        ? await this.db
            .insert(videoDrafts)
            .values({ videoId: video.id, channelId: video.channelId, revision: 1, ...values })
            .onConflictDoNothing()
            .returning()
        : await this.db
            .update(videoDrafts)
            .set({ ...values, revision: input.baseRevision + 1 })
            .where(
              and(eq(videoDrafts.videoId, video.id), eq(videoDrafts.revision, input.baseRevision)),
            )
            .returning();
    if (row) return presentDraft(row, thumbnail);
    const current = await this.current(video.id);
    if (!current) {
      // The draft was deleted (e.g. published by someone else) while this person edited:
      // their text is new work, so it becomes the draft rather than being refused.
      return this.save(video, userId, { ...input, baseRevision: null });
    }
    throw new AppError(
      'draft-conflict',
      `${current.updatedBy} saved this draft at ${current.updatedAt} after you opened it. Review their version before saving yours.`,
      { details: { draft: current } },
    );
  }

  /** Deletes the draft if it is still at the given revision. */
  async delete(videoId: string, revision: number): Promise<void> {
    const deleted = await this.db
      .delete(videoDrafts)
      .where(and(eq(videoDrafts.videoId, videoId), eq(videoDrafts.revision, revision)))
      .returning({ videoId: videoDrafts.videoId });
    if (deleted.length) return;
    const current = await this.current(videoId);
    if (!current) return;
    throw new AppError(
      'draft-conflict',
      `${current.updatedBy} saved this draft at ${current.updatedAt}; it was not deleted.`,
      { details: { draft: current } },
    );
  }

  /** The current draft of a video (null when none). */
  async current(videoId: string): Promise<VideoDraft | null> {
    const row = await this.db.query.videoDrafts.findFirst({
      where: eq(videoDrafts.videoId, videoId),
    });
    if (!row) return null;
    const thumbnail = row.thumbnailId
      ? ((await this.db.query.thumbnailUploads.findFirst({
          where: eq(thumbnailUploads.id, row.thumbnailId),
          columns: { id: true, width: true, height: true },
        })) ?? null)
      : null;
    return presentDraft(row, thumbnail);
  }

  /** Removes a video's draft whatever its revision (after it was published). */
  async discard(videoId: string): Promise<void> {
    await this.db.delete(videoDrafts).where(eq(videoDrafts.videoId, videoId));
  }

  private async requireThumbnail(
    video: { channelId: string; youtubeId: string },
    thumbnailId: string,
  ) {
    if (!isUuid(thumbnailId))
      throw new AppError('bad-request', 'That thumbnail was not uploaded for this video.');
    const row = await this.db.query.thumbnailUploads.findFirst({
      where: and(
        eq(thumbnailUploads.id, thumbnailId),
        eq(thumbnailUploads.channelId, video.channelId),
        eq(thumbnailUploads.videoYoutubeId, video.youtubeId),
      ),
      columns: { id: true, width: true, height: true },
    });
    if (!row) throw new AppError('bad-request', 'That thumbnail was not uploaded for this video.');
    return row;
  }
}

/** Exposed for the publish service: the videos table row id of a draft's video. */
export type DraftVideo = Pick<typeof videos.$inferSelect, 'id' | 'channelId' | 'youtubeId'>;
