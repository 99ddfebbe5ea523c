import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import {
  thumbnailUploads,
  videos,
  type JournalThumbnails,
  type PublishOutcome,
  type PublishedMetadata,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChannelCredentials } from '../channels/index.ts';
import type { PlatformVideo, VideoPlatform } from '../video-platform/index.ts';
import {
  metadataOf,
  thumbnailsBeforeOf,
  type JournalEntry,
  type PublishJournal,
} from './publish-journal.ts';

/** Quota of the calls a publish makes (platform-facts: videos.list 1, videos.update 50, thumbnails.set 50). */
export const PUBLISH_COSTS = { read: 1, update: 50, thumbnail: 50 } as const;

/** Reconciliation attempts (the platform could not be asked) before an entry is given up. */
export const MAX_RECONCILE_ATTEMPTS = 8;
/** How long after start pending entries are followed up at their lease's expiry (then: the job). */
const START_FOLLOW_UP_MS = 5 * 60_000;

/** What a reconciliation did with an entry; null when there was nothing to do. */
export type ReconcileResult = PublishOutcome | 'retry' | null;

/**
 * Whether a platform failure says for sure that the call was refused (nothing applied). A
 * timeout, a 5xx or a broken connection leaves it open: the call may have landed.
 */
export function isDefinitiveRefusal(error: unknown): boolean {
  return (
    error instanceof AppError &&
    error.code !== 'platform-unavailable' &&
    error.code !== 'internal' &&
    error.code !== 'unavailable'
  );
}

/**
 * The error a publish answers when its metadata went but its thumbnail did not (`reason`: why,
 * e.g. the platform's refusal); a retry with the same key hears it again.
 */
export function thumbnailNotSet(reason?: unknown): AppError {
  const why = reason instanceof AppError ? reason : null;
  return new AppError(
    why?.code ?? 'platform-unavailable',
    `The title, description and tags were published, but the thumbnail was not: ${why?.message || 'YouTube refused it.'}`,
  );
}

/** Why a thumbnail was not set when its publish was interrupted before thumbnails.set. */
const thumbnailInterrupted = () =>
  new AppError(
    'platform-unavailable',
    'the publish was interrupted before it was sent. Publish again to set it.',
  );

const refusal = (error: AppError) => ({ code: error.code, message: error.message });

// The platform stores what it was sent, except that it drops empty tags and may store a
// description's line breaks as \n: compare what a person would see.
const normalise = (m: PublishedMetadata) => ({
  title: m.title,
  description: m.description.replace(/\r\n?/g, '\n'),
  tags: m.tags.filter((t) => t.length > 0),
  defaultLanguage: m.defaultLanguage ?? null,
});

type Field = keyof ReturnType<typeof normalise>;
const FIELDS: Field[] = ['title', 'description', 'tags', 'defaultLanguage'];

/** Whether two copies of the metadata look the same on the platform. */
export function sameMetadata(a: PublishedMetadata, b: PublishedMetadata): boolean {
  return isDeepStrictEqual(normalise(a), normalise(b));
}

/**
 * Which copy the platform shows, judged on the fields the publish changes: `after` (the write
 * landed), `before` (it did not), or `other` (someone else changed the video meanwhile).
 */
export function platformShows(
  current: PublishedMetadata,
  before: PublishedMetadata,
  after: PublishedMetadata,
): 'before' | 'after' | 'other' {
  const [c, b, a] = [normalise(current), normalise(before), normalise(after)];
  const changed = FIELDS.filter((f) => !isDeepStrictEqual(b[f], a[f]));
  // A write that changes nothing visible cannot be told from its absence: nothing to keep.
  if (changed.length === 0) return 'before';
  if (changed.every((f) => isDeepStrictEqual(c[f], a[f]))) return 'after';
  if (changed.every((f) => isDeepStrictEqual(c[f], b[f]))) return 'before';
  return 'other';
}

