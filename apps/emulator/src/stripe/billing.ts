// What happens to Stripe objects: customers, Checkout completion, plan changes, cancellation,
// invoices and their payment, and the clock (`tick`: trials ending, renewals, cancellations at
// period end, expired Checkout sessions). Every change records the events Stripe would send.
import { chargeRefusal, type AcceptedCard, type CardRefusal } from './cards.ts';
import { formatAmount, formatShortDate, shiftPeriod } from './format.ts';
import { invoicePrefix, newId } from './stripe-ids.ts';
import type { StripePresenter } from './stripe-objects.ts';
import { stripeErrors } from './stripe-errors.ts';
import type {
  BillingReason,
  CheckoutSessionRecord,
  CustomerRecord,
  EventRecord,
  EventRequest,
  InvoiceLineRecord,
  InvoiceRecord,
  Metadata,
  PaymentMethodRecord,
  PendingLine,
  StripeStore,
  SubscriptionRecord,
} from './stripe-state.ts';

/** Stripe's minimum trial in Checkout: trial_end at least 48 hours ahead. */
export const MIN_CHECKOUT_TRIAL_SECONDS = 48 * 3600;
/** The longest trial Stripe accepts (730 days). */
export const MAX_TRIAL_DAYS = 730;
/** Checkout sessions expire 24 hours after creation unless expires_at says sooner. */
export const CHECKOUT_LIFETIME_SECONDS = 24 * 3600;
/** Billing portal sessions: usable for an hour of emulator time. */
export const PORTAL_LIFETIME_SECONDS = 3600;
/** customer.subscription.trial_will_end is sent three days before the trial ends. */
const TRIAL_WILL_END_SECONDS = 3 * 24 * 3600;
/** At most this many due changes are applied by one tick (a clock moved years at once). */
const MAX_TICK_STEPS = 100_000;
/** Events kept: 30 days of the clock, like Stripe, and at most this many (oldest dropped first). */
const MAX_EVENTS = 5000;
const EVENT_RETENTION_SECONDS = 30 * 86_400;

export type ProrationBehavior = 'create_prorations' | 'none' | 'always_invoice';

export interface BillingDeps {
  store: StripeStore;
  presenter: StripePresenter;
  /** The emulator clock (epoch ms). */
  now: () => number;
  /** Called for every event recorded (queues its webhook delivery). */
  onEvent: (event: EventRecord) => void;
  /** Schedules a persistence write. */
  persist: () => void;
}

/** A change due at `at` (Unix seconds). */
type Due =
  | { at: number; kind: 'session-expiry'; session: CheckoutSessionRecord }
  | {
      at: number;
      kind: 'trial-will-end' | 'trial-end' | 'period-end' | 'cancel-at';
      sub: SubscriptionRecord;
    };

const clone = <T>(value: T): T => structuredClone(value);

/** Top-level fields whose value differs, with the old values (Stripe's previous_attributes). */
function previousAttributes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(before))
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  return Object.keys(previous).length > 0 ? previous : undefined;
}

/** The engine. Methods throw StripeApiError for requests Stripe would refuse. */
export class Billing {
  readonly store: StripeStore;
  readonly presenter: StripePresenter;
  private readonly now: () => number;
  private readonly onEvent: (event: EventRecord) => void;
  private readonly persist: () => void;
  /** The API request being served (event.request); null ids for automatic changes. */
  request: EventRequest = { id: null, idempotency_key: null };

  constructor(deps: BillingDeps) {
    this.store = deps.store;
    this.presenter = deps.presenter;
    this.now = deps.now;
    this.onEvent = deps.onEvent;
    this.persist = deps.persist;
  }

  /** The emulator clock in Unix seconds. */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  // ---- events -------------------------------------------------------------------------------

  private emit(
    type: string,
    object: object,
    lane: string,
    at: number,
    previous?: Record<string, unknown>,
  ): void {
    const event: EventRecord = {
      id: newId.event(),
      type,
      created: at,
      object: clone(object) as Record<string, unknown>,
      ...(previous ? { previousAttributes: clone(previous) } : {}),
      request: { ...this.request },
      lane,
    };
    this.store.events.set(event.id, event);
    this.onEvent(event);
    this.pruneEvents();
    this.persist();
  }

