import { Readable } from 'node:stream';
import { and, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AccountExport } from '@tubewise/contract';
import { ACCOUNT_EXPORT_DAYS } from '@tubewise/contract/billing-constants';
import type { Db } from '../../db/client.ts';
import { accountExports, users, type AccountExportStatus } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MailService } from '../mail/index.ts';
import { RateLimitService, type Limit } from '../rate-limit/index.ts';
import { exportFailedEmail, exportReadyEmail } from './account.emails.ts';
import { ArchiveWriter, ExportTooLargeError, type ArchiveLimits } from './export-archive.ts';
import { writeAccountExport } from './export-contents.ts';

/** Exports a person may start per day (each reads the whole account). */
export const ACCOUNT_EXPORT_LIMIT: Limit = { max: 5, windowSeconds: 24 * 3600 };
/** An export still open this long after it was asked for is given up (its job was lost). */
export const EXPORT_STALE_MS = 60 * 60 * 1000;
/** Default caps of one archive: 200 MB stored, 1 GB of text written into it. */
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxBytes: 200 * 1024 * 1024,
  maxUncompressedBytes: 1024 * 1024 * 1024,
};
/** Failed and expired exports are listed this long, then deleted. */
export const EXPORT_RECORD_DAYS = 30;
/** How many exports the list shows. */
const LISTED = 10;
/** A download reads the stored archive in slices of this size. */
const DOWNLOAD_SLICE_BYTES = 1024 * 1024;
const OPEN: AccountExportStatus[] = ['pending', 'running'];

/** The path of an export's download (signed in; not a contract route: the answer is a ZIP). */
export const exportArchivePath = (exportId: string): string =>
  `/api/users/me/exports/${exportId}/archive`;
/** The route of the download, as registered. */
export const EXPORT_ARCHIVE_ROUTE = '/api/users/me/exports/:exportId/archive';

/** Queues the job that builds an export; the job system implements it. */
export type EnqueueExport = (exportId: string) => Promise<void>;

type ExportRow = Omit<typeof accountExports.$inferSelect, 'archive'>;
const listed = {
  id: accountExports.id,
  userId: accountExports.userId,
  status: accountExports.status,
  bytes: accountExports.bytes,
  error: accountExports.error,
  createdAt: accountExports.createdAt,
  startedAt: accountExports.startedAt,
  finishedAt: accountExports.finishedAt,
  expiresAt: accountExports.expiresAt,
};

/**
 * Exports of everything an account holds: asked for by the person, built by a job into a ZIP of
 * JSON and CSV files kept in the database (every process can serve it) for ACCOUNT_EXPORT_DAYS,
 * announced by e-mail with a link to the account page. One open export per person at a time,
 * and a few a day. Knows nothing of HTTP.
 */
