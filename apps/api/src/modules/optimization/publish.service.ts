import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PublishRecord, PublishResponse, publishBody } from '@tubewise/contract';
import { hardLimitErrors } from '@tubewise/recommendations';
import type { z } from 'zod';
import { assertChannelWritable, type PlanGate } from '../../lib/plan-gate.ts';
import type { Db } from '../../db/client.ts';
import { videoDrafts, videoPublishes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { toSafeValue } from '../../lib/safe-text.ts';
import type { ChannelCredentials } from '../channels/index.ts';
import type { PlatformVideo, VideoPlatform, VideoUpdateResult } from '../video-platform/index.ts';
import { displayName } from '../users/index.ts';
import type { OptimizationService } from './optimization.service.ts';
import { presentPublish } from './optimization.presenter.ts';
import {
  metadataOf,
  refusalOf,
  type Completed,
  type JournalEntry,
  type PublishJournal,
  type PublishRow,
} from './publish-journal.ts';
import {
  isDefinitiveRefusal,
  platformShows,
  PUBLISH_COSTS,
  thumbnailNotSet,
  type PublishReconciler,
} from './publish-reconciler.ts';
import { fetchPreviousThumbnail, type ImageFetch } from './previous-thumbnail.ts';
import type { ThumbnailsService } from './thumbnails.service.ts';

export { PUBLISH_COSTS } from './publish-reconciler.ts';

/** What a publish writes, as the editor sends it. */
export type PublishInput = z.output<typeof publishBody>;

/** How long a request waits before handing an unknown outcome to the reconciler. */
const UNKNOWN_OUTCOME_CHECK_MS = 5_000;

/**
 * Publishes metadata and thumbnails to the platform: checks the hard limits before any call,
 * reads the current video and merges (so nothing the person did not change is lost), calls
 * videos.update once and thumbnails.set only for a new thumbnail, and records every publish
 * (who, when, before, after) so it can be undone.
 *
 * Every publish is journalled before any platform call (PublishJournal) and the journal is
 * advanced before each platform write, so a process killed at any point leaves a pending entry
 * that the PublishReconciler finishes from what the platform shows. One publish per video is
 * in flight at a time: a second one answers 409 `publish-in-progress` without any call.
 */
export class PublishService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly optimization: OptimizationService;
  private readonly thumbnails: ThumbnailsService;
  private readonly journal: PublishJournal;
  private readonly reconciler: PublishReconciler;
  private readonly clock: Clock;
  private readonly fetchImage: ImageFetch;
  private readonly gate?: PlanGate;
  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    optimization: OptimizationService;
    thumbnails: ThumbnailsService;
    journal: PublishJournal;
    reconciler: PublishReconciler;
    clock: Clock;
    /** Downloads the platform's thumbnail images (kept for undo); the global fetch by default. */
    fetchImage?: ImageFetch;
    /** The channel's plan: a read-only account publishes nothing (none in some tests). */
    gate?: PlanGate;
  }) {
    this.gate = deps.gate;
    this.db = deps.db;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.optimization = deps.optimization;
    this.thumbnails = deps.thumbnails;
    this.journal = deps.journal;
    this.reconciler = deps.reconciler;
    this.clock = deps.clock;
    this.fetchImage = deps.fetchImage ?? fetch;
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
    const key = input.idempotencyKey ?? randomUUID();
    const earlier = await this.journal.findByKey(video.id, key);
    // A retry of a publish made before the account turned read-only answers as it did.
    if (earlier) return this.replay(channelId, videoId, earlier);
    if (this.gate) await assertChannelWritable(this.gate, channelId);
    const thumbnail = input.thumbnailId
      ? await this.thumbnails.require(video, input.thumbnailId)
      : null;
    // A running thumbnail test owns the thumbnail (a publish or undo of text alone goes on).
    if (thumbnail) await this.optimization.assertThumbnailFree(video.id);
    const draft = input.fromDraft
      ? await this.db.query.videoDrafts.findFirst({
          where: eq(videoDrafts.videoId, video.id),
          columns: { revision: true },
        })
      : undefined;
    const owner = randomUUID();
    const entry = await this.journal.claim(
      {
        videoId: video.id,
        channelId,
        userId,
        userName: await displayName(this.db, userId),
        idempotencyKey: key,
        thumbnailId: thumbnail?.id ?? null,
        searchTerm: input.searchTerm?.trim() || null,
        draftRevision: draft?.revision ?? null,
        restoresId,
      },
      owner,
    );
    if (!entry) {
      // A retry with the same key may have claimed it a moment ago.
      const twin = await this.journal.findByKey(video.id, key);
      if (twin) return this.replay(channelId, videoId, twin);
      throw await this.inProgress(video.id);
    }
    if (thumbnail) {
      // A thumbnail test may have been started since the check above: wait for any start in
      // flight on this video (Labs holds the same per-video lock while it checks for a pending
      // publish and inserts its test), then look again. The claim is visible to a start after.
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`thumbnail:${video.id}`}))`);
      });
      try {
        await this.optimization.assertThumbnailFree(video.id);
      } catch (error) {
        await this.journal.fail(entry.id, owner, 'not-applied');
        throw error;
      }
    }
    const lease = this.journal.keepAlive(entry.id, owner);
    try {
      const done = await this.run(entry, owner, videoId, input, thumbnail);
      // A retry of this request holds the key since this attempt was given up: answer from it.
      if ('retry' in done) return await this.replay(channelId, videoId, done.retry);
      return await this.answer(channelId, videoId, done.record);
    } finally {
      lease.stop();
    }
  }

  /** The platform calls of a claimed publish, each write journalled before it is sent. */
  private async run(
    entry: JournalEntry,
    owner: string,
    videoId: string,
    input: PublishInput,
    thumbnail: { id: string; data: Buffer; mimeType: 'image/jpeg' | 'image/png' } | null,
  ): Promise<Completed> {
    let sent = false;
    let result: VideoUpdateResult;
    try {
      result = await this.credentials.withToken(entry.channelId, (token) =>
        this.platform.updateVideo(
          token,
          videoId,
          {
            title: input.title,
            description: input.description,
            tags: input.tags,
            defaultLanguage: input.language?.trim() || undefined,
          },
          {
            beforeWrite: async (read, writes) => {
              // The hook sees the platform's text before the port's text rule (withSafeResults
              // covers results only): journal it as the product stores it, as PostgreSQL holds it.
              const previous = toSafeValue(read);
              const held = await this.journal.advance(entry.id, owner, 'updating', {
                before: metadataOf(previous),
                after: metadataOf(toSafeValue(writes)),
                thumbnailsBefore: previous.thumbnails,
                quotaUnits: PUBLISH_COSTS.read,
              });
              if (!held) throw leaseLost();
              sent = true;
            },
          },
        ),
      );
    } catch (error) {
      throw await this.afterFailure(entry, owner, error, sent, unconfirmed());
    }
    if (!result.changed && !thumbnail) {
      const landed = await this.landedEarlier(entry, owner, result.previous);
      if (landed) return { record: landed };
      await this.journal.fail(entry.id, owner, 'nothing-to-publish');
      throw new AppError(
        'bad-request',
        'Nothing to publish: the video on YouTube already has this title, description, tags and language.',
      );
    }
    let quotaUnits = PUBLISH_COSTS.read + (result.changed ? PUBLISH_COSTS.update : 0);
    let newThumbnails: PlatformVideo['thumbnails'] | null = null;
    let thumbnailError: unknown = null;
    let thumbnailBeforeId: string | null = null;
    if (thumbnail) {
      // A copy of the image about to be replaced, so undoing this publish can set it back.
      thumbnailBeforeId = await this.keepPreviousThumbnail(
        { channelId: entry.channelId, youtubeId: videoId },
        entry.userId,
        result.previous.thumbnails,
      );
      const held = await this.journal.advance(entry.id, owner, 'thumbnail', {
        before: metadataOf(result.previous),
        after: metadataOf(result.updated),
        thumbnailsBefore: result.previous.thumbnails,
        metadataChanged: result.changed,
        quotaUnits,
        thumbnailBeforeId,
      });
      // The reconciler took over while the metadata was written: it finishes from here.
      if (!held) throw leaseLost();
      try {
        newThumbnails = await this.credentials.withToken(entry.channelId, (token) =>
          this.platform.setThumbnail(token, videoId, thumbnail.data, thumbnail.mimeType),
        );
        quotaUnits += PUBLISH_COSTS.thumbnail;
      } catch (error) {
        if (!isDefinitiveRefusal(error) || !result.changed)
          throw await this.afterFailure(
            entry,
            owner,
            error,
            true,
            result.changed ? unconfirmedThumbnail() : unconfirmed(),
          );
        // The metadata is on the platform: record it, then report the thumbnail.
        thumbnailError = error;
      }
    }
    const notSet = thumbnailError ? thumbnailNotSet(thumbnailError) : null;
    const done = await this.journal.complete(entry, {
      before: metadataOf(result.previous),
      after: metadataOf(result.updated),
      thumbnails: newThumbnails,
      thumbnailChanged: newThumbnails !== null,
      thumbnailBeforeId,
      quotaUnits,
      at: this.clock.now(),
      outcome: notSet ? 'partial' : 'published',
      ...(notSet ? { refusal: { code: notSet.code, message: notSet.message } } : {}),
    });
    if (notSet && 'record' in done) throw notSet;
    return done;
  }

  /**
   * Downloads and stores the image the video shows now (before thumbnails.set replaces it);
   * null when none could be kept (the publish goes on: its undo then restores the text only).
   */
  private async keepPreviousThumbnail(
    video: { channelId: string; youtubeId: string },
    userId: string | null,
    thumbnails: PlatformVideo['thumbnails'],
  ): Promise<string | null> {
    const image = await fetchPreviousThumbnail(thumbnails, this.fetchImage);
    if (!image) return null;
    return this.thumbnails.keepPrevious(video, userId, image);
  }

  /**
   * When a retry finds nothing left to write: the history row of an earlier attempt of the same
   * request (same key) that a reconciler found not applied, but whose write the platform shows
   * now (it landed after the reconciler looked). That attempt is recorded and this one ends, so
   * the product shows the publish as the person's own, in the history and undoable.
   */
  private async landedEarlier(
    entry: JournalEntry,
    owner: string,
    now: PlatformVideo,
  ): Promise<PublishRow | null> {
    const earlier = (await this.journal.unconfirmedAttempts(entry)).find(
      (e) =>
        !e.thumbnailPlanned &&
        e.before &&
        e.after &&
        platformShows(metadataOf(now), e.before, e.after) === 'after',
    );
    if (!earlier?.before) return null;
    const record = await this.journal.adopt(entry, owner, earlier, {
      before: earlier.before,
      after: metadataOf(now),
      thumbnails: null,
      thumbnailChanged: false,
      quotaUnits: earlier.quotaUnits + PUBLISH_COSTS.update,
      at: this.clock.now(),
      outcome: 'published',
    });
    if (!record) throw leaseLost();
    return record;
  }

  /**
   * Settles the journal after a failed platform call and returns the error to answer. A call
   * that was not sent, or that the platform refused, changed nothing: the entry fails. A sent
   * call without an answer may have landed: the reconciler finds out shortly.
   */
  private async afterFailure(
    entry: JournalEntry,
    owner: string,
    error: unknown,
    sent: boolean,
    unknownOutcome: AppError,
  ): Promise<unknown> {
    if (!sent || isDefinitiveRefusal(error)) {
      await this.journal.fail(entry.id, owner, 'not-applied');
      return error;
    }
    await this.journal.release(entry.id, owner, UNKNOWN_OUTCOME_CHECK_MS);
    this.reconciler.soon(entry.id, UNKNOWN_OUTCOME_CHECK_MS + 100);
    return unknownOutcome;
  }

  /** The answer to a publish: the editor's fresh details, the record and the next video. */
  private async answer(
    channelId: string,
    videoId: string,
    record: PublishRow,
  ): Promise<PublishResponse> {
    // Score the published metadata now, so the list and the next video reflect it.
    await this.optimization.recommendations(channelId, videoId).catch(() => undefined);
    const [details, next] = await Promise.all([
      this.optimization.details(channelId, videoId),
      this.optimization.next(channelId, videoId),
    ]);
    return { video: details, publish: presentPublish(record), next };
  }

  /**
   * Answers a retried request from its first attempt: as it answered, so a publish whose
   * thumbnail did not go answers that error again (its first answer may have been lost).
   */
  private async replay(
    channelId: string,
    videoId: string,
    entry: JournalEntry,
  ): Promise<PublishResponse> {
    if (entry.status === 'pending') throw await this.inProgress(entry.videoId);
    if (entry.outcome === 'partial') {
      const refusal = refusalOf(entry);
      throw refusal ? new AppError(refusal.code, refusal.message) : thumbnailNotSet();
    }
    const record = await this.journal.historyRow(entry.id);
    if (!record) throw new AppError('not-found', 'This publish is not in the video’s history.');
    return this.answer(channelId, videoId, record);
  }

  private async inProgress(videoId: string): Promise<AppError> {
    const pending = await this.journal.pendingFor(videoId);
    return new AppError(
      'publish-in-progress',
      pending
        ? `${pending.userName} is publishing this video right now. Reload it in a moment to see the result, then publish again if needed.`
        : 'Another publish of this video just finished. Reload it to see the result, then publish again if needed.',
      pending
        ? { details: { startedBy: pending.userName, startedAt: pending.createdAt.toISOString() } }
        : undefined,
    );
  }

  /** Finishes publishes a dead process left pending (the periodic job; see PublishReconciler). */
  async reconcileInterrupted(): Promise<Record<string, number>> {
    return this.reconciler.reconcileDue();
  }

  /**
   * Undoes a publish: publishes the title, description, tags and language it replaced, and, when
   * it set a new thumbnail, the kept copy of the image it replaced (thumbnails.set, 50 units,
   * journalled like any publish's thumbnail). Without a kept copy the thumbnail stays.
   */
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
        thumbnailId: record.thumbnailChanged ? record.thumbnailBeforeId : null,
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

const leaseLost = () =>
  new AppError(
    'publish-in-progress',
    'This publish took too long and is being checked with YouTube. Reload the video in a minute to see whether it was applied.',
  );

const unconfirmed = () =>
  new AppError(
    'platform-unavailable',
    'YouTube did not confirm the publish. Tubewise is checking whether it was applied; reload the video in a minute.',
  );

const unconfirmedThumbnail = () =>
  new AppError(
    'platform-unavailable',
    'The title, description and tags were published; YouTube did not confirm the thumbnail. Tubewise is checking whether it was applied; reload the video in a minute.',
  );
