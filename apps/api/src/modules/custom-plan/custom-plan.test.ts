// The custom-plan request through the real app, on PGlite and PostgreSQL: the request is stored
// with the person's e-mail and name, the sales team and the person each get an e-mail (user text
// escaped in HTML), the contract's text rule and validation refuse bad input with 400, and the
// per-person limit answers 429 without locking the person out beyond the hour.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorEnvelope, type CustomPlanRequest } from '@tubewise/contract';
import {
  CUSTOM_PLAN_MESSAGE_MAX_LENGTH,
  CUSTOM_PLAN_NUMBER_MAX,
} from '@tubewise/contract/billing-constants';
import { customPlanRequests, users } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { CUSTOM_PLAN_LIMITS, waitText } from './custom-plan.service.ts';

const SALES = 'sales@tubewise.test';
const BODY = {
  channels: 25,
  people: 40,
  keywords: 5000,
  message: 'We run 25 channels for clients.\n<b>Bold</b> & "quoted" plans?',
};

describe('waitText', () => {
  it('says minutes under an hour and a half, hours beyond', () => {
    expect(waitText(1)).toBe('a minute');
    expect(waitText(45 * 60)).toBe('about 45 minutes');
    expect(waitText(3600)).toBe('about 60 minutes');
    expect(waitText(5 * 3600)).toBe('about 5 hours');
  });
});

