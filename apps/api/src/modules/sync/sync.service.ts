import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Logger } from 'pino';
import { toSafeText, type SyncStatus } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import {
  channelSyncs,
  channels,
  playlists,
  playlistVideos,
  publishJournal,
  videos,
  type SyncCursor,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import {
  platformToAppError,
  PlatformError,
  type PlatformVideo,
  type VideoPlatform,
} from '../video-platform/index.ts';
import type { ChannelCredentials } from '../channels/index.ts';

/** Runs a platform call with the run's access token. */
type TokenRunner = <T>(fn: (token: string) => Promise<T>) => Promise<T>;

/** A run not heard from for this long is considered stalled and is re-queued. */
export const SYNC_STALL_SECONDS = 120;

/** How a job run of a sync ended: done, or failed in a way retrying now cannot fix. */
export type SyncOutcome = 'succeeded' | 'failed' | 'stale';

/** Enqueues the sync job of a run (the job system implements it). */
export type EnqueueSync = (payload: { channelId: string; runId: string }) => Promise<void>;

const START: SyncCursor = { phase: 'channel', pageToken: null, playlistIndex: 0 };

/**
 * Copies a channel's videos and playlists from the platform with the fewest quota units
 * (channels.list once, then per 50 uploads one playlistItems page and one videos.list), saving
 * a cursor after every page so a killed worker resumes where it stopped, with no duplicates.
 */
export class SyncService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly clock: Clock;
  private readonly log: Logger;
  private enqueue: EnqueueSync | null = null;
  private afterSync: ((channelId: string) => Promise<unknown>) | null = null;
  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    clock: Clock;
    log: Logger;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  /** Connects the job that runs syncs. */
  setEnqueue(enqueue: EnqueueSync): void {
    this.enqueue = enqueue;
  }

  /** Work to do once a sync succeeded (optimization scores what changed); its failure is only logged. */
  setAfterSync(work: (channelId: string) => Promise<unknown>): void {
    this.afterSync = work;
  }

  /** Starts a sync unless one is already under way; a failed run resumes from its cursor. */
  async start(channelId: string): Promise<SyncStatus> {
    const now = this.clock.now();
    const current = await this.db.query.channelSyncs.findFirst({
      where: eq(channelSyncs.channelId, channelId),
    });
    if (current && (current.state === 'queued' || current.state === 'running')) {
      if (now.getTime() - current.updatedAt.getTime() < SYNC_STALL_SECONDS * 1000)
        return present(current);
    }
    const resume =
      current?.state === 'failed' || current?.state === 'queued' || current?.state === 'running';
    const values = resume
      ? { state: 'queued' as const, error: null, finishedAt: null, updatedAt: now }
      : {
          runId: randomUUID(),
          state: 'queued' as const,
          videosDone: 0,
          videosTotal: null,
          cursor: START,
          startedAt: now,
          finishedAt: null,
          error: null,
          updatedAt: now,
        };
    const [row] = await this.db
      .insert(channelSyncs)
      .values({ channelId, runId: randomUUID(), cursor: START, ...values, state: 'queued' })
      .onConflictDoUpdate({ target: channelSyncs.channelId, set: values })
      .returning();
    // Check the connection now, so a lost grant or a refused channel answers this request with
    // 403 invalid-grant / video-platform-access-forbidden instead of failing later in a job.
    // A fresh run does its first step (channels.list) here: the same unit it would spend anyway.
    const channel = await this.db.query.channels.findFirst({ where: eq(channels.id, channelId) });
    try {
      if (!channel) throw new AppError('not-found', 'Channel not found.');
      if (row!.cursor.phase === 'channel') {
        await this.step(channel.id, channel.youtubeId, row!.runId, row!.cursor);
      } else {
        await this.credentials.accessToken(channelId);
      }
    } catch (error) {
      const mapped = platformToAppError(error);
      await this.touch(channelId, {
        state: 'failed',
        error: describeFailure(mapped),
        finishedAt: this.clock.now(),
      });
      throw mapped;
    }
    if (!this.enqueue) throw new Error('Sync job system not connected');
    await this.enqueue({ channelId, runId: row!.runId });
    return this.status(channelId);
  }

  /** The channel's sync state and progress. */
  async status(channelId: string): Promise<SyncStatus> {
    const row = await this.db.query.channelSyncs.findFirst({
      where: eq(channelSyncs.channelId, channelId),
    });
    if (!row) {
      return {
        state: 'idle',
        isSyncing: false,
        videosDone: 0,
        videosTotal: null,
        startedAt: null,
        finishedAt: null,
        lastSyncedAt: null,
        error: null,
      };
    }
    return present(row);
  }

  /**
   * Runs (or resumes) one sync run page by page. Retryable platform failures (5xx, timeouts)
   * are thrown so the job retries with backoff; `final` marks the last attempt, after which the
   * failure is reported in the status. Quota and permission failures are reported at once.
   */
  async run(
    channelId: string,
    runId: string,
    options: { final?: boolean; heartbeat?: () => Promise<void> } = {},
  ): Promise<SyncOutcome> {
    const row = await this.db.query.channelSyncs.findFirst({
      where: eq(channelSyncs.channelId, channelId),
    });
    if (!row || row.runId !== runId || row.state === 'succeeded') return 'stale';
    const channel = await this.db.query.channels.findFirst({ where: eq(channels.id, channelId) });
    if (!channel) return 'stale';
    await this.touch(channelId, { state: 'running', error: null });
    let cursor = row.cursor;
    const withToken = this.runToken(channelId);
    const memo: { uploadsPlaylistId?: string | null } = {};
    try {
      while (cursor.phase !== 'finish') {
        cursor = await this.step(channel.id, channel.youtubeId, runId, cursor, withToken, memo);
        await options.heartbeat?.();
      }
      await this.finish(channelId, runId);
      await this.afterSync?.(channelId).catch((error: unknown) => {
        this.log.warn({ err: error, channelId }, 'Work after the sync failed');
      });
      return 'succeeded';
    } catch (error) {
      // Platform outages and unexpected failures (e.g. a database hiccup) are worth retrying;
      // quota, permissions and lost connections are not, until someone acts.
      const retryable =
        error instanceof PlatformError ? error.retryable : !(error instanceof AppError);
      const message = describeFailure(error);
      this.log.error({ err: error, channelId }, `Error syncing channel: ${channelId}`);
      if (retryable && !options.final) {
        await this.touch(channelId, { error: `${message} Retrying…` });
        throw error;
      }
      await this.touch(channelId, {
        state: 'failed',
        error: message,
        finishedAt: this.clock.now(),
      });
      return 'failed';
    }
  }

  /** Re-queues runs whose worker stopped answering (e.g. it was killed). */
  async recoverStalled(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - SYNC_STALL_SECONDS * 1000);
    const stalled = await this.db
      .select({ channelId: channelSyncs.channelId, runId: channelSyncs.runId })
      .from(channelSyncs)
      .where(
        and(inArray(channelSyncs.state, ['queued', 'running']), lt(channelSyncs.updatedAt, cutoff)),
      );
    for (const s of stalled) {
      await this.touch(s.channelId, { state: 'queued' });
      await this.enqueue?.(s);
    }
    return stalled.length;
  }

  /** Starts a sync of every channel not synced in the last 20 hours (daily schedule). */
  async syncAllDue(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - 20 * 3600 * 1000);
    const due = await this.db
      .select({ id: channels.id })
      .from(channels)
      .leftJoin(channelSyncs, eq(channelSyncs.channelId, channels.id))
      .where(
        and(
          eq(channels.needsReconnect, false),
          or(sql`${channelSyncs.lastSyncedAt} is null`, lt(channelSyncs.lastSyncedAt, cutoff)),
        ),
      );
    for (const { id } of due) await this.start(id);
    return due.length;
  }

  /**
   * A token provider for one run: the access token is read (and decrypted) once, not per call,
   * and refreshed once when the platform says it expired.
   */
  private runToken(channelId: string): TokenRunner {
    let token: string | null = null;
    return async (fn) => {
      token ??= await this.credentials.accessToken(channelId);
      try {
        return await fn(token);
      } catch (error) {
        if (!(error instanceof PlatformError) || error.kind !== 'unauthorized') throw error;
        token = await this.credentials.accessToken(channelId, { forceRefresh: true });
        return fn(token);
      }
    };
  }

  private async step(
    channelId: string,
    youtubeId: string,
    runId: string,
    cursor: SyncCursor,
    withToken: TokenRunner = this.runToken(channelId),
    memo: { uploadsPlaylistId?: string | null } = {},
  ): Promise<SyncCursor> {
    switch (cursor.phase) {
      case 'channel': {
        const platformChannel = await withToken((t) => this.platform.getMyChannel(t));
        if (!platformChannel || platformChannel.youtubeId !== youtubeId) {
          throw new PlatformError(
            'forbidden',
            'The connected account no longer owns this channel.',
          );
        }
        const next: SyncCursor = { phase: 'uploads', pageToken: null, playlistIndex: 0 };
        await this.db.transaction(async (tx) => {
          await tx
            .update(channels)
            .set({
              name: platformChannel.title,
              thumbnailUrl: platformChannel.thumbnailUrl,
              customUrl: platformChannel.customUrl,
              uploadsPlaylistId: platformChannel.uploadsPlaylistId,
            })
            .where(eq(channels.id, channelId));
          await tx
            .update(channelSyncs)
            .set({ cursor: next, videosDone: 0, updatedAt: this.clock.now() })
            .where(eq(channelSyncs.channelId, channelId));
        });
        memo.uploadsPlaylistId = platformChannel.uploadsPlaylistId;
        return platformChannel.uploadsPlaylistId
          ? next
          : { phase: 'playlists', pageToken: null, playlistIndex: 0 };
      }
      case 'uploads': {
        // Read once per run, not per page.
        memo.uploadsPlaylistId ??= (
          await this.db.query.channels.findFirst({ where: eq(channels.id, channelId) })
        )?.uploadsPlaylistId;
        const page = await withToken((t) =>
          this.platform.listPlaylistItems(
            t,
            memo.uploadsPlaylistId!,
            cursor.pageToken ?? undefined,
          ),
        );
        const ids = [...new Set(page.items.map((i) => i.videoId))];
        const found = ids.length ? await withToken((t) => this.platform.getVideos(t, ids)) : [];
        const next: SyncCursor = page.nextPageToken
          ? { phase: 'uploads', pageToken: page.nextPageToken, playlistIndex: 0 }
          : { phase: 'playlists', pageToken: null, playlistIndex: 0 };
        await this.db.transaction(async (tx) => {
          if (found.length)
            await tx
              .insert(videos)
              .values(found.map((v) => videoRow(channelId, runId, v)))
              .onConflictDoUpdate({
                target: [videos.channelId, videos.youtubeId],
                set: videoUpdateSet,
              });
          await tx
            .update(channelSyncs)
            .set({
              cursor: next,
              videosDone: sql`${channelSyncs.videosDone} + ${ids.length}`,
              videosTotal: page.totalResults,
              updatedAt: this.clock.now(),
            })
            .where(and(eq(channelSyncs.channelId, channelId), eq(channelSyncs.runId, runId)));
        });
        return next;
      }
      case 'playlists': {
        const page = await withToken((t) =>
          this.platform.listPlaylists(t, youtubeId, cursor.pageToken ?? undefined),
        );
        const next: SyncCursor = page.nextPageToken
          ? { phase: 'playlists', pageToken: page.nextPageToken, playlistIndex: 0 }
          : { phase: 'playlist-items', pageToken: null, playlistIndex: 0 };
        await this.db.transaction(async (tx) => {
          if (page.items.length) {
            await tx
              .insert(playlists)
              .values(
                page.items.map((p) => ({
                  channelId,
                  youtubeId: p.youtubeId,
                  title: p.title,
                  itemCount: p.itemCount,
                  thumbnailUrl: p.thumbnailUrl,
                  syncRunId: runId,
                })),
              )
              .onConflictDoUpdate({
                target: [playlists.channelId, playlists.youtubeId],
                set: {
                  title: sql`excluded.title`,
                  itemCount: sql`excluded.item_count`,
                  thumbnailUrl: sql`excluded.thumbnail_url`,
                  syncRunId: sql`excluded.sync_run_id`,
                },
              });
          }
          await this.saveCursor(tx, channelId, runId, next);
        });
        return next;
      }
      case 'playlist-items': {
        // Empty playlists need no call: their itemCount came with playlists.list.
        const walk = await this.db
          .select({ id: playlists.id, youtubeId: playlists.youtubeId })
          .from(playlists)
          .where(
            and(
              eq(playlists.channelId, channelId),
              eq(playlists.syncRunId, runId),
              gt(playlists.itemCount, 0),
            ),
          )
          .orderBy(asc(playlists.youtubeId));
        const playlist = walk[cursor.playlistIndex];
        if (!playlist) {
          const next: SyncCursor = { phase: 'finish', pageToken: null, playlistIndex: 0 };
          await this.saveCursor(this.db, channelId, runId, next);
          return next;
        }
        const page = await withToken((t) =>
          this.platform.listPlaylistItems(t, playlist.youtubeId, cursor.pageToken ?? undefined),
        );
        const next: SyncCursor = page.nextPageToken
          ? {
              phase: 'playlist-items',
              pageToken: page.nextPageToken,
              playlistIndex: cursor.playlistIndex,
            }
          : { phase: 'playlist-items', pageToken: null, playlistIndex: cursor.playlistIndex + 1 };
        await this.db.transaction(async (tx) => {
          if (page.items.length) {
            await tx
              .insert(playlistVideos)
              .values(
                page.items.map((i) => ({
                  playlistId: playlist.id,
                  videoYoutubeId: i.videoId,
                  position: i.position,
                  syncRunId: runId,
                })),
              )
              .onConflictDoUpdate({
                target: [playlistVideos.playlistId, playlistVideos.videoYoutubeId],
                set: { position: sql`excluded.position`, syncRunId: sql`excluded.sync_run_id` },
              });
          }
          await this.saveCursor(tx, channelId, runId, next);
        });
        return next;
      }
      default:
        return cursor;
    }
  }

  private async finish(channelId: string, runId: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      // Whatever this run did not see is gone from the platform.
      await tx
        .delete(videos)
        .where(and(eq(videos.channelId, channelId), notSeenIn(videos.syncRunId, runId)));
      const current = tx
        .select({ id: playlists.id })
        .from(playlists)
        .where(eq(playlists.channelId, channelId));
      await tx
        .delete(playlistVideos)
        .where(
          and(
            inArray(playlistVideos.playlistId, current),
            notSeenIn(playlistVideos.syncRunId, runId),
          ),
        );
      await tx
        .delete(playlists)
        .where(and(eq(playlists.channelId, channelId), notSeenIn(playlists.syncRunId, runId)));
      const [{ count }] = (await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(videos)
        .where(eq(videos.channelId, channelId))) as [{ count: number }];
      await tx
        .update(channelSyncs)
        .set({
          state: 'succeeded',
          videosDone: count,
          videosTotal: count,
          finishedAt: now,
          lastSyncedAt: now,
          error: null,
          updatedAt: now,
        })
        .where(and(eq(channelSyncs.channelId, channelId), eq(channelSyncs.runId, runId)));
    });
  }

  private async saveCursor(
    tx: Pick<Db, 'update'>,
    channelId: string,
    runId: string,
    cursor: SyncCursor,
  ): Promise<void> {
    await tx
      .update(channelSyncs)
      .set({ cursor, updatedAt: this.clock.now() })
      .where(and(eq(channelSyncs.channelId, channelId), eq(channelSyncs.runId, runId)));
  }

  private async touch(
    channelId: string,
    values: Partial<typeof channelSyncs.$inferInsert>,
  ): Promise<void> {
    // A failure's message can quote the platform's own text, which may hold anything.
    const error = values.error ? { error: toSafeText(values.error) } : {};
    await this.db
      .update(channelSyncs)
      .set({ ...values, ...error, updatedAt: this.clock.now() })
      .where(eq(channelSyncs.channelId, channelId));
  }
}

