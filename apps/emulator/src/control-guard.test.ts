// The control endpoints answer a test process on this machine only: never another machine, a
// proxied request, or a page of another site (a local developer's browser is a loopback peer).
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREATOR } from './accounts.ts';
import type { Emulator } from './emulator.ts';
import { authorize, startEmulator, tokenRequest } from './testing/harness.ts';

const REMOTE = '203.0.113.5';

describe('control endpoint guard', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let refreshToken: string;

  beforeEach(async () => {
    ({ app, emulator } = await startEmulator());
    refreshToken = (await authorize(app)).refresh_token;
  });

  /** Whether the grant still yields access tokens. */
  const grantAlive = async () =>
    (
      await tokenRequest(app, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'tubewise-emulator-client',
        client_secret: 'tubewise-emulator-secret',
      })
    ).status === 200;

  const revokeForm = (headers: Record<string, string>, extra: Partial<InjectOptions> = {}) =>
    app.inject({
      method: 'POST',
      url: '/emulator/_emulator/revoke',
      payload: new URLSearchParams({ account: DEMO_ACCOUNT_CREATOR.id }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      ...extra,
    });

  it('refuses a cross-site form that would revoke the grant', async () => {
    const crossSite = await revokeForm({
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error).toBe('cross-origin');
    // A sibling site, or a browser that sends only Origin, is refused too.
    expect((await revokeForm({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await revokeForm({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await revokeForm({ origin: 'null' })).statusCode).toBe(403);
    // Without any browser header, a form is still no control request: writes are JSON only.
    expect((await revokeForm({})).statusCode).toBe(415);
    expect(await grantAlive()).toBe(true);

    // The same request as JSON from a test process does revoke (the guard is what stopped it).
    const json = await app.inject({
      method: 'POST',
      url: '/emulator/_emulator/revoke',
      payload: { account: DEMO_ACCOUNT_CREATOR.id },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ revoked: 1 });
    expect(await grantAlive()).toBe(false);
  });

  it('answers another machine, or a proxied request, as if the routes did not exist', async () => {
    const unknown = await app.inject({ url: '/emulator/_emulator/nothing-here' });
    for (const request of [
      { url: '/emulator/_emulator/state', remoteAddress: REMOTE },
      { url: '/emulator/_emulator/quota', remoteAddress: REMOTE },
      { url: '/emulator/_emulator/state', headers: { 'x-forwarded-for': '198.51.100.7' } },
      { url: '/emulator/_emulator/state', headers: { forwarded: 'for=198.51.100.7' } },
      // DNS rebinding: another site's name re-pointed at 127.0.0.1 reaches us from loopback.
      { url: '/emulator/_emulator/state', headers: { host: 'rebind.attacker.example:3000' } },
      { url: '/emulator/_emulator/quota', headers: { host: 'localhost.attacker.example' } },
      {
        method: 'POST' as const,
        url: '/emulator/_emulator/revoke',
        remoteAddress: REMOTE,
        payload: { account: DEMO_ACCOUNT_CREATOR.id },
      },
    ]) {
      const res = await app.inject(request);
      expect(res.statusCode, request.url).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    expect(await grantAlive()).toBe(true);
  });

  it('serves a test process on this machine, and a page of its own origin', async () => {
    const state = await app.inject({ url: '/emulator/_emulator/state' });
    expect(state.statusCode).toBe(200);
    expect(state.json().channels).toBeGreaterThan(0);
    const typed = await app.inject({
      url: '/emulator/_emulator/state',
      headers: { 'sec-fetch-site': 'none' },
      remoteAddress: '::1',
    });
    expect(typed.statusCode).toBe(200);
    for (const host of ['127.0.0.1:3000', '[::1]:3000', 'LOCALHOST']) {
      const named = await app.inject({ url: '/emulator/_emulator/state', headers: { host } });
      expect(named.statusCode, host).toBe(200);
    }
    const own = await app.inject({
      method: 'POST',
      url: '/emulator/_emulator/latency',
      headers: { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
      payload: { ms: 0 },
    });
    expect(own.statusCode).toBe(200);
  });

  it('leaves the rest of the emulator alone: API calls from anywhere, consent forms', async () => {
    // The harness walked the consent form and exchanged the code as an ordinary peer would.
    expect(await grantAlive()).toBe(true);
    const remote = await app.inject({
      url: '/emulator/youtube/v3/i18nLanguages?part=snippet',
      remoteAddress: REMOTE,
      headers: { authorization: 'Bearer nope' },
    });
    expect(remote.statusCode).toBe(401);
  });

  it('has no control endpoints at all when turned off', async () => {
    const off = await startEmulator({ controlRoutes: false });
    expect((await off.app.inject({ url: '/emulator/_emulator/state' })).statusCode).toBe(404);
    const post = await off.app.inject({
      method: 'POST',
      url: '/emulator/_emulator/revoke',
      payload: { account: DEMO_ACCOUNT_CREATOR.id },
    });
    expect(post.statusCode).toBe(404);
    expect(emulator.control.state().channels).toBeGreaterThan(0);
  });
});
