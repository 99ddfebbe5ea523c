/**
 * E-mail holds secret links: they never reach the logs, a delivered secret link does not stay
 * readable in the outbox, and every body is erased after the retention.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { channelMembers, channels, emailOutbox } from '../../db/schema/index.ts';
import { jobDefinitions } from '../../jobs/definitions.ts';
import { readableText, startSmtp, type Received } from '../../testing/smtp.ts';
import {
  createTestApp,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import {
  MAIL_BODY_RETENTION_HOURS,
  MAIL_RECORD_RETENTION_DAYS,
  MAIL_STRANDED_AFTER_MINUTES,
  MailService,
  type MailMessage,
} from './mail.service.ts';

/** The distinct tokens of the set-password links in a text (text and HTML parts). */
function tokensIn(text: string): string[] {
  const all = [...text.matchAll(/\/set-password\?token=([\w%-]+)/g)];
  return [...new Set(all.map((m) => decodeURIComponent(m[1]!)))];
}

/** Waits (up to 20 s) until `check` holds. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The outbox rows to one address, oldest first. */
async function outboxTo(t: TestApp, to: string) {
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** POST JSON as the test client, optionally signed in. */
function post(t: TestApp, url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
}

/** A channel owned by `ownerId`, for invitations. */
async function ownedChannel(t: TestApp, ownerId: string, youtubeId: string) {
  const [channel] = await t.database.db
    .insert(channels)
    .values({ youtubeId, name: 'Camp Kitchen' })
    .returning();
  await t.database.db
    .insert(channelMembers)
    .values({ channelId: channel!.id, userId: ownerId, role: 'owner' });
  return channel!.id;
}

describe.each(testBackends())('mail through SMTP: logs and delivered bodies (%s)', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const logLines: string[] = [];
  let ownerCookie: string;
  let channelId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    const logger = pino({ level: 'trace' }, { write: (line: string) => logLines.push(line) });
    t = await createTestApp(backend, {
      env: { SMTP_URL: smtp.url },
      logger,
      // Delivery through the real mail.deliver job, as in production.
      jobs: true,
    });
    const ownerId = await t.createUser('owner@example.com');
    await t.createUser('rosa@example.com');
    await t.createUser('known@example.com');
    ownerCookie = await t.login('owner@example.com', TEST_PASSWORD);
    channelId = await ownedChannel(t, ownerId, 'UCmailtestaaaaaaaaaaaaaa');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** The message delivered to `to`. */
  const delivered = (to: string): Promise<Received> =>
    until(`an e-mail to ${to}`, () => smtp.inbox.find((m) => m.to.includes(to)));

  it('never logs a reset or invitation link; only the recipient domain and the subject', async () => {
    expect((await post(t, '/api/users/forget', { email: 'rosa@example.com' })).statusCode).toBe(
      200,
    );
    const invited = await post(
      t,
      `/api/channels/${channelId}/members`,
      { email: 'newcomer@example.com' },
      ownerCookie,
    );
    expect(invited.statusCode).toBe(201);
    const tokens = [
      ...tokensIn(readableText((await delivered('rosa@example.com')).raw)),
      ...tokensIn(readableText((await delivered('newcomer@example.com')).raw)),
    ];
    expect(tokens).toHaveLength(2);
    // The delivery is logged once it is recorded, just after the SMTP server got the message.
    await until('the delivery log', () =>
      logLines.some((l) => l.includes('"msg":"E-mail delivered"') && l.includes('Reset your'))
        ? true
        : undefined,
    );
    const log = logLines.join('\n');
    for (const token of tokens) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
    }
    expect(log).not.toContain('/set-password?token=');
    expect(log).not.toContain('rosa@example.com');
    const entries = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ toDomain: 'example.com', subject: 'Reset your Tubewise password' }),
    );
  });

  it('erases a secret link from the outbox as soon as it is delivered', async () => {
    expect((await post(t, '/api/users/forget', { email: 'known@example.com' })).statusCode).toBe(
      200,
    );
    const mail = await delivered('known@example.com');
    // The recipient got the link…
    expect(tokensIn(readableText(mail.raw))).toHaveLength(1);
    // …and the outbox keeps only the envelope.
    const row = await until('the delivery to be recorded', async () => {
      const [r] = await outboxTo(t, 'known@example.com');
      return r?.sentAt ? r : undefined;
    });
    expect(row).toMatchObject({
      subject: 'Reset your Tubewise password',
      sensitive: true,
      text: '',
      html: '',
      listUnsubscribe: null,
      attempts: 1,
    });
    expect(row.bodyErasedAt).not.toBeNull();
    expect(JSON.stringify(await outboxTo(t, 'known@example.com'))).not.toContain('token=');
  });

  it('keeps the body of a message without a secret link until the retention', async () => {
    // Someone who already has a password gets a plain "shared with you" notice.
    const invited = await post(
      t,
      `/api/channels/${channelId}/members`,
      { email: 'known@example.com' },
      ownerCookie,
    );
    expect(invited.statusCode).toBe(201);
    const row = await until('the notice to be delivered', async () => {
      const rows = await outboxTo(t, 'known@example.com');
      const notice = rows.find((r) => r.subject.includes('shared'));
      return notice?.sentAt ? notice : undefined;
    });
    expect(row.sensitive).toBe(false);
    expect(row.bodyErasedAt).toBeNull();
    expect(row.text).toContain('/login');
  });
});

