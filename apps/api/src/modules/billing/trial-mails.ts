/**
 * The trial's two e-mails: three days before it ends, and when it ended without a subscription.
 * Accounts are claimed with one guarded UPDATE and their mails written to the outbox in the same
 * transaction, so concurrent workers and reruns send each e-mail once, and a crash either keeps
 * both the claim and the mails or neither.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TRIAL_REMINDER_DAYS } from '@tubewise/contract/billing-constants';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailMessage, MailService } from '../mail/index.ts';
import { trialEndedEmail, trialEndingEmail } from './billing.emails.ts';
import { liveStatusesSql } from '../../lib/plan-gate.ts';

const DAY_MS = 86_400_000;
/** A trial that ended longer ago than this gets no "ended" mail (e.g. the job was down). */
const ENDED_MAIL_WINDOW_DAYS = 7;
/** Accounts one run mails at most (the next hourly run continues). */
const BATCH = 500;

interface Claimed {
  email: string;
  name: string;
  trialEndsAt: Date | string;
}

/** Sends the trial e-mails that are due. */
export class TrialMails {
  private readonly db: Db;
  private readonly mail: MailService;
  private readonly clock: Clock;
  private readonly productName: string;
  private readonly plansUrl: string;

  constructor(deps: {
    db: Db;
    mail: MailService;
    clock: Clock;
    productName: string;
    publicUrl: string;
  }) {
    this.db = deps.db;
    this.mail = deps.mail;
    this.clock = deps.clock;
    this.productName = deps.productName;
    this.plansUrl = `${deps.publicUrl}/settings/account#billing`;
  }

  /** Sends the due reminders and trial-ended e-mails; returns how many of each. */
  async run(): Promise<{ reminders: number; ended: number }> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const soon = new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS).toISOString();
    const oldest = new Date(now.getTime() - ENDED_MAIL_WINDOW_DAYS * DAY_MS).toISOString();
    const outboxIds: string[] = [];
    const counts = await this.db.transaction(async (tx) => {
      const mailClaimed = async (
        sentColumn: 'trial_reminder_sent_at' | 'trial_ended_sent_at',
        due: SQL,
        email: (input: ReturnType<TrialMails['input']>) => MailMessage,
      ): Promise<number> => {
        const column = sql.raw(sentColumn);
        const claimed = rowsOf<Claimed>(
          await tx.execute(sql`
            update users set ${column} = ${nowIso}::timestamptz
            where id in (
              select id from users
              where ${column} is null and password_hash is not null and ${due}
                and not exists (select 1 from billing_subscriptions s where s.user_id = users.id
                  and s.status in ${liveStatusesSql()} and s.plan_id is not null)
              limit ${BATCH} for update skip locked)
            returning email, name, trial_ends_at as "trialEndsAt"`),
        );
        outboxIds.push(
          ...(await this.mail.writeAll(
            claimed.map((user) => email(this.input(user))),
            tx,
          )),
        );
        return claimed.length;
      };
      return {
        reminders: await mailClaimed(
          'trial_reminder_sent_at',
          sql`trial_ends_at > ${nowIso}::timestamptz and trial_ends_at <= ${soon}::timestamptz`,
          trialEndingEmail,
        ),
        ended: await mailClaimed(
          'trial_ended_sent_at',
          sql`trial_ends_at <= ${nowIso}::timestamptz and trial_ends_at > ${oldest}::timestamptz`,
          trialEndedEmail,
        ),
      };
    });
    // After the commit: a delivery job must find its message. A crash before this leaves the
    // messages to the stranded-mail sweep (mail.redeliver).
    for (const id of outboxIds) await this.mail.dispatch(id);
    return counts;
  }

  private input(user: Claimed) {
    return {
      to: user.email,
      name: user.name,
      productName: this.productName,
      plansUrl: this.plansUrl,
      trialEndsAt: new Date(user.trialEndsAt),
    };
  }
}
