import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
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
/**
 * A message written this long ago that nobody tried to deliver was stranded (its process died
 * before scheduling it). Far above the queue's usual delay, so a busy queue is not doubled.
 */
export const MAIL_STRANDED_AFTER_MINUTES = 10;
/**
 * How long one delivery holds a message: nodemailer's socket timeout (10 minutes), so a slow
 * send is never doubled; a crashed sender's claim runs out then and the job's retry sends it.
 */
const DELIVERY_CLAIM_MS = 10 * 60_000;
/** Stranded messages one sweep schedules at most (the next sweep continues). */
const STRANDED_BATCH = 200;

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
    const outboxId = await this.write(message);
    if (outboxId) await this.dispatch(outboxId);
  }

  /**
   * Stores a message in the outbox through `db` without scheduling it: with a transaction, the
   * message commits (or not) with the change that sends it. Call `dispatch` after the commit; a
   * message whose dispatch was lost (a crash between the two) is found by `redeliverStranded`.
   * Returns the outbox id, or null when mail is disabled.
   */
  async write(message: MailMessage, db: Db = this.db): Promise<string | null> {
    return (await this.writeAll([message], db))[0] ?? null;
  }

  /** `write` for many messages in one statement (a job's batch); their outbox ids, in order. */
  async writeAll(messages: MailMessage[], db: Db = this.db): Promise<string[]> {
    const logged = (m: MailMessage) => ({ toDomain: recipientDomain(m.to), subject: m.subject });
    if (this.delivery === 'disabled') {
      for (const m of messages) this.log.info(logged(m), 'E-mail not sent: MAIL_DISABLED');
      return [];
    }
    if (messages.length === 0) return [];
    const now = this.clock.now();
    const rows = await db
      .insert(emailOutbox)
      .values(
        messages.map((m) => ({
          ...m,
          sensitive: m.sensitive ?? false,
          forgetAfterDelivery: m.forgetAfterDelivery ?? false,
          createdAt: now,
        })),
      )
      .returning({ id: emailOutbox.id });
    if (!this.transport) {
      rows.forEach((row, i) =>
        this.log.info(
          { ...logged(messages[i]!), outboxId: row.id },
          'E-mail kept in the outbox (no SMTP_URL)',
        ),
      );
    }
    return rows.map((r) => r.id);
  }

  /** Schedules the delivery of a stored message (nothing without SMTP: the outbox keeps it). */
  async dispatch(outboxId: string): Promise<void> {
    if (!this.transport) return;
    if (this.scheduleDelivery) await this.scheduleDelivery(outboxId);
    else await this.deliver(outboxId);
  }

  /**
   * Schedules the messages nobody ever tried to deliver, written more than
   * MAIL_STRANDED_AFTER_MINUTES ago (a process that died between writing a message and
   * scheduling it); a message tried twice at once is still sent once (`deliver` claims it).
   * Returns how many were scheduled.
   */
  async redeliverStranded(): Promise<number> {
    if (!this.transport) return 0;
    const now = this.clock.now().getTime();
    const stranded = await this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          isNull(emailOutbox.bodyErasedAt),
          eq(emailOutbox.attempts, 0),
          lt(emailOutbox.createdAt, new Date(now - MAIL_STRANDED_AFTER_MINUTES * 60_000)),
          // Older ones are past the body retention anyway: the purge erases them unsent.
          gt(emailOutbox.createdAt, new Date(now - MAIL_BODY_RETENTION_HOURS * 3_600_000)),
        ),
      )
      .orderBy(asc(emailOutbox.createdAt))
      .limit(STRANDED_BATCH);
    for (const { id } of stranded) await this.dispatch(id);
    if (stranded.length > 0) {
      this.log.warn({ count: stranded.length }, 'Scheduled e-mails whose delivery was never tried');
    }
    return stranded.length;
  }

  /** Delivers one outbox message over SMTP; throws so the job retries on failure. */
  async deliver(outboxId: string): Promise<void> {
    if (!this.transport) return;
    const message = await this.db.query.emailOutbox.findFirst({
      where: eq(emailOutbox.id, outboxId),
    });
    // A body erased by the retention before delivery succeeded is not sent empty.
    if (!message || message.sentAt || message.bodyErasedAt) return;
    // Claims the message for this try (and counts it): while a delivery holds the claim, any
    // other (a retry, the stranded-mail sweep) stops here, so the message is sent once.
    const claimAt = this.clock.now();
    const until = new Date(claimAt.getTime() + DELIVERY_CLAIM_MS);
    const claimed = await this.db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        deliveryClaimedUntil: until,
      })
      .where(
        and(
          eq(emailOutbox.id, outboxId),
          isNull(emailOutbox.sentAt),
          or(
            isNull(emailOutbox.deliveryClaimedUntil),
            lt(emailOutbox.deliveryClaimedUntil, claimAt),
          ),
        ),
      )
      .returning({ id: emailOutbox.id });
    if (claimed.length === 0) {
      const current = await this.db.query.emailOutbox.findFirst({
        where: eq(emailOutbox.id, outboxId),
        columns: { sentAt: true },
      });
      if (!current || current.sentAt) return;
      // Another delivery is sending it, or died doing so: the job's retry looks again once
      // that claim has run out, so the message is not left unsent.
      throw new Error('The e-mail is being delivered by another worker; retrying later');
    }
    const ownClaim = and(eq(emailOutbox.id, outboxId), eq(emailOutbox.deliveryClaimedUntil, until));
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.listUnsubscribe ? { list: { unsubscribe: message.listUnsubscribe } } : {}),
      });
    } catch (error) {
      // Not sent: the claim goes (the job's retry may try at once), unless it ran out and
      // another delivery holds the message now.
      await this.db
        .update(emailOutbox)
        .set({ lastError: String(error), deliveryClaimedUntil: null })
        .where(ownClaim);
      throw error;
    }
    // Sent: from here a failure keeps the claim, so no retry sends it again while it lasts.
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
        lastError: null,
        deliveryClaimedUntil: null,
        // A delivered secret link lives in the recipient's mailbox only.
        ...(message.sensitive ? erasedBody(now) : {}),
      })
      .where(eq(emailOutbox.id, outboxId));
    this.log.info(
      { outboxId, toDomain: recipientDomain(message.to), subject: message.subject },
      'E-mail delivered',
    );
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
