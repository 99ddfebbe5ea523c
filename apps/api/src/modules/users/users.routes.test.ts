import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  cookieHeader,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';

describe.each(testBackends())('accounts and sessions (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.createUser('ana@example.com');
    await t.createUser('bo@example.com');
  });
  afterAll(() => t.close());

  const inject = (options: InjectOptions) => t.app.inject(options);

  it('signs in with the right pair and sets HttpOnly SameSite=Lax cookies', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'Ana@Example.com ', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('ana@example.com');
    expect(res.json().user).not.toHaveProperty('passwordHash');
    const cookies = res.cookies as {
      name: string;
      httpOnly?: boolean;
      sameSite?: string;
      secure?: boolean;
      path?: string;
      value: string;
    }[];
    expect(cookies.map((c) => c.name).sort()).toEqual(['tw_device', 'tw_refresh', 'tw_session']);
    // The known-device cookie goes only to the account calls, like the refresh token.
    expect(cookies.find((c) => c.name === 'tw_device')?.path).toBe('/api/users');
    for (const c of cookies) {
      expect(c.httpOnly).toBe(true);
      expect(c.sameSite).toBe('Lax');
      // ≥128 random bits: 32 bytes base64url is 43 characters.
      expect(c.value.length).toBeGreaterThanOrEqual(43);
    }
  });

  it('answers 401 for a wrong password and for an unknown account, with the same message', async () => {
    const wrong = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'ana@example.com', password: 'nope-nope' },
    });
    const unknown = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    expect(wrong.json().error.code).toBe('invalid-credentials');
    expect(wrong.json().error.requestId).toBeTruthy();
  });

  it('serves me, channels and check-token to a signed-in user only', async () => {
    const cookie = await t.login('ana@example.com', TEST_PASSWORD);
    const me = await inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ana@example.com',
      flags: '',
      isV2Enterprise: false,
      aiPermission: 'ai-generate-description',
      settings: { skipSearchTermHelp: false },
    });
    const channels = await inject({
      method: 'GET',
      url: '/api/users/me/channels',
      headers: { cookie },
    });
    expect(channels.json()).toEqual({ myChannels: [], invitedTo: [] });
    const check = await inject({
      method: 'GET',
      url: '/api/users/check-token',
      headers: { cookie },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().valid).toBe(true);
    const anonymous = await inject({ method: 'GET', url: '/api/users/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
  });

  it('logs out server-side: the old cookies stop working', async () => {
    const cookie = await t.login('ana@example.com', TEST_PASSWORD);
    const out = await inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    const me = await inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const refresh = await inject({
      method: 'POST',
      url: '/api/users/refresh-token',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('rotates the refresh token; the new session works', async () => {
    const cookie = await t.login('ana@example.com', TEST_PASSWORD);
    const res = await inject({
      method: 'POST',
      url: '/api/users/refresh-token',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const next = cookieHeader(res, cookie);
    expect(next).not.toBe(cookie);
    const me = await inject({ method: 'GET', url: '/api/users/me', headers: { cookie: next } });
    expect(me.statusCode).toBe(200);
  });

  it('refuses the previous session token right after a refresh', async () => {
    const cookie = await t.login('ana@example.com', TEST_PASSWORD);
    const me = (c: string) =>
      inject({ method: 'GET', url: '/api/users/me', headers: { cookie: c } });
    // Cached by this process, as every session check is.
    expect((await me(cookie)).statusCode).toBe(200);
    const res = await inject({
      method: 'POST',
      url: '/api/users/refresh-token',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const old = await me(cookie);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe('unauthorized');
    expect((await me(cookieHeader(res, cookie))).statusCode).toBe(200);
  });

  it('toggles e-mail notifications and returns the user', async () => {
    const cookie = await t.login('ana@example.com', TEST_PASSWORD);
    const headers = { cookie, 'content-type': 'application/json' };
    const off = await inject({
      method: 'PATCH',
      url: '/api/users/notification-settings/email',
      headers,
      payload: { newState: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().notificationSettings.email).toBe(false);
    const me = await inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.json().notificationSettings.email).toBe(false);
  });

  it("changes the e-mail, answering 'conflict' when it is taken", async () => {
    await t.createUser('carla@example.com');
    const cookie = await t.login('carla@example.com', TEST_PASSWORD);
    const headers = { cookie, 'content-type': 'application/json' };
    const taken = await inject({
      method: 'POST',
      url: '/api/users/set-email',
      headers,
      payload: { email: 'bo@example.com', password: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('conflict');
    const wrongPassword = await inject({
      method: 'POST',
      url: '/api/users/set-email',
      headers,
      payload: { email: 'carla2@example.com', password: 'not-it-at-all' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('wrong-password');
    const ok = await inject({
      method: 'POST',
      url: '/api/users/set-email',
      headers,
      payload: { email: 'carla2@example.com', password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('carla2@example.com');
  });

  it('changes the password, refuses common ones, and signs out other sessions', async () => {
    await t.createUser('dan@example.com');
    const mine = await t.login('dan@example.com', TEST_PASSWORD);
    const other = await t.login('dan@example.com', TEST_PASSWORD);
    const headers = { cookie: mine, 'content-type': 'application/json' };
    const common = await inject({
      method: 'POST',
      url: '/api/users/update-password',
      headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'password123' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe('weak-password');
    const short = await inject({
      method: 'POST',
      url: '/api/users/update-password',
      headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('validation-failed');
    const wrong = await inject({
      method: 'POST',
      url: '/api/users/update-password',
      headers,
      payload: { currentPassword: 'not-the-one', newPassword: 'a long new passphrase' },
    });
    expect(wrong.json().error.code).toBe('wrong-password');
    const ok = await inject({
      method: 'POST',
      url: '/api/users/update-password',
      headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a long new passphrase' },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await inject({ method: 'GET', url: '/api/users/me', headers: { cookie: mine } })).statusCode,
    ).toBe(200);
    expect(
      (await inject({ method: 'GET', url: '/api/users/me', headers: { cookie: other } }))
        .statusCode,
    ).toBe(401);
    await t.login('dan@example.com', 'a long new passphrase');
  });

  it('changes the name (trimmed), refuses an empty one, and GET /me shows it at once', async () => {
    await t.createUser('nia@example.com');
    const cookie = await t.login('nia@example.com', TEST_PASSWORD);
    const headers = { cookie, 'content-type': 'application/json' };
    expect(
      (await inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).json().name,
    ).toBe('Test User');
    const ok = await inject({
      method: 'PUT',
      url: '/api/users/me/name',
      headers,
      payload: { name: '  Nia Okafor  ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: 'nia@example.com', name: 'Nia Okafor' });
    expect(ok.json()).not.toHaveProperty('passwordHash');
    expect(
      (await inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).json().name,
    ).toBe('Nia Okafor');
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const refused = await inject({
        method: 'PUT',
        url: '/api/users/me/name',
        headers,
        payload: { name },
      });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().error.code).toBe('validation-failed');
    }
    const signedOut = await inject({
      method: 'PUT',
      url: '/api/users/me/name',
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Someone' },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
