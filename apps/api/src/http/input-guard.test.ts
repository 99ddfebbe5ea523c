import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { LightMyRequestResponse } from 'fastify';
import { errorEnvelope } from '@tubewise/contract';
import { createTestApp, testBackends, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';

/**
 * The reproductions of "no 500 from anything a client can send" as the attackers sent them;
 * security.fuzz.test.ts covers every field of every route the same way.
 */
describe.each(testBackends())('input guard (%s)', (backend) => {
  let t: TestApp;
  let cookie: string;
  const errorLogs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend, {
      logger: pino({ level: 'error' }, { write: (line: string) => void errorLogs.push(line) }),
    });
    await t.createUser('guarded@example.com');
    cookie = await t.login('guarded@example.com', TEST_PASSWORD);
  });
  afterAll(() => t?.close());

  const expectRefused = (res: LightMyRequestResponse, code: string, path?: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const { error } = errorEnvelope.parse(res.json());
    expect(error.code).toBe(code);
    expect(error.requestId).toBe(res.headers['x-request-id']);
    if (path) expect(error.issues?.map((i) => i.path)).toContain(path);
  };
  const post = (url: string, payload: string, withCookie = true) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(withCookie ? { cookie } : {}) },
      payload,
    });

  it('answers a NUL in the signed-out channel search with 400 naming the field, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/yt/api/public/channels/search?q=%00' });
    expectRefused(res, 'validation-failed', 'querystring.q');
    expect(res.json().error.message).toContain('U+0000');
  });

  it('refuses NUL, other controls and lone surrogates in JSON bodies, naming the field', async () => {
    // JSON allows "\u0000" and "\ud800" escapes; PostgreSQL holds neither.
    for (const [payload, path] of [
      ['{"email":"a@example.com","password":"x\\u0000y"}', 'body.password'],
      ['{"email":"a@example.com","password":"\\ud800"}', 'body.password'],
      ['{"email":"a@example.com","password":"bell\\u0007"}', 'body.password'],
    ] as const) {
      expectRefused(await post('/api/users/login', payload, false), 'validation-failed', path);
    }
    const seeds = JSON.stringify({ channelId: 'c-1', seeds: ['fine', 'x\u0000', '\udc00'] });
    const res = await post('/api/ideas/discover', seeds);
    expectRefused(res, 'validation-failed', 'body.seeds.1');
    expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain('body.seeds.2');
    // Keys of free-form objects reach jsonb too.
    const event = JSON.stringify({
      url: '/',
      title: 't',
      anonymousId: 'a',
      data: { 'k\u0000': 1 },
    });
    expectRefused(
      await post('/api/users/event/page', event, false),
      'validation-failed',
      'body.data',
    );
  });

  it('keeps tab, newlines, emoji, BOM and bidi characters', async () => {
    const res = await post(
      '/api/users/event/page',
      JSON.stringify({ url: '/\uFEFF', title: 'a\tb\r\nc 😀 \u202E', anonymousId: 'a' }),
      false,
    );
    expect(res.statusCode).toBe(202);
  });

  it('checks the session before the text: signed-out callers of auth routes get 401', async () => {
    const res = await post('/api/ideas/discover', '{"channelId":"\\u0000","seeds":["x"]}', false);
    expect(res.statusCode).toBe(401);
  });

  it('answers malformed percent-encoding in a path with the 400 envelope', async () => {
    for (const bad of ['%E0%A4%A', '%ED%A0%80', '%C0%80', '%FF']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/ideas/saved/${bad}/script`,
        headers: { cookie },
      });
      expectRefused(res, 'bad-request');
    }
    const nul = await t.app.inject({
      method: 'GET',
      url: '/api/ideas/saved/%00/script',
      headers: { cookie },
    });
    expectRefused(nul, 'validation-failed', 'params.id');
  });

  it('accepts path parameters as long as the contract allows (a 254-character e-mail)', async () => {
    const email = `${'m'.repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/channels/00000000-0000-4000-8000-000000000001/members/${encodeURIComponent(email)}`,
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404); // no such channel: the route ran, the router did not refuse
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/ideas/saved/${'x'.repeat(300)}/script`,
      headers: { cookie },
    });
    expectRefused(tooLong, 'bad-request');
  });

  it('logged no error (a refused input is not our failure)', () => {
    expect(errorLogs).toEqual([]);
  });
});
