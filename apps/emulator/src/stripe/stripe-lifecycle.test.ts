// Subscriptions over time: the retrieve shape, the billing portal (cancel, renew, switch plan,
// update card), the clock (renewals, trial end, cancellation at period end, failed payments),
// cancel through the API, and the hosted invoice page and PDF.
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cardForm,
  postForm,
  startStripeServer,
  TEST_WEBHOOK_SECRET,
  WebhookReceiver,
  type StripeTestServer,
} from '../testing/stripe-harness.ts';

const DAY_MS = 86_400_000;

describe('Stripe subscription lifecycle', () => {
  let receiver: WebhookReceiver;
  let server: StripeTestServer;
  let stripe: Stripe;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    // A fixed start (Jan 31 12:00 UTC): monthly periods end on the last day of shorter months.
    server = await startStripeServer({
      webhookUrl: receiver.url,
      start: Date.UTC(2027, 0, 31, 12),
    });
    stripe = server.stripe;
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });
  beforeEach(async () => {
    await server.emulator.stripe!.deliverPending();
    receiver.received.length = 0;
  });

  /**
   * Events received since the last reset, verified with the SDK; only one customer's when named
   * (subscriptions of earlier tests renew too when the clock moves).
   */
  const events = async (customer?: string): Promise<Stripe.Event[]> => {
    await server.emulator.stripe!.deliverPending();
    return receiver.received
      .filter((r) => r.status < 300)
      .map((r) =>
        stripe.webhooks.constructEvent(
          r.body,
          r.headers['stripe-signature'] as string,
          TEST_WEBHOOK_SECRET,
        ),
      )
      .filter((e) => {
        if (!customer) return true;
        const object = e.data.object as { id?: string; customer?: string };
        return object.customer === customer || object.id === customer;
      });
  };

  const subscribe = async (
    price = 'price_pro_monthly',
    card = '4242424242424242',
    trialDays?: number,
  ) => {
    const customer = await stripe.customers.create({ email: `c${Date.now()}@example.test` });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price, quantity: 1 }],
      success_url: 'https://app.example.test/ok',
      ...(trialDays
        ? {
            subscription_data: {
              trial_end: Math.floor(server.clock.now / 1000) + trialDays * 86_400,
            },
          }
        : {}),
    });
    const paid = await postForm(session.url!, cardForm(card));
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    await server.emulator.stripe!.deliverPending();
    receiver.received.length = 0;
    return { customer, subscriptionId: done.subscription as string };
  };

  it('retrieves a subscription in the SDK’s shape (periods on the items, full price)', async () => {
    const { customer, subscriptionId } = await subscribe();
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const start = Math.floor(server.clock.now / 1000);
    expect(sub).toMatchObject({
      id: subscriptionId,
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: null,
      trial_end: null,
      created: start,
      start_date: start,
      billing_cycle_anchor: start,
      currency: 'usd',
      collection_method: 'charge_automatically',
      livemode: false,
    });
    expect(sub.items.object).toBe('list');
    const item = sub.items.data[0]!;
    expect(item.object).toBe('subscription_item');
    expect(item.price).toMatchObject({
      id: 'price_pro_monthly',
      unit_amount: 1900,
      object: 'price',
    });
    expect(item.current_period_start).toBe(start);
    // Jan 31 + 1 month = Feb 28 (the anchor day, clamped to the month's end).
    expect(item.current_period_end).toBe(Date.UTC(2027, 1, 28, 12) / 1000);
    expect(sub.latest_invoice).toMatch(/^in_/);
    expect('current_period_end' in sub).toBe(false);
  });

  it('portal: cancel at period end (updated event), renew, then the period end cancels', async () => {
    const { customer, subscriptionId } = await subscribe();
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'https://app.example.test/account',
    });
    expect(portal.url).toBe(`${server.origin}/emulator/stripe/portal/${portal.id}`);
    const home = await (await fetch(portal.url)).text();
    expect(home).toContain('Tubewise Pro');
    expect(home).toContain('$19.00');
    expect(home).toContain('per month');
    expect(home).toContain('Your plan renews on');
    expect(home).toContain('>Return to Tubewise</a>');
    expect(home).toContain('href="https://app.example.test/account"');
    expect(home).toContain('>Cancel plan</button>');

    const cancel = await postForm(
      portal.url,
      new URLSearchParams({ action: 'cancel', subscription: subscriptionId }),
    );
    expect(cancel.status).toBe(303);
    const canceledPage = await (
      await fetch(new URL(cancel.headers.get('location')!, portal.url))
    ).text();
    expect(canceledPage).toContain('role="status"');
    expect(canceledPage).toContain('Your plan will be canceled on');
    expect(canceledPage).toContain('>Renew plan</button>');
    let received = await events(customer.id);
    expect(received.map((e) => e.type)).toEqual(['customer.subscription.updated']);
    const updated = received[0] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.cancel_at_period_end).toBe(true);
    expect(updated.data.object.cancel_at).toBe(
      updated.data.object.items.data[0]!.current_period_end,
    );
    expect(updated.data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });

    receiver.received.length = 0;
    await postForm(
      portal.url,
      new URLSearchParams({ action: 'renew', subscription: subscriptionId }),
    );
    received = await events(customer.id);
    expect(
      (received[0] as Stripe.CustomerSubscriptionUpdatedEvent).data.object.cancel_at_period_end,
    ).toBe(false);

    receiver.received.length = 0;
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const periodEnd = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!
      .current_period_end;
    await server.advance(periodEnd * 1000 - server.clock.now + 3600_000);
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended.status).toBe('canceled');
    expect(ended.ended_at).toBe(periodEnd);
    received = await events(customer.id);
    expect(received.map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect((received[1] as Stripe.CustomerSubscriptionDeletedEvent).data.object.status).toBe(
      'canceled',
    );
    expect(received[1]!.created).toBe(periodEnd);
    await expect(stripe.subscriptions.cancel(subscriptionId)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
    ).rejects.toMatchObject({
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  });

  it('renews period by period when the clock moves: invoice.paid and updated for each', async () => {
    const { subscriptionId } = await subscribe();
    const before = await stripe.subscriptions.retrieve(subscriptionId);
    await server.advance(70 * DAY_MS);
    const after = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    expect(after.status).toBe('active');
    expect(after.items.data[0]!.current_period_start).toBeGreaterThan(
      before.items.data[0]!.current_period_end - 1,
    );
    const invoice = after.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 1900,
    });
    const types = (await events(after.customer as string)).map((e) => e.type);
    const cycle = [
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ];
    // Two renewals in 70 days, each in order.
    expect(types).toEqual([...cycle, ...cycle]);
    const invoices = await stripe.invoices.list({ customer: after.customer as string });
    expect(invoices.data).toHaveLength(3);
    expect(invoices.data.map((i) => i.number)).toEqual([
      expect.stringMatching(/-0003$/),
      expect.stringMatching(/-0002$/),
      expect.stringMatching(/-0001$/),
    ]);
    const page1 = await stripe.invoices.list({ customer: after.customer as string, limit: 2 });
    expect(page1.has_more).toBe(true);
    const page2 = await stripe.invoices.list({
      customer: after.customer as string,
      limit: 2,
      starting_after: page1.data[1]!.id,
    });
    expect(page2.data.map((i) => i.id)).toEqual([invoices.data[2]!.id]);
  });

  it('a trial ends into a paid period; a card that fails later charges makes it past_due, a new card recovers', async () => {
    const { customer, subscriptionId } = await subscribe(
      'price_pro_monthly',
      '4000000000000341',
      3,
    );
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('trialing');
    await server.advance(4 * DAY_MS);
    const pastDue = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.trial_end).not.toBeNull();
    expect((pastDue.latest_invoice as Stripe.Invoice).status).toBe('open');
    const types = (await events(customer.id)).map((e) => e.type);
    // A trial shorter than three days had its trial_will_end at the start (as Stripe does).
    expect(types).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);

    // The hosted invoice page says it is due; its PDF is a real PDF.
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    const invoicePage = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(invoicePage).toContain('Due');
    expect(invoicePage).toContain('$19.00');
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The portal: a declined card is refused and changes nothing; a good one pays the invoice.
    receiver.received.length = 0;
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    const home = await (await fetch(portal.url)).text();
    expect(home).toContain('Your last payment failed.');
    const declined = await postForm(
      portal.url,
      cardForm('4000000000000002', { action: 'card' } as never),
    );
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const saved = await postForm(
      portal.url,
      new URLSearchParams({ ...Object.fromEntries(cardForm('4242424242424242')), action: 'card' }),
    );
    expect(saved.status).toBe(303);
    const recovered = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    expect(recovered.status).toBe('active');
    expect((recovered.latest_invoice as Stripe.Invoice).status).toBe('paid');
    expect((await events(customer.id)).map((e) => e.type)).toContain('invoice.paid');
  });

  it('portal: switching to a dearer plan invoices the proration at once', async () => {
    const { customer, subscriptionId } = await subscribe();
    await server.advance(10 * DAY_MS);
    receiver.received.length = 0;
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    const home = await (await fetch(portal.url)).text();
    expect(home).toContain('Tubewise Team: $49.00 per month');
    const switched = await postForm(
      portal.url,
      new URLSearchParams({
        action: 'switch',
        subscription: subscriptionId,
        price: 'price_team_monthly',
      }),
    );
    expect(switched.status).toBe(303);
    const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(sub.items.data[0]!.price.id).toBe('price_team_monthly');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(invoice.status).toBe('paid');
    expect(invoice.amount_paid).toBeGreaterThan(0);
    expect(invoice.amount_paid).toBeLessThan(4900 - 1900);
    expect(invoice.lines.data.map((l) => l.description)).toEqual([
      expect.stringMatching(/^Unused time on Tubewise Pro after /),
      expect.stringMatching(/^Remaining time on 1 × Tubewise Team after /),
    ]);
    const types = (await events(customer.id)).map((e) => e.type);
    expect(types[0]).toBe('customer.subscription.updated');
    expect(types).toContain('invoice.paid');
  });

  it('API: a plan change without proration, and an immediate cancel (deleted event)', async () => {
    const { subscriptionId } = await subscribe();
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const changed = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: sub.items.data[0]!.id, price: 'price_team_monthly' }],
      proration_behavior: 'none',
      metadata: { plan: 'team' },
    });
    expect(changed.items.data[0]!.price.id).toBe('price_team_monthly');
    expect(changed.latest_invoice).toBe(sub.latest_invoice);
    let received = await events(sub.customer as string);
    expect(received.map((e) => e.type)).toEqual(['customer.subscription.updated']);
    expect(received[0]!.data.previous_attributes).toHaveProperty('items');
    expect(received[0]!.data.previous_attributes).toHaveProperty('metadata', {});

    receiver.received.length = 0;
    const canceled = await stripe.subscriptions.cancel(subscriptionId);
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).toBe(Math.floor(server.clock.now / 1000));
    received = await events(sub.customer as string);
    expect(received.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    const all = await stripe.subscriptions.list({ customer: canceled.customer as string });
    expect(all.data).toHaveLength(0);
    const ended = await stripe.subscriptions.list({
      customer: canceled.customer as string,
      status: 'canceled',
    });
    expect(ended.data.map((s) => s.id)).toEqual([subscriptionId]);
  });
});
