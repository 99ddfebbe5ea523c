import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailDelivery } from '../../config/config.ts';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';

/**
 * How long a message body stays in the outbox after delivery (or after it was written, when it
 * is never delivered: the dev mailbox, or a delivery that gave up). Long enough to answer "what
 * did that e-mail say?" the same day; secret links expire within an hour anyway.
 */
export const MAIL_BODY_RETENTION_HOURS = 24;
/** How long the outbox keeps a message's envelope (recipient, subject, delivery state). */
export const MAIL_RECORD_RETENTION_DAYS = 30;

/** An e-mail to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where to unsubscribe from a recurring e-mail (sent as the List-Unsubscribe header). */
  listUnsubscribe?: string | null;
  /**
   * The message carries a secret link (password reset, set-password, unsubscribe token): its
   * body is erased from the outbox as soon as it is delivered. The e-mail builders set it.
   */
  sensitive?: boolean;
  /**
   * The row itself is deleted once delivered, recipient included (the goodbye e-mail of a
   * deleted account). Without SMTP it stays in the outbox until the retention removes it.
   */
  forgetAfterDelivery?: boolean;
}

/** A message as stored in the outbox (and shown by the dev mailbox). */
export type OutboxMessage = typeof emailOutbox.$inferSelect;

/** Schedules delivery of an outbox message; the job system implements it. */
export type ScheduleDelivery = (outboxId: string) => Promise<void>;

/** What one purge did. */
export interface MailPurgeResult {
  /** Messages whose body was erased. */
  erased: number;
  /** Messages removed altogether (older than MAIL_RECORD_RETENTION_DAYS). */
  deleted: number;
}

/** The part of an address that may be logged: its domain, never the person. */
function recipientDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** The columns that hold a message's content, emptied when the body is erased. */
const erasedBody = (at: Date) => ({ text: '', html: '', listUnsubscribe: null, bodyErasedAt: at });

/**
 * Every message is first written to the outbox table (so an acknowledged request never loses
 * its e-mail), then delivered over SMTP by a job. Without SMTP the outbox is the dev mailbox;
 * with MAIL_DISABLED nothing is written or sent. Logs never carry a body: e-mails hold
 * password-reset and invitation links, and logs are kept longer and read by more people.
 */
export class MailService {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly from: string;
  private readonly clock: Clock;
  private readonly transport: Transporter | null;
  /** Where messages go: SMTP, the outbox only, or nowhere. */
  readonly delivery: MailDelivery;
  private scheduleDelivery: ScheduleDelivery | null = null;
  constructor(
    db: Db,
    log: Logger,
    options: { smtpUrl?: string; from: string; disabled?: boolean; clock?: Clock },
  ) {
    this.db = db;
    this.log = log;
    this.from = options.from;
    this.clock = options.clock ?? systemClock;
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.delivery = this.transport ? 'smtp' : options.disabled ? 'disabled' : 'outbox';
  }

  /** What an operator must know at start about e-mail that will not arrive, or null. */
  startupWarning(): string | null {
    if (this.delivery === 'disabled') {
      return 'MAIL_DISABLED=true: no e-mail will be sent (password resets, invitations and the weekly ideas reach nobody)';
    }
    if (this.delivery === 'outbox') {
      return 'No SMTP_URL: e-mails are kept in the outbox and never delivered';
    }
    return null;
  }

  /** Connects the job that delivers outbox messages. */
  setDeliveryScheduler(schedule: ScheduleDelivery): void {
    this.scheduleDelivery = schedule;
  }

  /** Stores a message and schedules its delivery. */
  async send(message: MailMessage): Promise<void> {
    const logged = { toDomain: recipientDomain(message.to), subject: message.subject };
    if (this.delivery === 'disabled') {
      this.log.info(logged, 'E-mail not sent: MAIL_DISABLED');
      return;
    }
    const [row] = await this.db
      .insert(emailOutbox)
      .values({
        ...message,
        sensitive: message.sensitive ?? false,
        forgetAfterDelivery: message.forgetAfterDelivery ?? false,
        createdAt: this.clock.now(),
      })
      .returning({ id: emailOutbox.id });
    const outboxId = row!.id;
    if (!this.transport) {
      this.log.info({ ...logged, outboxId }, 'E-mail kept in the outbox (no SMTP_URL)');
      return;
    }
    if (this.scheduleDelivery) await this.scheduleDelivery(outboxId);
    else await this.deliver(outboxId);
  }

  /** Delivers one outbox message over SMTP; throws so the job retries on failure. */
  async deliver(outboxId: string): Promise<void> {
    if (!this.transport) return;
    const message = await this.db.query.emailOutbox.findFirst({
      where: eq(emailOutbox.id, outboxId),
    });
    // A body erased by the retention before delivery succeeded is not sent empty.
    if (!message || message.sentAt || message.bodyErasedAt) return;
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.listUnsubscribe ? { list: { unsubscribe: message.listUnsubscribe } } : {}),
      });
      const now = this.clock.now();
      if (message.forgetAfterDelivery) {
        await this.db.delete(emailOutbox).where(eq(emailOutbox.id, outboxId));
        this.log.info(
          { outboxId, toDomain: recipientDomain(message.to), subject: message.subject },
          'E-mail delivered and forgotten',
        );
        return;
      }
      await this.db
        .update(emailOutbox)
        .set({
          sentAt: now,
          attempts: sql`${emailOutbox.attempts} + 1`,
          lastError: null,
          // A delivered secret link lives in the recipient's mailbox only.
          ...(message.sensitive ? erasedBody(now) : {}),
        })
        .where(eq(emailOutbox.id, outboxId));
      this.log.info(
        { outboxId, toDomain: recipientDomain(message.to), subject: message.subject },
        'E-mail delivered',
      );
    } catch (error) {
      await this.db
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError: String(error) })
        .where(eq(emailOutbox.id, outboxId));
      throw error;
    }
  }

  /**
   * Applies the retention: erases the bodies of messages delivered (or, undelivered, written)
   * more than MAIL_BODY_RETENTION_HOURS ago, and removes messages older than
   * MAIL_RECORD_RETENTION_DAYS.
   */
  async purge(): Promise<MailPurgeResult> {
    const now = this.clock.now();
    const bodyCutoff = new Date(now.getTime() - MAIL_BODY_RETENTION_HOURS * 3_600_000);
    const recordCutoff = new Date(now.getTime() - MAIL_RECORD_RETENTION_DAYS * 86_400_000);
    const erased = await this.db
      .update(emailOutbox)
      .set(erasedBody(now))
      .where(
        and(
          isNull(emailOutbox.bodyErasedAt),
          // sent_at is never before created_at: this first test narrows to the partial index.
          lt(emailOutbox.createdAt, bodyCutoff),
          sql`coalesce(${emailOutbox.sentAt}, ${emailOutbox.createdAt}) < ${bodyCutoff.toISOString()}`,
        ),
      )
      .returning({ id: emailOutbox.id });
    const deleted = await this.db
      .delete(emailOutbox)
      .where(lt(emailOutbox.createdAt, recordCutoff))
      .returning({ id: emailOutbox.id });
    return { erased: erased.length, deleted: deleted.length };
  }

  /** The most recent messages, newest first (dev mailbox). */
  async recent(limit = 50): Promise<OutboxMessage[]> {
    return this.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
  }

  /** One stored message (dev mailbox). */
  async get(id: string): Promise<OutboxMessage | undefined> {
    return this.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
  }

  /** Closes the SMTP connection pool. */
  close(): void {
    this.transport?.close();
  }
}
