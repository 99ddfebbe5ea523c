/** BillingGateway over the official Stripe SDK (Stripe, or the emulator at host/port/protocol). */
import Stripe from 'stripe';
import {
  GatewayError,
  SignatureError,
  type BillingGateway,
  type CheckoutState,
  type InvoiceState,
  type SubscriptionState,
  type WebhookEvent,
} from './billing-gateway.ts';

/** Where Stripe is and how to sign in to it. */
export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  host: string;
  port: number;
  protocol: 'http' | 'https';
  /** Retries of network errors, 409s and 5xx (default 2; the SDK adds idempotency keys). */
  maxNetworkRetries?: number;
}

const date = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref === null || ref === undefined ? null : typeof ref === 'string' ? ref : ref.id;

/** Statuses of a subscription that will never bill again. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/** Stripe's webhook tolerance: a signature older than this is refused (replay window). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The product's Stripe client. */
export class StripeGateway implements BillingGateway {
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeGatewayOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      // The SDK retries network errors and 409/5xx with idempotency keys it adds itself.
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Tubewise' },
    });
    this.webhookSecret = options.webhookSecret;
  }

  async createCustomer(input: { userId: string; email: string; name: string }): Promise<string> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        {
          email: input.email,
          ...(input.name ? { name: input.name } : {}),
          metadata: { userId: input.userId },
        },
        // One customer per account even when two checkouts start at once.
        { idempotencyKey: `customer-${input.userId}` },
      ),
    );
    return customer.id;
  }

  async createCheckout(input: {
    customerId: string;
    priceId: string;
    userId: string;
    successUrl: string;
    cancelUrl: string;
    trialEnd: Date | null;
  }): Promise<{ id: string; url: string }> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { userId: input.userId },
        subscription_data: {
          metadata: { userId: input.userId },
          ...(input.trialEnd ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
        },
      }),
    );
    if (!session.url) throw new GatewayError('unavailable', 'Checkout answered without a page');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckout(id: string): Promise<CheckoutState> {
    const session = await this.call(() => this.stripe.checkout.sessions.retrieve(id));
    return {
      id: session.id,
      status: (session.status ?? 'open') as CheckoutState['status'],
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
      userId: session.client_reference_id ?? null,
    };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionState> {
    return subscriptionState(await this.call(() => this.stripe.subscriptions.retrieve(id)));
  }

  async openSubscriptions(customerId: string): Promise<SubscriptionState[]> {
    const list = await this.call(() =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
    );
    return list.data
      .map(subscriptionState)
      .filter((s) => !ENDED_STATUSES.has(s.status) && s.endedAt === null);
  }

  async cancelSubscription(id: string): Promise<SubscriptionState> {
    return subscriptionState(await this.call(() => this.stripe.subscriptions.cancel(id)));
  }

  async createPortal(input: { customerId: string; returnUrl: string }): Promise<string> {
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
      }),
    );
    return session.url;
  }

  async retrieveInvoice(id: string): Promise<InvoiceState> {
    const invoice = await this.call(() => this.stripe.invoices.retrieve(id));
    return {
      id: invoice.id!,
      customerId: idOf(invoice.customer)!,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      number: invoice.number ?? null,
      status: invoice.status ?? 'draft',
      amountDue: invoice.amount_due,
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      hostedUrl: invoice.hosted_invoice_url ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
      periodStart: date(invoice.period_start),
      periodEnd: date(invoice.period_end),
      created: new Date(invoice.created * 1000),
    };
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined, receivedAt: Date): WebhookEvent {
    if (!signature) throw new SignatureError('No Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        // The product's clock: the embedded demo moves it together with the emulator's.
        Math.floor(receivedAt.getTime() / 1000),
      );
    } catch (error) {
      throw new SignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    const object = event.data.object as {
      id?: string;
      object?: string;
      customer?: string | { id: string } | null;
    };
    const objectId = typeof object.id === 'string' ? object.id : null;
    return {
      id: event.id,
      type: event.type,
      created: event.created,
      objectId,
      customerId: object.object === 'customer' ? objectId : idOf(object.customer),
      payload: event,
    };
  }

  /** Runs an SDK call, mapping its failures to GatewayError kinds. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        if (error.statusCode === 404) throw new GatewayError('not-found', error.message);
        if (error.statusCode !== undefined && error.statusCode < 500 && error.statusCode !== 429)
          throw new GatewayError('refused', error.message);
      }
      throw new GatewayError(
        'unavailable',
        error instanceof Error ? error.message : 'Stripe is unreachable',
      );
    }
  }
}

/** A Stripe subscription in the product's terms. */
function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    priceId: item?.price.id ?? '',
    userId: subscription.metadata?.userId ?? null,
    trialEnd: date(subscription.trial_end),
    currentPeriodEnd: date(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: date(subscription.ended_at),
  };
}
