// Records → Stripe's API objects, field for field as the API version stripe@23.1.0 pins
// (typed with the SDK's own interfaces, so `tsc` catches a missing or misspelt field).
import type Stripe from 'stripe';
import { STRIPE_API_VERSION, type StripePriceConfig } from './stripe-options.ts';
import { productIdOf } from './stripe-ids.ts';
import type {
  CheckoutSessionRecord,
  CustomerRecord,
  EventRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  PaymentMethodRecord,
  PortalSessionRecord,
  StripeStore,
  SubscriptionRecord,
} from './stripe-state.ts';

/** When the configured prices and products were "created" (fixed, so answers do not move). */
const CATALOG_CREATED = 1_767_225_600;

/** Decimal strings travel as strings on the wire; the SDK's type is a branded class. */
const decimal = (value: number): Stripe.Decimal => String(value) as unknown as Stripe.Decimal;

/** An API list object. */
export function list<T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

/** A product of the configured prices (one per product name). */
export interface CatalogProduct {
  id: string;
  name: string;
  prices: StripePriceConfig[];
}

/** Builds the API objects from records. */
export class StripePresenter {
  readonly prices: Map<string, StripePriceConfig>;
  readonly products: Map<string, CatalogProduct>;
  private readonly store: StripeStore;
  private readonly publicUrl: string;

  constructor(prices: readonly StripePriceConfig[], store: StripeStore, publicUrl: string) {
    this.store = store;
    this.publicUrl = publicUrl;
    this.prices = new Map(prices.map((p) => [p.id, p] as const));
    this.products = new Map();
    for (const price of prices) {
      const id = productIdOf(price.productName);
      const product = this.products.get(id) ?? { id, name: price.productName, prices: [] };
      product.prices.push(price);
      this.products.set(id, product);
    }
  }

