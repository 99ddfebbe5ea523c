import { desc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

/** An e-mail to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where to unsubscribe from a recurring e-mail (sent as the List-Unsubscribe header). */
  listUnsubscribe?: string | null;
}

/** A message as stored in the outbox (and shown by the dev mailbox). */
export type OutboxMessage = typeof emailOutbox.$inferSelect;

/** Schedules delivery of an outbox message; the job system implements it. */
export type ScheduleDelivery = (outboxId: string) => Promise<void>;

/**
 * Every message is first written to the outbox table (so an acknowledged request never loses
 * its e-mail), then delivered over SMTP by a job. Without SMTP the outbox is the dev mailbox.
 */
export class MailService {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly from: string;
  private readonly transport: Transporter | null;
  private scheduleDelivery: ScheduleDelivery | null = null;
  constructor(db: Db, log: Logger, options: { smtpUrl?: string; from: string }) {
    this.db = db;
    this.log = log;
    this.from = options.from;
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  /** Whether real SMTP delivery is configured. */
  get smtpEnabled(): boolean {
    return this.transport !== null;
  }

  /** Connects the job that delivers outbox messages. */
  setDeliveryScheduler(schedule: ScheduleDelivery): void {
    this.scheduleDelivery = schedule;
  }

  /** Stores a message and schedules its delivery. */
  async send(message: MailMessage): Promise<void> {
    const [row] = await this.db
      .insert(emailOutbox)
      .values(message)
      .returning({ id: emailOutbox.id });
    if (!this.transport) {
      this.log.info(
        { to: message.to, subject: message.subject, text: message.text },
        'E-mail stored in the dev mailbox (no SMTP_URL): open /dev/mailbox',
      );
      return;
    }
    if (this.scheduleDelivery) await this.scheduleDelivery(row!.id);
    else await this.deliver(row!.id);
  }

  /** Delivers one outbox message over SMTP; throws so the job retries on failure. */
  async deliver(outboxId: string): Promise<void> {
    if (!this.transport) return;
    const message = await this.db.query.emailOutbox.findFirst({
      where: eq(emailOutbox.id, outboxId),
    });
    if (!message || message.sentAt) return;
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.listUnsubscribe ? { list: { unsubscribe: message.listUnsubscribe } } : {}),
      });
      await this.db
        .update(emailOutbox)
        .set({ sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
        .where(eq(emailOutbox.id, outboxId));
    } catch (error) {
      await this.db
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError: String(error) })
        .where(eq(emailOutbox.id, outboxId));
      throw error;
    }
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