/** SQL: whether an upserted video's title, description, tags or thumbnails differ from the stored row. */
const metadataChanged = sql`(${videos.title} IS DISTINCT FROM excluded.title OR ${videos.description} IS DISTINCT FROM excluded.description OR ${videos.tags} IS DISTINCT FROM excluded.tags OR ${videos.thumbnails} IS DISTINCT FROM excluded.thumbnails)`;

const videoUpdateSet = {
  title: sql`excluded.title`,
  description: sql`excluded.description`,
  tags: sql`excluded.tags`,
  categoryId: sql`excluded.category_id`,
  defaultLanguage: sql`excluded.default_language`,
  defaultAudioLanguage: sql`excluded.default_audio_language`,
  publishedAt: sql`excluded.published_at`,
  privacyStatus: sql`excluded.privacy_status`,
  publishAt: sql`excluded.publish_at`,
  durationSeconds: sql`excluded.duration_seconds`,
  hasCaptions: sql`excluded.has_captions`,
  thumbnails: sql`excluded.thumbnails`,
  viewCount: sql`excluded.view_count`,
  likeCount: sql`excluded.like_count`,
  commentCount: sql`excluded.comment_count`,
  localizations: sql`excluded.localizations`,
  syncRunId: sql`excluded.sync_run_id`,
  syncedAt: sql`excluded.synced_at`,
  // Metadata edited outside the product (e.g. in YouTube Studio) shows under "updated on the
  // platform" and is scored again; a publish through the product stores what it wrote, so it
  // does not count as a change here.
  // A publish still in the journal is the person's own write too (the reconciler records it).
  platformChangedAt: sql`CASE WHEN ${metadataChanged} AND NOT EXISTS (SELECT 1 FROM ${publishJournal} WHERE ${publishJournal.videoId} = ${videos.id} AND ${publishJournal.status} = 'pending') THEN excluded.synced_at ELSE ${videos.platformChangedAt} END`,
  scoredAt: sql`CASE WHEN ${metadataChanged} OR ${videos.hasCaptions} IS DISTINCT FROM excluded.has_captions THEN NULL ELSE ${videos.scoredAt} END`,
};