  /** Drops events past retention (never one still waiting for its webhook). */
  private pruneEvents(): void {
    const horizon = this.nowSeconds() - EVENT_RETENTION_SECONDS;
    const oldest = this.store.events.values().next().value;
    if (this.store.events.size <= MAX_EVENTS && (!oldest || oldest.created > horizon)) return;
    const waiting = new Set(
      this.store.deliveries.filter((d) => d.status === 'pending').map((d) => d.eventId),
    );
    for (const [id, old] of this.store.events) {
      if (this.store.events.size <= MAX_EVENTS && old.created > horizon) break;
      if (!waiting.has(id)) this.store.events.delete(id);
    }
  }

  private subscriptionJson(sub: SubscriptionRecord): Record<string, unknown> {
    return clone(this.presenter.subscription(sub)) as unknown as Record<string, unknown>;
  }

  private customerJson(customer: CustomerRecord): Record<string, unknown> {
    return clone(this.presenter.customer({ ...customer, deleted: false })) as unknown as Record<
      string,
      unknown
    >;
  }

  /** Applies `change` to a subscription and records customer.subscription.updated if it changed. */
  private updateSubscription(sub: SubscriptionRecord, at: number, change: () => void): void {
    const before = this.subscriptionJson(sub);
    change();
    const after = this.subscriptionJson(sub);
    const previous = previousAttributes(before, after);
    if (previous) this.emit('customer.subscription.updated', after, sub.customer, at, previous);
    else this.persist();
  }

  private updateCustomerRecord(customer: CustomerRecord, at: number, change: () => void): void {
    const before = this.customerJson(customer);
    change();
    const after = this.customerJson(customer);
    const previous = previousAttributes(before, after);
    if (previous) this.emit('customer.updated', after, customer.id, at, previous);
    else this.persist();
  }

  // ---- lookups ------------------------------------------------------------------------------

  customer(id: string, param?: string): CustomerRecord {
    const customer = this.store.customers.get(id);
    if (!customer || customer.deleted)
      throw param
        ? stripeErrors.noSuchParam('customer', id, param)
        : stripeErrors.noSuch('customer', id);
    return customer;
  }

  subscription(id: string, param?: string): SubscriptionRecord {
    const sub = this.store.subscriptions.get(id);
    if (!sub)
      throw param
        ? stripeErrors.noSuchParam('subscription', id, param)
        : stripeErrors.noSuch('subscription', id);
    return sub;
  }

  price(id: string, param: string) {
    const price = this.presenter.prices.get(id);
    if (!price) throw stripeErrors.noSuchParam('price', id, param);
    return price;
  }

  // ---- customers ----------------------------------------------------------------------------

  createCustomer(input: {
    email?: string | null;
    name?: string | null;
    description?: string | null;
    phone?: string | null;
    metadata?: Metadata;
  }): CustomerRecord {
    const at = this.nowSeconds();
    const customer: CustomerRecord = {
      id: newId.customer(),
      created: at,
      email: input.email ?? null,
      name: input.name ?? null,
      description: input.description ?? null,
      phone: input.phone ?? null,
      metadata: input.metadata ?? {},
      invoicePrefix: invoicePrefix(),
      nextInvoiceSequence: 1,
      defaultPaymentMethod: null,
      deleted: false,
    };
    this.store.customers.set(customer.id, customer);
    this.emit('customer.created', this.customerJson(customer), customer.id, at);
    return customer;
  }

  updateCustomer(
    customer: CustomerRecord,
    changes: Partial<
      Pick<CustomerRecord, 'email' | 'name' | 'description' | 'phone' | 'metadata'>
    > & {
      defaultPaymentMethod?: string | null;
    },
  ): void {
    this.updateCustomerRecord(customer, this.nowSeconds(), () => {
      Object.assign(customer, changes);
    });
  }

  /** Deletes a customer: its subscriptions are canceled at once (Stripe does the same). */
  deleteCustomer(customer: CustomerRecord): void {
    const at = this.nowSeconds();
    for (const sub of this.store.subscriptionsOf(customer.id))
      if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired')
        this.cancelNow(sub, at, 'cancellation_requested');
    const last = this.customerJson(customer);
    customer.deleted = true;
    this.emit('customer.deleted', last, customer.id, at);
  }

  // ---- payment methods ----------------------------------------------------------------------

