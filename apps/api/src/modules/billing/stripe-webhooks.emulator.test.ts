// Stripe through the real app and the emulator's Stripe (the official SDK at its host and port):
// checkout from the product's own call to an active plan, webhooks verified by signature,
// stored by event id and processed once, in any order, with replays changing nothing.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_PLANS } from '@tubewise/contract/billing-constants';
import { billingInvoices, billingSubscriptions, stripeEvents } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { StripeGateway } from './stripe-gateway.ts';

const SECRET_KEY = 'sk_test_webhooks';
const WEBHOOK_SECRET = 'whsec_webhooks_test';
const pro = PAID_PLANS.find((p) => p.id === 'pro')!;
const agency = PAID_PLANS.find((p) => p.id === 'agency')!;

describe.each(testBackends())('Stripe webhooks and checkout (%s)', (backend) => {
  let t: TestApp;
  let server: EmulatorServer;
  let seq = 0;

  beforeAll(async () => {
    server = await startEmulatorServer({
      stripe: {
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        // No webhookUrl: the test delivers the events itself, in the order it chooses.
        prices: PAID_PLANS.flatMap((plan) =>
          (['month', 'year'] as const).map((interval) => ({
            id: plan.stripePriceIds[interval],
            productName: `Tubewise ${plan.name}`,
            unitAmount: plan.prices[interval],
            currency: plan.currency,
            interval,
          })),
        ),
      },
    });
    t = await createTestApp(backend, {
      billingGateway: new StripeGateway({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        host: '127.0.0.1',
        port: server.port,
        protocol: 'http',
      }),
      env: {
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const stripe = () => server.emulator.stripe!;
  const post = (cookie: string, url: string, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  /** Delivers one event as Stripe does: its JSON, signed now with the endpoint's secret. */
  const deliver = (event: unknown, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };
  const eventsAfter = (count: number) => stripe().events().slice(count);

  /** A fresh signed-in account that has paid for `plan` at Checkout (webhooks not delivered). */
  async function paidAccount(plan: 'pro' | 'agency' = 'pro') {
    seq += 1;
    const email = `payer-${seq}@example.com`;
    const userId = await t.createUser(email, TEST_PASSWORD);
    const cookie = await t.login(email, TEST_PASSWORD);
    const before = stripe().events().length;
    const start = await post(cookie, '/api/billing/checkout', { plan, interval: 'month' });
    expect(start.statusCode, start.body).toBe(200);
    const sessionId = new URL(start.json().url).pathname.split('/').pop()!;
    const subscription = stripe().completeCheckout(sessionId, '4242424242424242');
    return { userId, cookie, sessionId, subscription, events: eventsAfter(before) };
  }
  const storedSubscription = async (userId: string) =>
    (
      await t.database.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, userId))
    )[0];

  it('refuses a bad or missing signature with 400 and stores nothing', async () => {
    const event = { id: 'evt_forged', object: 'event', type: 'invoice.paid', data: { object: {} } };
    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('bad-request');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: JSON.stringify({ ...event, type: 'customer.subscription.deleted' }),
    });
    expect(tampered.statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, 'evt_forged'));
    expect(rows).toHaveLength(0);
  });

  it('activates the plan from the events in any order, and a replay changes nothing', async () => {
    const a = await paidAccount('agency');
    expect(a.events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.paid',
        'checkout.session.completed',
      ]),
    );
    // Newest first: the opposite of Stripe's order.
    for (const event of [...a.events].reverse()) {
      const res = await deliver(event);
      expect(res.statusCode, res.body).toBe(200);
    }
    const stored = await storedSubscription(a.userId);
    // Paid during the product's trial: Stripe keeps the trial's remaining days free.
    expect(stored).toMatchObject({ planId: 'agency', status: 'trialing', interval: 'month' });
    const overview = (
      await t.app.inject({ url: '/api/billing', headers: { cookie: a.cookie } })
    ).json();
    expect(overview).toMatchObject({
      plan: { id: 'agency' },
      standing: 'active',
      readOnly: false,
      limits: agency.limits,
    });
    const invoices = (
      await t.app.inject({ url: '/api/billing/invoices', headers: { cookie: a.cookie } })
    ).json().invoices;
    expect(invoices).toHaveLength(1);
    // The first invoice covers the free rest of the trial ($0); the plan's price follows.
    expect(invoices[0]).toMatchObject({ status: 'paid', amountPaid: 0 });
    expect(invoices[0].hostedUrl).toMatch(/^http/);

    // Every replay is acknowledged and changes nothing twice.
    const snapshot = await storedSubscription(a.userId);
    for (const event of a.events) {
      const res = await deliver(event);
      expect(res.statusCode).toBe(200);
      expect(res.json().outcome).toBe('duplicate');
    }
    expect(await storedSubscription(a.userId)).toEqual(snapshot);
    const processed = await t.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.userId, a.userId));
    expect(processed.length).toBe(a.events.length);
    for (const row of processed) {
      expect(row.attempts).toBe(1);
      expect(row.processedAt).not.toBeNull();
      expect(row.payload).toBeNull();
    }
    expect(
      await t.database.db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.userId, a.userId)),
    ).toHaveLength(1);
  });

  it('keeps the latest state when an older event arrives after a newer one', async () => {
    const a = await paidAccount('pro');
    for (const event of a.events) await deliver(event);
    expect((await storedSubscription(a.userId))?.status).toBe('trialing');
    // The subscription ends (say, deleted in Stripe's dashboard)...
    const before = stripe().events().length;
    const client = new Stripe(SECRET_KEY, {
      host: '127.0.0.1',
      port: server.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await client.subscriptions.cancel(a.subscription.id);
    const ending = eventsAfter(before);
    expect(ending.map((e) => e.type)).toContain('customer.subscription.deleted');
    for (const event of ending) await deliver(event);
    expect((await storedSubscription(a.userId))?.status).toBe('canceled');
    // ...and a late, never-seen copy of the old "created" event changes nothing back.
    const created = a.events.find((e) => e.type === 'customer.subscription.created')!;
    const late = await deliver({ ...created, id: `${created.id}_late` });
    expect(late.statusCode).toBe(200);
    expect((await storedSubscription(a.userId))?.status).toBe('canceled');
    const overview = (
      await t.app.inject({ url: '/api/billing', headers: { cookie: a.cookie } })
    ).json();
    expect(overview.plan.id).toBe('trial');
    expect(overview.subscription).toBeNull();
  });

  it('applies a finished checkout at once from the return page, before any webhook', async () => {
    const a = await paidAccount('pro');
    const res = await post(a.cookie, '/api/billing/checkout/confirm', { sessionId: a.sessionId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plan: { id: 'pro' }, standing: 'active' });
    // The limits follow the plan; the subscription keeps the rest of the trial free.
    expect(res.json().limits).toEqual(pro.limits);
    expect(res.json().subscription.status).toBe('trialing');
    // Another account cannot confirm (or learn about) this session.
    seq += 1;
    await t.createUser(`other-${seq}@example.com`, TEST_PASSWORD);
    const other = await t.login(`other-${seq}@example.com`, TEST_PASSWORD);
    const stolen = await post(other, '/api/billing/checkout/confirm', { sessionId: a.sessionId });
    expect(stolen.statusCode).toBe(404);
    // A second checkout while subscribed is refused: plan changes go through the portal.
    const again = await post(a.cookie, '/api/billing/checkout', {
      plan: 'agency',
      interval: 'year',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already-subscribed');
    const portal = await post(a.cookie, '/api/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(/\/stripe\/portal\//);
  });

  it('never bills an account twice: a second paid Checkout is cancelled, deletion cancels all', async () => {
    seq += 1;
    const email = `twice-${seq}@example.com`;
    const userId = await t.createUser(email, TEST_PASSWORD);
    const cookie = await t.login(email, TEST_PASSWORD);
    // Two tabs start Checkout before either is paid; both are paid.
    const [first, second] = await Promise.all(
      ['pro', 'agency'].map(async (plan) => {
        const res = await post(cookie, '/api/billing/checkout', { plan, interval: 'month' });
        expect(res.statusCode, res.body).toBe(200);
        return new URL(res.json().url).pathname.split('/').pop()!;
      }),
    );
    const kept = stripe().completeCheckout(first!, '4242424242424242');
    const extra = stripe().completeCheckout(second!, '4242424242424242');
    await post(cookie, '/api/billing/checkout/confirm', { sessionId: first });
    const res = await post(cookie, '/api/billing/checkout/confirm', { sessionId: second });
    expect(res.json().plan.id).toBe('pro');
    const client = new Stripe(SECRET_KEY, {
      host: '127.0.0.1',
      port: server.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    expect((await client.subscriptions.retrieve(extra.id)).status).toBe('canceled');
    expect((await client.subscriptions.retrieve(kept.id)).status).toBe('trialing');
    // A third Checkout is refused while one is open at Stripe.
    const third = await post(cookie, '/api/billing/checkout', {
      plan: 'creator',
      interval: 'year',
    });
    expect(third.json().error.code).toBe('already-subscribed');
    // Closing the account cancels whatever is still open.
    await t.services.billing.closeAccount(userId);
    expect((await client.subscriptions.retrieve(kept.id)).status).toBe('canceled');
  });

  it('reads the subscription again on the return from the portal, before any webhook', async () => {
    const a = await paidAccount('pro');
    await post(a.cookie, '/api/billing/checkout/confirm', { sessionId: a.sessionId });
    // The person cancels in the portal; its webhooks have not arrived.
    const client = new Stripe(SECRET_KEY, {
      host: '127.0.0.1',
      port: server.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await client.subscriptions.update(a.subscription.id, { cancel_at_period_end: true });
    const stale = (
      await t.app.inject({ url: '/api/billing', headers: { cookie: a.cookie } })
    ).json();
    expect(stale.subscription.cancelAtPeriodEnd).toBe(false);
    const res = await post(a.cookie, '/api/billing/refresh');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ cancelAtPeriodEnd: true });
    // The portal sends the person back to a page that asks for exactly this.
    const portal = await post(a.cookie, '/api/billing/portal');
    const page = await fetch(`${server.root}${new URL(portal.json().url).pathname}`);
    expect(await page.text()).toContain('/settings/account?portal=return#billing');
  });

  it('refuses a declined card at Checkout and leaves the account on its trial', async () => {
    seq += 1;
    const email = `declined-${seq}@example.com`;
    const userId = await t.createUser(email, TEST_PASSWORD);
    const cookie = await t.login(email, TEST_PASSWORD);
    const start = await post(cookie, '/api/billing/checkout', { plan: 'pro', interval: 'year' });
    const sessionId = new URL(start.json().url).pathname.split('/').pop()!;
    expect(() => stripe().completeCheckout(sessionId, '4000000000000002')).toThrow(/declined/);
    const res = await post(cookie, '/api/billing/checkout/confirm', { sessionId });
    expect(res.json()).toMatchObject({ plan: { id: 'trial' }, standing: 'trialing' });
    expect(await storedSubscription(userId)).toBeUndefined();
  });
});
