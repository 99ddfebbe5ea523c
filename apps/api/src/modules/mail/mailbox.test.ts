/**
 * The dev mailbox is not a way into other people's accounts: it exists only in the embedded
 * default (for signed-in people) or behind DEV_MAILBOX=true, always for this machine only, and
 * every refusal looks exactly like a route that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { emailOutbox } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  type TestApp,
  TEST_PRODUCTION_STRIPE_ENV,
} from '../../testing/test-app.ts';

const REMOTE = '203.0.113.5';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The reset token in a message's link. */
function tokenFrom(text: string): string {
  const match = /\/set-password\?token=([\w%-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(match[1]!);
}

/** Asks for a reset link for `email`. */
async function forget(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/forget',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email }),
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ success: true });
}

/** The newest outbox message to `to`, waiting for it (the request may write it in the background). */
async function newestMail(t: TestApp, to: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    if (rows.length) return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GET with optional cookie, peer address and extra headers. */
function get(
  t: TestApp,
  url: string,
  options: { cookie?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const request: InjectOptions = {
    method: 'GET',
    url,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
  return t.app.inject(request);
}

/** Expects exactly the answer of a route that does not exist (as for any unknown path). */
async function expectNoRoute(t: TestApp, res: Awaited<ReturnType<typeof get>>) {
  const unknown = await get(t, '/dev/no-such-page');
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
  const { requestId, ...error } = res.json().error;
  expect(requestId).toEqual(expect.any(String));
  const path = new URL(res.raw.req.url!, 'http://x').pathname;
  expect(error).toEqual({ code: 'not-found', message: `No route for GET ${path}` });
  expect(unknown.json().error.message).toBe('No route for GET /dev/no-such-page');
}

describe.each(testBackends())('dev mailbox in the embedded default (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.createUser('victim@example.com');
    await t.createUser('developer@example.com');
  });
  afterAll(() => t.close());

  it('refuses a signed-out reader: no account takeover through a reset link', async () => {
    await forget(t, 'victim@example.com');
    const message = await newestMail(t, 'victim@example.com');
    // The attacker's path: read the victim's link from the mailbox, signed out.
    await expectNoRoute(t, await get(t, '/dev/mailbox'));
    await expectNoRoute(t, await get(t, `/dev/mailbox/${message.id}`));
    // Refused before validation: a malformed id does not reveal the route either.
    await expectNoRoute(t, await get(t, '/dev/mailbox/not-a-uuid'));
    const head = await t.app.inject({ method: 'HEAD', url: '/dev/mailbox' });
    expect(head.statusCode).toBe(404);
  });

  it('shows every message to a signed-in person on this machine', async () => {
    await forget(t, 'victim@example.com');
    const message = await newestMail(t, 'victim@example.com');
    const cookie = await t.login('developer@example.com', 'correct horse battery staple');
    const list = await get(t, '/dev/mailbox', { cookie });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain(`/dev/mailbox/${message.id}`);
    const page = await get(t, `/dev/mailbox/${message.id}`, { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(tokenFrom(page.body.replace(/&amp;/g, '&'))).toBe(tokenFrom(message.text));

    const missing = await get(t, `/dev/mailbox/${MISSING_ID}`, { cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not-found');
    expect((await get(t, '/dev/mailbox/not-a-uuid', { cookie })).statusCode).toBe(400);
    const config = await get(t, '/api/public/config');
    expect(config.json().devMailbox).toBe(true);
  });

  it('refuses a signed-in person who is not on this machine, or comes through a proxy', async () => {
    const cookie = await t.login('developer@example.com', 'correct horse battery staple');
    await expectNoRoute(t, await get(t, '/dev/mailbox', { cookie, remoteAddress: REMOTE }));
    await expectNoRoute(
      t,
      await get(t, `/dev/mailbox/${MISSING_ID}`, { cookie, remoteAddress: REMOTE }),
    );
    // X-Forwarded-For never makes a request local; a proxy on loopback relays strangers.
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of proxied) {
      await expectNoRoute(t, await get(t, '/dev/mailbox', { cookie, headers }));
    }
    // DNS rebinding: a page of another site, its name re-pointed at 127.0.0.1, arrives from
    // loopback under its own name.
    for (const host of ['rebind.attacker.example:3000', 'localhost.attacker.example']) {
      await expectNoRoute(t, await get(t, '/dev/mailbox', { cookie, headers: { host } }));
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await get(t, '/dev/mailbox', { cookie, headers: { host } })).statusCode).toBe(200);
    }
    expect((await get(t, '/dev/mailbox', { cookie, remoteAddress: '::1' })).statusCode).toBe(200);
    expect(
      (await get(t, '/dev/mailbox', { cookie, remoteAddress: '::ffff:127.0.0.1' })).statusCode,
    ).toBe(200);
  });
});

describe.each(testBackends())('dev mailbox behind DEV_MAILBOX=true (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { DEV_MAILBOX: 'true' } });
    await t.createUser('reader@example.com');
  });
  afterAll(() => t.close());

  it('shows mail to a signed-out caller on this machine only', async () => {
    await forget(t, 'reader@example.com');
    const message = await newestMail(t, 'reader@example.com');
    const page = await get(t, `/dev/mailbox/${message.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/set-password?token=');
    await expectNoRoute(t, await get(t, '/dev/mailbox', { remoteAddress: REMOTE }));
    await expectNoRoute(t, await get(t, `/dev/mailbox/${message.id}`, { remoteAddress: REMOTE }));
  });
});

describe.each(testBackends())('no dev mailbox outside the embedded default (%s)', (backend) => {
  it('does not exist with DATABASE_URL and production, and mail is not kept', async () => {
    const t = await createTestApp(backend, {
      env: {
        NODE_ENV: 'production',
        ...TEST_PRODUCTION_STRIPE_ENV,
        // The test passes its own database; this only makes the config non-embedded.
        DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
        SESSION_SECRET: 's'.repeat(40),
        ENCRYPTION_KEY: 'ab'.repeat(32),
        MAIL_DISABLED: 'true',
      },
    });
    try {
      await t.createUser('victim@example.com');
      await forget(t, 'victim@example.com');
      await forget(t, 'nobody@example.com');
      await expectNoRoute(t, await get(t, '/dev/mailbox'));
      const cookie = await t.login('victim@example.com', 'correct horse battery staple');
      await expectNoRoute(t, await get(t, '/dev/mailbox', { cookie }));
      expect(t.routes.some((r) => r.url.startsWith('/dev/'))).toBe(false);
      expect((await get(t, '/api/public/config')).json().devMailbox).toBe(false);
      expect(await t.database.db.select().from(emailOutbox)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('does not exist with DATABASE_URL outside production either, unless asked for', async () => {
    const t = await createTestApp(backend, {
      env: { DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused' },
    });
    try {
      await t.createUser('dev@example.com');
      const cookie = await t.login('dev@example.com', 'correct horse battery staple');
      await expectNoRoute(t, await get(t, '/dev/mailbox', { cookie }));
      // The message is still written: it waits in the outbox, undelivered.
      await forget(t, 'dev@example.com');
      expect((await newestMail(t, 'dev@example.com')).sentAt).toBeNull();
    } finally {
      await t.close();
    }
  });
});