  private createPaymentMethod(
    customer: CustomerRecord,
    card: AcceptedCard,
    billing: { name: string | null; email: string | null },
    at: number,
  ): PaymentMethodRecord {
    const pm: PaymentMethodRecord = {
      id: newId.paymentMethod(),
      customer: customer.id,
      created: at,
      billingName: billing.name,
      billingEmail: billing.email,
      card,
      fingerprint: newId.fingerprint(),
    };
    this.store.paymentMethods.set(pm.id, pm);
    this.emit('payment_method.attached', this.presenter.paymentMethod(pm), customer.id, at);
    return pm;
  }

  /**
   * The portal's "Update payment method": the card becomes the customer's default and every
   * live subscription's, and open invoices of past-due subscriptions are charged again.
   */
  replaceCard(
    customer: CustomerRecord,
    card: AcceptedCard,
    name: string | null,
  ): PaymentMethodRecord {
    const at = this.nowSeconds();
    const pm = this.createPaymentMethod(customer, card, { name, email: customer.email }, at);
    this.updateCustomerRecord(customer, at, () => {
      customer.defaultPaymentMethod = pm.id;
    });
    for (const sub of this.store.subscriptionsOf(customer.id)) {
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
      this.updateSubscription(sub, at, () => {
        sub.defaultPaymentMethod = pm.id;
      });
    }
    for (const sub of this.store.subscriptionsOf(customer.id)) {
      if (sub.status !== 'past_due' && sub.status !== 'unpaid') continue;
      const open = [...this.store.invoices.values()].filter(
        (i) => i.subscription === sub.id && i.status === 'open',
      );
      let allPaid = true;
      for (const invoice of open) if (!this.pay(invoice, sub, at)) allPaid = false;
      if (allPaid)
        this.updateSubscription(sub, at, () => {
          sub.status = 'active';
        });
    }
    return pm;
  }

  /** The card a subscription is charged with. */
  private cardOf(sub: SubscriptionRecord): PaymentMethodRecord | undefined {
    const customer = this.store.customers.get(sub.customer);
    const id = sub.defaultPaymentMethod ?? customer?.defaultPaymentMethod;
    return id ? this.store.paymentMethods.get(id) : undefined;
  }

  // ---- invoices -----------------------------------------------------------------------------

  private line(
    sub: SubscriptionRecord,
    itemIndex: number,
    amount: number,
    description: string,
    period: { start: number; end: number },
    proration = false,
    priceId?: string,
  ): InvoiceLineRecord {
    const item = sub.items[itemIndex]!;
    return {
      id: newId.invoiceLine(),
      amount,
      description,
      priceId: priceId ?? item.priceId,
      quantity: item.quantity,
      periodStart: period.start,
      periodEnd: period.end,
      proration,
      subscriptionItem: item.id,
    };
  }

  /** "1 × Tubewise Pro (at $19.00 / month)" */
  private itemDescription(priceId: string, quantity: number): string {
    const price = this.presenter.priceConfig(priceId);
    return `${quantity} × ${price.productName} (at ${formatAmount(price.unitAmount, price.currency)} / ${price.interval})`;
  }

  /** The lines of a full period of every item. */
  private periodLines(sub: SubscriptionRecord): InvoiceLineRecord[] {
    return sub.items.map((item, i) => {
      const price = this.presenter.priceConfig(item.priceId);
      return this.line(
        sub,
        i,
        price.unitAmount * item.quantity,
        this.itemDescription(item.priceId, item.quantity),
        {
          start: item.periodStart,
          end: item.periodEnd,
        },
      );
    });
  }

  /** Creates a draft invoice for a subscription (invoice.created is recorded by `runInvoice`). */
  private draftInvoice(
    sub: SubscriptionRecord,
    reason: BillingReason,
    lines: InvoiceLineRecord[],
    at: number,
    period: { start: number; end: number },
  ): InvoiceRecord {
    const customer = this.store.customers.get(sub.customer)!;
    const invoice: InvoiceRecord = {
      id: newId.invoice(),
      number: null,
      customer: customer.id,
      customerEmail: customer.email,
      customerName: customer.name,
      subscription: sub.id,
      subscriptionMetadata: { ...sub.metadata },
      created: at,
      periodStart: period.start,
      periodEnd: period.end,
      billingReason: reason,
      status: 'draft',
      currency: sub.currency,
      lines,
      amountPaid: 0,
      attemptCount: 0,
      attempted: false,
      finalizedAt: null,
      paidAt: null,
      voidedAt: null,
      paymentMethod: null,
      lastPaymentError: null,
    };
    this.store.invoices.set(invoice.id, invoice);
    return invoice;
  }