  price(config: StripePriceConfig): Stripe.Price {
    return {
      id: config.id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: CATALOG_CREATED,
      currency: config.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: productIdOf(config.productName),
      recurring: {
        interval: config.interval,
        interval_count: 1,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'recurring',
      unit_amount: config.unitAmount,
      unit_amount_decimal: decimal(config.unitAmount),
    };
  }

  /** The legacy plan object Stripe still puts beside each item's price. */
  plan(config: StripePriceConfig): Stripe.Plan {
    return {
      id: config.id,
      object: 'plan',
      active: true,
      amount: config.unitAmount,
      amount_decimal: decimal(config.unitAmount),
      billing_scheme: 'per_unit',
      created: CATALOG_CREATED,
      currency: config.currency,
      interval: config.interval,
      interval_count: 1,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: null,
      product: productIdOf(config.productName),
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  product(product: CatalogProduct): Stripe.Product {
    return {
      id: product.id,
      object: 'product',
      active: true,
      created: CATALOG_CREATED,
      default_price: product.prices[0]?.id ?? null,
      description: null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: {},
      name: product.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      tax_details: null,
      type: 'service',
      unit_label: null,
      updated: CATALOG_CREATED,
      url: null,
    };
  }

  priceById(id: string): Stripe.Price {
    return this.price(this.priceConfig(id));
  }

  priceConfig(id: string): StripePriceConfig {
    const config = this.prices.get(id);
    if (!config) throw new Error(`Unknown price ${id}`);
    return config;
  }

  customer(record: CustomerRecord): Stripe.Customer | Stripe.DeletedCustomer {
    if (record.deleted) return { id: record.id, object: 'customer', deleted: true };
    const subscriptions = this.store.subscriptionsOf(record.id);
    const delinquent = [...this.store.invoices.values()].some(
      (i) => i.customer === record.id && i.status === 'open' && i.attempted,
    );
    return {
      id: record.id,
      object: 'customer',
      address: null,
      balance: 0,
      created: record.created,
      currency: subscriptions[0]?.currency ?? null,
      customer_account: null,
      default_source: null,
      delinquent,
      description: record.description,
      discount: null,
      email: record.email,
      invoice_prefix: record.invoicePrefix,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: record.defaultPaymentMethod,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: { ...record.metadata },
      name: record.name,
      next_invoice_sequence: record.nextInvoiceSequence,
      phone: record.phone,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
  }

  paymentMethod(record: PaymentMethodRecord): Stripe.PaymentMethod {
    const { card } = record;
    return {
      id: record.id,
      object: 'payment_method',
      allow_redisplay: 'limited',
      billing_details: {
        address: {
          city: null,
          country: null,
          line1: null,
          line2: null,
          postal_code: null,
          state: null,
        },
        email: record.billingEmail,
        name: record.billingName,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: card.country,
        display_brand: card.brand === 'amex' ? 'american_express' : card.brand,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: record.fingerprint,
        funding: card.funding,
        generated_from: null,
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: record.created,
      customer: record.customer,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
  }

  subscriptionItem(subscription: SubscriptionRecord, index: number): Stripe.SubscriptionItem {
    const item = subscription.items[index]!;
    const config = this.priceConfig(item.priceId);
    return {
      id: item.id,
      object: 'subscription_item',
      billing_thresholds: null,
      created: item.created,
      current_period_end: item.periodEnd,
      current_period_start: item.periodStart,
      current_trial: null,
      discounts: [],
      metadata: { ...item.metadata },
      plan: this.plan(config),
      price: this.price(config),
      quantity: item.quantity,
      subscription: subscription.id,
      tax_rates: [],
    };
  }

  subscription(record: SubscriptionRecord): Stripe.Subscription {
    return {
      id: record.id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: record.billingCycleAnchor,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: record.cancelAt,
      cancel_at_period_end: record.cancelAtPeriodEnd,
      canceled_at: record.canceledAt,
      cancellation_details: {
        comment: record.cancellation.comment,
        feedback: record.cancellation.feedback as Stripe.Subscription.CancellationDetails.Feedback,
        feedback_option: null,
        reason: record.cancellation.reason as Stripe.Subscription.CancellationDetails.Reason,
      },
      collection_method: 'charge_automatically',
      created: record.created,
      currency: record.currency,
      customer: record.customer,
      customer_account: null,
      days_until_due: null,
      default_payment_method: record.defaultPaymentMethod,
      default_source: null,
      default_tax_rates: [],
      description: record.description,
      discounts: [],
      ended_at: record.endedAt,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      items: list(
        record.items.map((_, i) => this.subscriptionItem(record, i)),
        `/v1/subscription_items?subscription=${record.id}`,
      ),
      latest_invoice: record.latestInvoice,
      livemode: false,
      managed_payments: null,
      metadata: { ...record.metadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: record.startDate,
      status: record.status,
      test_clock: null,
      transfer_data: null,
      trial_end: record.trialEnd,
      trial_settings: {
        end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
      },
      trial_start: record.trialStart,
    };
  }

  invoiceLine(invoice: InvoiceRecord, line: InvoiceLineRecord): Stripe.InvoiceLineItem {
    const config = this.priceConfig(line.priceId);
    return {
      id: line.id,
      object: 'line_item',
      amount: line.amount,
      currency: invoice.currency,
      description: line.description,
      discount_amounts: [],
      discountable: !line.proration,
      discounts: [],
      invoice: invoice.id,
      livemode: false,
      metadata: {},
      parent:
        invoice.subscription && line.subscriptionItem
          ? {
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration: line.proration,
                proration_details: { credited_items: null },
                subscription: invoice.subscription,
                subscription_item: line.subscriptionItem,
              },
              type: 'subscription_item_details',
            }
          : null,
      period: { end: line.periodEnd, start: line.periodStart },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: config.id, product: productIdOf(config.productName) },
        type: 'price_details',
        unit_amount_decimal: decimal(config.unitAmount),
      },
      quantity: line.quantity,
      quantity_decimal: decimal(line.quantity),
      subscription: invoice.subscription,
      subtotal: line.amount,
      taxes: [],
    };
  }

  invoiceTotal(invoice: InvoiceRecord): number {
    return Math.max(
      0,
      invoice.lines.reduce((sum, line) => sum + line.amount, 0),
    );
  }

  invoice(record: InvoiceRecord): Stripe.Invoice {
    const subtotal = record.lines.reduce((sum, line) => sum + line.amount, 0);
    const total = this.invoiceTotal(record);
    const open = record.status === 'open';
    const base = `${this.publicUrl}/stripe/invoices/${record.id}`;
    const finalized = record.status !== 'draft';
    return {
      id: record.id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Tubewise (emulator)',
      account_tax_ids: null,
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: record.amountPaid,
      amount_remaining: record.status === 'paid' || record.status === 'void' ? 0 : total,
      amount_shipping: 0,
      application: null,
      attempt_count: record.attemptCount,
      attempted: record.attempted,
      auto_advance: open,
      automatic_tax: {
        disabled_reason: null,
        enabled: false,
        liability: null,
        provider: null,
        status: null,
      },
      automatically_finalizes_at: null,
      billing_reason: record.billingReason,
      collection_method: 'charge_automatically',
      created: record.created,
      currency: record.currency,
      custom_fields: null,
      customer: record.customer,
      customer_account: null,
      customer_address: null,
      customer_email: record.customerEmail,
      customer_name: record.customerName,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: record.finalizedAt,
      ending_balance: finalized ? 0 : null,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: finalized ? base : null,
      invoice_pdf: finalized ? `${base}/pdf` : null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: list(
        record.lines.map((line) => this.invoiceLine(record, line)),
        `/v1/invoices/${record.id}/lines`,
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: record.number,
      on_behalf_of: null,
      parent: record.subscription
        ? {
            quote_details: null,
            subscription_details: {
              metadata: record.subscriptionMetadata,
              subscription: record.subscription,
            },
            type: 'subscription_details',
          }
        : null,
      payment_settings: {
        default_mandate: null,
        payment_method_options: null,
        payment_method_types: null,
      },
      period_end: record.periodEnd,
      period_start: record.periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: record.status,
      status_transitions: {
        finalized_at: record.finalizedAt,
        marked_uncollectible_at: null,
        paid_at: record.paidAt,
        voided_at: record.voidedAt,
      },
      subtotal,
      subtotal_excluding_tax: subtotal,
      test_clock: null,
      total,
      total_discount_amounts: [],
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: record.finalizedAt,
    };
  }

  /** The hosted Checkout page of a session. */
  checkoutUrl(id: string): string {
    return `${this.publicUrl}/stripe/checkout/${id}`;
  }

  portalUrl(id: string): string {
    return `${this.publicUrl}/stripe/portal/${id}`;
  }

  /** The session's amount: what is due today (0 during a trial). */
  checkoutAmounts(record: CheckoutSessionRecord): { subtotal: number; total: number } {
    const full = record.lineItems.reduce(
      (sum, line) => sum + this.priceConfig(line.priceId).unitAmount * line.quantity,
      0,
    );
    const total = record.trialEnd !== null ? 0 : full;
    return { subtotal: total, total };
  }

  checkoutLineItem(record: CheckoutSessionRecord, index: number): Stripe.LineItem {
    const line = record.lineItems[index]!;
    const config = this.priceConfig(line.priceId);
    const amount = record.trialEnd !== null ? 0 : config.unitAmount * line.quantity;
    return {
      id: line.id,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: config.currency,
      description: config.productName,
      adjustable_quantity: null,
      metadata: {},
      price: this.price(config),
      quantity: line.quantity,
    };
  }

  checkoutSession(record: CheckoutSessionRecord): Stripe.Checkout.Session {
    const currency = this.priceConfig(record.lineItems[0]!.priceId).currency;
    const amounts = this.checkoutAmounts(record);
    const customer = record.customer ? this.store.customers.get(record.customer) : undefined;
    const email = record.details?.email ?? customer?.email ?? record.customerEmail;
    return {
      id: record.id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: record.allowPromotionCodes,
      allowed_payment_method_types: null,
      amount_subtotal: amounts.subtotal,
      amount_total: amounts.total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: record.cancelUrl,
      client_reference_id: record.clientReferenceId,
      client_secret: null,
      collected_information: record.details
        ? { business_name: null, individual_name: null, shipping_details: null }
        : null,
      consent: null,
      consent_collection: null,
      created: record.created,
      currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer: record.customer,
      customer_account: null,
      customer_creation: record.customer ? null : 'always',
      customer_details:
        record.status === 'complete' || email
          ? {
              address: null,
              business_name: null,
              email: email ?? null,
              individual_name: null,
              name: record.details?.name ?? customer?.name ?? null,
              phone: null,
              tax_exempt: 'none',
              tax_ids: [],
            }
          : null,
      customer_email: record.customerEmail,
      discounts: [],
      expires_at: record.expiresAt,
      integration_identifier: null,
      invoice: record.invoice,
      invoice_creation: null,
      livemode: false,
      locale: record.locale as Stripe.Checkout.Session.Locale | null,
      managed_payments: null,
      metadata: { ...record.metadata },
      mode: record.mode,
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_configuration_details: null,
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      payment_status: record.paymentStatus,
      permissions: null,
      phone_number_collection: { enabled: false },
      recovered_from: null,
      saved_payment_method_options: {
        allow_redisplay_filters: ['always'],
        payment_method_remove: 'disabled',
        payment_method_save: null,
      },
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: record.status,
      submit_type: null,
      subscription: record.subscription,
      success_url: record.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: record.status === 'open' ? this.checkoutUrl(record.id) : null,
      wallet_options: null,
    };
  }

  portalSession(record: PortalSessionRecord): Stripe.BillingPortal.Session {
    return {
      id: record.id,
      object: 'billing_portal.session',
      configuration: 'bpc_1TubewiseEmulatorConfig',
      created: record.created,
      customer: record.customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: record.locale as Stripe.BillingPortal.Session.Locale | null,
      on_behalf_of: null,
      return_url: record.returnUrl,
      url: this.portalUrl(record.id),
    };
  }

  event(record: EventRecord, pendingWebhooks: number): Stripe.Event {
    return {
      id: record.id,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: record.created,
      data: {
        object: record.object,
        ...(record.previousAttributes ? { previous_attributes: record.previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: pendingWebhooks,
      request: record.request,
      type: record.type,
    } as unknown as Stripe.Event;
  }
}