describe.each(testBackends())('mail without SMTP: logs and retention (%s)', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new TestClock();
  const logLines: string[] = [];
  let outbox: MailService;
  let smtpMail: MailService;

  beforeAll(async () => {
    smtp = await startSmtp();
    const logger = pino({ level: 'trace' }, { write: (line: string) => logLines.push(line) });
    t = await createTestApp(backend, { clock, logger });
    outbox = t.services.mail;
    smtpMail = new MailService(t.database.db, pino({ level: 'silent' }), {
      smtpUrl: smtp.url,
      from: 'Tubewise <no-reply@tubewise.test>',
      clock,
    });
  });
  afterAll(async () => {
    smtpMail?.close();
    await t?.close();
    await smtp?.stop();
  });

  const message = (to: string, extra: Partial<MailMessage> = {}): MailMessage => ({
    to,
    subject: `Hello ${to}`,
    text: `Body for ${to}: http://localhost/set-password?token=secret-${to}`,
    html: `<p>Body for ${to}</p>`,
    ...extra,
  });

  it('erases bodies a retention after delivery or writing, and forgets messages later', async () => {
    expect(outbox.delivery).toBe('outbox');
    // Without SMTP (the dev mailbox) nothing is delivered: the body stays for the retention.
    await outbox.send(message('kept@example.com', { sensitive: true }));
    // Delivered without a secret link: kept for the retention after delivery.
    clock.advance(3600);
    await smtpMail.send(message('plain@example.com', { listUnsubscribe: 'http://x/u?token=1' }));
    const [kept] = await outboxTo(t, 'kept@example.com');
    const [plain] = await outboxTo(t, 'plain@example.com');
    expect(kept!.sentAt).toBeNull();
    expect(kept!.text).toContain('token=secret');
    expect(plain!.sentAt).not.toBeNull();

    clock.advance(MAIL_BODY_RETENTION_HOURS * 3600 - 3600 - 60);
    expect(await outbox.purge()).toEqual({ erased: 0, deleted: 0 });
    clock.advance(120);
    expect(await outbox.purge()).toEqual({ erased: 1, deleted: 0 });
    expect((await outboxTo(t, 'kept@example.com'))[0]).toMatchObject({ text: '', html: '' });
    expect((await outboxTo(t, 'plain@example.com'))[0]!.bodyErasedAt).toBeNull();
    clock.advance(3600);
    expect(await outbox.purge()).toEqual({ erased: 1, deleted: 0 });
    expect((await outboxTo(t, 'plain@example.com'))[0]).toMatchObject({
      text: '',
      html: '',
      listUnsubscribe: null,
    });

    clock.advance(MAIL_RECORD_RETENTION_DAYS * 86_400);
    expect(await outbox.purge()).toEqual({ erased: 0, deleted: 2 });
    expect(await outboxTo(t, 'kept@example.com')).toEqual([]);
  });

  it('never delivers a message whose body the retention erased', async () => {
    const stuck = new MailService(t.database.db, pino({ level: 'silent' }), {
      smtpUrl: smtp.url,
      from: 'Tubewise <no-reply@tubewise.test>',
      clock,
    });
    // Scheduled, but the delivery job never ran (SMTP down for longer than the retention).
    stuck.setDeliveryScheduler(async () => {});
    await stuck.send(message('late@example.com'));
    clock.advance(MAIL_BODY_RETENTION_HOURS * 3600 + 60);
    await outbox.purge();
    const [row] = await outboxTo(t, 'late@example.com');
    await stuck.deliver(row!.id);
    stuck.close();
    expect(smtp.inbox.filter((m) => m.to.includes('late@example.com'))).toEqual([]);
    expect((await outboxTo(t, 'late@example.com'))[0]!.sentAt).toBeNull();
  });

  it('delivers a message whose scheduling was lost, once, after MAIL_STRANDED_AFTER_MINUTES', async () => {
    const sweeper = new MailService(t.database.db, pino({ level: 'silent' }), {
      smtpUrl: smtp.url,
      from: 'Tubewise <no-reply@tubewise.test>',
      clock,
    });
    try {
      // Written (say, in the transaction of the change that sends it), then the process died.
      const id = await sweeper.write(message('stranded@example.com'));
      const received = () => smtp.inbox.filter((m) => m.to.includes('stranded@example.com'));
      clock.advance(MAIL_STRANDED_AFTER_MINUTES * 60 - 30);
      expect(await sweeper.redeliverStranded()).toBe(0);
      clock.advance(60);
      // The sweep (delivering at once: no job queue here) and a late delivery job together:
      // one of them sends; the other stops with an error, so its job would look again later.
      const settled = await Promise.allSettled([sweeper.redeliverStranded(), sweeper.deliver(id!)]);
      expect(settled.filter((r) => r.status === 'rejected').length).toBeLessThanOrEqual(1);
      await until('the stranded e-mail', () => (received().length > 0 ? true : undefined));
      const [row] = await outboxTo(t, 'stranded@example.com');
      expect(row).toMatchObject({ attempts: 1 });
      expect(row!.sentAt).not.toBeNull();
      expect(await sweeper.redeliverStranded()).toBe(0);
      await sweeper.deliver(id!);
      expect(received()).toHaveLength(1);

      // A message a delivery already tried (and failed) is the job's to retry, not the sweep's.
      const tried = await sweeper.write(message('tried@example.com'));
      await t.database.db
        .update(emailOutbox)
        .set({ attempts: 1, lastError: 'connection refused' })
        .where(eq(emailOutbox.id, tried!));
      clock.advance(MAIL_STRANDED_AFTER_MINUTES * 60 + 60);
      expect(await sweeper.redeliverStranded()).toBe(0);
    } finally {
      sweeper.close();
    }
  });

  it('sweeps stranded messages every few minutes as a job', () => {
    const definitions = jobDefinitions({ mail: outbox } as Parameters<typeof jobDefinitions>[0]);
    expect(definitions.redeliverMail.schedule?.cron).toBe('*/5 * * * *');
  });

  it('runs the purge hourly as a job', async () => {
    const definitions = jobDefinitions({ mail: outbox } as Parameters<typeof jobDefinitions>[0]);
    expect(definitions.purgeMail.schedule?.cron).toMatch(/^\d+ \* \* \* \*$/);
    await outbox.send(message('job@example.com'));
    clock.advance(MAIL_BODY_RETENTION_HOURS * 3600 + 60);
    await definitions.purgeMail.handler({}, {} as never);
    expect((await outboxTo(t, 'job@example.com'))[0]!.bodyErasedAt).not.toBeNull();
  });

  it('never logs the link of a message kept in the outbox (the dev mailbox)', async () => {
    await t.createUser('uma@example.com');
    expect((await post(t, '/api/users/forget', { email: 'uma@example.com' })).statusCode).toBe(200);
    const row = await until(
      'the reset e-mail',
      async () => (await outboxTo(t, 'uma@example.com'))[0],
    );
    const [token] = tokensIn(row.text);
    expect(token).toBeDefined();
    const log = logLines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain('/set-password?token=');
    expect(log).not.toContain('uma@example.com');
    const entries = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ outboxId: row.id, toDomain: 'example.com' }),
    );
  });
});

describe.each(testBackends())('mail disabled (%s)', (backend) => {
  it('stores and sends nothing, logs no address, and says so at start', async () => {
    const lines: string[] = [];
    const t = await createTestApp(backend, {
      env: { MAIL_DISABLED: 'true' },
      logger: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }),
    });
    try {
      await t.createUser('quiet@example.com');
      const known = await post(t, '/api/users/forget', { email: 'quiet@example.com' });
      const unknown = await post(t, '/api/users/forget', { email: 'nobody@example.com' });
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.json()).toEqual(unknown.json());
      expect(await t.database.db.select().from(emailOutbox)).toEqual([]);
      expect(t.services.mail.startupWarning()).toMatch(/MAIL_DISABLED=true: no e-mail/);
      expect(lines.join('\n')).not.toContain('quiet@example.com');
    } finally {
      await t.close();
    }
  });
});