  private invoiceJson(invoice: InvoiceRecord) {
    return this.presenter.invoice(invoice);
  }

  /** invoice.created, then finalization (number, invoice.finalized), then payment. Returns paid. */
  private runInvoice(invoice: InvoiceRecord, sub: SubscriptionRecord, at: number): boolean {
    this.emit('invoice.created', this.invoiceJson(invoice), invoice.customer, at);
    const customer = this.store.customers.get(invoice.customer)!;
    invoice.number = `${customer.invoicePrefix}-${String(customer.nextInvoiceSequence).padStart(4, '0')}`;
    customer.nextInvoiceSequence += 1;
    invoice.status = 'open';
    invoice.finalizedAt = at;
    this.emit('invoice.finalized', this.invoiceJson(invoice), invoice.customer, at);
    return this.pay(invoice, sub, at);
  }

  /** Charges an open invoice with the subscription's card; records the outcome's events. */
  private pay(
    invoice: InvoiceRecord,
    sub: SubscriptionRecord,
    at: number,
    card?: PaymentMethodRecord,
  ): boolean {
    const total = this.presenter.invoiceTotal(invoice);
    let refusal: CardRefusal | null = null;
    const pm = card ?? this.cardOf(sub);
    if (total > 0) {
      refusal = pm
        ? chargeRefusal(pm.card)
        : {
            field: null,
            code: 'payment_method_missing',
            message: 'The customer has no payment method to charge.',
          };
      invoice.attemptCount += 1;
      invoice.attempted = true;
    }
    if (refusal) {
      invoice.lastPaymentError = refusal.message;
      this.emit('invoice.payment_failed', this.invoiceJson(invoice), invoice.customer, at);
      return false;
    }
    invoice.status = 'paid';
    invoice.amountPaid = total;
    invoice.paidAt = at;
    invoice.attempted = true;
    invoice.paymentMethod = pm?.id ?? null;
    invoice.lastPaymentError = null;
    const json = this.invoiceJson(invoice);
    this.emit('invoice.paid', json, invoice.customer, at);
    this.emit('invoice.payment_succeeded', json, invoice.customer, at);
    return true;
  }

  /**
   * The hosted invoice page's "Pay": charges an open invoice with a card the payer entered (kept
   * on the customer, not made the default). Returns the refusal when it is declined.
   */
  payInvoiceWithCard(invoice: InvoiceRecord, card: AcceptedCard, name: string): CardRefusal | null {
    const at = this.nowSeconds();
    const customer = this.store.customers.get(invoice.customer)!;
    const sub = invoice.subscription
      ? this.store.subscriptions.get(invoice.subscription)
      : undefined;
    if (!sub) throw stripeErrors.invalid('This invoice has no subscription.');
    const refusal = chargeRefusal(card);
    if (refusal) {
      invoice.attemptCount += 1;
      invoice.attempted = true;
      invoice.lastPaymentError = refusal.message;
      this.emit('invoice.payment_failed', this.invoiceJson(invoice), invoice.customer, at);
      return refusal;
    }
    const pm = this.createPaymentMethod(customer, card, { name, email: customer.email }, at);
    this.pay(invoice, sub, at, pm);
    if (sub.status === 'past_due' || sub.status === 'unpaid') {
      const stillOpen = [...this.store.invoices.values()].some(
        (i) => i.subscription === sub.id && i.status === 'open',
      );
      if (!stillOpen)
        this.updateSubscription(sub, at, () => {
          sub.status = 'active';
        });
    }
    return null;
  }

  // ---- Checkout -----------------------------------------------------------------------------

  createCheckoutSession(
    input: Omit<
      CheckoutSessionRecord,
      | 'id'
      | 'created'
      | 'status'
      | 'paymentStatus'
      | 'subscription'
      | 'invoice'
      | 'completedAt'
      | 'details'
      | 'expiresAt'
    > & {
      expiresAt?: number;
    },
  ): CheckoutSessionRecord {
    const at = this.nowSeconds();
    const session: CheckoutSessionRecord = {
      ...input,
      id: newId.checkoutSession(),
      created: at,
      expiresAt: input.expiresAt ?? at + CHECKOUT_LIFETIME_SECONDS,
      status: 'open',
      paymentStatus: 'unpaid',
      subscription: null,
      invoice: null,
      completedAt: null,
      details: null,
    };
    this.store.checkoutSessions.set(session.id, session);
    this.persist();
    return session;
  }

