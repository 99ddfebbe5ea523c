// The Stripe API (v1) the product calls through the official `stripe` SDK: customers, prices,
// products, Checkout sessions, subscriptions, billing portal sessions, invoices and events, with
// Stripe's auth, form encoding, expand[], Idempotency-Key, pagination and error bodies. Served at
// /v1 of the ROOT of a server (the SDK has no base path): `app.register(emulator.stripeApi)`.
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type Stripe from 'stripe';
import { MAX_TRIAL_DAYS, MIN_CHECKOUT_TRIAL_SECONDS, type ProrationBehavior } from './billing.ts';
import { expand, type Includables } from './expand.ts';
import { applyMetadata, parseForm, parseQuery, Params, type FormValue } from './form-params.ts';
import { newId } from './stripe-ids.ts';
import type { StripeEmulatorHandle } from './stripe-emulator.ts';
import { list } from './stripe-objects.ts';
import { StripeApiError, stripeErrors } from './stripe-errors.ts';
import { STRIPE_API_VERSION } from './stripe-options.ts';
import type {
  CheckoutSessionRecord,
  IdempotencyRecord,
  SubscriptionRecord,
} from './stripe-state.ts';

/** Idempotency keys are remembered this long (Stripe: at least 24 hours). */
const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** Keys kept at most (the SDK sends one with every POST; they are persisted). */
const IDEMPOTENCY_MAX = 1000;
const BODY_LIMIT = 1024 * 1024;

/** What a handler sees. */
interface Call {
  params: Params;
  /** Path parameters (:id). */
  path: Record<string, string>;
  request: FastifyRequest;
}

type Handler = (call: Call) => { status?: number; body: unknown };

// Parameter names each endpoint accepts (from the SDK's *Params types); the ones the emulator
// does not model are accepted and ignored, any other name is `parameter_unknown`.
const PAGINATION = ['limit', 'starting_after', 'ending_before', 'expand'];
const CUSTOMER_CREATE = [
  'address',
  'balance',
  'business_name',
  'cash_balance',
  'description',
  'email',
  'expand',
  'individual_name',
  'invoice_prefix',
  'invoice_settings',
  'metadata',
  'name',
  'next_invoice_sequence',
  'payment_method',
  'phone',
  'preferred_locales',
  'shipping',
  'source',
  'tax',
  'tax_exempt',
  'tax_id_data',
  'test_clock',
  'validate',
];
const CUSTOMER_UPDATE = [
  'address',
  'balance',
  'business_name',
  'cash_balance',
  'default_source',
  'description',
  'email',
  'expand',
  'individual_name',
  'invoice_prefix',
  'invoice_settings',
  'metadata',
  'name',
  'next_invoice_sequence',
  'phone',
  'preferred_locales',
  'shipping',
  'source',
  'tax',
  'tax_exempt',
  'validate',
];
const CHECKOUT_CREATE = [
  'adaptive_pricing',
  'after_expiration',
  'allow_promotion_codes',
  'allowed_payment_method_types',
  'automatic_tax',
  'billing_address_collection',
  'branding_settings',
  'cancel_url',
  'client_reference_id',
  'consent_collection',
  'currency',
  'custom_fields',
  'custom_text',
  'customer',
  'customer_account',
  'customer_creation',
  'customer_email',
  'customer_update',
  'discounts',
  'excluded_payment_method_types',
  'expand',
  'expires_at',
  'integration_identifier',
  'invoice_creation',
  'line_items',
  'locale',
  'managed_payments',
  'metadata',
  'mode',
  'name_collection',
  'optional_items',
  'origin_context',
  'payment_intent_data',
  'payment_method_collection',
  'payment_method_configuration',
  'payment_method_data',
  'payment_method_options',
  'payment_method_types',
  'permissions',
  'phone_number_collection',
  'redirect_on_completion',
  'return_url',
  'saved_payment_method_options',
  'setup_intent_data',
  'shipping_address_collection',
  'shipping_options',
  'submit_type',
  'subscription_data',
  'success_url',
  'tax_id_collection',
  'ui_mode',
  'wallet_options',
];
const SUBSCRIPTION_DATA = [
  'application_fee_percent',
  'billing_cycle_anchor',
  'billing_cycle_anchor_config',
  'billing_mode',
  'default_tax_rates',
  'description',
  'invoice_settings',
  'metadata',
  'on_behalf_of',
  'pending_invoice_item_interval',
  'proration_behavior',
  'transfer_data',
  'trial_end',
  'trial_period_days',
  'trial_settings',
];
const LINE_ITEM = [
  'adjustable_quantity',
  'metadata',
  'price',
  'price_data',
  'quantity',
  'tax_rates',
];
const SUBSCRIPTION_UPDATE = [
  'add_invoice_items',
  'application_fee_percent',
  'automatic_tax',
  'billing_cycle_anchor',
  'billing_schedules',
  'billing_thresholds',
  'cancel_at',
  'cancel_at_period_end',
  'cancellation_details',
  'collection_method',
  'days_until_due',
  'default_payment_method',
  'default_source',
  'default_tax_rates',
  'description',
  'discounts',
  'expand',
  'invoice_settings',
  'items',
  'metadata',
  'off_session',
  'on_behalf_of',
  'pause_collection',
  'payment_behavior',
  'payment_settings',
  'pending_invoice_item_interval',
  'proration_behavior',
  'proration_date',
  'transfer_data',
  'trial_end',
  'trial_from_plan',
  'trial_settings',
];
/** Update parameters the emulator does not model: refused rather than silently ignored. */
const SUBSCRIPTION_UPDATE_UNSUPPORTED = [
  'add_invoice_items',
  'billing_cycle_anchor',
  'billing_schedules',
  'discounts',
  'pause_collection',
  'trial_end',
  'trial_from_plan',
];
const SUBSCRIPTION_ITEM_UPDATE = [
  'billing_thresholds',
  'clear_usage',
  'deleted',
  'discounts',
  'id',
  'metadata',
  'plan',
  'price',
  'price_data',
  'quantity',
  'tax_rates',
];
const SUBSCRIPTION_STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;
const PORTAL_CREATE = [
  'after_expiration',
  'configuration',
  'customer',
  'customer_account',
  'expand',
  'flow_data',
  'locale',
  'on_behalf_of',
  'return_url',
];
const CANCELLATION_DETAILS = ['comment', 'feedback'];
const FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const;

const isUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A stable JSON of parsed parameters (keys sorted), for idempotency fingerprints. */
function stableJson(value: FormValue | Record<string, FormValue>): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(value[k]!)}`)
    .join(',')}}`;
}

/** The secret key of an Authorization header (Bearer, or Basic with the key as user name). */
function keyOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic')
    return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

/** Registers the /v1 API (inside a scope of its own: parsers, hooks and error bodies). */
export function stripeApiPlugin(stripe: StripeEmulatorHandle): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.addHook('onReady', async () => stripe.start());
    app.addHook('onClose', async () => stripe.stop());
    await app.register(async (scope) => registerRoutes(scope, stripe), { prefix: '/v1' });
  };
}

function registerRoutes(app: FastifyInstance, stripe: StripeEmulatorHandle): void {
  const { billing, presenter, state: store } = stripe;

  // Form bodies only, as Stripe's v1 API (JSON and the host's own parsers do not apply here).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (request, _body, done) =>
      done(
        stripeErrors.invalid(
          `Invalid request: unsupported Content-Type ${request.headers['content-type'] ?? ''}. If error persists and you need assistance, please contact support@stripe.com.`,
        ),
        undefined,
      ),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseForm(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  const send = (reply: FastifyReply, error: StripeApiError, requestId?: string) => {
    if (error.status === 401) reply.header('www-authenticate', 'Basic realm="Stripe"');
    return reply
      .code(error.status)
      .type('application/json')
      .send(JSON.stringify(error.body(requestId), null, 2));
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StripeApiError) return send(reply, error);
    if (error.statusCode === 413)
      return send(reply, stripeErrors.invalid('Request body too large.'));
    if (error.statusCode === 415 || error.code?.startsWith('FST_ERR_CTP'))
      return send(
        reply,
        stripeErrors.invalid(
          `Invalid request: Stripe's v1 API takes application/x-www-form-urlencoded bodies (got ${request.headers['content-type'] ?? 'none'}).`,
        ),
      );
    if (error.statusCode === 400) return send(reply, stripeErrors.invalid(error.message));
    request.log.error(error);
    return send(reply, stripeErrors.apiError());
  });
  // Unknown paths: a catch-all route rather than a not-found handler, so the standalone server
  // (where the LLM emulator also has a /v1 scope) can hold both.
  app.all('/*', async (request, reply) =>
    send(reply, stripeErrors.unrecognizedUrl(request.method, request.url.split('?')[0]!)),
  );

  // Auth before anything else, then the clock: what is due happens before the call sees state.
  app.addHook('onRequest', async (request, reply) => {
    const key = keyOf(request.headers.authorization);
    if (!key) return send(reply, stripeErrors.missingKey());
    if (key !== stripe.options.secretKey) return send(reply, stripeErrors.invalidKey(key));
    stripe.tick();
  });

  /** Registers a route whose handler returns the body; errors become Stripe's error bodies. */
  const route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: Handler) => {
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const requestId = newId.request();
        reply.header('request-id', requestId);
        const version = request.headers['stripe-version'];
        reply.header('stripe-version', typeof version === 'string' ? version : STRIPE_API_VERSION);
        const raw =
          method === 'POST'
            ? ((request.body as Record<string, FormValue> | undefined) ?? {})
            : parseQuery(request.raw.url);
        const header = request.headers['idempotency-key'];
        const key = method === 'POST' && typeof header === 'string' ? header : undefined;
        let fingerprint = '';
        if (key !== undefined) {
          reply.header('idempotency-key', key);
          if (key.length > 255)
            return send(
              reply,
              stripeErrors.invalid(
                `Idempotency-Key header is too long: must be 255 characters or less.`,
              ),
              requestId,
            );
          fingerprint = `${method} ${request.url.split('?')[0]} ${stableJson(raw)}`;
          const cached = store.idempotency.get(key);
          if (
            cached &&
            stripe.billing.nowSeconds() * 1000 - cached.createdAt < IDEMPOTENCY_TTL_MS
          ) {
            if (cached.fingerprint !== fingerprint)
              return send(reply, stripeErrors.idempotencyMismatch(key), requestId);
            return reply
              .header('idempotent-replayed', 'true')
              .header('original-request', cached.requestId)
              .code(cached.status)
              .type('application/json')
              .send(cached.body);
          }
        }
        billing.request = { id: requestId, idempotency_key: key ?? null };
        let status: number;
        let body: string;
        try {
          const result = handler({
            params: new Params(raw),
            path: request.params as Record<string, string>,
            request,
          });
          status = result.status ?? 200;
          body = JSON.stringify(result.body, null, 2);
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error;
          status = error.status;
          body = JSON.stringify(error.body(requestId), null, 2);
        } finally {
          billing.request = { id: null, idempotency_key: null };
        }
        // Stripe saves the result once the endpoint ran: successes and card errors, not
        // refused parameters.
        if (key !== undefined && (status < 400 || status === 402))
          remember(key, fingerprint, status, body, requestId);
        if (status === 401) reply.header('www-authenticate', 'Basic realm="Stripe"');
        return reply.code(status).type('application/json').send(body);
      },
    });
  };

  const remember = (
    key: string,
    fingerprint: string,
    status: number,
    body: string,
    requestId: string,
  ) => {
    const now = billing.nowSeconds() * 1000;
    const record: IdempotencyRecord = { key, fingerprint, status, body, requestId, createdAt: now };
    store.idempotency.delete(key);
    store.idempotency.set(key, record);
    for (const [k, r] of store.idempotency) {
      if (store.idempotency.size <= IDEMPOTENCY_MAX && now - r.createdAt < IDEMPOTENCY_TTL_MS)
        break;
      store.idempotency.delete(k);
    }
  };

  // ---- expand ---------------------------------------------------------------------------------

  const resolve = (id: string): object | undefined => {
    const price = presenter.prices.get(id);
    if (price) return presenter.price(price);
    const product = presenter.products.get(id);
    if (product) return presenter.product(product);
    const customer = store.customers.get(id);
    if (customer) return presenter.customer(customer);
    const sub = store.subscriptions.get(id);
    if (sub) return presenter.subscription(sub);
    const invoice = store.invoices.get(id);
    if (invoice) return presenter.invoice(invoice);
    const pm = store.paymentMethods.get(id);
    if (pm) return presenter.paymentMethod(pm);
    const session = store.checkoutSessions.get(id);
    if (session) return presenter.checkoutSession(session);
    return undefined;
  };

  const expanded = <T extends object>(object: T, params: Params, includables?: Includables): T =>
    expand(object, params.strings('expand') ?? [], resolve, includables);

  // ---- pagination -----------------------------------------------------------------------------

  /** Stripe's cursor pagination over a newest-first list. */
  const page = <T extends { id: string }>(
    items: T[],
    params: Params,
    url: string,
    kind: string,
  ): Stripe.ApiList<T> => {
    const limit = params.int('limit') ?? 10;
    if (limit < 1 || limit > 100)
      throw stripeErrors.invalid('Invalid limit: must be between 1 and 100', { param: 'limit' });
    const after = params.nonEmpty('starting_after');
    const before = params.nonEmpty('ending_before');
    if (after !== undefined && before !== undefined)
      throw stripeErrors.exclusive(['starting_after', 'ending_before']);
    let slice = items;
    if (after !== undefined) {
      const index = items.findIndex((i) => i.id === after);
      if (index < 0) throw stripeErrors.noSuchParam(kind, after, 'starting_after');
      slice = items.slice(index + 1);
    } else if (before !== undefined) {
      const index = items.findIndex((i) => i.id === before);
      if (index < 0) throw stripeErrors.noSuchParam(kind, before, 'ending_before');
      slice = items.slice(Math.max(0, index - limit), index);
      return list(slice, url, index - limit > 0);
    }
    return list(slice.slice(0, limit), url, slice.length > limit);
  };

  /** A created[gt|gte|lt|lte] or created=<ts> filter. */
  const createdFilter = (params: Params): ((created: number) => boolean) => {
    if (!params.has('created')) return () => true;
    if (typeof params.values.created === 'string') {
      const exact = params.int('created')!;
      return (c) => c === exact;
    }
    const range = params.object('created')!.allow(['gt', 'gte', 'lt', 'lte']);
    const gt = range.int('gt');
    const gte = range.int('gte');
    const lt = range.int('lt');
    const lte = range.int('lte');
    return (c) =>
      (gt === undefined || c > gt) &&
      (gte === undefined || c >= gte) &&
      (lt === undefined || c < lt) &&
      (lte === undefined || c <= lte);
  };

  const emailOk = (param: string, email: string) => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 512)
      throw stripeErrors.invalid(`Invalid email address: ${email}`, {
        code: 'email_invalid',
        param,
      });
  };

  // ---- customers ------------------------------------------------------------------------------

  route('POST', '/customers', ({ params }) => {
    params.allow(CUSTOMER_CREATE);
    const email = params.string('email');
    if (email) emailOk('email', email);
    const customer = billing.createCustomer({
      email: email || null,
      name: params.string('name') || null,
      description: params.string('description') || null,
      phone: params.string('phone') || null,
      metadata: applyMetadata({}, params.metadata('metadata')),
    });
    return { body: expanded(presenter.customer(customer), params) };
  });

  route('GET', '/customers', ({ params }) => {
    params.allow([...PAGINATION, 'created', 'email', 'test_clock']);
    const email = params.string('email');
    const created = createdFilter(params);
    const items = [...store.customers.values()]
      .filter((c) => !c.deleted && (email === undefined || c.email === email) && created(c.created))
      .reverse()
      .map((c) => presenter.customer(c) as Stripe.Customer);
    return { body: expanded(page(items, params, '/v1/customers', 'customer'), params) };
  });

  route('GET', '/customers/:id', ({ params, path }) => {
    params.allow(['expand']);
    const customer = store.customers.get(path.id!);
    if (!customer) throw stripeErrors.noSuch('customer', path.id!);
    return { body: expanded(presenter.customer(customer), params) };
  });

  route('POST', '/customers/:id', ({ params, path }) => {
    params.allow(CUSTOMER_UPDATE);
    const customer = billing.customer(path.id!);
    const email = params.string('email');
    if (email) emailOk('email', email);
    const settings = params.object('invoice_settings');
    let defaultPaymentMethod: string | null | undefined;
    if (settings) {
      settings.allow(['custom_fields', 'default_payment_method', 'footer', 'rendering_options']);
      const pm = settings.string('default_payment_method');
      if (pm === '') defaultPaymentMethod = null;
      else if (pm !== undefined) {
        const record = store.paymentMethods.get(pm);
        if (!record || record.customer !== customer.id)
          throw stripeErrors.invalid(
            `No such PaymentMethod: '${pm}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
            { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' },
          );
        defaultPaymentMethod = pm;
      }
    }
    const text = (name: 'name' | 'description' | 'phone') => {
      const value = params.string(name);
      return value === undefined ? {} : { [name]: value || null };
    };
    billing.updateCustomer(customer, {
      ...(email !== undefined ? { email: email || null } : {}),
      ...text('name'),
      ...text('description'),
      ...text('phone'),
      ...(params.has('metadata')
        ? { metadata: applyMetadata(customer.metadata, params.metadata('metadata')) }
        : {}),
      ...(defaultPaymentMethod !== undefined ? { defaultPaymentMethod } : {}),
    });
    return { body: expanded(presenter.customer(customer), params) };
  });

  route('DELETE', '/customers/:id', ({ params, path }) => {
    params.allow([]);
    const customer = billing.customer(path.id!);
    billing.deleteCustomer(customer);
    return { body: { id: customer.id, object: 'customer', deleted: true } };
  });

  // ---- prices and products ----------------------------------------------------------------------

  route('GET', '/prices', ({ params }) => {
    params.allow([
      ...PAGINATION,
      'active',
      'created',
      'currency',
      'lookup_keys',
      'product',
      'recurring',
      'type',
    ]);
    const active = params.bool('active');
    const currency = params.string('currency');
    const product = params.string('product');
    const type = params.oneOf('type', ['one_time', 'recurring']);
    const recurring = params.object('recurring')?.allow(['interval', 'meter', 'usage_type']);
    const interval = recurring?.oneOf('interval', ['day', 'week', 'month', 'year']);
    const lookupKeys = params.strings('lookup_keys');
    const created = createdFilter(params);
    const items = [...presenter.prices.values()]
      .map((p) => presenter.price(p))
      .filter(
        (p) =>
          (active === undefined || p.active === active) &&
          (currency === undefined || p.currency === currency) &&
          (product === undefined || p.product === product) &&
          (type === undefined || p.type === type) &&
          (interval === undefined || p.recurring?.interval === interval) &&
          (lookupKeys === undefined || lookupKeys.includes(p.lookup_key ?? '')) &&
          created(p.created),
      );
    return { body: expanded(page(items, params, '/v1/prices', 'price'), params) };
  });

  route('GET', '/prices/:id', ({ params, path }) => {
    params.allow(['expand']);
    const config = presenter.prices.get(path.id!);
    if (!config) throw stripeErrors.noSuch('price', path.id!);
    return { body: expanded(presenter.price(config), params) };
  });

  route('GET', '/products', ({ params }) => {
    params.allow([...PAGINATION, 'active', 'created', 'ids', 'shippable', 'url']);
    const ids = params.strings('ids');
    const items = [...presenter.products.values()]
      .filter((p) => ids === undefined || ids.includes(p.id))
      .map((p) => presenter.product(p));
    return { body: expanded(page(items, params, '/v1/products', 'product'), params) };
  });

  route('GET', '/products/:id', ({ params, path }) => {
    params.allow(['expand']);
    const product = presenter.products.get(path.id!);
    if (!product) throw stripeErrors.noSuch('product', path.id!);
    return { body: expanded(presenter.product(product), params) };
  });

  // ---- Checkout -------------------------------------------------------------------------------

  const sessionLineItems = (session: CheckoutSessionRecord) => () =>
    list(
      session.lineItems.map((_, i) => presenter.checkoutLineItem(session, i)),
      `/v1/checkout/sessions/${session.id}/line_items`,
    );

  route('POST', '/checkout/sessions', ({ params }) => {
    params.allow(CHECKOUT_CREATE);
    const now = billing.nowSeconds();
    const mode = params.oneOf('mode', ['payment', 'setup', 'subscription']);
    if (mode === undefined) throw stripeErrors.missingParam('mode');
    if (mode !== 'subscription')
      throw stripeErrors.invalid(
        `The Tubewise Stripe emulator supports mode=subscription only (got ${mode}).`,
        { param: 'mode' },
      );
    const uiMode = params.oneOf('ui_mode', ['elements', 'embedded_page', 'form', 'hosted_page']);
    if (uiMode !== undefined && uiMode !== 'hosted_page')
      throw stripeErrors.invalid(
        `The Tubewise Stripe emulator serves hosted Checkout only (ui_mode=hosted_page).`,
        { param: 'ui_mode' },
      );
    const customerId = params.nonEmpty('customer');
    const customerEmail = params.nonEmpty('customer_email');
    if (customerId !== undefined && customerEmail !== undefined)
      throw stripeErrors.exclusive(['customer', 'customer_email']);
    if (customerId !== undefined) billing.customer(customerId, 'customer');
    if (customerEmail !== undefined) emailOk('customer_email', customerEmail);

    const lines = params.list('line_items');
    if (!lines || lines.length === 0) throw stripeErrors.missingParam('line_items');
    const lineItems = lines.map((line, i) => {
      line.allow(LINE_ITEM);
      if (line.has('price_data'))
        throw stripeErrors.invalid(
          'The Tubewise Stripe emulator takes configured prices only (line_items[][price]), not price_data.',
          { param: line.name('price_data') },
        );
      const priceId = line.required('price');
      billing.price(priceId, line.name('price'));
      const quantity = line.int('quantity') ?? 1;
      if (quantity < 1)
        throw stripeErrors.invalid('Quantity must be greater than 0.', {
          param: line.name('quantity'),
        });
      return { id: `li_1${newId.request().slice(4)}${i}`, priceId, quantity };
    });
    const currencies = new Set(lineItems.map((l) => presenter.priceConfig(l.priceId).currency));
    const intervals = new Set(lineItems.map((l) => presenter.priceConfig(l.priceId).interval));
    if (currencies.size > 1)
      throw stripeErrors.invalid('All prices on a Checkout Session must have the same currency.', {
        param: 'line_items',
      });
    if (intervals.size > 1)
      throw stripeErrors.invalid(
        'Checkout does not support multiple prices with different billing intervals.',
        { param: 'line_items' },
      );

    const successUrl = params.nonEmpty('success_url');
    if (successUrl !== undefined && !isUrl(successUrl))
      throw stripeErrors.invalid('Not a valid URL', { param: 'success_url', code: 'url_invalid' });
    const cancelUrl = params.nonEmpty('cancel_url');
    if (cancelUrl !== undefined && !isUrl(cancelUrl))
      throw stripeErrors.invalid('Not a valid URL', { param: 'cancel_url', code: 'url_invalid' });
    const clientReferenceId = params.nonEmpty('client_reference_id');
    if (clientReferenceId !== undefined && clientReferenceId.length > 200)
      throw stripeErrors.invalid('Invalid client_reference_id: must be at most 200 characters', {
        param: 'client_reference_id',
      });

    const expiresAt = params.int('expires_at');
    if (expiresAt !== undefined) {
      if (expiresAt < now + 30 * 60)
        throw stripeErrors.invalid(
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
          { param: 'expires_at' },
        );
      if (expiresAt > now + 24 * 3600)
        throw stripeErrors.invalid(
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
          { param: 'expires_at' },
        );
    }

    let trialEnd: number | null = null;
    let subscriptionMetadata: Record<string, string> = {};
    let subscriptionDescription: string | null = null;
    const data = params.object('subscription_data');
    if (data) {
      data.allow(SUBSCRIPTION_DATA);
      const end = data.int('trial_end');
      const days = data.int('trial_period_days');
      if (end !== undefined && days !== undefined)
        throw stripeErrors.exclusive([data.name('trial_end'), data.name('trial_period_days')]);
      if (end !== undefined) {
        if (end < now + MIN_CHECKOUT_TRIAL_SECONDS)
          throw stripeErrors.invalid(
            'The `trial_end` date has to be at least 2 days in the future.',
            { param: data.name('trial_end') },
          );
        if (end > now + MAX_TRIAL_DAYS * 86_400)
          throw stripeErrors.invalid(
            `The maximum number of trial period days is ${MAX_TRIAL_DAYS} (2 years).`,
            { param: data.name('trial_end') },
          );
        trialEnd = end;
      }
      if (days !== undefined) {
        if (days < 1)
          throw stripeErrors.invalid('Trial period days must be greater than 0.', {
            param: data.name('trial_period_days'),
          });
        if (days > MAX_TRIAL_DAYS)
          throw stripeErrors.invalid(
            `The maximum number of trial period days is ${MAX_TRIAL_DAYS} (2 years).`,
            { param: data.name('trial_period_days') },
          );
        trialEnd = now + days * 86_400;
      }
      subscriptionMetadata = applyMetadata({}, data.metadata('metadata'));
      subscriptionDescription = data.nonEmpty('description') ?? null;
    }

    const session = billing.createCheckoutSession({
      mode: 'subscription',
      customer: customerId ?? null,
      customerEmail: customerEmail ?? null,
      clientReferenceId: clientReferenceId ?? null,
      metadata: applyMetadata({}, params.metadata('metadata')),
      lineItems,
      successUrl: successUrl ?? null,
      cancelUrl: cancelUrl ?? null,
      locale: params.nonEmpty('locale') ?? null,
      allowPromotionCodes: params.bool('allow_promotion_codes') ?? null,
      trialEnd,
      subscriptionMetadata,
      subscriptionDescription,
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    });
    return {
      body: expanded(presenter.checkoutSession(session), params, {
        line_items: sessionLineItems(session),
      }),
    };
  });

  const checkoutSession = (id: string) => {
    const session = store.checkoutSessions.get(id);
    if (!session) throw stripeErrors.noSuch('checkout.session', id, 'session');
    return session;
  };

  route('GET', '/checkout/sessions', ({ params }) => {
    params.allow([
      ...PAGINATION,
      'created',
      'customer',
      'customer_account',
      'customer_details',
      'payment_intent',
      'payment_link',
      'status',
      'subscription',
    ]);
    const customer = params.nonEmpty('customer');
    const subscription = params.nonEmpty('subscription');
    const status = params.oneOf('status', ['complete', 'expired', 'open']);
    const created = createdFilter(params);
    const items = [...store.checkoutSessions.values()]
      .filter(
        (s) =>
          (customer === undefined || s.customer === customer) &&
          (subscription === undefined || s.subscription === subscription) &&
          (status === undefined || s.status === status) &&
          created(s.created),
      )
      .reverse()
      .map((s) => presenter.checkoutSession(s));
    return {
      body: expanded(page(items, params, '/v1/checkout/sessions', 'checkout.session'), params),
    };
  });

  route('GET', '/checkout/sessions/:id', ({ params, path }) => {
    params.allow(['expand']);
    const session = checkoutSession(path.id!);
    return {
      body: expanded(presenter.checkoutSession(session), params, {
        line_items: sessionLineItems(session),
      }),
    };
  });

  route('GET', '/checkout/sessions/:id/line_items', ({ params, path }) => {
    params.allow(PAGINATION);
    const session = checkoutSession(path.id!);
    const items = session.lineItems.map((_, i) => presenter.checkoutLineItem(session, i));
    return {
      body: expanded(
        page(items, params, `/v1/checkout/sessions/${session.id}/line_items`, 'line_item'),
        params,
      ),
    };
  });

  route('POST', '/checkout/sessions/:id/expire', ({ params, path }) => {
    params.allow(['expand']);
    const session = checkoutSession(path.id!);
    if (session.status !== 'open')
      throw stripeErrors.invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    billing.expireCheckoutSession(session);
    return { body: expanded(presenter.checkoutSession(session), params) };
  });

  // ---- subscriptions --------------------------------------------------------------------------

  route('GET', '/subscriptions', ({ params }) => {
    params.allow([
      ...PAGINATION,
      'automatic_tax',
      'collection_method',
      'created',
      'current_period_end',
      'current_period_start',
      'customer',
      'customer_account',
      'plan',
      'price',
      'status',
      'test_clock',
    ]);
    const customer = params.nonEmpty('customer');
    const price = params.nonEmpty('price') ?? params.nonEmpty('plan');
    const status = params.oneOf('status', SUBSCRIPTION_STATUSES);
    const created = createdFilter(params);
    const matches = (s: SubscriptionRecord) =>
      status === undefined
        ? s.status !== 'canceled' && s.status !== 'incomplete_expired'
        : status === 'all'
          ? true
          : status === 'ended'
            ? s.status === 'canceled' || s.status === 'incomplete_expired'
            : s.status === status;
    const items = [...store.subscriptions.values()]
      .filter(
        (s) =>
          matches(s) &&
          (customer === undefined || s.customer === customer) &&
          (price === undefined || s.items.some((i) => i.priceId === price)) &&
          created(s.created),
      )
      .reverse()
      .map((s) => presenter.subscription(s));
    return { body: expanded(page(items, params, '/v1/subscriptions', 'subscription'), params) };
  });

  route('GET', '/subscriptions/:id', ({ params, path }) => {
    params.allow(['expand']);
    return { body: expanded(presenter.subscription(billing.subscription(path.id!)), params) };
  });

  route('POST', '/subscriptions/:id', ({ params, path }) => {
    params.allow(SUBSCRIPTION_UPDATE);
    const sub = billing.subscription(path.id!);
    for (const name of SUBSCRIPTION_UPDATE_UNSUPPORTED)
      if (params.has(name))
        throw stripeErrors.invalid(
          `The Tubewise Stripe emulator does not support \`${name}\` on subscription updates.`,
          { param: name },
        );
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      const other = Object.keys(params.values).filter(
        (k) => !['metadata', 'cancellation_details', 'expand'].includes(k),
      );
      if (other.length > 0)
        throw stripeErrors.invalid(
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
    }
    const now = billing.nowSeconds();
    const metadata = params.metadata('metadata');
    const description = params.string('description');
    const details = params.object('cancellation_details')?.allow(CANCELLATION_DETAILS);
    const comment = details?.string('comment');
    const feedback = details?.has('feedback')
      ? details.string('feedback') === ''
        ? ''
        : details.oneOf('feedback', FEEDBACK)
      : undefined;
    const pmId = params.string('default_payment_method');
    if (pmId) {
      const pm = store.paymentMethods.get(pmId);
      if (!pm || pm.customer !== sub.customer)
        throw stripeErrors.invalid(
          `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
          { param: 'default_payment_method' },
        );
    }
    const cancelAtPeriodEnd = params.bool('cancel_at_period_end');
    let cancelAt: number | null | undefined;
    if (params.has('cancel_at')) {
      const value = params.string('cancel_at');
      if (value === '') cancelAt = null;
      else if (value === 'min_period_end' || value === 'max_period_end')
        cancelAt = sub.items[0]!.periodEnd;
      else {
        cancelAt = params.int('cancel_at')!;
        if (cancelAt <= now)
          throw stripeErrors.invalid('cancel_at must be in the future.', { param: 'cancel_at' });
      }
    }
    if (cancelAtPeriodEnd !== undefined && cancelAt !== undefined)
      throw stripeErrors.exclusive(['cancel_at', 'cancel_at_period_end']);
    const proration = params.oneOf<ProrationBehavior>('proration_behavior', [
      'always_invoice',
      'create_prorations',
      'none',
    ]);
    params.oneOf('payment_behavior', [
      'allow_incomplete',
      'default_incomplete',
      'error_if_incomplete',
      'pending_if_incomplete',
    ]);

    let itemId: string | undefined;
    let priceId: string | undefined;
    const items = params.list('items');
    if (items) {
      if (items.length > 1)
        throw stripeErrors.invalid(
          'The Tubewise Stripe emulator changes one subscription item per update.',
          { param: 'items' },
        );
      const item = items[0];
      if (item) {
        item.allow(SUBSCRIPTION_ITEM_UPDATE);
        itemId = item.nonEmpty('id');
        if (itemId === undefined)
          throw stripeErrors.invalid(
            'The Tubewise Stripe emulator does not add items to a subscription: pass items[0][id].',
            { param: item.name('id') },
          );
        if (!sub.items.some((i) => i.id === itemId))
          throw stripeErrors.invalid(
            `Subscription item ${itemId} does not belong to subscription ${sub.id}`,
            { param: item.name('id') },
          );
        if (item.has('deleted') || item.has('price_data'))
          throw stripeErrors.invalid(
            'The Tubewise Stripe emulator changes an item by price only.',
            { param: item.name(item.has('deleted') ? 'deleted' : 'price_data') },
          );
        priceId = item.nonEmpty('price') ?? item.nonEmpty('plan');
        if (priceId !== undefined) billing.price(priceId, item.name('price'));
        const quantity = item.int('quantity');
        const current = sub.items.find((i) => i.id === itemId)!;
        if (quantity !== undefined && quantity !== current.quantity)
          throw stripeErrors.invalid('The Tubewise Stripe emulator does not change quantities.', {
            param: item.name('quantity'),
          });
      }
    }

    const fields = () => {
      if (metadata !== undefined) sub.metadata = applyMetadata(sub.metadata, metadata);
      if (description !== undefined) sub.description = description || null;
      if (pmId !== undefined) sub.defaultPaymentMethod = pmId || null;
      if (comment !== undefined) sub.cancellation.comment = comment || null;
      if (feedback !== undefined) sub.cancellation.feedback = feedback || null;
      if (cancelAtPeriodEnd !== undefined)
        billing.applyCancelAtPeriodEnd(sub, cancelAtPeriodEnd, now);
      if (cancelAt !== undefined) billing.applyCancelAt(sub, cancelAt, now);
    };
    if (priceId !== undefined)
      billing.changePrice(sub, itemId, priceId, proration ?? 'create_prorations', {
        extra: fields,
      });
    else billing.changeFields(sub, fields);
    return { body: expanded(presenter.subscription(sub), params) };
  });

  route('DELETE', '/subscriptions/:id', ({ params, path }) => {
    params.allow(['cancellation_details', 'expand', 'invoice_now', 'prorate']);
    const sub = store.subscriptions.get(path.id!);
    // A canceled subscription is gone for cancel (Stripe answers it as missing).
    if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired')
      throw stripeErrors.noSuch('subscription', path.id!);
    params.bool('invoice_now');
    params.bool('prorate');
    const details = params.object('cancellation_details')?.allow(CANCELLATION_DETAILS);
    const comment = details?.string('comment');
    const feedback = details?.has('feedback') ? details.oneOf('feedback', FEEDBACK) : undefined;
    if (comment !== undefined) sub.cancellation.comment = comment || null;
    if (feedback !== undefined) sub.cancellation.feedback = feedback;
    billing.cancelNow(sub, billing.nowSeconds(), 'cancellation_requested');
    return { body: expanded(presenter.subscription(sub), params) };
  });

  // ---- billing portal -------------------------------------------------------------------------

  route('POST', '/billing_portal/sessions', ({ params }) => {
    params.allow(PORTAL_CREATE);
    const customerId = params.nonEmpty('customer');
    if (customerId === undefined) throw stripeErrors.missingParam('customer');
    const customer = billing.customer(customerId, 'customer');
    if (params.has('flow_data'))
      throw stripeErrors.invalid(
        'The Tubewise Stripe emulator opens the portal’s home page only (no flow_data).',
        { param: 'flow_data' },
      );
    const returnUrl = params.nonEmpty('return_url');
    if (returnUrl !== undefined && !isUrl(returnUrl))
      throw stripeErrors.invalid('Not a valid URL', { param: 'return_url', code: 'url_invalid' });
    const session = billing.createPortalSession(
      customer,
      returnUrl ?? null,
      params.nonEmpty('locale') ?? null,
    );
    return { body: expanded(presenter.portalSession(session), params) };
  });

  // ---- invoices -------------------------------------------------------------------------------

  route('GET', '/invoices', ({ params }) => {
    params.allow([
      ...PAGINATION,
      'collection_method',
      'created',
      'customer',
      'customer_account',
      'due_date',
      'status',
      'subscription',
    ]);
    const customer = params.nonEmpty('customer');
    const subscription = params.nonEmpty('subscription');
    const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
    const created = createdFilter(params);
    const items = [...store.invoices.values()]
      .filter(
        (i) =>
          (customer === undefined || i.customer === customer) &&
          (subscription === undefined || i.subscription === subscription) &&
          (status === undefined || i.status === status) &&
          created(i.created),
      )
      .reverse()
      .map((i) => presenter.invoice(i));
    return { body: expanded(page(items, params, '/v1/invoices', 'invoice'), params) };
  });

  route('GET', '/invoices/:id', ({ params, path }) => {
    params.allow(['expand']);
    const invoice = store.invoices.get(path.id!);
    if (!invoice) throw stripeErrors.noSuch('invoice', path.id!);
    return { body: expanded(presenter.invoice(invoice), params) };
  });

  route('GET', '/invoices/:id/lines', ({ params, path }) => {
    params.allow(PAGINATION);
    const invoice = store.invoices.get(path.id!);
    if (!invoice) throw stripeErrors.noSuch('invoice', path.id!);
    const items = invoice.lines.map((l) => presenter.invoiceLine(invoice, l));
    return {
      body: expanded(page(items, params, `/v1/invoices/${invoice.id}/lines`, 'line_item'), params),
    };
  });

  // ---- payment methods ------------------------------------------------------------------------

  route('GET', '/payment_methods/:id', ({ params, path }) => {
    params.allow(['expand']);
    const pm = store.paymentMethods.get(path.id!);
    if (!pm) throw stripeErrors.noSuch('PaymentMethod', path.id!);
    return { body: expanded(presenter.paymentMethod(pm), params) };
  });

  route('GET', '/customers/:id/payment_methods', ({ params, path }) => {
    params.allow([...PAGINATION, 'allow_redisplay', 'type']);
    const customer = billing.customer(path.id!);
    const items = [...store.paymentMethods.values()]
      .filter((pm) => pm.customer === customer.id)
      .reverse()
      .map((pm) => presenter.paymentMethod(pm));
    return {
      body: expanded(
        page(items, params, `/v1/customers/${customer.id}/payment_methods`, 'payment_method'),
        params,
      ),
    };
  });

  // ---- events ---------------------------------------------------------------------------------

  const eventObject = (id: string) => {
    const event = store.events.get(id);
    if (!event) throw stripeErrors.noSuch('event', id);
    return presenter.event(event, stripe.webhooks.pendingCount(id));
  };

  route('GET', '/events', ({ params }) => {
    params.allow([...PAGINATION, 'created', 'delivery_success', 'type', 'types']);
    const type = params.nonEmpty('type');
    const types = params.strings('types');
    if (type !== undefined && types !== undefined) throw stripeErrors.exclusive(['type', 'types']);
    const delivered = params.bool('delivery_success');
    const created = createdFilter(params);
    const typeMatches = (t: string) => {
      const patterns = types ?? (type !== undefined ? [type] : undefined);
      if (!patterns) return true;
      return patterns.some((p) => (p.endsWith('*') ? t.startsWith(p.slice(0, -1)) : t === p));
    };
    const items = [...store.events.values()]
      .filter((e) => typeMatches(e.type) && created(e.created))
      .filter((e) => {
        if (delivered === undefined) return true;
        const deliveries = store.deliveries.filter((d) => d.eventId === e.id);
        const ok = deliveries.some((d) => d.status === 'delivered');
        return delivered ? ok : deliveries.length > 0 && !ok;
      })
      .reverse()
      .map((e) => presenter.event(e, stripe.webhooks.pendingCount(e.id)));
    return { body: expanded(page(items, params, '/v1/events', 'event'), params) };
  });

  route('GET', '/events/:id', ({ params, path }) => {
    params.allow(['expand']);
    return { body: expanded(eventObject(path.id!), params) };
  });
}
