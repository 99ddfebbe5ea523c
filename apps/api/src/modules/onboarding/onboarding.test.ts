// Public onboarding through the real app, on PGlite and PostgreSQL: the browser session binds
// every call (another session gets 404 and no token), the e-mailed code is stored as a keyed
// hash, dies after 15 minutes or 5 tries (counted atomically, so parallel guesses get exactly 5),
// the link verifies once and moves the onboarding to the browser that opened it, resends wait
// out a cooldown and an hourly cap per address behind an answer that never changes shape, and
// no answer tells whether an address has an account.
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS } from '@tubewise/emulator';
import {
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_RESEND_COOLDOWN_SECONDS,
  VERIFICATION_SENDS_PER_ADDRESS_PER_HOUR,
  VERIFICATION_SENDS_PER_EMAIL_PER_HOUR,
} from '@tubewise/contract/onboarding-constants';
import { onboardings } from '../../db/schema/index.ts';
import { createTestApp, testBackends, TestClock, type TestApp } from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { DataForSeoAdapter } from '../keywords/index.ts';
import { DataForSeoSerpAdapter } from '../rankings/index.ts';
import { DEFAULT_AUTH_LIMITS } from '../rate-limit/index.ts';

const BASE = '/api/public/onboarding';
const COMPETITOR = { youtubeId: 'UCcompetitor000000000001', title: 'Rival', thumbnailUrl: '' };