  expireCheckoutSession(session: CheckoutSessionRecord, at = this.nowSeconds()): void {
    session.status = 'expired';
    this.emit(
      'checkout.session.expired',
      this.presenter.checkoutSession(session),
      session.customer ?? '_',
      at,
    );
  }

  /**
   * The payer submitted the Checkout form with an accepted card. Without a trial the first
   * invoice is charged first: a refusal is returned and nothing is created. Otherwise creates
   * the customer (when the session had none), the payment method, the subscription and its
   * first invoice, and completes the session.
   */
  completeCheckout(
    session: CheckoutSessionRecord,
    card: AcceptedCard,
    details: { name: string; email: string | null },
  ): { ok: true; subscription: SubscriptionRecord } | { ok: false; refusal: CardRefusal } {
    const at = this.nowSeconds();
    const trial = session.trialEnd !== null && session.trialEnd > at;
    if (!trial) {
      const refusal = chargeRefusal(card);
      const due = session.lineItems.reduce(
        (sum, l) => sum + this.presenter.priceConfig(l.priceId).unitAmount * l.quantity,
        0,
      );
      if (refusal && due > 0) return { ok: false, refusal };
    }
    const existing = session.customer ? this.store.customers.get(session.customer) : undefined;
    const email = existing?.email ?? session.customerEmail ?? details.email;
    const customer =
      existing && !existing.deleted ? existing : this.createCustomer({ email, name: details.name });
    session.customer = customer.id;
    const pm = this.createPaymentMethod(customer, card, { name: details.name, email }, at);

    const first = this.presenter.priceConfig(session.lineItems[0]!.priceId);
    const anchor = trial ? session.trialEnd! : at;
    const sub: SubscriptionRecord = {
      id: newId.subscription(),
      customer: customer.id,
      created: at,
      startDate: at,
      status: trial ? 'trialing' : 'active',
      currency: first.currency,
      items: session.lineItems.map((line) => ({
        id: newId.subscriptionItem(),
        priceId: line.priceId,
        quantity: line.quantity,
        created: at,
        metadata: {},
        periodStart: at,
        periodEnd: trial ? anchor : shiftPeriod(anchor, first.interval, 1),
      })),
      trialStart: trial ? at : null,
      trialEnd: trial ? session.trialEnd : null,
      billingCycleAnchor: anchor,
      cycle: trial ? -1 : 0,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      cancellation: { reason: null, feedback: null, comment: null },
      metadata: { ...session.subscriptionMetadata },
      description: session.subscriptionDescription,
      latestInvoice: null,
      defaultPaymentMethod: pm.id,
      trialWillEndSent: false,
      pendingLines: [],
    };
    this.store.subscriptions.set(sub.id, sub);
    const lines = trial
      ? sub.items.map((item, i) =>
          this.line(
            sub,
            i,
            0,
            `Trial period for ${this.presenter.priceConfig(item.priceId).productName}`,
            { start: at, end: anchor },
          ),
        )
      : this.periodLines(sub);
    const invoice = this.draftInvoice(sub, 'subscription_create', lines, at, {
      start: at,
      end: at,
    });
    sub.latestInvoice = invoice.id;
    this.emit('customer.subscription.created', this.subscriptionJson(sub), customer.id, at);
    this.runInvoice(invoice, sub, at);

    session.status = 'complete';
    session.paymentStatus = trial ? 'no_payment_required' : 'paid';
    session.subscription = sub.id;
    session.invoice = invoice.id;
    session.completedAt = at;
    session.details = { email, name: details.name };
    this.emit(
      'checkout.session.completed',
      this.presenter.checkoutSession(session),
      customer.id,
      at,
    );
    return { ok: true, subscription: sub };
  }

  // ---- subscriptions ------------------------------------------------------------------------