describe.each(testBackends())('custom plan requests (%s)', (backend) => {
  let t: TestApp;
  const clock = new TestClock();
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp(backend, {
      env: { SALES_EMAIL: SALES, SUPPORT_EMAIL: 'help@tubewise.test' },
      clock,
    });
    userId = await t.createUser('agency@example.com');
    await t.database.db
      .update(users)
      .set({ name: 'Ada <Agency> Lovelace' })
      .where(eq(users.id, userId));
    cookie = await t.login('agency@example.com', TEST_PASSWORD);
  });
  afterAll(() => t?.close());

  const send = (payload: unknown, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/custom-plan',
      headers: { cookie: as, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    } satisfies InjectOptions);

  /** The outbox messages to an address whose text holds `needle` (the test clock stands still). */
  const mailTo = async (to: string, needle = '') =>
    (await t.services.mail.recent(500)).filter((m) => m.to === to && m.text.includes(needle));

  it('stores the request with the e-mail and name, answers 201, and mails sales and the person', async () => {
    const res = await send(BODY);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<CustomPlanRequest>();
    expect(answer).toMatchObject({
      channels: 25,
      people: 40,
      keywords: 5000,
      message: BODY.message,
      email: 'agency@example.com',
    });
    expect(new Date(answer.createdAt).getTime()).toBe(clock.now().getTime());

    const [row] = await t.database.db
      .select()
      .from(customPlanRequests)
      .where(eq(customPlanRequests.id, answer.id));
    expect(row).toMatchObject({
      userId,
      email: 'agency@example.com',
      name: 'Ada <Agency> Lovelace',
      channels: 25,
      people: 40,
      keywords: 5000,
      message: BODY.message,
    });

    const [sales, ...more] = await mailTo(SALES, answer.id);
    expect(more).toEqual([]);
    expect(sales?.subject).toBe('Custom plan request from Ada <Agency> Lovelace');
    expect(sales?.sensitive).toBe(false);
    expect(sales?.text).toContain(
      'Ada <Agency> Lovelace <agency@example.com> asks for a custom plan',
    );
    expect(sales?.text).toContain('Answer them at agency@example.com.');
    expect(sales?.text).toContain('Channels: 25');
    expect(sales?.text).toContain('People per channel: 40');
    expect(sales?.text).toContain('Tracked keywords per channel: 5,000');
    expect(sales?.text).toContain(BODY.message);
    expect(sales?.text).toContain(`Request ${answer.id}`);
    // Every piece of user text is escaped in the HTML part.
    expect(sales?.html).toContain('Ada &lt;Agency&gt; Lovelace &lt;agency@example.com&gt;');
    expect(sales?.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot; plans?');
    expect(sales?.html).not.toContain('<b>');
    expect(sales?.html).not.toContain('<Agency>');
    expect(sales?.html).toContain('href="mailto:agency@example.com"');

    const [confirmation, ...others] = await mailTo('agency@example.com');
    expect(others).toEqual([]);
    expect(confirmation?.subject).toBe('We received your Tubewise custom plan request');
    expect(confirmation?.text).toContain('Hi Ada <Agency> Lovelace,');
    expect(confirmation?.text).toContain('answer you at this address (agency@example.com)');
    expect(confirmation?.text).toContain('Tracked keywords per channel: 5,000');
    expect(confirmation?.text).toContain(BODY.message);
    expect(confirmation?.html).toContain('Hi Ada &lt;Agency&gt; Lovelace,');
    expect(confirmation?.html).not.toContain('<b>');
  });

  it('accepts zeros, the largest numbers and an empty message (trimmed)', async () => {
    const other = await t.createUser('zeros@example.com');
    await t.database.db.update(users).set({ name: '' }).where(eq(users.id, other));
    const as = await t.login('zeros@example.com', TEST_PASSWORD);
    const low = await send({ channels: 0, people: 0, keywords: 0, message: '   ' }, as);
    expect(low.statusCode, low.body).toBe(201);
    expect(low.json()).toMatchObject({ message: '', email: 'zeros@example.com' });
    const high = CUSTOM_PLAN_NUMBER_MAX;
    const res = await send({ channels: high, people: high, keywords: high, message: '' }, as);
    expect(res.statusCode, res.body).toBe(201);
    const [sales] = await mailTo(SALES, res.json<CustomPlanRequest>().id);
    // No name: the address stands in for it.
    expect(sales?.subject).toBe('Custom plan request from zeros@example.com');
    expect(sales?.text).toContain('(no message)');
    const [confirmation] = await mailTo('zeros@example.com');
    expect(confirmation?.text.startsWith('Hi,\n')).toBe(true);
    const rows = await t.database.db
      .select()
      .from(customPlanRequests)
      .where(eq(customPlanRequests.userId, other));
    expect(rows).toHaveLength(2);
  });

  it('refuses text the contract rule refuses (NUL, other controls, lone surrogates) with 400', async () => {
    await t.createUser('text-rule@example.com');
    const as = await t.login('text-rule@example.com', TEST_PASSWORD);
    for (const message of ['nul \u0000 here', 'bell \u0007', 'lone \uD800 surrogate']) {
      const res = await send({ ...BODY, message }, as);
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      const { error } = errorEnvelope.parse(res.json());
      expect(error.code).toBe('validation-failed');
      expect(error.issues?.map((i) => i.path)).toContain('body.message');
    }
    const rows = await t.database.db
      .select({ id: customPlanRequests.id })
      .from(customPlanRequests)
      .innerJoin(users, eq(users.id, customPlanRequests.userId))
      .where(eq(users.email, 'text-rule@example.com'));
    expect(rows).toEqual([]);
  });

  it('answers 400 naming each field that fails validation', async () => {
    await t.createUser('invalid@example.com');
    const as = await t.login('invalid@example.com', TEST_PASSWORD);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...BODY, channels: -1 }, 'body.channels'],
      [{ ...BODY, people: 2.5 }, 'body.people'],
      [{ ...BODY, keywords: CUSTOM_PLAN_NUMBER_MAX + 1 }, 'body.keywords'],
      [{ ...BODY, channels: '25' }, 'body.channels'],
      [{ ...BODY, message: 'x'.repeat(CUSTOM_PLAN_MESSAGE_MAX_LENGTH + 1) }, 'body.message'],
      [{ channels: 1, people: 1, keywords: 1 }, 'body.message'],
    ];
    for (const [payload, path] of cases) {
      const res = await send(payload, as);
      expect(res.statusCode, path).toBe(400);
      const { error } = errorEnvelope.parse(res.json());
      expect(error.code).toBe('validation-failed');
      expect(
        error.issues?.map((i) => i.path),
        JSON.stringify(error.issues),
      ).toContain(path);
    }
    // Invalid requests use up nothing: the hour's three still go through.
    for (let i = 0; i < CUSTOM_PLAN_LIMITS.hour.max; i++) {
      expect((await send(BODY, as)).statusCode).toBe(201);
    }
  });

  it('answers 429 to the fourth request in an hour, leaves other people alone, and lets the hour pass', async () => {
    await t.createUser('busy@example.com');
    await t.createUser('calm@example.com');
    let busy = await t.login('busy@example.com', TEST_PASSWORD);
    // Sessions are short next to these waits: sign in again after each.
    const wait = async (seconds: number) => {
      clock.advance(seconds);
      busy = await t.login('busy@example.com', TEST_PASSWORD);
    };
    const calm = await t.login('calm@example.com', TEST_PASSWORD);
    for (let i = 0; i < CUSTOM_PLAN_LIMITS.hour.max; i++) {
      expect((await send(BODY, busy)).statusCode).toBe(201);
    }
    const mailsBefore = (await t.services.mail.recent(500)).length;
    const refused = await send(BODY, busy);
    expect(refused.statusCode).toBe(429);
    const { error } = errorEnvelope.parse(refused.json());
    expect(error.code).toBe('rate-limited');
    expect(error.requestId).toBe(refused.headers['x-request-id']);
    expect(error.message).toBe(
      'You have sent several custom plan requests recently. Please try again in about 60 minutes.',
    );
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    // Nothing stored or mailed for a refused request.
    expect((await t.services.mail.recent(500)).length).toBe(mailsBefore);

    // Someone else is not affected.
    expect((await send(BODY, calm)).statusCode).toBe(201);

    // Refused attempts while waiting do not count towards the day…
    for (let i = 0; i < 20; i++) expect((await send(BODY, busy)).statusCode).toBe(429);
    await wait(CUSTOM_PLAN_LIMITS.hour.windowSeconds);
    // …so each new hour brings three more, up to the day's ten.
    for (let i = 0; i < CUSTOM_PLAN_LIMITS.hour.max; i++) {
      expect((await send(BODY, busy)).statusCode).toBe(201);
    }
    await wait(CUSTOM_PLAN_LIMITS.hour.windowSeconds);
    for (let i = 0; i < CUSTOM_PLAN_LIMITS.hour.max; i++) {
      expect((await send(BODY, busy)).statusCode).toBe(201);
    }
    await wait(CUSTOM_PLAN_LIMITS.hour.windowSeconds);
    expect((await send(BODY, busy)).statusCode).toBe(201); // the day's tenth
    const overDay = await send(BODY, busy);
    expect(overDay.statusCode).toBe(429);
    // The day began three hours ago: 21 hours to wait.
    expect(Number(overDay.headers['retry-after'])).toBe(21 * 3600);
    expect(errorEnvelope.parse(overDay.json()).error.message).toContain('about 21 hours');
    // The hour's count was given back with the refusal: the next day starts fresh.
    await wait(21 * 3600);
    expect((await send(BODY, busy)).statusCode).toBe(201);
  });

  it('mails SUPPORT_EMAIL when no SALES_EMAIL is set', async () => {
    const other = await createTestApp(backend, {
      env: { SUPPORT_EMAIL: 'help@tubewise.test' },
      database: t.database,
    });
    try {
      await other.createUser('support-route@example.com');
      const as = await other.login('support-route@example.com', TEST_PASSWORD);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/custom-plan',
        headers: { cookie: as, 'content-type': 'application/json' },
        payload: JSON.stringify(BODY),
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<CustomPlanRequest>().id;
      const [latest] = (await other.services.mail.recent(500)).filter((m) => m.text.includes(id));
      expect(latest?.to).toBe('help@tubewise.test');
      expect(latest?.text).toContain('support-route@example.com');
    } finally {
      await other.close();
    }
  });
});