/** Whether the platform reports the same thumbnails (by URL) as before a thumbnails.set. */
function sameThumbnails(current: PlatformVideo['thumbnails'], before: JournalThumbnails | null) {
  const urls = (t: JournalThumbnails | null) =>
    Object.fromEntries(
      Object.entries(t ?? {})
        .filter(([, v]) => v)
        .map(([k, v]) => [k, v!.url]),
    );
  return isDeepStrictEqual(urls(current), urls(before));
}

/**
 * Finishes publishes whose process died (or gave up on an unknown outcome): takes over pending
 * journal entries whose lease ran out and reads the video from the platform.
 * - `started`: nothing was sent → failed, no platform call.
 * - `updating`: the platform shows `after` → completed (history, video row, undoable);
 *   `before` → failed, the draft kept; anything else → failed as superseded, and the video row
 *   takes the platform's copy flagged "updated on the platform" (someone changed it meanwhile).
 *   The thumbnail, if planned, was not sent yet: a completed publish is then partial.
 * - `thumbnail`: the metadata is on the platform. The thumbnail landed when the platform reports
 *   other thumbnail URLs than before; when it reports the same ones (YouTube keeps its URLs for a
 *   custom thumbnail), the upload is sent again — the same image twice leaves the same result.
 * Platform failures are retried with backoff up to MAX_RECONCILE_ATTEMPTS, then the entry is
 * failed as `unverified` (the next sync or check flags what the platform shows).
 */
