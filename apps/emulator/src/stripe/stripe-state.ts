// The Stripe emulator's records (plain JSON, persisted as they are) and the store that holds
// them. Times are Unix seconds of the emulator's clock, as in Stripe's objects, except the
// webhook delivery schedule and idempotency bookkeeping (epoch ms).
import type { AcceptedCard } from './cards.ts';

export type Metadata = Record<string, string>;

export interface CustomerRecord {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  invoicePrefix: string;
  nextInvoiceSequence: number;
  /** invoice_settings.default_payment_method */
  defaultPaymentMethod: string | null;
  deleted: boolean;
}

export interface PaymentMethodRecord {
  id: string;
  customer: string | null;
  created: number;
  billingName: string | null;
  billingEmail: string | null;
  card: AcceptedCard;
  fingerprint: string;
}

export interface SessionLineItem {
  id: string;
  priceId: string;
  quantity: number;
}

export type CheckoutStatus = 'open' | 'complete' | 'expired';

export interface CheckoutSessionRecord {
  id: string;
  created: number;
  expiresAt: number;
  mode: 'subscription';
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  lineItems: SessionLineItem[];
  successUrl: string | null;
  cancelUrl: string | null;
  locale: string | null;
  allowPromotionCodes: boolean | null;
  /** subscription_data[trial_end], or now + trial_period_days at creation. */
  trialEnd: number | null;
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
  status: CheckoutStatus;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  subscription: string | null;
  invoice: string | null;
  completedAt: number | null;
  /** What the payer entered (customer_details). */
  details: { email: string | null; name: string | null } | null;
}

export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export interface SubscriptionItemRecord {
  id: string;
  priceId: string;
  quantity: number;
  created: number;
  metadata: Metadata;
  /** current_period_start/end (on the item since API 2025-03-31). */
  periodStart: number;
  periodEnd: number;
}

/** A proration waiting for the next invoice (proration_behavior=create_prorations). */
export interface PendingLine {
  id: string;
  amount: number;
  description: string;
  priceId: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  subscriptionItem: string;
}

