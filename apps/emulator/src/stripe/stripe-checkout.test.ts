// Checkout through the official SDK and the hosted page: create a session, open its page, pay
// with Stripe's test cards, follow the redirect, and receive the signed webhooks in order.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import {
  cardForm,
  postForm,
  startStripeServer,
  TEST_WEBHOOK_SECRET,
  WebhookReceiver,
  type StripeTestServer,
} from '../testing/stripe-harness.ts';

const DAY = 86_400;

describe('Stripe Checkout (hosted page)', () => {
  let receiver: WebhookReceiver;
  let server: StripeTestServer;
  let stripe: Stripe;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startStripeServer({ webhookUrl: receiver.url });
    stripe = server.stripe;
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const createSession = async (
    customer: string,
    extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
  ) =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'https://app.example.test/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example.test/billing',
      client_reference_id: 'user-42',
      metadata: { userId: 'user-42' },
      ...extra,
    });

  it('subscribes with 4242: page, redirect with the session id, subscription, signed webhooks in order', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.test', name: 'Ada' });
    const session = await createSession(customer.id, {
      subscription_data: { metadata: { plan: 'pro' } },
    });
    expect(session.object).toBe('checkout.session');
    expect(session.status).toBe('open');
    expect(session.payment_status).toBe('unpaid');
    expect(session.url).toBe(`${server.origin}/emulator/stripe/checkout/${session.id}`);
    expect(session.expires_at - session.created).toBe(DAY);

    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Subscribe to Tubewise Pro');
    expect(html).toContain('$19.00');
    expect(html).toContain('per month');
    expect(html).toContain('ada@example.test');
    for (const label of ['Card number', 'Expiration (MM / YY)', 'CVC', 'Name on card'])
      expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('>Subscribe</button>');
    expect(html).toContain('href="https://app.example.test/billing">Back</a>');

    const paid = await postForm(session.url!, cardForm('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `https://app.example.test/billing/success?session_id=${session.id}`,
    );

    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'line_items'],
    });
    expect(done.status).toBe('complete');
    expect(done.payment_status).toBe('paid');
    expect(done.customer).toBe(customer.id);
    expect(done.client_reference_id).toBe('user-42');
    expect(done.line_items?.data[0]?.price?.id).toBe('price_pro_monthly');
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('active');
    expect(sub.metadata).toEqual({ plan: 'pro' });
    expect(sub.items.data[0]!.price.id).toBe('price_pro_monthly');
    expect(sub.items.data[0]!.current_period_end).toBeGreaterThan(
      sub.items.data[0]!.current_period_start,
    );

    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_due: 1900,
      amount_paid: 1900,
      billing_reason: 'subscription_create',
      customer: customer.id,
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);

    await server.emulator.stripe!.deliverPending();
    const types = receiver.acceptedTypes();
    expect(types).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    for (const delivery of receiver.received) {
      expect(delivery.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(delivery.headers['user-agent']).toBe('Stripe/1.0 (+https://stripe.com/docs/webhooks)');
      expect(delivery.headers.accept).toBe('*/*; q=0.5, application/xml');
      expect(delivery.headers['sec-fetch-mode']).toBeUndefined();
      const event = stripe.webhooks.constructEvent(
        delivery.body,
        delivery.headers['stripe-signature'] as string,
        TEST_WEBHOOK_SECRET,
      );
      expect(event.object).toBe('event');
      expect(event.livemode).toBe(false);
    }
    const completed = stripe.webhooks.constructEvent(
      receiver.received.at(-1)!.body,
      receiver.received.at(-1)!.headers['stripe-signature'] as string,
      TEST_WEBHOOK_SECRET,
    );
    expect(completed.type).toBe('checkout.session.completed');
    if (completed.type === 'checkout.session.completed') {
      expect(completed.data.object.subscription).toBe(sub.id);
      expect(completed.data.object.metadata).toEqual({ userId: 'user-42' });
    }
    expect(completed.api_version).toBe('2026-10-28.endive');

    const again = await fetch(session.url!);
    expect(await again.text()).toContain('This checkout is complete');
    const twice = await postForm(session.url!, cardForm('4242424242424242'));
    expect(twice.status).toBe(409);
  });

  it('declines 4000…0002 with Stripe’s message and creates nothing', async () => {
    const customer = await stripe.customers.create({ email: 'decline@example.test' });
    const session = await createSession(customer.id);
    const before = server.emulator.stripe!.state.subscriptions.size;
    const declined = await postForm(session.url!, cardForm('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your card was declined.');
    expect(server.emulator.stripe!.state.subscriptions.size).toBe(before);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const poor = await postForm(session.url!, cardForm('4000000000009995'));
    expect(await poor.text()).toContain('Your card has insufficient funds.');
    // 0341 attaches but the first charge fails: without a trial Checkout refuses it too.
    const later = await postForm(session.url!, cardForm('4000000000000341'));
    expect(await later.text()).toContain('Your card was declined.');
    expect(server.emulator.stripe!.state.subscriptions.size).toBe(before);
  });

  it('explains bad card input next to each field', async () => {
    const customer = await stripe.customers.create({ email: 'typo@example.test' });
    const session = await createSession(customer.id);
    const bad = await postForm(
      session.url!,
      cardForm('4242 4242 4242 4241', { cardexpiry: '01 / 20', cardcvc: '' }),
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Your card number is incorrect.');
    expect(html).toContain('Your card&#39;s expiration year is in the past.');
    expect(html).toContain('Your card&#39;s security code is incomplete.');
    expect(html).toContain('aria-describedby="cardnumber-error"');
    expect(html).toContain('aria-invalid="true"');
    // What was typed stays (but never the CVC).
    expect(html).toContain('value="4242 4242 4242 4241"');
  });

  it('escapes what the caller supplied', async () => {
    const customer = await stripe.customers.create({ email: 'x@example.test' });
    const session = await createSession(customer.id, {
      cancel_url: 'https://app.example.test/billing?q="><script>alert(1)</script>',
    });
    const html = await (await fetch(session.url!)).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('starts a trial with trial_end: $0 today, trialing, "Start trial"', async () => {
    const customer = await stripe.customers.create({ email: 'trial@example.test' });
    const trialEnd = Math.floor(server.clock.now / 1000) + 14 * DAY;
    const session = await createSession(customer.id, {
      subscription_data: { trial_end: trialEnd },
    });
    expect(session.amount_total).toBe(0);
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('14 days free');
    expect(html).toContain('>Start trial</button>');
    const paid = await postForm(session.url!, cardForm('4000000000000341'));
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.payment_status).toBe('no_payment_required');
    const sub = await stripe.subscriptions.retrieve(done.subscription as string, {
      expand: ['latest_invoice'],
    });
    expect(sub.status).toBe('trialing');
    expect(sub.trial_end).toBe(trialEnd);
    expect(sub.items.data[0]!.current_period_end).toBe(trialEnd);
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.amount_due).toBe(0);
    expect(invoice.status).toBe('paid');
    expect(invoice.lines.data[0]!.description).toBe('Trial period for Tubewise Pro');
  });

  it('refuses a trial_end less than 48 hours ahead, as Stripe does', async () => {
    const customer = await stripe.customers.create({});
    const now = Math.floor(server.clock.now / 1000);
    const error = await createSession(customer.id, {
      subscription_data: { trial_end: now + 47 * 3600 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'subscription_data[trial_end]',
      message: 'The `trial_end` date has to be at least 2 days in the future.',
    });
    const ok = await createSession(customer.id, {
      subscription_data: { trial_end: now + 48 * 3600 + 60 },
    });
    expect(ok.status).toBe('open');
  });

  it('asks for the e-mail when the session has no customer, and creates one', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_team_monthly', quantity: 1 }],
      success_url: 'https://app.example.test/ok',
    });
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('<label for="email">Email</label>');
    const missing = await postForm(session.url!, cardForm('4242424242424242'));
    expect(await missing.text()).toContain('Your email address is invalid.');
    const paid = await postForm(
      session.url!,
      cardForm('4242424242424242', { email: 'new@example.test' }),
    );
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect((done.customer as Stripe.Customer).email).toBe('new@example.test');
    expect(done.customer_details?.email).toBe('new@example.test');
  });

  it('expires an unused session after 24 hours of the emulator clock', async () => {
    const customer = await stripe.customers.create({});
    const session = await createSession(customer.id);
    await server.advance(25 * 3600_000);
    const expired = await stripe.checkout.sessions.retrieve(session.id);
    expect(expired.status).toBe('expired');
    expect(expired.url).toBeNull();
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('This checkout session has expired');
    await server.emulator.stripe!.deliverPending();
    expect(receiver.acceptedTypes()).toContain('checkout.session.expired');
  });
});