export class PublishReconciler {
  private readonly db: Db;
  private readonly journal: PublishJournal;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(deps: {
    db: Db;
    journal: PublishJournal;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    clock: Clock;
    log: Logger;
  }) {
    this.db = deps.db;
    this.journal = deps.journal;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  /** Reconciles every pending entry whose lease ran out, and forgets old finished ones. */
  async reconcileDue(): Promise<Record<string, number>> {
    await this.journal.purgeFinished();
    const counts: Record<string, number> = {};
    for (const id of await this.journal.due(100)) {
      const result = await this.reconcile(id);
      if (result) counts[result] = (counts[result] ?? 0) + 1;
    }
    if (Object.keys(counts).length) this.log.info({ counts }, 'Reconciled interrupted publishes');
    return counts;
  }

  /** Reconciles one entry if its lease ran out (null when it is finished or still held). */
  async reconcile(id: string): Promise<ReconcileResult> {
    const owner = randomUUID();
    const entry = await this.journal.takeOver(id, owner);
    if (!entry) return null;
    const lease = this.journal.keepAlive(id, owner);
    try {
      return await this.decide(entry, owner);
    } catch (error) {
      if (entry.attempts >= MAX_RECONCILE_ATTEMPTS) {
        this.log.error(
          { err: error, publishId: id },
          'Giving up on an interrupted publish: the platform could not be asked',
        );
        await this.journal.fail(id, owner, 'unverified');
        return 'unverified';
      }
      const delayMs = Math.min(5_000 * 2 ** (entry.attempts - 1), 600_000);
      this.log.warn(
        { err: error, publishId: id, attempt: entry.attempts, delayMs },
        'Could not reconcile an interrupted publish yet',
      );
      await this.journal.release(id, owner, delayMs);
      return 'retry';
    } finally {
      lease.stop();
    }
  }

  /** Reconciles an entry after `delayMs` in this process (a request gave up on it). */
  soon(id: string, delayMs: number): void {
    this.later(delayMs, async () => {
      await this.reconcile(id);
    });
  }

  /**
   * At start: reconciles what is due, then again whenever a pending lease runs out, for a few
   * minutes (entries of the process that died are due within PUBLISH_LEASE_MS); after that the
   * periodic job carries on.
   */
  start(): void {
    const until = Date.now() + START_FOLLOW_UP_MS;
    const pass = async () => {
      await this.reconcileDue();
      const next = await this.journal.nextExpiry();
      if (!next) return;
      const wait = Math.max(next.getTime() - this.clock.now().getTime(), 0) + 250;
      if (Date.now() + wait < until) this.later(wait, pass);
    };
    this.later(0, pass);
  }

  /** Stops timers (on shutdown). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(delayMs: number, run: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      run().catch((error: unknown) =>
        this.log.error({ err: error }, 'Reconciling interrupted publishes failed'),
      );
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async decide(entry: JournalEntry, owner: string): Promise<ReconcileResult> {
    if (entry.step === 'started' || !entry.before || !entry.after) {
      await this.journal.fail(entry.id, owner, 'not-applied');
      return 'not-applied';
    }
    const video = await this.db.query.videos.findFirst({
      where: eq(videos.id, entry.videoId),
      columns: { youtubeId: true },
    });
    if (!video) return null; // deleted with its channel: the entry went with it
    const [current] = await this.credentials.withToken(entry.channelId, (token) =>
      this.platform.getVideos(token, [video.youtubeId]),
    );
    let units = entry.quotaUnits + PUBLISH_COSTS.read;
    if (!current) {
      // Deleted on the platform: nothing there to agree with; the next sync removes it.
      await this.journal.fail(entry.id, owner, 'superseded');
      return 'superseded';
    }
    const { before, after } = entry;
    if (entry.step === 'updating') {
      const shows = platformShows(metadataOf(current), before, after);
      if (shows === 'before') {
        await this.journal.fail(entry.id, owner, 'not-applied');
        return 'not-applied';
      }
      if (shows === 'other') {
        await this.journal.fail(entry.id, owner, 'superseded', current);
        return 'superseded';
      }
      const outcome = entry.thumbnailPlanned ? 'partial' : 'published';
      await this.journal.complete(entry, {
        before,
        after: metadataOf(current),
        thumbnails: null,
        thumbnailChanged: false,
        quotaUnits: units + PUBLISH_COSTS.update,
        at: entry.updatedAt,
        outcome,
        ...(entry.thumbnailPlanned
          ? { refusal: refusal(thumbnailNotSet(thumbnailInterrupted())) }
          : {}),
      });
      return outcome;
    }
    // Step `thumbnail`: the metadata is settled, thumbnails.set was sent.
    units += PUBLISH_COSTS.thumbnail;
    let thumbnails: PlatformVideo['thumbnails'] | null = sameThumbnails(
      current.thumbnails,
      thumbnailsBeforeOf(entry),
    )
      ? null
      : current.thumbnails;
    let notSet: AppError = thumbnailNotSet(
      new AppError('bad-request', 'the uploaded image was deleted before it could be sent.'),
    );
    if (!thumbnails && entry.thumbnailId) {
      const upload = await this.db.query.thumbnailUploads.findFirst({
        where: eq(thumbnailUploads.id, entry.thumbnailId),
      });
      if (upload) {
        try {
          thumbnails = await this.credentials.withToken(entry.channelId, (token) =>
            this.platform.setThumbnail(token, video.youtubeId, upload.data, upload.mimeType),
          );
        } catch (error) {
          if (!isDefinitiveRefusal(error)) throw error;
          this.log.warn({ err: error, publishId: entry.id }, 'The thumbnail was refused again');
          notSet = thumbnailNotSet(error);
        }
        units += PUBLISH_COSTS.thumbnail;
      }
    }
    if (!thumbnails && !entry.metadataChanged) {
      await this.journal.fail(entry.id, owner, 'not-applied');
      return 'not-applied';
    }
    const outcome = thumbnails ? 'published' : 'partial';
    await this.journal.complete(entry, {
      before,
      after,
      thumbnails,
      thumbnailChanged: thumbnails !== null,
      // The copy of the replaced image was kept before thumbnails.set was sent: undo can use it.
      thumbnailBeforeId: entry.thumbnailBeforeId,
      quotaUnits: units,
      at: entry.updatedAt,
      outcome,
      ...(thumbnails ? {} : { refusal: refusal(notSet) }),
      ...(sameMetadata(metadataOf(current), after) ? {} : { platformNow: metadataOf(current) }),
    });
    return outcome;
  }
}
