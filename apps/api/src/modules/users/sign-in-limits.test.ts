/**
 * Limits that stop attackers, not owners (issue 10): growing delays per account and address,
 * per-account limits that a known browser or a reset link is not subject to, per-address limits
 * that count failures only, the current-password checks, the background reset request, and the
 * client address behind a proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyBaseLogger, type LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { errorEnvelope } from '@tubewise/contract';
import { emailOutbox, passwordTokens, sessionFamilies } from '../../db/schema/index.ts';
import {
  cookieHeader,
  createTestApp,
  openTestDatabase,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import {
  backoffDelaySeconds,
  DEFAULT_AUTH_LIMITS,
  KNOWN_DEVICE_SECONDS,
  type AuthLimits,
} from '../rate-limit/index.ts';
import { registerProxyWarning, UNTRUSTED_PROXY_WARNING } from '../../http/proxy-warning.ts';

/** Small rules so the tests reach every threshold quickly. */
const SMALL_LIMITS: Partial<AuthLimits> = {
  accountIp: { threshold: 3, windowSeconds: 3600, firstDelaySeconds: 30, maxDelaySeconds: 240 },
  device: { threshold: 3, windowSeconds: 3600, firstDelaySeconds: 30, maxDelaySeconds: 240 },
  account: { threshold: 6, windowSeconds: 3600, firstDelaySeconds: 60, maxDelaySeconds: 600 },
  ip: { threshold: 8, windowSeconds: 3600, firstDelaySeconds: 60, maxDelaySeconds: 600 },
};

/** Checks a 429 is the error envelope with a Retry-After header; returns its seconds. */
function expectRefused(res: LightMyRequestResponse, what: string, code = 'rate-limited'): number {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(429);
  const parsed = errorEnvelope.safeParse(res.json());
  expect(parsed.success, what).toBe(true);
  expect(parsed.data!.error.code, what).toBe(code);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter, `${what}: Retry-After`).toBeGreaterThan(0);
  return retryAfter;
}

/** Sign-in helpers bound to one app. */
function signIns(app: () => TestApp) {
  const login = (email: string, password: string, ip: string, cookie?: string) =>
    app().app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ email, password }),
    });
  const statuses = async (attempts: [string, string, string][]) => {
    const out: number[] = [];
    for (const [email, password, ip] of attempts)
      out.push((await login(email, password, ip)).statusCode);
    return out;
  };
  /** Signs in from `ip` and returns the browser's cookies (session, refresh, known device). */
  const browser = async (email: string, ip: string) => {
    const res = await login(email, TEST_PASSWORD, ip);
    expect(res.statusCode, res.body).toBe(200);
    return cookieHeader(res);
  };
  return { login, statuses, browser };
}

describe('the limits themselves', () => {
  it('are named constants with growing, capped delays', () => {
    expect(DEFAULT_AUTH_LIMITS.accountIp).toEqual({
      threshold: 5,
      windowSeconds: 24 * 3600,
      firstDelaySeconds: 30,
      maxDelaySeconds: 15 * 60,
    });
    expect(DEFAULT_AUTH_LIMITS.account.threshold).toBe(10);
    expect(DEFAULT_AUTH_LIMITS.ip).toEqual({
      threshold: 100,
      windowSeconds: 3600,
      firstDelaySeconds: 60,
      maxDelaySeconds: 3600,
    });
    const rule = DEFAULT_AUTH_LIMITS.accountIp;
    expect([4, 5, 6, 7, 8, 9, 10, 11, 1000].map((n) => backoffDelaySeconds(rule, n))).toEqual([
      0, 30, 60, 120, 240, 480, 900, 900, 900,
    ]);
    expect(KNOWN_DEVICE_SECONDS).toBe(180 * 24 * 3600);
  });
});

