// Webhook delivery: the signature the SDK verifies, retries after a failing endpoint (500, then
// a refused connection), one-at-a-time order per customer, the control routes, and persistence:
// a new emulator on the same dataDir keeps every object and retries what was not delivered.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import {
  startStripeServer,
  TEST_WEBHOOK_SECRET,
  WebhookReceiver,
} from '../testing/stripe-harness.ts';
import { retryDelayMs, signatureHeader, WEBHOOK_MAX_ATTEMPTS } from './webhooks.ts';

describe('webhook signatures and schedule', () => {
  it('signs as stripe.webhooks.constructEvent verifies (and a wrong secret fails)', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created' });
    const t = Math.floor(Date.now() / 1000);
    const header = signatureHeader(payload, TEST_WEBHOOK_SECRET, t);
    expect(header).toMatch(new RegExp(`^t=${t},v1=[0-9a-f]{64}$`));
    const sdk = new Stripe('sk_test_x');
    expect(sdk.webhooks.constructEvent(payload, header, TEST_WEBHOOK_SECRET).id).toBe('evt_1');
    expect(() => sdk.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      /No signatures found matching/,
    );
  });

  it('backs off 0.5 s, 1 s, 2 s … up to 30 s, for 20 attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(20);
  });
});

describe('webhook delivery', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tubewise-stripe-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('retries after a 500 and delivers the same event, then the next ones in order', async () => {
    const receiver = await new WebhookReceiver().start();
    const server = await startStripeServer({ webhookUrl: receiver.url });
    try {
      receiver.answer(500);
      const customer = await server.stripe.customers.create({ email: 'retry@example.test' });
      await server.stripe.customers.update(customer.id, { name: 'Retry' });
      // Never inside the request: the answer came before any delivery could finish.
      await receiver.waitFor(() => receiver.received.length >= 3);
      const [failed, retried, next] = receiver.received;
      expect(failed!.status).toBe(500);
      const first = JSON.parse(failed!.body) as Stripe.Event;
      const second = JSON.parse(retried!.body) as Stripe.Event;
      expect(second.id).toBe(first.id);
      expect(second.type).toBe('customer.created');
      expect((JSON.parse(next!.body) as Stripe.Event).type).toBe('customer.updated');
      const attempts = server.emulator.stripe!.webhookAttempts();
      expect(attempts.filter((a) => a.eventId === first.id).map((a) => a.status)).toEqual([
        500, 200,
      ]);
      // The receiver records a request before its answer reaches the emulator: wait for that.
      await receiver.waitFor(() => server.emulator.stripe!.pendingWebhooks().length === 0);
      expect(server.emulator.stripe!.pendingWebhooks()).toEqual([]);
      const event = await server.stripe.events.retrieve(first.id);
      expect(event.pending_webhooks).toBe(0);
    } finally {
      await server.close();
      await receiver.close();
    }
  });

  it('control routes: pause, fail the next attempts, deliver now, resend', async () => {
    const receiver = await new WebhookReceiver().start();
    const server = await startStripeServer({ webhookUrl: receiver.url });
    const control = (path: string, body?: unknown) =>
      fetch(`${server.origin}/emulator/_emulator/stripe/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, unknown>,
      }));
    try {
      await control('webhooks/pause', { paused: true });
      const customer = await server.stripe.customers.create({ email: 'ctl@example.test' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.received).toHaveLength(0);
      const pending = await control('webhooks');
      expect(pending.body.pending).toMatchObject([{ type: 'customer.created', attempts: 0 }]);

      await control('webhooks/fail', { count: 1 });
      const afterFail = await control('webhooks/deliver', {});
      expect(afterFail.body.pending).toMatchObject([
        { type: 'customer.created', attempts: 1, lastError: expect.stringMatching(/Simulated/) },
      ]);
      const delivered = await control('webhooks/deliver', {});
      expect(delivered.body.pending).toEqual([]);
      expect(receiver.acceptedTypes()).toEqual(['customer.created']);

      const eventId = (JSON.parse(receiver.received[0]!.body) as Stripe.Event).id;
      await control('webhooks/resend', { eventId });
      await control('webhooks/deliver', {});
      expect(receiver.received.map((r) => (JSON.parse(r.body) as Stripe.Event).id)).toEqual([
        eventId,
        eventId,
      ]);

      // Checkout completed without the page; the card swapped so the renewal fails.
      await control('webhooks/pause', { paused: false });
      const session = await server.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
        success_url: 'https://app.example.test/ok',
      });
      const completed = await control('checkout/complete', { sessionId: session.id });
      expect(completed.status).toBe(200);
      const subscription = completed.body.subscription as Stripe.Subscription;
      expect(subscription.status).toBe('active');
      const closed = await control('checkout/complete', { sessionId: session.id });
      expect(closed.status).toBe(400);
      const other = await server.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      });
      const declined = await control('checkout/complete', {
        sessionId: other.id,
        cardNumber: '4000000000000002',
      });
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      });
      expect(
        (await control('customers/card', { customer: customer.id, cardNumber: '4000000000000341' }))
          .status,
      ).toBe(200);
      await server.advance(32 * 86_400_000);
      const state = await control('state');
      expect(state.body.subscriptions).toMatchObject([{ id: subscription.id, status: 'past_due' }]);
    } finally {
      await server.close();
      await receiver.close();
    }
  });

  it('keeps objects and undelivered events across a restart on the same dataDir, then delivers them', async () => {
    const receiver = await new WebhookReceiver().start();
    const first = await startStripeServer({ webhookUrl: receiver.url, dataDir });
    first.emulator.stripe!.webhooks.setPaused(true);
    const customer = await first.stripe.customers.create({ email: 'persist@example.test' });
    const session = await first.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_pro_yearly', quantity: 1 }],
      success_url: 'https://app.example.test/ok',
    });
    const sub = first.emulator.stripe!.completeCheckout(session.id);
    const pendingBefore = first.emulator.stripe!.pendingWebhooks().length;
    expect(pendingBefore).toBeGreaterThan(5);
    expect(receiver.received).toHaveLength(0);
    await first.close();
    expect(readdirSync(dataDir)).toContain('emulator-stripe.json');

    const second = await startStripeServer({ webhookUrl: receiver.url, dataDir });
    try {
      const again = await second.stripe.subscriptions.retrieve(sub.id);
      expect(again.status).toBe('active');
      expect(again.items.data[0]!.price.id).toBe('price_pro_yearly');
      expect(
        (await second.stripe.customers.retrieve(customer.id)) as Stripe.Customer,
      ).toMatchObject({
        email: 'persist@example.test',
      });
      await receiver.waitFor(() => receiver.received.length >= pendingBefore);
      const types = receiver.acceptedTypes();
      expect(types[0]).toBe('customer.created');
      expect(types.at(-1)).toBe('checkout.session.completed');
      for (const r of receiver.received)
        second.stripe.webhooks.constructEvent(
          r.body,
          r.headers['stripe-signature'] as string,
          TEST_WEBHOOK_SECRET,
        );
      await receiver.waitFor(() => second.emulator.stripe!.pendingWebhooks().length === 0);
      expect(second.emulator.stripe!.pendingWebhooks()).toEqual([]);
    } finally {
      await second.close();
      await receiver.close();
    }
  });

  it('a refused connection counts as a failed attempt and is retried', async () => {
    const receiver = await new WebhookReceiver().start();
    const url = receiver.url;
    await receiver.close();
    const server = await startStripeServer({ webhookUrl: url });
    try {
      await server.stripe.customers.create({ email: 'down@example.test' });
      await server.emulator.stripe!.deliverPending();
      const [pending] = server.emulator.stripe!.pendingWebhooks();
      expect(pending).toMatchObject({ type: 'customer.created', lastStatus: null });
      expect(pending!.attempts).toBeGreaterThanOrEqual(1);
      expect(pending!.lastError).toBeTruthy();
    } finally {
      await server.close();
    }
  });
});
