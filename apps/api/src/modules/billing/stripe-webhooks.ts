/**
 * Stripe's webhooks: verified with the signing secret, stored by event id, processed once.
 * Processing reads the object fresh from Stripe (the latest state wins, whatever order events
 * come in); every write it makes is an idempotent, order-guarded upsert, and the event is
 * marked processed only after them, so a crash anywhere is recovered by Stripe's retry and a
 * replay changes nothing twice. The answer is 2xx only after the changes are committed.
 */
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { stripeEvents } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { GatewayError, type BillingGateway, type WebhookEvent } from './billing-gateway.ts';
import type { BillingService } from './billing.service.ts';

/** What happened to a delivered event. */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** Event types that change an account's subscription or invoices. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);
const INVOICE_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
  'invoice.finalized',
  'invoice.voided',
  'invoice.marked_uncollectible',
]);
const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** Receives Stripe's webhook deliveries. */
export class StripeWebhooks {
  private readonly db: Db;
  private readonly gateway: BillingGateway;
  private readonly billing: BillingService;
  private readonly clock: Clock;
  private readonly log: Logger;

  constructor(deps: {
    db: Db;
    gateway: BillingGateway;
    billing: BillingService;
    clock: Clock;
    log: Logger;
  }) {
    this.db = deps.db;
    this.gateway = deps.gateway;
    this.billing = deps.billing;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  /**
   * Verifies, stores and processes one delivery. Throws SignatureError for a bad signature, and
   * whatever processing threw (the event stays unprocessed, so Stripe's retry processes it).
   */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const event = this.gateway.verifyEvent(rawBody, signature, this.clock.now());
    const userId = await this.billing.accountOfCustomer(event.customerId);
    await this.db
      .insert(stripeEvents)
      .values({
        id: event.id,
        type: event.type,
        stripeCreated: event.created,
        userId,
        payload: event.payload,
      })
      .onConflictDoNothing();
    const [stored] = await this.db
      .select({ processedAt: stripeEvents.processedAt })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id));
    if (stored?.processedAt) return 'duplicate';
    try {
      const handled = await this.processUnlessGone(event);
      // Marked only after every write of the event is committed: a crash before this line
      // leaves it unprocessed, and Stripe's next delivery does it again (idempotent writes).
      await this.db
        .update(stripeEvents)
        .set({
          processedAt: this.clock.now(),
          attempts: sql`${stripeEvents.attempts} + 1`,
          lastError: null,
          // The payload is only needed until processed; it holds the customer's details.
          payload: null,
        })
        .where(eq(stripeEvents.id, event.id));
      return handled ? 'processed' : 'ignored';
    } catch (error) {
      await this.db
        .update(stripeEvents)
        .set({
          attempts: sql`${stripeEvents.attempts} + 1`,
          lastError: error instanceof Error ? error.message.slice(0, 500) : 'failed',
        })
        .where(eq(stripeEvents.id, event.id));
      this.log.warn(
        { err: error, eventId: event.id, type: event.type },
        'A Stripe event could not be processed; Stripe will deliver it again',
      );
      throw error;
    }
  }

  /**
   * Applies the event; an object Stripe no longer has (deleted, or of another mode) is
   * acknowledged as ignored, so Stripe does not retry it for days.
   */
  private async processUnlessGone(event: WebhookEvent): Promise<boolean> {
    try {
      return await this.process(event);
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'not-found') return false;
      throw error;
    }
  }

  /** Applies one event from Stripe's current state of its object. */
  private async process(event: WebhookEvent): Promise<boolean> {
    if (!event.objectId) return false;
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      await this.billing.syncSubscription(event.objectId);
      return true;
    }
    if (INVOICE_EVENTS.has(event.type)) {
      await this.billing.syncInvoice(event.objectId);
      return true;
    }
    if (CHECKOUT_EVENTS.has(event.type)) {
      const session = await this.gateway.retrieveCheckout(event.objectId);
      if (session.subscriptionId) {
        await this.billing.syncSubscription(session.subscriptionId, session.userId ?? undefined);
      }
      return true;
    }
    return false;
  }

  /**
   * Deletes events received more than 30 days ago, processed or not: Stripe retries for at
   * most 3 days, so an older unprocessed one will never be delivered again.
   */
  async purge(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - 30 * 86_400_000);
    const deleted = await this.db
      .delete(stripeEvents)
      .where(sql`${stripeEvents.receivedAt} < ${cutoff.toISOString()}::timestamptz`)
      .returning({ id: stripeEvents.id });
    return deleted.length;
  }
}