describe.each(testBackends())('sign-in limits (%s)', (backend) => {
  let t: TestApp;
  const clock = new TestClock();
  const { login, statuses, browser } = signIns(() => t);
  beforeAll(async () => {
    t = await createTestApp(backend, { clock, authLimits: SMALL_LIMITS });
    for (const name of ['lena', 'max', 'nora', 'olga', 'quinn', 'rhea', 'sami']) {
      await t.createUser(`${name}@example.com`);
    }
  });
  afterAll(() => t.close());

  it('delays guesses per account and IP, doubling the delay, and lets the owner in elsewhere', async () => {
    const ip = '10.0.0.1';
    expect(
      await statuses([
        ['lena@example.com', 'wrong-1', ip],
        ['lena@example.com', 'wrong-2', ip],
        ['lena@example.com', 'wrong-3', ip],
      ]),
    ).toEqual([401, 401, 401]);
    // Even the right password is refused while the delay runs; nothing sleeps in the request.
    expect(expectRefused(await login('lena@example.com', TEST_PASSWORD, ip), 'third')).toBe(30);
    // The delay is per account and IP: the owner elsewhere is not held up.
    expect((await login('lena@example.com', TEST_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
    clock.advance(30);
    expect((await login('lena@example.com', 'wrong-4', ip)).statusCode).toBe(401);
    expect(expectRefused(await login('lena@example.com', 'wrong-5', ip), 'fourth')).toBe(60);
    clock.advance(60);
    expect((await login('lena@example.com', 'wrong-6', ip)).statusCode).toBe(401);
    expect(expectRefused(await login('lena@example.com', 'wrong-7', ip), 'fifth')).toBe(120);
    clock.advance(120);
    expect((await login('lena@example.com', TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('forgets the failures per account and IP after a successful sign-in', async () => {
    const ip = '10.0.1.1';
    const got = await statuses([
      ['max@example.com', 'wrong-1', ip],
      ['max@example.com', 'wrong-2', ip],
      ['max@example.com', TEST_PASSWORD, ip],
      ['max@example.com', 'wrong-3', ip],
      ['max@example.com', 'wrong-4', ip],
      ['max@example.com', TEST_PASSWORD, ip],
    ]);
    expect(got).toEqual([401, 401, 200, 401, 401, 200]);
  });

  it('limits failures per account across addresses, but not on a known browser', async () => {
    const known = await browser('nora@example.com', '10.0.2.200');
    const guesses = await statuses(
      Array.from({ length: 6 }, (_, i) => ['nora@example.com', `wrong-${i}`, `10.0.2.${i}`]),
    );
    expect(guesses).toEqual(Array(6).fill(401));
    // A browser that never signed in to the account waits, whatever its address…
    expectRefused(await login('nora@example.com', TEST_PASSWORD, '10.0.2.99'), 'new browser');
    // …the owner's known browser does not, from any address.
    const res = await login('nora@example.com', TEST_PASSWORD, '10.0.2.98', known);
    expect(res.statusCode, res.body).toBe(200);
    // Known-device cookies of another account do not help.
    expectRefused(
      await login(
        'nora@example.com',
        TEST_PASSWORD,
        '10.0.2.97',
        await browser('rhea@example.com', '10.0.2.201'),
      ),
      'another account’s device',
    );
  });

  it('a known browser has a failure budget of its own', async () => {
    const known = await browser('sami@example.com', '10.0.8.1');
    for (let i = 0; i < 3; i++)
      expect(
        (await login('sami@example.com', `wrong-${i}`, `10.0.8.${i + 2}`, known)).statusCode,
      ).toBe(401);
    expectRefused(
      await login('sami@example.com', TEST_PASSWORD, '10.0.8.9', known),
      'stolen device cookie',
    );
    // Those failures were the device's: a browser elsewhere is not held up by them.
    expect((await login('sami@example.com', TEST_PASSWORD, '10.0.8.10')).statusCode).toBe(200);
    // A tampered token is not recognised: the attempt counts like any unknown browser's.
    const tampered = known.replace(
      /tw_device=([^;]*)/,
      (_m, v: string) => `tw_device=${v.slice(0, -2)}AA`,
    );
    const res = await login('sami@example.com', TEST_PASSWORD, '10.0.8.11', tampered);
    expect(res.statusCode).toBe(200);
  });

  it('evaluates no more guesses than the threshold when they arrive all at once', async () => {
    const ip = '10.0.5.1';
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login('quinn@example.com', `wrong-${i}`, ip)),
    );
    const counts = burst.reduce<Record<number, number>>((acc, r) => {
      acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
      return acc;
    }, {});
    const evaluated = counts[401] ?? 0;
    expect(evaluated).toBeGreaterThanOrEqual(1);
    expect(evaluated).toBeLessThanOrEqual(3);
    expect(evaluated + (counts[429] ?? 0)).toBe(10);
    // Refused attempts are not failures: the account budget (6) holds only the evaluated ones.
    const left = 6 - evaluated;
    const elsewhere = await statuses([
      ...Array.from(
        { length: left },
        (_, i) =>
          ['quinn@example.com', `wrong-x${i}`, `10.0.5.${i + 2}`] as [string, string, string],
      ),
      ['quinn@example.com', TEST_PASSWORD, '10.0.5.99'],
    ]);
    expect(elsewhere).toEqual([...Array(left).fill(401), 429]);
  });

  it('never counts successful sign-ins, per account or per IP', async () => {
    const got = await statuses(
      Array.from({ length: 12 }, () => ['olga@example.com', TEST_PASSWORD, '10.0.6.1']),
    );
    expect(got).toEqual(Array(12).fill(200));
  });

  it('counts failures per IP whatever the account; known browsers there still sign in', async () => {
    const ip = '10.0.3.1';
    const known = await browser('rhea@example.com', ip);
    const got = await statuses(
      Array.from({ length: 8 }, (_, i) => [`ghost${i}@example.com`, 'wrong-password', ip]),
    );
    expect(got).toEqual(Array(8).fill(401));
    expectRefused(await login('olga@example.com', TEST_PASSWORD, ip), 'ip');
    expect((await login('olga@example.com', TEST_PASSWORD, '10.0.3.2')).statusCode).toBe(200);
    expect((await login('rhea@example.com', TEST_PASSWORD, ip, known)).statusCode).toBe(200);
  });
});

describe.each(testBackends())('the owner is never locked out (%s)', (backend) => {
  let t: TestApp;
  const { login, browser } = signIns(() => t);
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** Issue 10: 50 failures in an hour from 6 addresses locked the owner out for an hour. */
  const attack = async (email: string) => {
    const answers: number[] = [];
    for (let i = 0; i < 50; i++)
      answers.push((await login(email, `guess-${i}`, `203.0.113.${i % 6}`)).statusCode);
    expect(answers.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 401 || s === 429)).toBe(true);
  };

  it('signs the owner in from their known browser after 50 failures from 6 addresses', async () => {
    await t.createUser('owner@example.com');
    const known = await browser('owner@example.com', '198.51.100.7');
    await attack('owner@example.com');
    // From any address, in the browser that signed in before.
    const res = await login('owner@example.com', TEST_PASSWORD, '198.51.100.8', known);
    expect(res.statusCode, res.body).toBe(200);
    // A new browser waits (that is what stops the botnet).
    expectRefused(await login('owner@example.com', TEST_PASSWORD, '198.51.100.9'), 'new browser');
  });

  it('lets the owner in at once after setting a password through a reset link', async () => {
    const userId = await t.createUser('resetter@example.com');
    await attack('resetter@example.com');
    expectRefused(await login('resetter@example.com', TEST_PASSWORD, '198.51.100.20'), 'locked');
    // The link in the reset e-mail proves control of the address.
    const token = await t.services.users.createPasswordToken(userId, 'reset');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/users/set-password',
      remoteAddress: '198.51.100.21',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token, password: 'a fresh start passphrase' }),
    });
    expect(set.statusCode, set.body).toBe(200);
    // This browser is now a known device of the account…
    const device = (set.cookies as { name: string; value: string; path?: string }[]).find(
      (c) => c.name === 'tw_device',
    );
    expect(device?.path).toBe('/api/users');
    const res = await login(
      'resetter@example.com',
      'a fresh start passphrase',
      '198.51.100.21',
      `tw_device=${device!.value}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    // …and the account's counters were cleared, so any browser signs in too.
    const elsewhere = await login(
      'resetter@example.com',
      'a fresh start passphrase',
      '198.51.100.22',
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('does not count 110 successful sign-ins from one address (an office behind one NAT)', async () => {
    await t.createUser('office@example.com');
    for (let i = 0; i < 110; i++) {
      const res = await login('office@example.com', TEST_PASSWORD, '192.0.2.50');
      expect(res.statusCode, `sign-in ${i + 1}: ${res.body}`).toBe(200);
    }
  });
});

describe.each(testBackends())('current-password checks (%s)', (backend) => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await createTestApp(backend, { clock });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.3.0.1',
      headers: { 'content-type': 'application/json', cookie },
      payload: JSON.stringify(payload),
    });

  it('refuses 30 wrong guesses at update-password after the threshold, and set-email too', async () => {
    await t.createUser('guessed@example.com');
    const cookie = await t.login('guessed@example.com', TEST_PASSWORD);
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await post(
        '/api/users/update-password',
        { currentPassword: `guess number ${i}`, newPassword: 'the thief wants this one' },
        cookie,
      );
      answers.push(res.statusCode);
      if (res.statusCode === 400) expect(res.json().error.code).toBe('wrong-password');
    }
    const threshold = DEFAULT_AUTH_LIMITS.accountIp.threshold;
    expect(answers).toEqual([...Array(threshold).fill(400), ...Array(30 - threshold).fill(429)]);
    // The same counters guard set-email, and the right password waits too.
    const email = await post(
      '/api/users/set-email',
      { email: 'thief@example.com', password: TEST_PASSWORD },
      cookie,
    );
    expect(expectRefused(email, 'set-email')).toBe(DEFAULT_AUTH_LIMITS.accountIp.firstDelaySeconds);
    clock.advance(DEFAULT_AUTH_LIMITS.accountIp.firstDelaySeconds);
    const right = await post(
      '/api/users/update-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'an owner chosen passphrase' },
      cookie,
    );
    expect(right.statusCode, right.body).toBe(200);
  });
});

/** A browser's cookie header without its known-device cookie. */
function withoutDevice(cookie: string): string {
  return cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('tw_device='))
    .join('; ');
}

/** The known-device cookie an answer sets, as a cookie header (or undefined). */
function deviceCookieOf(res: LightMyRequestResponse): string | undefined {
  const set = (res.cookies as { name: string; value: string }[]).find(
    (c) => c.name === 'tw_device' && c.value,
  );
  return set ? `tw_device=${set.value}` : undefined;
}

describe.each(testBackends())('known browsers and password changes (%s)', (backend) => {
  let t: TestApp;
  const { login, statuses, browser } = signIns(() => t);
  beforeAll(async () => {
    t = await createTestApp(backend, { authLimits: SMALL_LIMITS });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, cookie: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });

  /** Wrong sign-ins from addresses the owner never uses, until the account limit is reached. */
  const guessFromElsewhere = async (email: string, net: string) => {
    const threshold = SMALL_LIMITS.account!.threshold;
    const got = await statuses(
      Array.from({ length: threshold }, (_, i) => [email, `wrong-${i}`, `${net}.${i}`]),
    );
    expect(got).toEqual(Array(threshold).fill(401));
  };

  /**
   * Review finding: the owner, signed in on a browser the account knows, could still sign in
   * while strangers guessed at the account, but update-password answered 429.
   */
  it('lets the owner change password and e-mail on a known browser while strangers guess', async () => {
    await t.createUser('tess@example.com');
    let owner = await browser('tess@example.com', '10.9.0.1');
    await guessFromElsewhere('tess@example.com', '10.9.1');
    expect((await login('tess@example.com', TEST_PASSWORD, '10.9.0.2', owner)).statusCode).toBe(
      200,
    );
    // The same session without the browser's known-device cookie is a stranger's browser: it waits.
    expectRefused(
      await post(
        '/api/users/update-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'a passphrase of her own' },
        withoutDevice(owner),
        '10.9.0.3',
      ),
      'session without its device cookie',
    );
    const changed = await post(
      '/api/users/update-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'a passphrase of her own' },
      owner,
      '10.9.0.3',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    owner = cookieHeader(changed, owner);
    const email = await post(
      '/api/users/set-email',
      { email: 'tess.new@example.com', password: 'a passphrase of her own' },
      owner,
      '10.9.0.4',
    );
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json().email).toBe('tess.new@example.com');
  });

  it('counts wrong current passwords on a known browser against that browser only', async () => {
    await t.createUser('ugo@example.com');
    const owner = await browser('ugo@example.com', '10.9.4.1');
    const wrong = () =>
      post(
        '/api/users/update-password',
        { currentPassword: 'not the password', newPassword: 'a passphrase of his own' },
        owner,
        '10.9.4.1',
      );
    for (let i = 0; i < SMALL_LIMITS.device!.threshold; i++)
      expect((await wrong()).statusCode).toBe(400);
    expectRefused(await wrong(), 'the device budget');
    // Neither the account's nor the address's counters moved: a new browser there signs in.
    expect((await login('ugo@example.com', TEST_PASSWORD, '10.9.4.1')).statusCode).toBe(200);
  });

  /**
   * Review finding: device cookies survived a reset, so a browser that broke into the account
   * stayed exempt from the account limit after the owner reset the password.
   */
  it('forgets browsers known before a password reset; the browser that reset it is known', async () => {
    const id = await t.createUser('vera@example.com');
    const intruder = await browser('vera@example.com', '10.9.5.1');
    const token = await t.services.users.createPasswordToken(id, 'reset');
    const set = await post(
      '/api/users/set-password',
      { token, password: 'the owner took it back' },
      '',
      '10.9.5.2',
    );
    expect(set.statusCode, set.body).toBe(200);
    const resetter = deviceCookieOf(set);
    expect(resetter).toBeDefined();
    await guessFromElsewhere('vera@example.com', '10.9.6');
    // The intruder's cookie is an unknown browser's now, subject to the account limit…
    expectRefused(
      await login('vera@example.com', 'the owner took it back', '10.9.5.3', intruder),
      'browser known before the reset',
    );
    // …while the browser that used the link is known.
    const res = await login('vera@example.com', 'the owner took it back', '10.9.5.4', resetter);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('forgets other known browsers when the password is changed; the changing one stays known', async () => {
    await t.createUser('wim@example.com');
    const other = await browser('wim@example.com', '10.9.7.1');
    let owner = await browser('wim@example.com', '10.9.7.2');
    const changed = await post(
      '/api/users/update-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'a passphrase only wim knows' },
      owner,
      '10.9.7.2',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(deviceCookieOf(changed)).toBeDefined();
    owner = cookieHeader(changed, owner);
    await guessFromElsewhere('wim@example.com', '10.9.8');
    expectRefused(
      await login('wim@example.com', 'a passphrase only wim knows', '10.9.7.3', other),
      'browser known before the change',
    );
    const res = await login('wim@example.com', 'a passphrase only wim knows', '10.9.7.4', owner);
    expect(res.statusCode, res.body).toBe(200);
  });

  /**
   * A stolen refresh token can refresh without the device cookie as often as it likes: each
   * device cookie it gets must name the same counter, or every refresh would buy fresh guesses.
   */
  it('gives one session one device counter however often it refreshes', async () => {
    await t.createUser('xena@example.com');
    let stolen = withoutDevice(await browser('xena@example.com', '10.9.9.1'));
    const answers: number[] = [];
    for (let i = 0; i < SMALL_LIMITS.device!.threshold + 2; i++) {
      const refreshed = await post('/api/users/refresh-token', {}, stolen, '10.9.9.2');
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      stolen = cookieHeader(refreshed, stolen);
      expect(stolen).toContain('tw_device=');
      const guess = await post(
        '/api/users/update-password',
        { currentPassword: `guess ${i}`, newPassword: 'the thief wants this one' },
        stolen,
        '10.9.9.2',
      );
      answers.push(guess.statusCode);
      stolen = withoutDevice(stolen);
    }
    const threshold = SMALL_LIMITS.device!.threshold;
    expect(answers).toEqual([...Array(threshold).fill(400), 429, 429]);
  });
});

describe.each(testBackends())('password-reset requests (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.createUser('known@example.com');
  });
  afterAll(() => t.close());

  const forget = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/forget',
      remoteAddress: '10.4.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email }),
    });

  it('does the same work for known and unknown addresses before answering', async () => {
    const queued: string[] = [];
    t.services.users.setResetScheduler(async (email) => {
      queued.push(email);
    });
    for (const email of ['known@example.com', 'unknown@example.com']) {
      const res = await forget(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    // Nobody looked the address up yet: no token, no e-mail; both only queued.
    expect(queued).toEqual(['known@example.com', 'unknown@example.com']);
    expect(await t.database.db.select().from(passwordTokens)).toEqual([]);
    expect(await t.database.db.select().from(emailOutbox)).toEqual([]);
    // The background half mails the known address only.
    for (const email of queued) await t.services.users.sendPasswordReset(email);
    const mails = await t.database.db.select().from(emailOutbox);
    expect(mails.map((m) => m.to)).toEqual(['known@example.com']);
  });
});

describe.each(testBackends())('client address behind a proxy (%s)', (backend) => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp(backend, { authLimits: SMALL_LIMITS });
    proxied = await createTestApp(backend, {
      authLimits: SMALL_LIMITS,
      env: { TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  /** Nine failed sign-ins from one client, each with a different forged X-Forwarded-For start. */
  const forgedBurst = async (
    t: TestApp,
    forwardedFor: (i: number) => string,
    remoteAddress = '10.0.7.1',
  ) => {
    const out: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
        payload: JSON.stringify({ email: `ghost${i}@example.com`, password: 'wrong-password' }),
      });
      out.push(res.statusCode);
    }
    return out;
  };

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const got = await forgedBurst(direct, (i) => `198.51.100.${i}`);
    expect(got).toEqual([...Array(8).fill(401), 429]);
  });

  it('behind the proxy, limits the address the proxy saw, not one the client wrote', async () => {
    // The proxy appends the address it saw; anything before it came from the client.
    const got = await forgedBurst(proxied, (i) => `198.51.100.${i}, 203.0.113.7`);
    expect(got).toEqual([...Array(8).fill(401), 429]);
    await proxied.createUser('vera@example.com');
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: '10.0.7.1',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '1.2.3.4, 203.0.113.8' },
      payload: JSON.stringify({ email: 'vera@example.com', password: TEST_PASSWORD }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const families = await proxied.database.db.select().from(sessionFamilies);
    expect(families.map((f) => f.ip)).toEqual(['203.0.113.8']);
  });

  it('does not trust X-Forwarded-For from a public peer that is not the proxy', async () => {
    const got = await forgedBurst(proxied, (i) => `198.51.100.${i}`, '192.0.2.10');
    expect(got).toEqual([...Array(8).fill(401), 429]);
  });
});

describe('a proxy the server does not trust', () => {
  const warnings = (lines: string[]) =>
    lines.filter((l) => (JSON.parse(l) as { msg: string }).msg === UNTRUSTED_PROXY_WARNING);
  const forwarded = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });

  /** A bare app with only the warning, logging into `lines`. */
  const bare = (options: { localhost: boolean; trustProxy: boolean }, lines: string[]) => {
    const app = Fastify({
      loggerInstance: pino(
        { level: 'warn' },
        { write: (line: string) => lines.push(line) },
      ) as FastifyBaseLogger,
    });
    registerProxyWarning(app, options);
    app.get('/', async () => 'ok');
    return app;
  };

  it('warns once when requests carry X-Forwarded-For and TRUST_PROXY is unset', async () => {
    const lines: string[] = [];
    const app = bare({ localhost: false, trustProxy: false }, lines);
    await app.inject({ method: 'GET', url: '/' });
    expect(warnings(lines)).toEqual([]);
    for (let i = 0; i < 3; i++)
      await app.inject({ method: 'GET', url: '/', headers: forwarded(i) });
    expect(warnings(lines)).toHaveLength(1);
    await app.close();
  });

  it('says nothing with TRUST_PROXY set, or on localhost', async () => {
    for (const options of [
      { localhost: false, trustProxy: true },
      { localhost: true, trustProxy: false },
    ]) {
      const lines: string[] = [];
      const app = bare(options, lines);
      await app.inject({ method: 'GET', url: '/', headers: forwarded(1) });
      expect(warnings(lines)).toEqual([]);
      await app.close();
    }
  });

  it.each(testBackends())(
    'is registered by the app when PUBLIC_URL is public (%s)',
    async (backend) => {
      const lines: string[] = [];
      const t = await createTestApp(backend, {
        env: { PUBLIC_URL: 'https://tubewise.example.com' },
        logger: pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }),
      });
      try {
        await t.app.inject({ method: 'GET', url: '/healthz', headers: forwarded(1) });
        await t.app.inject({ method: 'GET', url: '/healthz', headers: forwarded(2) });
        expect(warnings(lines)).toHaveLength(1);
      } finally {
        await t.close();
      }
    },
  );
});

describe.each(testBackends())('limits shared by two app processes (%s)', (backend) => {
  it('counts failures on one app against sign-ins on another over the same database', async () => {
    const database = await openTestDatabase(backend);
    // Two processes of one deployment share the database and the session secret.
    const env = { SESSION_SECRET: 'shared-secret-of-the-deployment' };
    const a = await createTestApp(backend, { database, env, authLimits: SMALL_LIMITS });
    const b = await createTestApp(backend, { database, env, authLimits: SMALL_LIMITS });
    try {
      await a.createUser('pia@example.com');
      for (let i = 0; i < 3; i++) {
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/users/login',
          remoteAddress: '10.0.4.1',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'pia@example.com', password: `wrong-${i}` }),
        });
        expect(res.statusCode).toBe(401);
      }
      const onB = await b.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: '10.0.4.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'pia@example.com', password: TEST_PASSWORD }),
      });
      expectRefused(onB, 'sign-in on the second app');
      // Sessions live in the database too: a sign-in on app A is valid on app B.
      const cookie = await a.login('pia@example.com', TEST_PASSWORD);
      const me = await b.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
