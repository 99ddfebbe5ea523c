// The trial's e-mails through the real app on PGlite and PostgreSQL: three days before the end
// and once it ended, each once, never to an account with a plan, never for a trial long gone.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_PLANS } from '@tubewise/contract/billing-constants';
import { billingSubscriptions, emailOutbox, users } from '../../db/schema/index.ts';
import { createTestApp, testBackends, TestClock, type TestApp } from '../../testing/test-app.ts';

const DAY_S = 86_400;

describe.each(testBackends())('trial e-mails (%s)', (backend) => {
  let t: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    clock = new TestClock(Date.parse('2026-11-02T09:00:00Z'));
    t = await createTestApp(backend, { clock, env: { TRIAL_DAYS: '14' } });
  });
  afterAll(() => t?.close());

  const mailTo = (emails: string[]) =>
    t.database.db
      .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, emails));

  it('reminds three days before the end and says when it ended, once each', async () => {
    await t.createUser('trial-fresh@example.com');
    const subscribed = await t.createUser('trial-paid@example.com');
    const stale = await t.createUser('trial-stale@example.com');
    const all = ['trial-fresh@example.com', 'trial-paid@example.com', 'trial-stale@example.com'];
    await t.database.db.insert(billingSubscriptions).values({
      userId: subscribed,
      stripeCustomerId: 'cus_trial_paid',
      stripeSubscriptionId: 'sub_trial_paid',
      priceId: PAID_PLANS[0]!.stripePriceIds.month,
      planId: 'creator',
      interval: 'month',
      status: 'active',
      stripeStateAt: Date.now(),
    });
    // A trial that ended a month ago (the job was not running then): no late "ended" mail.
    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(clock.now().getTime() - 30 * DAY_S * 1000) })
      .where(eq(users.id, stale));

    expect(await t.services.trialMails.run()).toEqual({ reminders: 0, ended: 0 });

    clock.advance(11 * DAY_S + 60);
    expect(await t.services.trialMails.run()).toEqual({ reminders: 1, ended: 0 });
    expect(await t.services.trialMails.run()).toEqual({ reminders: 0, ended: 0 });
    let mails = await mailTo(all);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('trial-fresh@example.com');
    expect(mails[0]!.subject).toMatch(/trial ends on November 16, 2026/);
    expect(mails[0]!.text).toContain('/settings/account#billing');

    clock.advance(3 * DAY_S);
    expect(await t.services.trialMails.run()).toEqual({ reminders: 0, ended: 1 });
    expect(await t.services.trialMails.run()).toEqual({ reminders: 0, ended: 0 });
    mails = await mailTo(all);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        'Your Tubewise trial has ended',
        'Your Tubewise trial ends on November 16, 2026 (UTC)',
      ].sort(),
    );
    expect(mails.every((m) => m.to === 'trial-fresh@example.com')).toBe(true);
  });

  it('claims nobody when an e-mail cannot be written: claims and mails commit together', async () => {
    const emails = ['trial-atomic-0@example.com', 'trial-atomic-1@example.com'];
    for (const email of emails) await t.createUser(email);
    clock.advance(12 * DAY_S);
    const mail = t.services.mail;
    const writeAll = mail.writeAll.bind(mail);
    // The messages are written (in the transaction), then the run fails before its commit.
    mail.writeAll = async (messages, db) => {
      await writeAll(messages, db);
      throw new Error('outbox write failed');
    };
    try {
      await expect(t.services.trialMails.run()).rejects.toThrow('outbox write failed');
    } finally {
      mail.writeAll = writeAll;
    }
    expect(await mailTo(emails)).toEqual([]);
    const claimed = await t.database.db
      .select({ at: users.trialReminderSentAt })
      .from(users)
      .where(inArray(users.email, emails));
    expect(claimed.map((r) => r.at)).toEqual([null, null]);
    // The next run sends both.
    expect((await t.services.trialMails.run()).reminders).toBe(2);
    expect(await mailTo(emails)).toHaveLength(2);
  });

  it('runs both at once on many workers without sending anything twice', async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `trial-many-${i}@example.com`);
    for (const email of emails) await t.createUser(email);
    clock.advance(12 * DAY_S);
    const runs = await Promise.all(Array.from({ length: 4 }, () => t.services.trialMails.run()));
    expect(runs.reduce((n, r) => n + r.reminders, 0)).toBe(emails.length);
    expect(await mailTo(emails)).toHaveLength(emails.length);
  });
});
