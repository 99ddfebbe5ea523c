/**
 * What a development aid must not give away in the real server: the mounted emulator's control
 * routes (revoke grants, read state) and build artefacts of the web app.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREATOR, s256 } from '@tubewise/emulator';
import { EMULATOR_CLIENT } from '../config/config.ts';
import { OAUTH_CALLBACK_PATH } from '../modules/channels/index.ts';
import {
  createTestApp,
  testBackends,
  type TestApp,
  TEST_PRODUCTION_STRIPE_ENV,
} from '../testing/test-app.ts';

const REMOTE = '203.0.113.5';
const SCOPES = [
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/yt-analytics.readonly',
];

/** The emulator's consent URL as the product builds it, with a fresh PKCE verifier. */
function consentParams(t: TestApp) {
  const verifier = randomBytes(48).toString('base64url');
  const params = new URLSearchParams({
    client_id: EMULATOR_CLIENT.id,
    redirect_uri: `${t.config.publicUrl}${OAUTH_CALLBACK_PATH}`,
    response_type: 'code',
    scope: SCOPES.join(' '),
    state: 'state-1',
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    access_type: 'offline',
    prompt: 'consent',
  });
  return { params, verifier };
}

/** POSTs a form to the emulator's token endpoint, as the server's OAuth client does. */
function tokenRequest(t: TestApp, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/emulator/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: EMULATOR_CLIENT.id,
      client_secret: EMULATOR_CLIENT.secret,
      ...fields,
    }).toString(),
  });
}

describe.each(testBackends())('the mounted emulator (%s)', (backend) => {
  let t: TestApp;
  let refreshToken: string;
  beforeAll(async () => {
    t = await createTestApp(backend, { emulator: true });
    // A person connects the demo channel: the consent form is posted from the emulator's own
    // page (same origin), then the server exchanges the code.
    const { params, verifier } = consentParams(t);
    const chooser = await t.app.inject({ url: `/emulator/o/oauth2/v2/auth?${params}` });
    expect(chooser.statusCode).toBe(200);
    const form = new URLSearchParams(params);
    form.set('authuser', DEMO_ACCOUNT_CREATOR.id);
    form.set('channel', 'UCtw0demo00000000000001');
    for (const scope of SCOPES) form.append('granted_scope', scope);
    form.set('decision', 'allow');
    const decided = await t.app.inject({
      method: 'POST',
      url: '/emulator/o/oauth2/v2/auth',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(t.config.publicUrl).origin,
        'sec-fetch-site': 'same-origin',
      },
      payload: form.toString(),
    });
    expect(decided.statusCode).toBe(302);
    const code = new URL(String(decided.headers.location)).searchParams.get('code')!;
    const exchanged = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${t.config.publicUrl}${OAUTH_CALLBACK_PATH}`,
      code_verifier: verifier,
    });
    expect(exchanged.statusCode).toBe(200);
    refreshToken = exchanged.json().refresh_token;
  });
  afterAll(() => t.close());

  const grantAlive = async () =>
    (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken }))
      .statusCode === 200;

  it('refuses a cross-site form POST to revoke, and the grant stays intact', async () => {
    const attack = await t.app.inject({
      method: 'POST',
      url: '/emulator/_emulator/revoke',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: `account=${DEMO_ACCOUNT_CREATOR.id}`,
    });
    expect(attack.statusCode).toBe(403);
    expect(attack.json().error.code).toBe('cross-origin');
    // Older browsers send only Origin; a form without either is no JSON control request.
    const originOnly = await t.app.inject({
      method: 'POST',
      url: '/emulator/_emulator/revoke',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: `account=${DEMO_ACCOUNT_CREATOR.id}`,
    });
    expect(originOnly.statusCode).toBe(403);
    const bareForm = await t.app.inject({
      method: 'POST',
      url: '/emulator/_emulator/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=${DEMO_ACCOUNT_CREATOR.id}`,
    });
    expect(bareForm.statusCode).toBe(415);
    expect(await grantAlive()).toBe(true);
    // The rest of the emulator is origin-checked as well.
    const crossToken = await t.app.inject({
      method: 'POST',
      url: '/emulator/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'grant_type=refresh_token',
    });
    expect(crossToken.statusCode).toBe(403);
  });

  it('does not show its state or take control requests from another machine', async () => {
    for (const url of ['/emulator/_emulator/state', '/emulator/_emulator/quota']) {
      const remote = await t.app.inject({ url, remoteAddress: REMOTE });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain(DEMO_ACCOUNT_CREATOR.email);
      const proxied = await t.app.inject({ url, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(proxied.statusCode, url).toBe(404);
    }
    const remoteRevoke = await t.app.inject({
      method: 'POST',
      url: '/emulator/_emulator/revoke',
      remoteAddress: REMOTE,
      payload: { account: DEMO_ACCOUNT_CREATOR.id },
    });
    expect(remoteRevoke.statusCode).toBe(404);
    expect(await grantAlive()).toBe(true);
    // A test process on this machine still steers it.
    const local = await t.app.inject({ url: '/emulator/_emulator/state' });
    expect(local.statusCode).toBe(200);
    expect(local.json().accounts[0].email).toBe(DEMO_ACCOUNT_CREATOR.email);
  });
});

describe.each(testBackends())('a production server (%s)', (backend) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'tw-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'bundle-report.json'), '{"routes":[]}');
    writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{}');
    t = await createTestApp(backend, {
      emulator: true,
      webDist,
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
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('has no emulator control routes, even for this machine', async () => {
    expect(t.routes.some((r) => r.url.startsWith('/emulator/_emulator'))).toBe(false);
    expect((await t.app.inject({ url: '/emulator/_emulator/state' })).statusCode).toBe(404);
  });

  it('serves the web app but not its build reports', async () => {
    expect((await t.app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
    for (const url of ['/bundle-report.json', '/.vite/manifest.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('routes');
    }
  });
});