  /** Ends a subscription now (DELETE /v1/subscriptions/:id, a deleted customer). */
  cancelNow(sub: SubscriptionRecord, at: number, reason: string): void {
    sub.status = 'canceled';
    sub.canceledAt = at;
    sub.endedAt = at;
    sub.cancellation = { ...sub.cancellation, reason };
    sub.pendingLines = [];
    this.emit('customer.subscription.deleted', this.subscriptionJson(sub), sub.customer, at);
  }

  /** Sets cancel_at_period_end on the record (no event: callers wrap it in an update). */
  applyCancelAtPeriodEnd(sub: SubscriptionRecord, cancel: boolean, at: number): void {
    if (cancel) {
      if (sub.cancelAtPeriodEnd) return;
      sub.cancelAtPeriodEnd = true;
      sub.cancelAt = sub.items[0]!.periodEnd;
      sub.canceledAt = at;
      sub.cancellation = { ...sub.cancellation, reason: 'cancellation_requested' };
    } else if (sub.cancelAtPeriodEnd || sub.cancelAt !== null) {
      sub.cancelAtPeriodEnd = false;
      sub.cancelAt = null;
      sub.canceledAt = null;
      sub.cancellation = { reason: null, feedback: null, comment: null };
    }
  }

  /** Sets cancel_at (null clears it) on the record (no event). */
  applyCancelAt(sub: SubscriptionRecord, cancelAt: number | null, at: number): void {
    if (cancelAt === null) {
      this.applyCancelAtPeriodEnd(sub, false, at);
      return;
    }
    sub.cancelAt = cancelAt;
    sub.cancelAtPeriodEnd = cancelAt === sub.items[0]!.periodEnd;
    sub.canceledAt = at;
    sub.cancellation = { ...sub.cancellation, reason: 'cancellation_requested' };
  }

  /** The portal's Cancel plan (true) and Renew plan (false). */
  setCancelAtPeriodEnd(sub: SubscriptionRecord, cancel: boolean): void {
    const at = this.nowSeconds();
    this.updateSubscription(sub, at, () => this.applyCancelAtPeriodEnd(sub, cancel, at));
  }

  /** Applies simple field changes (metadata, description, …) with one updated event. */
  changeFields(sub: SubscriptionRecord, change: () => void): void {
    this.updateSubscription(sub, this.nowSeconds(), change);
  }

