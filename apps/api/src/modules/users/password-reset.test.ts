import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableText, startSmtp, type Received } from '../../testing/smtp.ts';
import pino from 'pino';
import { eq, sql } from 'drizzle-orm';
import { emailOutbox, passwordTokens } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { DEFAULT_AUTH_LIMITS } from './users.service.ts';

/** The reset token in a message's link. */
function tokenFrom(text: string): string {
  const match = /\/set-password\?token=([\w%-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(match[1]!);
}

/** Waits (up to 20 s) until a message to `to` arrives beyond the first `seen`. */
async function waitForMail(inbox: Received[], to: string, seen = 0): Promise<Received> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mine = inbox.filter((m) => m.to.includes(to));
    if (mine.length > seen) return mine[seen]!;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the job worker has handled every queued reset request: the request is answered
 * before anyone looks the address up, so what it leads to shows only afterwards.
 */
async function resetRequestsHandled(t: TestApp): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'users.password-reset' and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error('reset requests still queued after 20 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testBackends())('password reset through real SMTP (%s)', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new TestClock();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(backend, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tubewise <no-reply@tubewise.test>' },
      jobs: true,
      clock,
      authLimits: {
        ...DEFAULT_AUTH_LIMITS,
        resetAccount: { max: 2, windowSeconds: 3600 },
        resetIp: { max: 3, windowSeconds: 3600 },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  let ipCounter = 0;
  /** Each call comes from its own IP unless told, so the per-IP limit only bites where tested. */
  const forget = (email: string, ip = `10.1.0.${++ipCounter}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/forget',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email }),
    });
  const setPassword = (token: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/set-password',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ token, password }),
    });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode;
  const loginStatus = async (email: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password }),
      })
    ).statusCode;

  it('mails a link that sets a new password once and signs out every old session', async () => {
    await t.createUser('rosa@example.com');
    const laptop = await t.login('rosa@example.com', TEST_PASSWORD);
    const phone = await t.login('rosa@example.com', TEST_PASSWORD);

    const res = await forget('Rosa@Example.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const mail = await waitForMail(smtp.inbox, 'rosa@example.com');
    expect(mail.from).toBe('no-reply@tubewise.test');
    const text = readableText(mail.raw);
    expect(text).toMatch(/Subject: Reset your Tubewise password/);
    const token = tokenFrom(text);
    expect(text).toContain(`${t.config.publicUrl}/set-password?token=`);
    // Only a keyed hash of the token is stored.
    const stored = await t.database.db.select().from(passwordTokens);
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await setPassword(token, 'a brand new passphrase', laptop);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true });
    // The browser that used the link has its session cookies cleared, and is now a known
    // device of the account (sign-in-limits.test.ts).
    const cookies = done.cookies as { name: string; value: string }[];
    expect(
      cookies
        .filter((c) => c.value === '')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['tw_refresh', 'tw_session']);
    expect(cookies.find((c) => c.name === 'tw_device')?.value).toBeTruthy();
    expect(await me(laptop)).toBe(401);
    expect(await me(phone)).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/users/refresh-token',
      headers: { cookie: phone, 'content-type': 'application/json' },
    });
    expect(refresh.statusCode).toBe(401);

    expect(await loginStatus('rosa@example.com', TEST_PASSWORD)).toBe(401);
    expect(await loginStatus('rosa@example.com', 'a brand new passphrase')).toBe(200);

    const again = await setPassword(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid-token');
    expect(await loginStatus('rosa@example.com', 'a brand new passphrase')).toBe(200);

    // The outbox records the delivery.
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'rosa@example.com'));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.attempts).toBe(1);
  });

  it('keeps the link usable after a refused common password, and refuses it after one hour', async () => {
    await t.createUser('sven@example.com');
    expect((await forget('sven@example.com')).statusCode).toBe(200);
    const token = tokenFrom(readableText((await waitForMail(smtp.inbox, 'sven@example.com')).raw));

    const weak = await setPassword(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak-password');
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('validation-failed');

    clock.advance(3601);
    const expired = await setPassword(token, 'a perfectly fine passphrase');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid-token');
    expect(await loginStatus('sven@example.com', TEST_PASSWORD)).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const unknown = await forget('nobody-here@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true });
    // Once the queued request is handled, an empty outbox means no mail was sent.
    await resetRequestsHandled(t);
    const rows = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'nobody-here@example.com'));
    expect(rows).toEqual([]);
    expect(smtp.inbox.filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
    const invalid = await setPassword('made-up-token', 'a perfectly fine passphrase');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('invalid-token');
  });

  it('limits reset mails per account silently, and requests per IP with 429', async () => {
    await t.createUser('tara@example.com');
    for (let i = 0; i < 3; i++) expect((await forget('tara@example.com')).statusCode).toBe(200);
    await resetRequestsHandled(t);
    const rows = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'tara@example.com'));
    expect(rows).toHaveLength(2);

    const ip = '10.1.9.9';
    for (let i = 0; i < 3; i++)
      expect((await forget(`x${i}@example.com`, ip)).statusCode).toBe(200);
    const limited = await forget('tara@example.com', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The window ends: the same IP may ask again.
    clock.advance(3601);
    expect((await forget('nobody@example.com', ip)).statusCode).toBe(200);
  });

  it('has no dev mailbox when SMTP is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    const config = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(config.json().devMailbox).toBe(false);
  });
});

describe.each(testBackends())('password reset without SMTP: the dev mailbox (%s)', (backend) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
    t = await createTestApp(backend, { logger });
    await t.createUser('uma@example.com');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
  /** Requests a reset link and reads its token from the outbox. */
  const resetToken = async (email: string) => {
    expect((await post('/api/users/forget', { email })).statusCode).toBe(200);
    // Handled after the answer (in this process: the test app runs no job worker).
    await t.services.users.settled();
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    return tokenFrom(newest.text);
  };

  it('voids every other outstanding link once the password is set or changed', async () => {
    await t.createUser('vic@example.com');
    const first = await resetToken('vic@example.com');
    const second = await resetToken('vic@example.com');
    expect(second).not.toBe(first);
    const used = await post('/api/users/set-password', {
      token: first,
      password: 'the first new passphrase',
    });
    expect(used.statusCode).toBe(200);
    const stale = await post('/api/users/set-password', {
      token: second,
      password: 'someone else passphrase',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('invalid-token');

    // A password change while signed in voids a link mailed before it, too.
    const third = await resetToken('vic@example.com');
    const cookie = await t.login('vic@example.com', 'the first new passphrase');
    const changed = await post(
      '/api/users/update-password',
      { currentPassword: 'the first new passphrase', newPassword: 'the second new passphrase' },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    const late = await post('/api/users/set-password', {
      token: third,
      password: 'someone else passphrase',
    });
    expect(late.statusCode).toBe(400);
    await t.login('vic@example.com', 'the second new passphrase');
  });

  it('stores the message in the outbox and shows it with its link at /dev/mailbox', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/forget',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'uma@example.com' }),
    });
    expect(res.statusCode).toBe(200);
    await t.services.users.settled();
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'uma@example.com'));
    expect(row).toBeDefined();
    expect(row!.sentAt).toBeNull();

    // The embedded default shows the mailbox to a signed-in person only (mailbox.test.ts).
    const cookie = await t.login('uma@example.com', TEST_PASSWORD);
    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body).toContain('Reset your Tubewise password');
    expect(list.body).toContain(`/dev/mailbox/${row!.id}`);

    // The link is never logged: logs outlive the link and are read by more people.
    expect(logLines.join('\n')).not.toContain(tokenFrom(row!.text));

    const page = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${row!.id}`,
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    const token = tokenFrom(page.body.replace(/&amp;/g, '&'));
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/users/set-password',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token, password: 'a dev mailbox passphrase' }),
    });
    expect(set.statusCode).toBe(200);
    // Setting the password signed every session out: sign in again.
    const fresh = await t.login('uma@example.com', 'a dev mailbox passphrase');

    const missing = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox/00000000-0000-4000-8000-000000000000',
      headers: { cookie: fresh },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not-found');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox/not-a-uuid',
      headers: { cookie: fresh },
    });
    expect(bad.statusCode).toBe(400);
    const config = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(config.json().devMailbox).toBe(true);
  });
});
