// The v1 API through the official SDK and raw HTTP: auth, customers, prices, Stripe's form
// encoding of nested parameters, expand[], Idempotency-Key, errors and events.
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../emulator.ts';
import {
  startStripeServer,
  TEST_PRICES,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type StripeTestServer,
} from '../testing/stripe-harness.ts';

describe('Stripe API', () => {
  let server: StripeTestServer;
  let stripe: Stripe;

  beforeAll(async () => {
    server = await startStripeServer();
    stripe = server.stripe;
  });
  afterAll(async () => server.close());

  const raw = (path: string, init: RequestInit & { key?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    if (init.key !== null) headers.set('authorization', `Bearer ${init.key ?? TEST_SECRET_KEY}`);
    return fetch(`${server.origin}${path}`, { ...init, headers });
  };

  it('refuses a missing or wrong key with 401 and Stripe’s error body', async () => {
    const missing = await raw('/v1/customers', { key: null });
    expect(missing.status).toBe(401);
    const body = (await missing.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^You did not provide an API key/);

    const wrong = await raw('/v1/customers', { key: 'sk_test_wrongkey1234' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid API Key provided: sk_test_********1234',
    );

    const Sdk = stripe.constructor as typeof Stripe;
    const other = new Sdk('sk_test_nope', {
      host: '127.0.0.1',
      port: Number(new URL(server.origin).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(other.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it('creates, retrieves, updates, lists and deletes customers', async () => {
    const created = await stripe.customers.create({
      email: 'grace@example.test',
      name: 'Grace Hopper',
      metadata: { userId: 'u1', plan: 'free' },
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(created).toMatchObject({
      object: 'customer',
      email: 'grace@example.test',
      name: 'Grace Hopper',
      metadata: { userId: 'u1', plan: 'free' },
      livemode: false,
      balance: 0,
    });
    const updated = await stripe.customers.update(created.id, {
      name: 'Rear Admiral Hopper',
      metadata: { plan: '', team: 'navy' },
    });
    expect(updated.name).toBe('Rear Admiral Hopper');
    expect(updated.metadata).toEqual({ userId: 'u1', team: 'navy' });
    const fetched = await stripe.customers.retrieve(created.id);
    expect(fetched).toEqual(updated);
    const listed = await stripe.customers.list({ email: 'grace@example.test' });
    expect(listed.data.map((c) => c.id)).toEqual([created.id]);
    expect(listed.url).toBe('/v1/customers');

    const deleted = await stripe.customers.del(created.id);
    expect(deleted).toEqual({ id: created.id, object: 'customer', deleted: true });
    expect(await stripe.customers.retrieve(created.id)).toEqual(deleted);
    await expect(stripe.customers.update(created.id, { name: 'x' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: `No such customer: '${created.id}'`,
    });
  });

  it('answers 404 resource_missing for an unknown id and 404 for an unknown URL', async () => {
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
    });
    const unknown = await raw('/v1/charges/ch_1');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/charges\/ch_1\)/,
    );
  });

  it('lists and retrieves the configured prices and their products', async () => {
    const prices = await stripe.prices.list({ recurring: { interval: 'year' } });
    expect(prices.data.map((p) => p.id)).toEqual(['price_pro_yearly']);
    const price = await stripe.prices.retrieve('price_pro_monthly', { expand: ['product'] });
    expect(price).toMatchObject({
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 1900,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    });
    expect((price.product as Stripe.Product).name).toBe('Tubewise Pro');
    const all = await stripe.prices.list({ limit: 2 });
    expect(all.has_more).toBe(true);
    const next = await stripe.prices.list({ limit: 2, starting_after: all.data[1]!.id });
    expect(next.data.map((p) => p.id)).toEqual(['price_team_monthly']);
    expect(next.has_more).toBe(false);
  });

  it('parses nested form parameters (line_items[0][price], metadata[k], subscription_data[…], expand[])', async () => {
    const customer = await stripe.customers.create({ email: 'nested@example.test' });
    const body = new URLSearchParams();
    body.set('mode', 'subscription');
    body.set('customer', customer.id);
    body.set('line_items[0][price]', 'price_team_monthly');
    body.set('line_items[0][quantity]', '2');
    body.set('success_url', 'https://app.example.test/ok?id={CHECKOUT_SESSION_ID}');
    body.set('metadata[user id]', 'a & b = c');
    body.set('subscription_data[metadata][plan]', 'team');
    body.append('expand[]', 'customer');
    body.append('expand[]', 'line_items');
    const response = await raw('/v1/checkout/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    expect(response.status).toBe(200);
    const session = (await response.json()) as Stripe.Checkout.Session;
    expect(session.metadata).toEqual({ 'user id': 'a & b = c' });
    expect((session.customer as Stripe.Customer).email).toBe('nested@example.test');
    expect(session.line_items!.data[0]).toMatchObject({ quantity: 2, amount_total: 9800 });
    expect(
      server.emulator.stripe!.state.checkoutSessions.get(session.id)!.subscriptionMetadata,
    ).toEqual({
      plan: 'team',
    });

    const unknown = await raw('/v1/checkout/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mode=subscription&line_items[0][price]=price_pro_monthly&subscription_data[trail_end]=1',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: {
        code: 'parameter_unknown',
        param: 'subscription_data[trail_end]',
        message: 'Received unknown parameter: subscription_data[trail_end]',
      },
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'price_nope'",
    });
    await expect(
      stripe.checkout.sessions.create({ line_items: [{ price: 'price_pro_monthly' }] } as never),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'mode' });
  });

  it('expands customer, subscription, latest_invoice and items.data.price.product', async () => {
    const customer = await stripe.customers.create({ email: 'expand@example.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'https://app.example.test/ok',
    });
    server.emulator.stripe!.completeCheckout(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription.latest_invoice', 'customer'],
    });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.object).toBe('subscription');
    expect((sub.latest_invoice as Stripe.Invoice).object).toBe('invoice');
    expect((done.customer as Stripe.Customer).id).toBe(customer.id);

    const retrieved = await stripe.subscriptions.retrieve(sub.id, {
      expand: ['customer', 'latest_invoice', 'items.data.price.product', 'default_payment_method'],
    });
    expect((retrieved.customer as Stripe.Customer).email).toBe('expand@example.test');
    expect((retrieved.items.data[0]!.price.product as Stripe.Product).name).toBe('Tubewise Pro');
    expect((retrieved.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');

    const listed = await stripe.subscriptions.list({
      customer: customer.id,
      expand: ['data.customer'],
    });
    expect((listed.data[0]!.customer as Stripe.Customer).id).toBe(customer.id);

    await expect(
      stripe.subscriptions.retrieve(sub.id, { expand: ['status'] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (status).',
    });
  });

  it('honours Idempotency-Key: the same key answers the same, other parameters are refused', async () => {
    const first = await stripe.customers.create(
      { email: 'once@example.test' },
      { idempotencyKey: 'create-once-1' },
    );
    const second = await stripe.customers.create(
      { email: 'once@example.test' },
      { idempotencyKey: 'create-once-1' },
    );
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ email: 'once@example.test' })).data).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'other@example.test' }, { idempotencyKey: 'create-once-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('keeps the events it created: list (type filter, newest first) and retrieve', async () => {
    const customer = await stripe.customers.create({ email: 'events@example.test' });
    await stripe.customers.update(customer.id, { name: 'Events' });
    const events = await stripe.events.list({ type: 'customer.*', limit: 100 });
    const mine = events.data.filter((e) => (e.data.object as { id?: string }).id === customer.id);
    expect(mine.map((e) => e.type)).toEqual(['customer.updated', 'customer.created']);
    const updated = mine[0]!;
    expect(updated.data.previous_attributes).toEqual({ name: null });
    expect(updated.request?.id).toMatch(/^req_/);
    expect(updated.request?.idempotency_key).toMatch(/^stripe-node-retry-/);
    expect(updated.pending_webhooks).toBe(0);
    const retrieved = await stripe.events.retrieve(updated.id);
    expect(retrieved).toEqual(updated);
  });
});

describe('Stripe API in a host app', () => {
  it('parses Stripe’s nested forms even where the host parses forms its own way', async () => {
    const emulator = createEmulator({
      otherChannels: 1,
      stripe: {
        secretKey: TEST_SECRET_KEY,
        webhookSecret: TEST_WEBHOOK_SECRET,
        prices: TEST_PRICES,
      },
    });
    const app = Fastify();
    await app.register(formbody);
    app.post('/host-form', async (request) => request.body);
    await app.register(emulator.stripeApi!);
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: {
          authorization: `Bearer ${TEST_SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'email=host%40example.test&metadata[a][b]=x',
      });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({ error: { param: 'metadata[a]' } });
      const ok = await app.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: {
          authorization: `Bearer ${TEST_SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'email=host%40example.test&metadata[plan]=pro',
      });
      expect(ok.json()).toMatchObject({ email: 'host@example.test', metadata: { plan: 'pro' } });
      // The host's own form route keeps its parser.
      const host = await app.inject({
        method: 'POST',
        url: '/host-form',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a[b]=1',
      });
      expect(host.json()).toEqual({ 'a[b]': '1' });
      const json = await app.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: { authorization: `Bearer ${TEST_SECRET_KEY}`, 'content-type': 'application/json' },
        payload: '{"email":"json@example.test"}',
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    } finally {
      await app.close();
    }
  });

  it('refuses a hosted-page form posted from another site', async () => {
    const server = await startStripeServer();
    try {
      const customer = await server.stripe.customers.create({ email: 'csrf@example.test' });
      const portal = await server.stripe.billingPortal.sessions.create({ customer: customer.id });
      const forged = await fetch(portal.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'cross-site',
          origin: 'https://evil.example',
        },
        body: 'action=card&cardnumber=4242424242424242',
        redirect: 'manual',
      });
      expect(forged.status).toBe(403);
      const own = await fetch(`${portal.url}?view=card`);
      expect(own.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