  /**
   * Moves an item to another price. Same interval: prorations now (always_invoice), at the next
   * renewal (create_prorations) or none. Another interval: a new billing period starts now and
   * is invoiced at once, with credit for the unused time (Stripe's rule). A trialing
   * subscription changes price without any invoice. With `mustPay` (the portal), a change whose
   * invoice would be declined is refused and nothing changes.
   */
  changePrice(
    sub: SubscriptionRecord,
    itemId: string | undefined,
    priceId: string,
    proration: ProrationBehavior,
    options: { mustPay?: boolean; extra?: () => void } = {},
  ): { refusal?: CardRefusal; invoice?: InvoiceRecord } {
    const at = this.nowSeconds();
    const index = itemId ? sub.items.findIndex((i) => i.id === itemId) : 0;
    const item = sub.items[index];
    if (!item) throw stripeErrors.noSuchParam('subscription_item', itemId ?? '', 'items[0][id]');
    const next = this.presenter.priceConfig(priceId);
    const old = this.presenter.priceConfig(item.priceId);
    if (next.currency !== sub.currency)
      throw stripeErrors.invalid(
        `The price specified is set to \`${next.currency}\` but this subscription is in \`${sub.currency}\`. Subscription items must all share the same currency.`,
        { param: 'items[0][price]' },
      );
    if (next.id === old.id) {
      this.updateSubscription(sub, at, () => options.extra?.());
      return {};
    }
    if (sub.status === 'trialing') {
      this.updateSubscription(sub, at, () => {
        options.extra?.();
        item.priceId = next.id;
      });
      return {};
    }

    const span = Math.max(1, item.periodEnd - item.periodStart);
    const fraction = Math.min(1, Math.max(0, (item.periodEnd - at) / span));
    const credit = Math.round(old.unitAmount * item.quantity * fraction);
    const after = formatShortDate(at);
    const intervalChange = next.interval !== old.interval;
    const creditLine = (): InvoiceLineRecord =>
      this.line(
        sub,
        index,
        -credit,
        `Unused time on ${old.productName} after ${after}`,
        { start: at, end: item.periodEnd },
        true,
        old.id,
      );

    let lines: InvoiceLineRecord[] = [];
    let immediate = false;
    if (intervalChange) {
      immediate = true;
      if (proration !== 'none' && credit > 0) lines.push(creditLine());
    } else if (proration !== 'none') {
      const debit = Math.round(next.unitAmount * item.quantity * fraction);
      lines = [
        creditLine(),
        this.line(
          sub,
          index,
          debit,
          `Remaining time on ${item.quantity} × ${next.productName} after ${after}`,
          { start: at, end: item.periodEnd },
          true,
          next.id,
        ),
      ];
      immediate = proration === 'always_invoice';
    }

    const periodStart = intervalChange ? at : item.periodStart;
    const periodEnd = intervalChange ? shiftPeriod(at, next.interval, 1) : item.periodEnd;
    if (intervalChange)
      lines.push(
        this.line(
          sub,
          index,
          next.unitAmount * item.quantity,
          this.itemDescription(next.id, item.quantity),
          { start: periodStart, end: periodEnd },
          false,
          next.id,
        ),
      );
    const due = Math.max(
      0,
      lines.reduce((sum, l) => sum + l.amount, 0),
    );
    if (options.mustPay && immediate && due > 0) {
      const pm = this.cardOf(sub);
      const refusal = pm
        ? chargeRefusal(pm.card)
        : { field: null, code: 'payment_method_missing', message: 'Add a payment method first.' };
      if (refusal) return { refusal };
    }

    let invoice: InvoiceRecord | undefined;
    this.updateSubscription(sub, at, () => {
      options.extra?.();
      item.priceId = next.id;
      if (intervalChange) {
        sub.billingCycleAnchor = at;
        sub.cycle = 0;
        for (const each of sub.items) {
          each.periodStart = periodStart;
          each.periodEnd = periodEnd;
        }
        if (sub.cancelAtPeriodEnd) sub.cancelAt = periodEnd;
      }
      if (immediate) {
        invoice = this.draftInvoice(sub, 'subscription_update', lines, at, { start: at, end: at });
        sub.latestInvoice = invoice.id;
      } else if (lines.length > 0) {
        sub.pendingLines.push(
          ...lines.map((l): PendingLine => ({
            id: l.id,
            amount: l.amount,
            description: l.description,
            priceId: l.priceId,
            quantity: l.quantity,
            periodStart: l.periodStart,
            periodEnd: l.periodEnd,
            subscriptionItem: l.subscriptionItem ?? item.id,
          })),
        );
      }
    });
    if (invoice) this.settle(invoice, sub, at);
    return invoice ? { invoice } : {};
  }

  /** Runs an invoice and moves the subscription to past_due (failed) or back to active (paid). */
  private settle(invoice: InvoiceRecord, sub: SubscriptionRecord, at: number): void {
    const paid = this.runInvoice(invoice, sub, at);
    if (!paid && sub.status === 'active')
      this.updateSubscription(sub, at, () => {
        sub.status = 'past_due';
      });
    else if (paid && sub.status === 'past_due') {
      const stillOpen = [...this.store.invoices.values()].some(
        (i) => i.subscription === sub.id && i.status === 'open',
      );
      if (!stillOpen)
        this.updateSubscription(sub, at, () => {
          sub.status = 'active';
        });
    }
  }

  // ---- billing portal -----------------------------------------------------------------------

  createPortalSession(customer: CustomerRecord, returnUrl: string | null, locale: string | null) {
    const at = this.nowSeconds();
    const session = {
      id: newId.portalSession(),
      customer: customer.id,
      created: at,
      expiresAt: at + PORTAL_LIFETIME_SECONDS,
      returnUrl,
      locale,
    };
    this.store.portalSessions.set(session.id, session);
    this.persist();
    return session;
  }

  // ---- the clock ----------------------------------------------------------------------------

