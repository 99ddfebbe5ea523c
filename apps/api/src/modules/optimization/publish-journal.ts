import { and, asc, desc, eq, gt, inArray, lt, lte, min, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import {
  publishJournal,
  videoDrafts,
  videoPublishes,
  videos,
  type JournalThumbnails,
  type PublishOutcome,
  type PublishStep,
  type PublishedMetadata,
  type ThumbnailRefusal,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PlatformVideo, VideoMetadata } from '../video-platform/index.ts';

/**
 * How long a journal entry stays with the process working on it without a renewal. A process
 * renews every PUBLISH_HEARTBEAT_MS while it works, so an entry whose lease ran out belongs to
 * a process that died (or stalled for seconds), and the reconciler may take it over.
 */
export const PUBLISH_LEASE_MS = 10_000;
/** How often a process working on an entry renews its lease. */
export const PUBLISH_HEARTBEAT_MS = 3_000;
/** How long finished entries are kept: a client retry with the same key within it is answered. */
export const JOURNAL_RETENTION_MS = 7 * 24 * 3600_000;

/** A transaction of the database. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A row of the publish journal. */
export type JournalEntry = typeof publishJournal.$inferSelect;
/** A row of the publish history. */
export type PublishRow = typeof videoPublishes.$inferSelect;

/** What a publish asks for, journalled before any platform call. */
export interface PublishIntent {
  /** The stored video's id (not the platform's). */
  videoId: string;
  channelId: string;
  userId: string;
  userName: string;
  idempotencyKey: string;
  thumbnailId: string | null;
  searchTerm: string | null;
  draftRevision: number | null;
  restoresId: string | null;
}

/** Fields recorded when a publish reaches a step. */
export interface StepFields {
  before: PublishedMetadata;
  after: PublishedMetadata;
  thumbnailsBefore: JournalThumbnails;
  quotaUnits: number;
  metadataChanged?: boolean;
  /** The kept copy of the image thumbnails.set replaces (step `thumbnail`), if one was kept. */
  thumbnailBeforeId?: string | null;
}

/** How a publish ended well: what the history records and what the video row becomes. */
export interface Completion {
  before: PublishedMetadata;
  after: PublishedMetadata;
  /** The thumbnails the platform reports after a thumbnail landed; null to keep the stored ones. */
  thumbnails: PlatformVideo['thumbnails'] | null;
  thumbnailChanged: boolean;
  /**
   * The kept copy of the image the new thumbnail replaced (undo sets it back); recorded only
   * when the thumbnail changed.
   */
  thumbnailBeforeId?: string | null;
  quotaUnits: number;
  /** When it was published (the history's `at` and the video's last publish). */
  at: Date;
  outcome: Extract<PublishOutcome, 'published' | 'partial'>;
  /** Why the thumbnail was not set (a `partial` outcome): what a retry with the same key hears. */
  refusal?: ThumbnailRefusal;
  /**
   * What the platform shows now, when it differs from `after` (someone changed the video after
   * this publish landed): stored and flagged as changed on the platform.
   */
  platformNow?: VideoMetadata;
}

/**
 * How a completion ended: the history row, or, when a retry of the same request (same key) holds
 * the key since, that retry's entry (the publish is recorded once, by the entry holding the key).
 */
export type Completed = { record: PublishRow } | { retry: JournalEntry };

/** The thumbnail sizes a pending entry read before thumbnails.set (null when none were read). */
export function thumbnailsBeforeOf(entry: JournalEntry): JournalThumbnails | null {
  return entry.thumbnailsBefore ?? null;
}

/** Why a `partial` entry's thumbnail was not set, as recorded when it completed (null if unknown). */
export function refusalOf(entry: JournalEntry): ThumbnailRefusal | null {
  return entry.thumbnailRefusal ?? null;
}

/** Whether a database error is a unique violation (PGlite or node-postgres, raw or wrapped). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === '23505';
}

/** The metadata of a platform video, as the journal and the history keep it. */
export const metadataOf = (v: VideoMetadata): PublishedMetadata => ({
  title: v.title,
  description: v.description,
  tags: v.tags,
  defaultLanguage: v.defaultLanguage,
});

/**
 * The publish journal's storage: claims, steps and leases, and the transaction that turns a
 * finished entry into history. Knows nothing of the platform (see PublishService and
 * PublishReconciler for who calls what when).
 */
export class PublishJournal {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly log: Logger;
  constructor(deps: { db: Db; clock: Clock; log: Logger }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  private leaseFrom(now: Date, ms = PUBLISH_LEASE_MS): Date {
    return new Date(now.getTime() + ms);
  }

  /** The entry a retried request names, unless it failed (a failed attempt may be tried again). */
  async findByKey(videoId: string, idempotencyKey: string): Promise<JournalEntry | null> {
    const row = await this.db.query.publishJournal.findFirst({
      where: and(
        eq(publishJournal.videoId, videoId),
        eq(publishJournal.idempotencyKey, idempotencyKey),
        ne(publishJournal.status, 'failed'),
      ),
    });
    return row ?? null;
  }

  /** The publish of a video in flight, if any. */
  async pendingFor(videoId: string): Promise<JournalEntry | null> {
    const row = await this.db.query.publishJournal.findFirst({
      where: and(eq(publishJournal.videoId, videoId), eq(publishJournal.status, 'pending')),
    });
    return row ?? null;
  }

  /**
   * Journals a publish before any platform call, leased to `owner`. Null when the video already
   * has a publish in flight or the key names another entry (the unique indexes decide, so two
   * processes cannot both claim).
   */
  async claim(intent: PublishIntent, owner: string): Promise<JournalEntry | null> {
    const now = this.clock.now();
    const [row] = await this.db
      .insert(publishJournal)
      .values({
        ...intent,
        status: 'pending',
        step: 'started',
        thumbnailPlanned: intent.thumbnailId !== null,
        quotaUnits: 0,
        leaseOwner: owner,
        leaseUntil: this.leaseFrom(now),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  private held(id: string, owner: string) {
    return and(
      eq(publishJournal.id, id),
      eq(publishJournal.status, 'pending'),
      eq(publishJournal.leaseOwner, owner),
    );
  }

  /**
   * Records that a publish reaches `step` (before the platform write of that step is sent).
   * False when `owner` no longer holds the entry: then nothing may be sent.
   */
  async advance(
    id: string,
    owner: string,
    step: PublishStep,
    fields: StepFields,
  ): Promise<boolean> {
    const now = this.clock.now();
    const rows = await this.db
      .update(publishJournal)
      .set({ ...fields, step, leaseUntil: this.leaseFrom(now), updatedAt: now })
      .where(this.held(id, owner))
      .returning({ id: publishJournal.id });
    return rows.length === 1;
  }

  /** Renews the lease; false when it was lost. */
  async renew(id: string, owner: string): Promise<boolean> {
    const rows = await this.db
      .update(publishJournal)
      .set({ leaseUntil: this.leaseFrom(this.clock.now()) })
      .where(this.held(id, owner))
      .returning({ id: publishJournal.id });
    return rows.length === 1;
  }

  /** Renews the lease every PUBLISH_HEARTBEAT_MS until stopped or lost. */
  keepAlive(id: string, owner: string): { stop(): void } {
    const timer = setInterval(() => {
      this.renew(id, owner).then(
        (held) => {
          if (!held) clearInterval(timer);
        },
        (error: unknown) => this.log.warn({ err: error, publishId: id }, 'Lease renewal failed'),
      );
    }, PUBLISH_HEARTBEAT_MS);
    timer.unref();
    return { stop: () => clearInterval(timer) };
  }

  /**
   * Gives an entry up to the reconciler after `delayMs` (the outcome of a platform write is
   * unknown, or the platform could not be asked).
   */
  async release(id: string, owner: string, delayMs = 0): Promise<void> {
    await this.db
      .update(publishJournal)
      .set({ leaseOwner: null, leaseUntil: this.leaseFrom(this.clock.now(), delayMs) })
      .where(this.held(id, owner));
  }

  /**
   * Ends a pending entry as failed (only its lease holder can). With `platformNow`, the video
   * row takes what the platform shows and is flagged as changed on the platform.
   */
  async fail(
    id: string,
    owner: string,
    outcome: Exclude<PublishOutcome, 'published' | 'partial'>,
    platformNow?: PlatformVideo,
  ): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(publishJournal)
        .set({ status: 'failed', outcome, leaseOwner: null, updatedAt: now })
        .where(this.held(id, owner))
        .returning();
      if (!row) return false;
      if (platformNow)
        await tx
          .update(videos)
          .set({
            ...metadataOf(platformNow),
            thumbnails: platformNow.thumbnails,
            platformChangedAt: now,
            scoredAt: null,
          })
          .where(eq(videos.id, row.videoId));
      return true;
    });
  }

  /**
   * Takes over a pending entry whose lease ran out, for `owner`, counting the attempt. Null when
   * it is finished or still held (a live process is working on it).
   */
  async takeOver(id: string, owner: string): Promise<JournalEntry | null> {
    const now = this.clock.now();
    const [row] = await this.db
      .update(publishJournal)
      .set({
        leaseOwner: owner,
        leaseUntil: this.leaseFrom(now),
        attempts: sql`${publishJournal.attempts} + 1`,
      })
      .where(
        and(
          eq(publishJournal.id, id),
          eq(publishJournal.status, 'pending'),
          lte(publishJournal.leaseUntil, now),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Ids of pending entries whose lease ran out, oldest lease first. */
  async due(limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: publishJournal.id })
      .from(publishJournal)
      .where(
        and(eq(publishJournal.status, 'pending'), lte(publishJournal.leaseUntil, this.clock.now())),
      )
      .orderBy(asc(publishJournal.leaseUntil))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** When the next pending entry's lease runs out (null when nothing is pending). */
  async nextExpiry(): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: min(publishJournal.leaseUntil) })
      .from(publishJournal)
      .where(eq(publishJournal.status, 'pending'));
    return row?.at ?? null;
  }

  /** The history row of a completed entry (same id). */
  async historyRow(id: string): Promise<PublishRow | null> {
    const row = await this.db.query.videoPublishes.findFirst({ where: eq(videoPublishes.id, id) });
    return row ?? null;
  }

  /**
   * Earlier attempts of the same request (same video and key) whose videos.update was sent and
   * that a reconciler then found not applied (or could not check), newest first: their write may
   * have landed after the reconciler looked.
   */
  async unconfirmedAttempts(entry: JournalEntry): Promise<JournalEntry[]> {
    return this.db
      .select()
      .from(publishJournal)
      .where(
        and(
          eq(publishJournal.videoId, entry.videoId),
          eq(publishJournal.idempotencyKey, entry.idempotencyKey),
          ne(publishJournal.id, entry.id),
          eq(publishJournal.status, 'failed'),
          eq(publishJournal.step, 'updating'),
          inArray(publishJournal.outcome, ['not-applied', 'unverified']),
          gt(publishJournal.attempts, 0),
        ),
      )
      .orderBy(desc(publishJournal.createdAt));
  }

  /**
   * Completes an entry in one transaction: the journal, the history row (same id), the video
   * row as a publish leaves it, and the draft published from, unless someone changed it since.
   * Whoever completes first wins; a second completion returns the history row already there.
   * A live request may complete an entry a reconciler marked failed: it has the platform's own
   * answer, which beats a reading taken while the write was still in flight — unless a retry of
   * the request (same key) has claimed the key since: the entry then stays failed and the retry's
   * entry is returned (it wrote the same, and the history records the publish once).
   */
  async complete(entry: JournalEntry, done: Completion): Promise<Completed> {
    // Only an entry a reconciler failed can meet a retry holding its key (the key index refuses).
    for (let attempt = 1; ; attempt++) {
      try {
        return { record: await this.db.transaction((tx) => this.completeIn(tx, entry, done)) };
      } catch (error) {
        if (!isUniqueViolation(error) || attempt === 3) throw error;
        const retry = await this.findByKey(entry.videoId, entry.idempotencyKey);
        if (retry && retry.id !== entry.id) return { retry };
        // The retry failed meanwhile and freed the key: try again.
      }
    }
  }

  /**
   * Records `earlier`, an attempt of the same request that a reconciler found not applied but
   * that landed after all, in place of the retry `entry` (which found nothing left to write): in
   * one transaction the retry fails (freeing the key) and the earlier attempt completes. Null
   * when `owner` no longer holds the retry.
   */
  async adopt(
    entry: JournalEntry,
    owner: string,
    earlier: JournalEntry,
    done: Completion,
  ): Promise<PublishRow | null> {
    return this.db.transaction(async (tx) => {
      const [held] = await tx
        .update(publishJournal)
        .set({
          status: 'failed',
          outcome: 'nothing-to-publish',
          leaseOwner: null,
          updatedAt: this.clock.now(),
        })
        .where(this.held(entry.id, owner))
        .returning({ id: publishJournal.id });
      if (!held) return null;
      return this.completeIn(tx, earlier, done);
    });
  }

  private async completeIn(tx: Tx, entry: JournalEntry, done: Completion): Promise<PublishRow> {
    const now = this.clock.now();
    const [row] = await tx
      .update(publishJournal)
      .set({
        status: 'completed',
        outcome: done.outcome,
        before: done.before,
        after: done.after,
        quotaUnits: done.quotaUnits,
        // A retry with the same key answers why the thumbnail did not go.
        ...(done.outcome === 'partial' && done.refusal ? { thumbnailRefusal: done.refusal } : {}),
        leaseOwner: null,
        updatedAt: now,
      })
      .where(and(eq(publishJournal.id, entry.id), ne(publishJournal.status, 'completed')))
      .returning();
    if (!row) {
      const existing = await tx.query.videoPublishes.findFirst({
        where: eq(videoPublishes.id, entry.id),
      });
      if (!existing) throw new Error(`Publish ${entry.id} is completed without history`);
      return existing;
    }
    const [history] = await tx
      .insert(videoPublishes)
      .values({
        id: entry.id,
        videoId: entry.videoId,
        channelId: entry.channelId,
        userId: entry.userId,
        userName: entry.userName,
        before: done.before,
        after: done.after,
        thumbnailChanged: done.thumbnailChanged,
        thumbnailBeforeId: done.thumbnailChanged ? (done.thumbnailBeforeId ?? null) : null,
        restoresId: entry.restoresId,
        quotaUnits: done.quotaUnits,
        createdAt: done.at,
      })
      .returning();
    const shown = done.platformNow ?? done.after;
    await tx
      .update(videos)
      .set({
        ...metadataOf(shown),
        ...(done.thumbnails && Object.keys(done.thumbnails).length
          ? { thumbnails: done.thumbnails }
          : {}),
        ...(entry.searchTerm ? { searchTerm: entry.searchTerm } : {}),
        lastPublishedAt: done.at,
        platformChangedAt: done.platformNow ? now : null,
        scoredAt: null,
      })
      .where(eq(videos.id, entry.videoId));
    // A partial publish keeps the draft: its thumbnail still has to go.
    if (done.outcome === 'published' && entry.draftRevision !== null)
      await tx
        .delete(videoDrafts)
        .where(
          and(
            eq(videoDrafts.videoId, entry.videoId),
            eq(videoDrafts.revision, entry.draftRevision),
          ),
        );
    return history!;
  }

  /** Deletes finished entries older than JOURNAL_RETENTION_MS; returns how many. */
  async purgeFinished(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - JOURNAL_RETENTION_MS);
    const rows = await this.db
      .delete(publishJournal)
      .where(and(ne(publishJournal.status, 'pending'), lt(publishJournal.updatedAt, cutoff)))
      .returning({ id: publishJournal.id });
    return rows.length;
  }
}