export class AccountExportService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly mail: MailService;
  private readonly limits: RateLimitService;
  private readonly options: {
    publicUrl: string;
    productName: string;
    archive: ArchiveLimits;
    perDay: Limit;
  };
  private enqueue: EnqueueExport | null = null;
  /** Exports built in this process (no job system): awaited by settled(). */
  private readonly background = new Set<Promise<void>>();

  constructor(deps: {
    db: Db;
    clock: Clock;
    log: Logger;
    mail: MailService;
    limits: RateLimitService;
    publicUrl: string;
    productName: string;
    archive?: Partial<ArchiveLimits>;
    perDay?: Limit;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.log = deps.log;
    this.mail = deps.mail;
    this.limits = deps.limits;
    this.options = {
      publicUrl: deps.publicUrl,
      productName: deps.productName,
      archive: { ...DEFAULT_ARCHIVE_LIMITS, ...deps.archive },
      perDay: deps.perDay ?? ACCOUNT_EXPORT_LIMIT,
    };
  }

  /** Connects the job that builds exports (without one they are built in this process). */
  setEnqueue(enqueue: EnqueueExport): void {
    this.enqueue = enqueue;
  }

  /** The person's latest exports, newest first. */
  async list(userId: string): Promise<AccountExport[]> {
    const rows = await this.db
      .select(listed)
      .from(accountExports)
      .where(eq(accountExports.userId, userId))
      .orderBy(desc(accountExports.createdAt))
      .limit(LISTED);
    return rows.map((row) => this.present(row));
  }

  /**
   * Starts an export: 409 'export-in-progress' while another one is open, 429 past the day's
   * limit (a refused request does not count). The job is queued after the row is committed.
   */
  async request(userId: string): Promise<AccountExport> {
    await this.giveUpStale(userId);
    await this.refuseWhileOpen(userId);
    const key = `account-export:user:${userId}`;
    RateLimitService.assertAllowed(
      await this.limits.hit(key, this.options.perDay),
      'You have asked for several exports today. Please try again tomorrow.',
    );
    let row: ExportRow | undefined;
    try {
      row = await this.db.transaction(async (tx) => {
        // One open export per person, whatever the number of processes asking at once.
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtext(${`account-export:${userId}`}))`,
        );
        const [open] = await tx
          .select({ id: accountExports.id })
          .from(accountExports)
          .where(and(eq(accountExports.userId, userId), inArray(accountExports.status, OPEN)))
          .limit(1);
        if (open) return undefined;
        const [created] = await tx
          .insert(accountExports)
          .values({ userId, status: 'pending', createdAt: this.clock.now() })
          .returning(listed);
        return created;
      });
    } catch (error) {
      await this.limits.release(key);
      throw error;
    }
    if (!row) {
      await this.limits.release(key);
      throw inProgress();
    }
    try {
      await this.schedule(row.id);
    } catch (error) {
      // Not queued: it must not block the next request for an hour.
      await this.fail(row.id, 'Could not start the export. Please try again.');
      throw error;
    }
    return this.present(row);
  }

  /**
   * Builds an export (the job): claims it, writes the archive, stores it ready until
   * ACCOUNT_EXPORT_DAYS from now and mails the link. An account too large for an archive fails
   * at once with the reason; other errors are retried by the job system, and the last attempt
   * (`final`) marks it failed. An export deleted meanwhile (the account was) is left alone.
   */
  async run(exportId: string, options: { final: boolean }): Promise<void> {
    const [claimed] = await this.db
      .update(accountExports)
      .set({ status: 'running', startedAt: this.clock.now(), error: null })
      .where(and(eq(accountExports.id, exportId), inArray(accountExports.status, OPEN)))
      .returning({ userId: accountExports.userId });
    if (!claimed) return;
    const started = this.clock.now();
    let archive: Buffer;
    try {
      const writer = new ArchiveWriter(this.options.archive, started);
      await writeAccountExport(this.db, claimed.userId, writer, {
        productName: this.options.productName,
        now: started,
      });
      archive = writer.finish();
    } catch (error) {
      if (error instanceof ExportTooLargeError) {
        this.log.warn({ exportId }, 'Account export too large');
        await this.fail(
          exportId,
          `${error.message} Please contact support to receive your data another way.`,
          claimed.userId,
        );
        return;
      }
      this.log.error({ err: error, exportId, final: options.final }, 'Account export failed');
      if (options.final) {
        await this.fail(exportId, 'Something went wrong on our side.', claimed.userId);
        return;
      }
      throw error;
    }
    const finishedAt = this.clock.now();
    const expiresAt = new Date(finishedAt.getTime() + ACCOUNT_EXPORT_DAYS * 86_400_000);
    const [stored] = await this.db
      .update(accountExports)
      .set({ status: 'ready', archive, bytes: archive.length, finishedAt, expiresAt })
      .where(and(eq(accountExports.id, exportId), eq(accountExports.status, 'running')))
      .returning({ id: accountExports.id });
    if (!stored) return;
    this.log.info({ exportId, bytes: archive.length }, 'Account export ready');
    const to = await this.emailOf(claimed.userId);
    if (to) {
      await this.mail.send(
        exportReadyEmail({
          to,
          link: this.accountLink(exportId),
          productName: this.options.productName,
          expiresAt,
        }),
      );
    }
  }

  /**
   * The archive of one of the person's exports, read from the database in slices as it is sent.
   * 404 for an export that is not theirs (the same as one that does not exist), not ready, or
   * expired (each with its own message).
   */
  async archive(
    userId: string,
    exportId: string,
  ): Promise<{ fileName: string; bytes: number; stream: Readable }> {
    const notFound = new AppError('not-found', 'This export does not exist.');
    if (!isUuid(exportId)) throw notFound;
    const [row] = await this.db
      .select(listed)
      .from(accountExports)
      .where(and(eq(accountExports.id, exportId), eq(accountExports.userId, userId)));
    if (!row) throw notFound;
    const status = this.statusOf(row);
    if (status === 'expired')
      throw new AppError('not-found', 'This export has expired. Please ask for a new one.');
    if (status !== 'ready' || row.bytes === null)
      throw new AppError('not-found', 'This export is not ready.');
    const total = row.bytes;
    const db = this.db;
    async function* slices() {
      for (let offset = 0; offset < total; offset += DOWNLOAD_SLICE_BYTES) {
        const [slice] = await db
          .select({
            chunk:
              sql`substring(${accountExports.archive} from ${offset + 1} for ${DOWNLOAD_SLICE_BYTES})`.mapWith(
                accountExports.archive,
              ),
          })
          .from(accountExports)
          .where(eq(accountExports.id, exportId));
        // Purged or deleted while being sent: end the answer short (the ZIP is then invalid).
        if (!slice?.chunk || slice.chunk.length === 0) throw new Error('Export archive gone');
        yield slice.chunk as Buffer;
      }
    }
    const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
    return {
      fileName: `tubewise-export-${day}.zip`,
      bytes: total,
      stream: Readable.from(slices()),
    };
  }

  /**
   * Drops the archives of expired exports (status expired) and deletes the records of failed
   * and expired ones after EXPORT_RECORD_DAYS (run hourly by a job).
   */
  async purgeExpired(): Promise<{ expired: number; deleted: number }> {
    const now = this.clock.now();
    const expired = await this.db
      .update(accountExports)
      .set({ status: 'expired', archive: null })
      .where(and(eq(accountExports.status, 'ready'), lte(accountExports.expiresAt, now)))
      .returning({ id: accountExports.id });
    const deleted = await this.db
      .delete(accountExports)
      .where(
        and(
          inArray(accountExports.status, ['expired', 'failed']),
          lt(accountExports.createdAt, new Date(now.getTime() - EXPORT_RECORD_DAYS * 86_400_000)),
        ),
      )
      .returning({ id: accountExports.id });
    return { expired: expired.length, deleted: deleted.length };
  }

  /** Resolves once the exports built in this process are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private async schedule(exportId: string): Promise<void> {
    if (this.enqueue) {
      await this.enqueue(exportId);
      return;
    }
    const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run(exportId, { final: true }))
      .catch((error: unknown) => {
        this.log.error({ err: error, exportId }, 'Account export failed');
      })
      .finally(() => this.background.delete(work));
    this.background.add(work);
  }

  /** Gives up the person's exports left open too long (a job lost with its process). */
  private async giveUpStale(userId: string): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - EXPORT_STALE_MS);
    await this.db
      .update(accountExports)
      .set({ status: 'failed', error: 'Timed out.', finishedAt: this.clock.now() })
      .where(
        and(
          eq(accountExports.userId, userId),
          inArray(accountExports.status, OPEN),
          lt(accountExports.createdAt, cutoff),
        ),
      );
  }

  private async refuseWhileOpen(userId: string): Promise<void> {
    const [open] = await this.db
      .select({ id: accountExports.id })
      .from(accountExports)
      .where(and(eq(accountExports.userId, userId), inArray(accountExports.status, OPEN)))
      .limit(1);
    if (open) throw inProgress();
  }

  /** Marks an open export failed and, when the person is known, tells them by e-mail. */
  private async fail(exportId: string, reason: string, userId?: string): Promise<void> {
    const [failed] = await this.db
      .update(accountExports)
      .set({ status: 'failed', error: reason, finishedAt: this.clock.now() })
      .where(and(eq(accountExports.id, exportId), inArray(accountExports.status, OPEN)))
      .returning({ id: accountExports.id });
    if (!failed || !userId) return;
    const to = await this.emailOf(userId);
    if (to) {
      await this.mail.send(
        exportFailedEmail({
          to,
          link: this.accountLink(exportId),
          productName: this.options.productName,
          reason,
        }),
      );
    }
  }

  private async emailOf(userId: string): Promise<string | null> {
    const [user] = await this.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return user?.email ?? null;
  }

  private accountLink(exportId: string): string {
    return `${this.options.publicUrl}/settings/account?export=${encodeURIComponent(exportId)}`;
  }

  /** A ready export past its expiry counts as expired before the purge has run. */
  private statusOf(row: ExportRow): AccountExportStatus {
    if (row.status === 'ready' && row.expiresAt && row.expiresAt <= this.clock.now())
      return 'expired';
    return row.status;
  }

  private present(row: ExportRow): AccountExport {
    const status = this.statusOf(row);
    return {
      id: row.id,
      status,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      expiresAt: status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
      bytes: status === 'ready' ? row.bytes : null,
      downloadUrl: status === 'ready' ? exportArchivePath(row.id) : null,
    };
  }
}

function inProgress(): AppError {
  return new AppError(
    'export-in-progress',
    'An export is already being prepared. You will get an e-mail when it is ready.',
  );
}