/** The videos row of a platform video, as a sync run stores it. */
export function videoRow(
  channelId: string,
  runId: string,
  v: PlatformVideo,
): typeof videos.$inferInsert {
  return {
    channelId,
    youtubeId: v.youtubeId,
    title: v.title,
    description: v.description,
    tags: v.tags,
    categoryId: v.categoryId,
    defaultLanguage: v.defaultLanguage,
    defaultAudioLanguage: v.defaultAudioLanguage,
    publishedAt: v.publishedAt ? new Date(v.publishedAt) : null,
    privacyStatus: v.privacyStatus,
    publishAt: v.publishAt ? new Date(v.publishAt) : null,
    durationSeconds: v.durationSeconds,
    hasCaptions: v.hasCaptions,
    thumbnails: v.thumbnails,
    viewCount: v.viewCount,
    likeCount: v.likeCount,
    commentCount: v.commentCount,
    localizations: v.localizations,
    syncRunId: runId,
    syncedAt: new Date(),
  };
}

/** Rows another run (or no run) saw last; NULL-safe, unlike `<>`. */
function notSeenIn(column: AnyColumn, runId: string) {
  return sql`${column} is distinct from ${runId}::uuid`;
}

function present(row: typeof channelSyncs.$inferSelect): SyncStatus {
  return {
    state: row.state,
    isSyncing: row.state === 'queued' || row.state === 'running',
    videosDone: row.videosDone,
    videosTotal: row.videosTotal,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    error: row.error,
  };
}

function describeFailure(error: unknown): string {
  if (error instanceof PlatformError) {
    switch (error.kind) {
      case 'quota':
        return "Today's YouTube API quota is used up; the sync will finish after it resets at midnight Pacific time.";
      case 'invalid-grant':
        return 'The channel lost its connection to YouTube. Reconnect it to sync again.';
      case 'forbidden':
        return "YouTube refused access to this channel's data.";
      case 'unavailable':
        return 'YouTube is not answering.';
      default:
        return `YouTube refused the request: ${error.message}`;
    }
  }
  if (error instanceof AppError) {
    switch (error.code) {
      case 'invalid-grant':
        return 'The channel lost its connection to YouTube. Reconnect it to sync again.';
      case 'video-platform-access-forbidden':
        return "YouTube refused access to this channel's data.";
      case 'platform-quota-exceeded':
        return "Today's YouTube API quota is used up; the sync will finish after it resets at midnight Pacific time.";
      default:
        return error.message;
    }
  }
  return 'The sync stopped unexpectedly.';
}
