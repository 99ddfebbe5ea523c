// OAuth 2.0: consent page, PKCE code exchange, single-use codes, refresh, revocation, scopes.
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREATOR, DEMO_ACCOUNT_NO_CHANNEL } from './accounts.ts';
import { EMULATOR_SEARCH_CONSOLE_CLIENT, type Emulator } from './emulator.ts';
import { INVALID_CLIENT, INVALID_GRANT_REVOKED } from './google-errors.ts';
import {
  apiGet,
  authorize,
  authParams,
  consent,
  PRODUCT_SCOPES,
  REDIRECT_URI,
  startEmulator,
  tokenRequest,
} from './testing/harness.ts';

const CLIENT = { client_id: 'tubewise-emulator-client', client_secret: 'tubewise-emulator-secret' };

describe('OAuth 2.0', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let clock: number;

  beforeEach(async () => {
    clock = Date.parse('2026-03-10T12:00:00Z');
    ({ app, emulator } = await startEmulator({ now: () => clock }));
  });

  it('renders an accessible account chooser, then the consent page with channels and scope checkboxes', async () => {
    const params = authParams('v'.repeat(50));
    const chooser = await app.inject({ url: `/emulator/o/oauth2/v2/auth?${params}` });
    expect(chooser.statusCode).toBe(200);
    expect(chooser.headers['content-type']).toContain('text/html');
    expect(chooser.body).toContain('<html lang="en">');
    expect(chooser.body).toContain(DEMO_ACCOUNT_CREATOR.email);
    expect(chooser.body).toContain(DEMO_ACCOUNT_NO_CHANNEL.email);
    params.set('authuser', DEMO_ACCOUNT_CREATOR.id);
    const page = await app.inject({ url: `/emulator/o/oauth2/v2/auth?${params}` });
    expect(page.body).toContain('Choose a channel');
    for (const title of ['Trailside Kitchen', 'Small Garden Big Harvest'])
      expect(page.body).toContain(title);
    expect(page.body).toContain('Manage your YouTube account');
    expect(page.body).toMatch(/<label for="scope-\d+"><input type="checkbox"/);
    expect(page.body).toContain('value="deny"');
  });

  it('rejects bad authorization requests with Google-style error pages', async () => {
    const bad = (patch: Record<string, string>) => {
      const p = authParams('v'.repeat(50));
      for (const [k, v] of Object.entries(patch)) p.set(k, v);
      return app.inject({ url: `/emulator/o/oauth2/v2/auth?${p}` });
    };
    expect((await bad({ client_id: 'nope' })).statusCode).toBe(401);
    expect((await bad({ redirect_uri: 'not a url' })).body).toContain('redirect_uri_mismatch');
    expect((await bad({ response_type: 'token' })).body).toContain('unsupported_response_type');
    expect((await bad({ scope: 'https://www.googleapis.com/auth/nope' })).body).toContain(
      'invalid_scope',
    );
    expect((await bad({ code_challenge_method: 'plain' })).body).toContain('invalid_request');
  });

  it('happy path with PKCE: code → tokens with the granted scopes; the token reads the chosen channel', async () => {
    const { location } = await consent(app, { channelId: 'UCtw0demo00000000000003' });
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('xsrf-123');
    const tokens = await authorize(app, { channelId: 'UCtw0demo00000000000003' });
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(3599);
    expect(tokens.refresh_token).toMatch(/^1\/\/0/);
    expect(tokens.scope.split(' ').sort()).toEqual([...PRODUCT_SCOPES].sort());
    const mine = await apiGet(
      app,
      '/youtube/v3/channels?part=snippet&mine=true',
      tokens.access_token,
    );
    expect((mine.body.items![0] as { id: string }).id).toBe('UCtw0demo00000000000003');
  });

  it('an unticked scope is missing from the granted scope, and writes then answer insufficientPermissions', async () => {
    const youtube = 'https://www.googleapis.com/auth/youtube';
    const tokens = await authorize(app, { untick: [youtube] });
    expect(tokens.scope.split(' ')).not.toContain(youtube);
    expect(tokens.scope.split(' ')).toContain('https://www.googleapis.com/auth/youtube.readonly');
    const res = await app.inject({
      method: 'PUT',
      url: '/emulator/youtube/v3/videos?part=snippet',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { id: 'x', snippet: { title: 't', categoryId: '22' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.errors[0].reason).toBe('insufficientPermissions');
  });

  it('deny redirects with error=access_denied', async () => {
    const { location } = await consent(app, { deny: true });
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('xsrf-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('a wrong PKCE verifier fails with invalid_grant, and the code is single-use', async () => {
    const { location, verifier } = await consent(app);
    const code = location.searchParams.get('code')!;
    const exchange = (v: string) =>
      tokenRequest(app, {
        ...CLIENT,
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: v,
      });
    const wrong = await exchange(`${verifier}x`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    // Spent by the failed attempt.
    expect((await exchange(verifier)).body.error).toBe('invalid_grant');
    const again = await consent(app);
    const ok = await tokenRequest(app, {
      ...CLIENT,
      grant_type: 'authorization_code',
      code: again.location.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: again.verifier,
    });
    expect(ok.status).toBe(200);
    const reuse = await tokenRequest(app, {
      ...CLIENT,
      grant_type: 'authorization_code',
      code: again.location.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: again.verifier,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
  });

  it('codes expire after 10 minutes; redirect_uri must match', async () => {
    const a = await consent(app);
    clock += 10 * 60_000 + 1;
    const late = await tokenRequest(app, {
      ...CLIENT,
      grant_type: 'authorization_code',
      code: a.location.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: a.verifier,
    });
    expect(late.body.error).toBe('invalid_grant');
    const b = await consent(app);
    const mismatch = await tokenRequest(app, {
      ...CLIENT,
      grant_type: 'authorization_code',
      code: b.location.searchParams.get('code')!,
      redirect_uri: 'http://127.0.0.1:3000/other',
      code_verifier: b.verifier,
    });
    expect(mismatch.body.error).toBe('redirect_uri_mismatch');
  });

  it('bad client credentials answer 401 invalid_client as recorded', async () => {
    const res = await tokenRequest(app, {
      client_id: 'unknown',
      client_secret: 'x',
      grant_type: 'refresh_token',
      refresh_token: 'r',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID_CLIENT);
    const basic = await app.inject({
      method: 'POST',
      url: '/emulator/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('tubewise-emulator-client:wrong').toString('base64')}`,
      },
      payload: 'grant_type=refresh_token&refresh_token=r',
    });
    expect(basic.statusCode).toBe(401);
  });

  it('access tokens expire; refresh gives a new one; revoke then refresh answers the recorded invalid_grant body', async () => {
    const tokens = await authorize(app);
    clock += 3600 * 1000;
    const expired = await apiGet(
      app,
      '/youtube/v3/channels?part=id&mine=true',
      tokens.access_token,
    );
    expect(expired.status).toBe(401);
    expect((expired.body.error as { status: string }).status).toBe('UNAUTHENTICATED');
    const refreshed = await tokenRequest(app, {
      ...CLIENT,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeUndefined();
    expect(refreshed.body.scope).toBe(tokens.scope);
    const fresh = String(refreshed.body.access_token);
    expect((await apiGet(app, '/youtube/v3/channels?part=id&mine=true', fresh)).status).toBe(200);

    const revoke = await app.inject({
      method: 'POST',
      url: `/emulator/revoke?token=${encodeURIComponent(tokens.refresh_token)}`,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await apiGet(app, '/youtube/v3/channels?part=id&mine=true', fresh)).status).toBe(401);
    const dead = await tokenRequest(app, {
      ...CLIENT,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(dead.status).toBe(400);
    expect(dead.body).toEqual(INVALID_GRANT_REVOKED);
    expect(dead.raw).toBe(
      '{\n  "error": "invalid_grant",\n  "error_description": "Token has been expired or revoked."\n}',
    );
  });

  it("revoking any token ends its (principal, client) pair's whole grant, and only that one", async () => {
    const first = await authorize(app);
    const second = await authorize(app);
    const otherChannel = await authorize(app, { channelId: 'UCtw0demo00000000000002' });
    // The Search Console client: the same Google account, a client (and grant) of its own.
    const url = new URL('http://emulator.invalid/emulator/o/oauth2/v2/auth');
    url.search = new URLSearchParams({
      client_id: EMULATOR_SEARCH_CONSOLE_CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/webmasters.readonly',
      access_type: 'offline',
    }).toString();
    const back = new URL(emulator.control.approveConsent(url.toString(), DEMO_ACCOUNT_CREATOR.id));
    const searchConsole = await tokenRequest(app, {
      client_id: EMULATOR_SEARCH_CONSOLE_CLIENT.clientId,
      client_secret: EMULATOR_SEARCH_CONSOLE_CLIENT.clientSecret,
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
    });
    expect(searchConsole.status).toBe(200);
    const refresh = (refreshToken: string, client: Record<string, string> = CLIENT) =>
      tokenRequest(app, { ...client, grant_type: 'refresh_token', refresh_token: refreshToken });

    // Revoking the first consent's access token ends the second consent's tokens too.
    const revoke = await app.inject({
      method: 'POST',
      url: `/emulator/revoke?token=${encodeURIComponent(first.access_token)}`,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await refresh(first.refresh_token)).status).toBe(400);
    expect((await refresh(second.refresh_token)).body).toEqual(INVALID_GRANT_REVOKED);
    const mine = '/youtube/v3/channels?part=id&mine=true';
    expect((await apiGet(app, mine, second.access_token)).status).toBe(401);
    // Another brand channel (its own identity) and the other client keep their grants.
    expect((await apiGet(app, mine, otherChannel.access_token)).status).toBe(200);
    expect((await refresh(otherChannel.refresh_token)).status).toBe(200);
    const sc = {
      client_id: EMULATOR_SEARCH_CONSOLE_CLIENT.clientId,
      client_secret: EMULATOR_SEARCH_CONSOLE_CLIENT.clientSecret,
    };
    expect((await refresh(String(searchConsole.body.refresh_token), sc)).status).toBe(200);
    // A refresh token is refused under the other client's credentials.
    expect((await refresh(String(searchConsole.body.refresh_token))).status).toBe(400);
  });

  it('the account without a channel gets tokens whose channels.list(mine) is empty', async () => {
    const tokens = await authorize(app, { accountId: DEMO_ACCOUNT_NO_CHANNEL.id, channelId: null });
    const res = await apiGet(
      app,
      '/youtube/v3/channels?part=snippet&mine=true',
      tokens.access_token,
    );
    expect(res.body.items).toEqual([]);
    expect(emulator.control.state().accounts[1]!.channels).toEqual([]);
  });

  it('without access_type=offline no refresh token is issued', async () => {
    const { location, verifier } = await consent(app);
    void location;
    const params = authParams(verifier);
    params.delete('access_type');
    const form = new URLSearchParams(params);
    form.set('authuser', DEMO_ACCOUNT_CREATOR.id);
    form.set('channel', 'UCtw0demo00000000000001');
    for (const s of PRODUCT_SCOPES) form.append('granted_scope', s);
    form.set('decision', 'allow');
    const res = await app.inject({
      method: 'POST',
      url: '/emulator/o/oauth2/v2/auth',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const code = new URL(String(res.headers.location)).searchParams.get('code')!;
    const tokens = await tokenRequest(app, {
      ...CLIENT,
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(tokens.body.access_token).toBeTypeOf('string');
    expect(tokens.body.refresh_token).toBeUndefined();
  });
});
