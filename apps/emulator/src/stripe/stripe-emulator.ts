// Puts the Stripe emulator together: store, presenter, billing engine, webhook dispatcher and
// persistence (emulator-stripe.json in dataDir: every object, the events and the undelivered
// webhooks, which are retried after a restart). Its handle is Emulator.stripe.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { SnapshotWriter } from '../persistence.ts';
import { Billing } from './billing.ts';
import { testCardFromNumber } from './cards.ts';
import { stripeErrors } from './stripe-errors.ts';
import { StripePresenter } from './stripe-objects.ts';
import { validateStripeOptions, type StripeEmulatorOptions } from './stripe-options.ts';
import { StripeStore, type StripeSnapshot } from './stripe-state.ts';
import { WebhookDispatcher, type DeliveryAttempt, type PendingWebhook } from './webhooks.ts';

/** Name of the Stripe state file inside dataDir. */
export const STRIPE_STATE_FILE = 'emulator-stripe.json';

/** The Stripe emulator's handle (Emulator.stripe), for hosts and tests. */
export interface StripeEmulatorHandle {
  readonly options: StripeEmulatorOptions;
  /** Every object, event and delivery (records, as persisted). */
  readonly state: StripeStore;
  readonly billing: Billing;
  readonly presenter: StripePresenter;
  readonly webhooks: WebhookDispatcher;
  /** Applies everything due as of the emulator clock (renewals, trial ends, expiries). */
  tick(): void;
  /** Attempts every pending webhook now (backoff ignored) and waits for the attempts. */
  deliverPending(): Promise<void>;
  /** Webhooks not yet delivered nor given up. */
  pendingWebhooks(): PendingWebhook[];
  /** The latest delivery attempts (oldest first). */
  webhookAttempts(): DeliveryAttempt[];
  /** Every event, oldest first, as events.retrieve answers it. */
  events(): Stripe.Event[];
  /**
   * Completes an open Checkout session as a payer would with a test card (default 4242…);
   * throws StripeApiError (402 card_error) when the card is refused. Returns the subscription.
   */
  completeCheckout(sessionId: string, cardNumber?: string): Stripe.Subscription;
  /** Replaces a customer's card as the portal's "Update payment method" does (e.g. 4000…0341). */
  setCustomerCard(customerId: string, cardNumber: string): void;
  /** Drops every object, event and delivery. */
  reset(): void;
  /** Starts webhook delivery (the host app is ready). */
  start(): void;
  /** Stops webhook delivery and writes the state. */
  stop(): Promise<void>;
  /** Writes the state file now. */
  flush(): Promise<void>;
}

/** Reads the persisted Stripe state of a data directory, if there is a valid one. */
function readStripeSnapshot(dataDir: string): StripeSnapshot | undefined {
  const file = join(dataDir, STRIPE_STATE_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as StripeSnapshot;
    return parsed.version === 1 ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Builds the Stripe emulator. `now` is the emulator clock (epoch ms). */
export function createStripeEmulator(
  options: StripeEmulatorOptions,
  context: { now: () => number; publicUrl: string; dataDir?: string },
): StripeEmulatorHandle {
  validateStripeOptions(options);
  const store = new StripeStore();
  const snapshot = context.dataDir ? readStripeSnapshot(context.dataDir) : undefined;
  if (snapshot) store.restore(snapshot);
  const writer = context.dataDir
    ? new SnapshotWriter<StripeSnapshot>(
        context.dataDir,
        () => store.snapshot(),
        200,
        STRIPE_STATE_FILE,
      )
    : undefined;
  const persist = () => writer?.schedule();

  const presenter = new StripePresenter(options.prices, store, context.publicUrl);
  const webhooks = new WebhookDispatcher({
    store,
    presenter,
    url: options.webhookUrl,
    secret: options.webhookSecret,
    now: context.now,
    persist,
  });
  // Deliveries restored from a previous process are due at once.
  for (const delivery of store.deliveries)
    if (delivery.status === 'pending') delivery.nextAttemptAt = Date.now();
  const billing = new Billing({
    store,
    presenter,
    now: context.now,
    onEvent: (event) => webhooks.enqueue(event),
    persist,
  });

  let started = false;
  return {
    options,
    state: store,
    billing,
    presenter,
    webhooks,
    tick: () => billing.tick(),
    deliverPending: () => webhooks.deliverPending(),
    pendingWebhooks: () => webhooks.pending(),
    webhookAttempts: () => webhooks.attempts(),
    events: () =>
      [...store.events.values()].map((e) => presenter.event(e, webhooks.pendingCount(e.id))),
    completeCheckout: (sessionId, cardNumber = '4242424242424242') => {
      billing.tick();
      const session = store.checkoutSessions.get(sessionId);
      if (!session) throw stripeErrors.noSuch('checkout.session', sessionId);
      if (session.status !== 'open')
        throw stripeErrors.invalid(`This Checkout Session is ${session.status}.`);
      const card = testCardFromNumber(cardNumber, context.now());
      if (!('brand' in card))
        throw stripeErrors.card(card.message, card.code, undefined, card.declineCode);
      const customer = session.customer ? store.customers.get(session.customer) : undefined;
      const result = billing.completeCheckout(session, card, {
        name: customer?.name ?? 'Test Customer',
        email: customer?.email ?? session.customerEmail ?? 'payer@example.com',
      });
      if (!result.ok)
        throw stripeErrors.card(
          result.refusal.message,
          result.refusal.code,
          undefined,
          result.refusal.declineCode,
        );
      return presenter.subscription(result.subscription);
    },
    setCustomerCard: (customerId, cardNumber) => {
      billing.tick();
      const customer = billing.customer(customerId);
      const card = testCardFromNumber(cardNumber, context.now());
      if (!('brand' in card))
        throw stripeErrors.card(card.message, card.code, undefined, card.declineCode);
      billing.replaceCard(customer, card, customer.name);
    },
    reset: () => {
      store.reset();
      webhooks.reset();
      persist();
    },
    start: () => {
      if (started) return;
      started = true;
      webhooks.start();
    },
    stop: async () => {
      started = false;
      await webhooks.stop();
      await writer?.flush();
    },
    flush: async () => {
      await writer?.flush();
    },
  };
}