export interface SubscriptionRecord {
  id: string;
  customer: string;
  created: number;
  startDate: number;
  status: SubscriptionStatus;
  currency: string;
  items: SubscriptionItemRecord[];
  trialStart: number | null;
  trialEnd: number | null;
  /** Start of the first paid period (trial end, or start); reset by an interval change. */
  billingCycleAnchor: number;
  /** Paid periods begun since the anchor, minus one (-1 while trialing). */
  cycle: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancellation: { reason: string | null; feedback: string | null; comment: string | null };
  metadata: Metadata;
  description: string | null;
  latestInvoice: string | null;
  defaultPaymentMethod: string | null;
  trialWillEndSent: boolean;
  pendingLines: PendingLine[];
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface InvoiceLineRecord {
  id: string;
  amount: number;
  description: string;
  priceId: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  subscriptionItem: string | null;
}

export type BillingReason =
  'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';

export interface InvoiceRecord {
  id: string;
  number: string | null;
  customer: string;
  customerEmail: string | null;
  customerName: string | null;
  subscription: string | null;
  subscriptionMetadata: Metadata | null;
  created: number;
  periodStart: number;
  periodEnd: number;
  billingReason: BillingReason;
  status: InvoiceStatus;
  currency: string;
  lines: InvoiceLineRecord[];
  amountPaid: number;
  attemptCount: number;
  attempted: boolean;
  finalizedAt: number | null;
  paidAt: number | null;
  voidedAt: number | null;
  paymentMethod: string | null;
  /** The last payment failure, shown on the hosted invoice page. */
  lastPaymentError: string | null;
}

export interface PortalSessionRecord {
  id: string;
  customer: string;
  created: number;
  expiresAt: number;
  returnUrl: string | null;
  locale: string | null;
}

/** Stripe's event.request: the API request that caused it (null for automatic changes). */
export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

export interface EventRecord {
  id: string;
  type: string;
  created: number;
  /** data.object as it was when the event happened. */
  object: Record<string, unknown>;
  previousAttributes?: Record<string, unknown>;
  request: EventRequest;
  /** Deliveries of one lane (a customer) go out one at a time in creation order. */
  lane: string;
}

export interface DeliveryRecord {
  /** Creation order. */
  seq: number;
  eventId: string;
  lane: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** When the next attempt is due (epoch ms, wall clock). */
  nextAttemptAt: number;
  lastAttemptAt: number | null;
  /** The HTTP status of the last attempt, or null for a connection error. */
  lastStatus: number | null;
  lastError: string | null;
}

export interface IdempotencyRecord {
  key: string;
  /** Method, path and parameters of the first request. */
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  /** Emulator clock, ms (keys are kept 24 hours, like Stripe's). */
  createdAt: number;
}

/** The persisted file's content. */
export interface StripeSnapshot {
  version: 1;
  customers: CustomerRecord[];
  paymentMethods: PaymentMethodRecord[];
  checkoutSessions: CheckoutSessionRecord[];
  subscriptions: SubscriptionRecord[];
  invoices: InvoiceRecord[];
  portalSessions: PortalSessionRecord[];
  events: EventRecord[];
  deliveries: DeliveryRecord[];
  idempotency: IdempotencyRecord[];
  deliverySeq: number;
}

const byId = <T extends { id: string }>(list: readonly T[] | undefined) =>
  new Map((list ?? []).map((item) => [item.id, item] as const));

/** Every Stripe object the emulator holds. Maps keep insertion (creation) order. */
export class StripeStore {
  customers = new Map<string, CustomerRecord>();
  paymentMethods = new Map<string, PaymentMethodRecord>();
  checkoutSessions = new Map<string, CheckoutSessionRecord>();
  subscriptions = new Map<string, SubscriptionRecord>();
  invoices = new Map<string, InvoiceRecord>();
  portalSessions = new Map<string, PortalSessionRecord>();
  events = new Map<string, EventRecord>();
  deliveries: DeliveryRecord[] = [];
  idempotency = new Map<string, IdempotencyRecord>();
  deliverySeq = 0;

  snapshot(): StripeSnapshot {
    return {
      version: 1,
      customers: [...this.customers.values()],
      paymentMethods: [...this.paymentMethods.values()],
      checkoutSessions: [...this.checkoutSessions.values()],
      subscriptions: [...this.subscriptions.values()],
      invoices: [...this.invoices.values()],
      portalSessions: [...this.portalSessions.values()],
      events: [...this.events.values()],
      deliveries: this.deliveries,
      idempotency: [...this.idempotency.values()],
      deliverySeq: this.deliverySeq,
    };
  }

  restore(snapshot: StripeSnapshot): void {
    this.customers = byId(snapshot.customers);
    this.paymentMethods = byId(snapshot.paymentMethods);
    this.checkoutSessions = byId(snapshot.checkoutSessions);
    this.subscriptions = byId(snapshot.subscriptions);
    this.invoices = byId(snapshot.invoices);
    this.portalSessions = byId(snapshot.portalSessions);
    this.events = byId(snapshot.events);
    this.deliveries = [...(snapshot.deliveries ?? [])];
    this.idempotency = new Map((snapshot.idempotency ?? []).map((r) => [r.key, r] as const));
    this.deliverySeq = snapshot.deliverySeq ?? this.deliveries.length;
  }

  reset(): void {
    this.restore({
      version: 1,
      customers: [],
      paymentMethods: [],
      checkoutSessions: [],
      subscriptions: [],
      invoices: [],
      portalSessions: [],
      events: [],
      deliveries: [],
      idempotency: [],
      deliverySeq: 0,
    });
  }

  /** A customer's subscriptions, oldest first. */
  subscriptionsOf(customerId: string): SubscriptionRecord[] {
    return [...this.subscriptions.values()].filter((s) => s.customer === customerId);
  }

  /** A customer's invoices, newest first (Stripe's list order). */
  invoicesOf(customerId: string): InvoiceRecord[] {
    return [...this.invoices.values()].filter((i) => i.customer === customerId).reverse();
  }
}