  /** The earliest change due at or before `now`, or undefined. */
  private nextDue(now: number): Due | undefined {
    let best: Due | undefined;
    const consider = (due: Due) => {
      if (due.at <= now && (!best || due.at < best.at)) best = due;
    };
    for (const session of this.store.checkoutSessions.values())
      if (session.status === 'open')
        consider({ at: session.expiresAt, kind: 'session-expiry', session });
    for (const sub of this.store.subscriptions.values()) {
      const periodEnd = sub.items[0]?.periodEnd ?? Infinity;
      if (sub.status === 'trialing') {
        if (!sub.trialWillEndSent && sub.trialEnd !== null)
          consider({
            at: Math.max(sub.trialStart ?? 0, sub.trialEnd - TRIAL_WILL_END_SECONDS),
            kind: 'trial-will-end',
            sub,
          });
        if (sub.cancelAt !== null && sub.cancelAt < (sub.trialEnd ?? Infinity))
          consider({ at: sub.cancelAt, kind: 'cancel-at', sub });
        if (sub.trialEnd !== null) consider({ at: sub.trialEnd, kind: 'trial-end', sub });
      } else if (sub.status === 'active' || sub.status === 'past_due' || sub.status === 'unpaid') {
        if (sub.cancelAt !== null && sub.cancelAt < periodEnd)
          consider({ at: sub.cancelAt, kind: 'cancel-at', sub });
        consider({ at: periodEnd, kind: 'period-end', sub });
      }
    }
    return best;
  }

  /**
   * Applies everything due as of the emulator's clock, in time order (a clock moved by months
   * renews period by period). Events carry the moment each change happened.
   */
  tick(): void {
    const now = this.nowSeconds();
    const saved = this.request;
    this.request = { id: null, idempotency_key: null };
    try {
      for (let step = 0; step < MAX_TICK_STEPS; step++) {
        const due = this.nextDue(now);
        if (!due) break;
        this.apply(due);
      }
    } finally {
      this.request = saved;
    }
  }

  private apply(due: Due): void {
    if (due.kind === 'session-expiry') {
      this.expireCheckoutSession(due.session, due.at);
      return;
    }
    const { sub, at } = due;
    switch (due.kind) {
      case 'trial-will-end':
        sub.trialWillEndSent = true;
        this.emit(
          'customer.subscription.trial_will_end',
          this.subscriptionJson(sub),
          sub.customer,
          at,
        );
        return;
      case 'cancel-at':
        this.endAt(sub, at);
        return;
      case 'trial-end':
        if (sub.cancelAtPeriodEnd || (sub.cancelAt !== null && sub.cancelAt <= at)) {
          this.endAt(sub, at);
          return;
        }
        this.startPeriod(sub, at, true);
        return;
      case 'period-end':
        if (sub.cancelAtPeriodEnd || (sub.cancelAt !== null && sub.cancelAt <= at)) {
          this.endAt(sub, at);
          return;
        }
        this.startPeriod(sub, at, false);
    }
  }

  /** The scheduled end (cancel_at_period_end or cancel_at) has come. */
  private endAt(sub: SubscriptionRecord, at: number): void {
    sub.status = 'canceled';
    sub.endedAt = at;
    sub.canceledAt ??= at;
    sub.pendingLines = [];
    this.emit('customer.subscription.deleted', this.subscriptionJson(sub), sub.customer, at);
  }

  /** A trial ended or a period renewed: next period, its invoice, its payment. */
  private startPeriod(sub: SubscriptionRecord, at: number, trialEnded: boolean): void {
    const interval = this.presenter.priceConfig(sub.items[0]!.priceId).interval;
    let invoice: InvoiceRecord | undefined;
    this.updateSubscription(sub, at, () => {
      sub.cycle += 1;
      const start = shiftPeriod(sub.billingCycleAnchor, interval, sub.cycle);
      const end = shiftPeriod(sub.billingCycleAnchor, interval, sub.cycle + 1);
      for (const item of sub.items) {
        item.periodStart = start;
        item.periodEnd = end;
      }
      if (trialEnded) sub.status = 'active';
      const pending = sub.pendingLines.map((p): InvoiceLineRecord => ({
        id: p.id,
        amount: p.amount,
        description: p.description,
        priceId: p.priceId,
        quantity: p.quantity,
        periodStart: p.periodStart,
        periodEnd: p.periodEnd,
        proration: true,
        subscriptionItem: p.subscriptionItem,
      }));
      sub.pendingLines = [];
      invoice = this.draftInvoice(
        sub,
        'subscription_cycle',
        [...pending, ...this.periodLines(sub)],
        at,
        {
          start: trialEnded
            ? (sub.trialStart ?? at)
            : shiftPeriod(sub.billingCycleAnchor, interval, sub.cycle - 1),
          end: at,
        },
      );
      sub.latestInvoice = invoice.id;
    });
    this.settle(invoice!, sub, at);
  }
}