describe.each(testBackends())('public onboarding (%s)', (backend) => {
  let server: EmulatorServer;
  let t: TestApp;
  const clock = new TestClock();
  let ipCounter = 0;
  /** A fresh client address, so one test's calls never meet another's limits. */
  const freshIp = () => {
    ipCounter += 1;
    return `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.1`;
  };

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 1 });
    const credentials = { baseUrl: server.root, ...EMULATOR_KEYWORD_DATA_CREDENTIALS };
    t = await createTestApp(backend, {
      clock,
      platform: server.adapter,
      keywordData: new DataForSeoAdapter({ ...credentials, name: 'Emulated keyword data' }),
      serp: new DataForSeoSerpAdapter({ ...credentials, name: 'Emulated results' }),
      env: { YOUTUBE_API_KEY: 'tubewise-emulator-key' },
      authLimits: {
        onboardingSendIp: { max: 8, windowSeconds: 3600 },
        onboardingSendSession: { max: 6, windowSeconds: 3600 },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.services.onboarding.insights.settled();
    await t?.close();
    await server?.close();
  });

  const call = (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    ip = '198.51.100.250',
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      ...(payload === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
    });

  /**
   * The latest verification e-mail to `to`: its code and link token, read from the body (this
   * app has no SMTP, so the body stays in the outbox; a delivered one is erased).
   */
  const mailTo = async (to: string) => {
    const mails = (await t.services.mail.recent(500)).filter((m) => m.to === to);
    const latest = mails[0];
    return {
      count: mails.length,
      code: latest ? /\b(\d{6})\b/.exec(latest.text)![1]! : null,
      link: latest ? /token=([\w-]+)/.exec(latest.text)![1]! : null,
      subject: latest?.subject ?? null,
    };
  };

  /** An onboarding with a competitor and a keyword whose code went to `email`. */
  async function awaitingCode(email: string, ip = freshIp()) {
    const sessionId = randomUUID();
    const created = await call('POST', `${BASE}/new`, { sessionId }, ip);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const saved = await call(
      'PATCH',
      `${BASE}/${id}`,
      { sessionId, competitors: [COMPETITOR], keywords: ['camp cooking'] },
      ip,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await call('PATCH', `${BASE}/${id}`, { sessionId, email, tosAccepted: true }, ip);
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await mailTo(email);
    return { id, sessionId, ip, code: mail.code!, link: mail.link!, answer: sent.json() };
  }

  const validate = (body: { email: string; code: string; sessionId: string }, ip = freshIp()) =>
    call('POST', `${BASE}/validate-email-code`, body, ip);

  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('starts an onboarding in en-us unless told, and refuses an unknown locale', async () => {
    const ip = freshIp();
    const sessionId = randomUUID();
    const res = await call('POST', `${BASE}/new`, { sessionId }, ip);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      locale: 'en-us',
      sessionId,
      onboarded: false,
      email: null,
      competitors: [],
      keywords: [],
      token: null,
      insights: null,
      accountCreated: false,
    });
    const fr = await call('POST', `${BASE}/new`, { sessionId, locale: 'FR-FR' }, ip);
    expect(fr.json().locale).toBe('fr-fr');
    const unknown = await call('POST', `${BASE}/new`, { sessionId, locale: 'xx-yy' }, ip);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues[0].path).toBe('locale');
  });

  it('saves keywords normalised and deduplicated, competitors once each, https thumbnails only', async () => {
    const ip = freshIp();
    const sessionId = randomUUID();
    const { id } = (await call('POST', `${BASE}/new`, { sessionId }, ip)).json();
    const res = await call(
      'PATCH',
      `${BASE}/${id}`,
      {
        sessionId,
        keywords: ['  Camp   COOKING ', 'camp cooking', 'Dutch Oven!'],
        competitors: [
          { ...COMPETITOR, thumbnailUrl: 'javascript:alert(1)' },
          { ...COMPETITOR, title: 'Again' },
          { youtubeId: 'UCother', title: 'Other', thumbnailUrl: 'https://i.ytimg.com/x.jpg' },
        ],
      },
      ip,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().keywords).toEqual(['camp cooking', 'dutch oven']);
    expect(res.json().competitors).toEqual([
      { ...COMPETITOR, thumbnailUrl: '' },
      { youtubeId: 'UCother', title: 'Other', thumbnailUrl: 'https://i.ytimg.com/x.jpg' },
    ]);
    const symbols = await call('PATCH', `${BASE}/${id}`, { sessionId, keywords: ['!!!'] }, ip);
    expect(symbols.statusCode).toBe(400);
    expect(symbols.json().error.issues[0].path).toBe('keywords.0');
  });

  it('sends the code only with the terms, and only once a competitor and a keyword are saved', async () => {
    const ip = freshIp();
    const sessionId = randomUUID();
    const { id } = (await call('POST', `${BASE}/new`, { sessionId }, ip)).json();
    const email = 'incomplete@example.com';
    const early = await call('PATCH', `${BASE}/${id}`, { sessionId, email, tosAccepted: true }, ip);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('onboarding-incomplete');
    await call('PATCH', `${BASE}/${id}`, { sessionId, keywords: ['camp cooking'] }, ip);
    const noTerms = await call('PATCH', `${BASE}/${id}`, { sessionId, email }, ip);
    expect(noTerms.statusCode).toBe(400);
    await call('PATCH', `${BASE}/${id}`, { sessionId, competitors: [COMPETITOR] }, ip);
    expect((await mailTo(email)).count).toBe(0);
    const sent = await call('PATCH', `${BASE}/${id}`, { sessionId, email, tosAccepted: true }, ip);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      email,
      onboarded: false,
      tosTimestamp: expect.any(String),
    });
    expect(sent.json().codeExpiresAt).not.toBeNull();
    expect((await mailTo(email)).count).toBe(1);
  });

  it('stores the code and link only as keyed hashes: no plaintext in the row', async () => {
    const { id, code, link } = await awaitingCode('hashes@example.com');
    const [row] = await t.database.db.select().from(onboardings).where(eq(onboardings.id, id));
    const stored = JSON.stringify(row);
    expect(row!.codeHash).toBeTruthy();
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(link);
    // Keyed: not the unkeyed SHA-256 of the code either.
    const { createHash } = await import('node:crypto');
    expect(stored).not.toContain(createHash('sha256').update(code).digest('base64url'));
    expect(stored).not.toContain(createHash('sha256').update(code).digest('hex'));
  });

  it('verifies with the right code: the owner token once, the onboarding, a pending report', async () => {
    const email = 'right@example.com';
    const { sessionId, code } = await awaitingCode(email);
    const wrong = await validate({ email, code: wrongOf(code), sessionId });
    expect(wrong.json()).toEqual({
      token: null,
      onboarding: null,
      reason: 'wrong-code',
      attemptsLeft: VERIFICATION_CODE_MAX_ATTEMPTS - 1,
    });
    const ok = await validate({ email, code, sessionId });
    expect(ok.statusCode, ok.body).toBe(200);
    const answer = ok.json();
    expect(answer.token).toEqual(expect.any(String));
    expect(answer.onboarding).toMatchObject({ onboarded: true, token: answer.token, email });
    expect(answer.onboarding.insights).toMatchObject({ status: 'pending', revoked: false });
    expect(answer.onboarding.insights.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The code is spent.
    const again = await validate({ email, code, sessionId });
    expect(again.json()).toMatchObject({ token: null, reason: 'expired' });
    // The owner token is never shown again.
    const id = answer.onboarding.id as string;
    const read = await call('GET', `${BASE}/${id}?sessionId=${sessionId}`);
    expect(read.json()).toMatchObject({ onboarded: true, token: null });
  });

  it('refuses the right code after 15 minutes', async () => {
    const email = 'late@example.com';
    const { sessionId, code } = await awaitingCode(email);
    clock.advance(15 * 60 + 1);
    const res = await validate({ email, code, sessionId });
    expect(res.json()).toMatchObject({ token: null, onboarding: null, reason: 'expired' });
  });

  it('kills the code after 5 wrong tries: the right one is refused afterwards', async () => {
    const email = 'guesser@example.com';
    const { sessionId, code } = await awaitingCode(email);
    const answers = [];
    for (let i = 0; i < VERIFICATION_CODE_MAX_ATTEMPTS; i++)
      answers.push((await validate({ email, code: wrongOf(code), sessionId })).json());
    expect(answers.map((a) => a.attemptsLeft)).toEqual([4, 3, 2, 1, 0]);
    expect(answers.at(-1)!.reason).toBe('attempts-exhausted');
    const right = await validate({ email, code, sessionId });
    expect(right.json()).toMatchObject({
      token: null,
      reason: 'attempts-exhausted',
      attemptsLeft: 0,
    });
  });

  it('counts exactly 5 of 10 parallel wrong guesses', async () => {
    const email = 'parallel@example.com';
    const { id, sessionId, code } = await awaitingCode(email);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => validate({ email, code: wrongOf(code), sessionId })),
    );
    expect(results.every((r) => r.statusCode === 200 && r.json().token === null)).toBe(true);
    const [row] = await t.database.db.select().from(onboardings).where(eq(onboardings.id, id));
    expect(row!.codeAttempts).toBe(VERIFICATION_CODE_MAX_ATTEMPTS);
    expect((await validate({ email, code, sessionId })).json().reason).toBe('attempts-exhausted');
  });

  it('binds every call to the browser session: another session gets 404 and no token', async () => {
    const email = 'bound@example.com';
    const { id, code } = await awaitingCode(email);
    const other = randomUUID();
    const unknown = await call('GET', `${BASE}/${randomUUID()}?sessionId=${other}`);
    const checks = [
      await call('GET', `${BASE}/${id}?sessionId=${other}`),
      await call('PATCH', `${BASE}/${id}`, { sessionId: other, keywords: ['taken over'] }),
      await call('GET', `${BASE}/${id}/keyword-suggestions?sessionId=${other}`),
      await call('POST', `${BASE}/${id}/account`, {
        sessionId: other,
        token: 'x'.repeat(43),
        password: 'a fine long passphrase',
      }),
    ];
    for (const res of checks) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe(unknown.json().error.message);
    }
    const stolen = await validate({ email, code, sessionId: other });
    expect(stolen.json()).toMatchObject({ token: null, onboarding: null, reason: 'wrong-code' });
    const [row] = await t.database.db.select().from(onboardings).where(eq(onboardings.id, id));
    expect(row!.keywords).toEqual(['camp cooking']);
    expect(row!.verifiedAt).toBeNull();
  });

  it('verifies once with the e-mailed link, moving the onboarding to the browser that opened it', async () => {
    const email = 'link@example.com';
    const { id, sessionId, link } = await awaitingCode(email);
    const elsewhere = randomUUID();
    const res = await call('POST', `${BASE}/validate-email-token`, {
      token: link,
      sessionId: elsewhere,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email,
      token: expect.any(String),
      onboarding: { id, onboarded: true, sessionId: elsewhere },
    });
    expect((await call('GET', `${BASE}/${id}?sessionId=${elsewhere}`)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${id}?sessionId=${sessionId}`)).statusCode).toBe(404);
    const twice = await call('POST', `${BASE}/validate-email-token`, {
      token: link,
      sessionId: elsewhere,
    });
    expect(twice.json()).toEqual({});
  });

  it('refuses a link after 24 hours', async () => {
    const { sessionId, link } = await awaitingCode('old-link@example.com');
    clock.advance(24 * 3600 + 1);
    const res = await call('POST', `${BASE}/validate-email-token`, { token: link, sessionId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('resends after the cooldown only, the answer the same whether sent or not', async () => {
    const email = 'resend@example.com';
    const { sessionId, code, ip } = await awaitingCode(email);
    const renew = () =>
      call('POST', `${BASE}/renew-validate-email-code`, { email, sessionId, channel: 'email' }, ip);
    const early = await renew();
    expect(early.statusCode).toBe(200);
    expect(Object.keys(early.json())).toEqual(['resendAvailableAt']);
    expect(Date.parse(early.json().resendAvailableAt)).toBeGreaterThan(clock.now().getTime());
    expect((await mailTo(email)).count).toBe(1);
    clock.advance(61);
    const later = await renew();
    expect(later.statusCode).toBe(200);
    expect(Object.keys(later.json())).toEqual(['resendAvailableAt']);
    const mail = await mailTo(email);
    expect(mail.count).toBe(2);
    // The old code died with the new one.
    if (mail.code !== code) {
      expect((await validate({ email, code, sessionId })).json().reason).toBe('wrong-code');
    }
    expect((await validate({ email, code: mail.code!, sessionId })).json().token).toEqual(
      expect.any(String),
    );
  });

  const renewFor = (email: string, s: { sessionId: string; ip: string }) =>
    call(
      'POST',
      `${BASE}/renew-validate-email-code`,
      { email, sessionId: s.sessionId, channel: 'email' },
      s.ip,
    );

  it("sends one session at most 5 codes an hour to an address; other sessions' sends never hold it up", async () => {
    const email = 'capped@example.com';
    const first = await awaitingCode(email);
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < VERIFICATION_SENDS_PER_EMAIL_PER_HOUR; i++) {
      clock.advance(61);
      answers.push(await renewFor(email, first));
    }
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.every((a) => Object.keys(a.json()).join() === 'resendAvailableAt')).toBe(true);
    expect((await mailTo(email)).count).toBe(VERIFICATION_SENDS_PER_EMAIL_PER_HOUR);
    // The session's own sends are used up: it is told to try again after the hour.
    const refused = answers.at(-1)!.json().resendAvailableAt;
    expect(Date.parse(refused) - clock.now().getTime()).toBeGreaterThan(30 * 60_000);
    // Another session sends at once, and waits only its own cooldown.
    const second = await awaitingCode(email);
    expect((await mailTo(email)).count).toBe(VERIFICATION_SENDS_PER_EMAIL_PER_HOUR + 1);
    expect(Date.parse(second.answer.resendAvailableAt) - clock.now().getTime()).toBe(
      VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000,
    );
    clock.advance(3600);
    await renewFor(email, first);
    expect((await mailTo(email)).count).toBe(VERIFICATION_SENDS_PER_EMAIL_PER_HOUR + 2);
  });

  it("delivers at most 20 codes an hour to an address, telling no session of the others' sends", async () => {
    const email = 'popular@example.com';
    const sessions = [];
    for (let n = 0; n < VERIFICATION_SENDS_PER_ADDRESS_PER_HOUR / 5; n++) {
      const s = await awaitingCode(email);
      sessions.push(s);
      for (let i = 1; i < 5; i++) {
        clock.advance(61);
        await renewFor(email, s);
      }
    }
    expect((await mailTo(email)).count).toBe(VERIFICATION_SENDS_PER_ADDRESS_PER_HOUR);
    // A new session's e-mail step answers as if sent (a live code, the usual cooldown)…
    const late = await awaitingCode(email);
    expect(late.answer.codeExpiresAt).not.toBeNull();
    expect(Date.parse(late.answer.resendAvailableAt) - clock.now().getTime()).toBe(
      VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000,
    );
    clock.advance(61);
    const renewed = await renewFor(email, late);
    expect(Date.parse(renewed.json().resendAvailableAt) - clock.now().getTime()).toBe(
      VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000,
    );
    // …but nothing more reaches the mailbox within the hour.
    expect((await mailTo(email)).count).toBe(VERIFICATION_SENDS_PER_ADDRESS_PER_HOUR);
    // No code was made for it: any code answers like a wrong one.
    const guess = await validate({ email, code: late.code, sessionId: late.sessionId });
    expect(guess.json()).toMatchObject({ token: null, reason: 'wrong-code', attemptsLeft: 4 });
  });

  it('answers 429 past the per-IP and per-session limits of sends', async () => {
    const ip = freshIp();
    const email = 'spammer@example.com';
    const sessions = [await awaitingCode(email, ip)];
    // 8 sends an hour from one address (this app's limit), 6 per session.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await call(
        'POST',
        `${BASE}/renew-validate-email-code`,
        { email, sessionId: sessions[0]!.sessionId, channel: 'email' },
        i < 5 ? freshIp() : ip,
      );
      statuses.push(res.statusCode);
    }
    // The session's sixth send (the e-mail step was its first) is refused.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    const fresh = randomUUID();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 10; i++)
      last = await call(
        'POST',
        `${BASE}/renew-validate-email-code`,
        { email, sessionId: i % 2 ? fresh : randomUUID(), channel: 'email' },
        ip,
      );
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error.code).toBe('rate-limited');
  });

  it('limits code validations per IP address (429)', async () => {
    const ip = freshIp();
    const email = 'validator@example.com';
    const { code } = await awaitingCode(email);
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i <= DEFAULT_AUTH_LIMITS.onboardingVerifyIp.max; i++)
      res = await validate({ email: `nobody${i}@example.com`, code, sessionId: randomUUID() }, ip);
    expect(res!.statusCode).toBe(429);
    expect(res!.json().error.code).toBe('rate-limited');
  });

  it("limits code validations per browser session (429), never by other sessions' tries", async () => {
    // Per session: whatever the address and the IP.
    const { code } = await awaitingCode('session-guesser@example.com');
    const sessionId = randomUUID();
    const perSession: number[] = [];
    for (let i = 0; i <= DEFAULT_AUTH_LIMITS.onboardingVerifySession.max; i++)
      perSession.push(
        (await validate({ email: `nobody${i}@example.com`, code, sessionId })).statusCode,
      );
    expect(perSession.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(perSession.at(-1)).toBe(429);

    // Per address, other sessions' tries never hold the owner up: strangers that sent the
    // address codes (delivered or not) and try wrong ones, many times over the address's limit.
    const email = 'address-guesser@example.com';
    const owner = await awaitingCode(email);
    let tries = 0;
    while (tries <= 2 * DEFAULT_AUTH_LIMITS.onboardingVerifyEmail.max) {
      const stranger = await awaitingCode(email);
      for (let i = 0; i < 4; i++, tries++) {
        const res = await validate({
          email,
          code: wrongOf(owner.code),
          sessionId: stranger.sessionId,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().reason).toBe('wrong-code');
      }
    }
    const right = await validate({ email, code: owner.code, sessionId: owner.sessionId });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().token).toEqual(expect.any(String));
  });

  it('answers new, the e-mail step and resend alike whether or not the address has an account', async () => {
    await t.createUser('member@example.com');
    const run = async (email: string) => {
      const ip = freshIp();
      const sessionId = randomUUID();
      const created = await call('POST', `${BASE}/new`, { sessionId }, ip);
      const id = created.json().id as string;
      await call(
        'PATCH',
        `${BASE}/${id}`,
        { sessionId, competitors: [COMPETITOR], keywords: ['camp cooking'] },
        ip,
      );
      const step = await call(
        'PATCH',
        `${BASE}/${id}`,
        { sessionId, email, tosAccepted: true },
        ip,
      );
      const renew = await call(
        'POST',
        `${BASE}/renew-validate-email-code`,
        { email, sessionId, channel: 'email' },
        ip,
      );
      const mail = await mailTo(email);
      const mask = (res: LightMyRequestResponse) =>
        res.body
          .replaceAll(id, 'ID')
          .replaceAll(sessionId, 'SESSION')
          .replaceAll(email, 'EMAIL')
          .replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"TIME"');
      return {
        statuses: [created.statusCode, step.statusCode, renew.statusCode],
        bodies: [mask(created), mask(step), mask(renew)],
        headers: Object.keys(step.headers).sort(),
        subject: mail.subject,
      };
    };
    const member = await run('member@example.com');
    const stranger = await run('stranger@example.com');
    expect(member).toEqual(stranger);
  });

  it('answers the public keyword languages like the signed-in list', async () => {
    const res = await call('GET', '/api/public/locales?sortBy=name');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((l: { name: string }) => l.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(res.json().some((l: { id: string }) => l.id === 'en-us')).toBe(true);
  });
});
