/**
 * The one interface to the payment provider (Stripe, or the emulator speaking its API), in the
 * product's own terms. `StripeGateway` is the only implementation; tests use it too.
 */

/** A subscription as the provider last reported it. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  /** The provider's status: trialing, active, past_due, canceled, unpaid, incomplete, … */
  status: string;
  priceId: string;
  /** The account it was bought for (checkout metadata), when known. */
  userId: string | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

/** An invoice as the provider last reported it. */
export interface InvoiceState {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  number: string | null;
  status: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  hostedUrl: string | null;
  pdfUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  created: Date;
}

/** A checkout session's outcome. */
export interface CheckoutState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  customerId: string | null;
  subscriptionId: string | null;
  /** The account that started it (client_reference_id). */
  userId: string | null;
}

/** A verified webhook event: what it is about, never trusted for the state itself. */
export interface WebhookEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  /** The id of the object the event is about (subscription, invoice, checkout session). */
  objectId: string | null;
  /** The customer the object belongs to, when it says. */
  customerId: string | null;
  payload: unknown;
}

/** Why a provider call failed: unreachable/5xx (`unavailable`) or refused (`refused`). */
export class GatewayError extends Error {
  readonly kind: 'unavailable' | 'refused' | 'not-found';
  constructor(kind: 'unavailable' | 'refused' | 'not-found', message: string) {
    super(message);
    this.kind = kind;
    this.name = 'GatewayError';
  }
}

/** A webhook whose signature does not verify. */
export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}

/** What the product asks of the payment provider. */
export interface BillingGateway {
  /** Creates the account's customer (idempotent per account). */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** A hosted checkout page for a subscription to one price. */
  createCheckout(input: {
    customerId: string;
    priceId: string;
    userId: string;
    successUrl: string;
    cancelUrl: string;
    /** Keeps the rest of the product's trial as the subscription's trial. */
    trialEnd: Date | null;
  }): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<CheckoutState>;
  retrieveSubscription(id: string): Promise<SubscriptionState>;
  /** Every subscription of a customer that has not ended (Stripe's `status=all`, filtered). */
  openSubscriptions(customerId: string): Promise<SubscriptionState[]>;
  /** Ends a subscription at once (account deletion). */
  cancelSubscription(id: string): Promise<SubscriptionState>;
  /** The customer portal (card, plan changes, cancellation, invoices). */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<string>;
  retrieveInvoice(id: string): Promise<InvoiceState>;
  /** Verifies a webhook's signature against its raw body; throws SignatureError. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, receivedAt: Date): WebhookEvent;
}
