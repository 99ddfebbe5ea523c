// The hosted billing portal (portal session url): the customer's subscriptions (plan, price,
// status, renewal or cancellation date, trial end), plan switching (an upgrade is invoiced at
// once, a downgrade applies without proration), Cancel plan (cancel_at_period_end) and Renew
// plan, Update payment method (the same test-card rules; a card that fails later charges still
// replaces the old one), the invoice list, and a link back to the app. Plain HTML forms.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkCard, type CardRefusal } from './cards.ts';
import { formatAmount, formatDate } from './format.ts';
import {
  alertBox,
  cardFields,
  escapeHtml,
  page,
  readCardForm,
  sendPage,
  TEST_CARD_HINT,
  type CardFormValues,
} from './html.ts';
import type { StripeEmulatorHandle } from './stripe-emulator.ts';
import type { StripePriceConfig } from './stripe-options.ts';
import type { PortalSessionRecord, SubscriptionRecord } from './stripe-state.ts';

const LIVE = new Set(['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'paused']);

const DONE_MESSAGES: Record<string, string> = {
  switched: 'Your plan was updated.',
  canceled: 'Your plan was canceled. It stays active until the end of the billing period.',
  renewed: 'Your plan was renewed.',
  card: 'Your payment method was updated.',
};

/** The monthly equivalent of a price, to tell an upgrade from a downgrade. */
const monthly = (price: StripePriceConfig) =>
  price.interval === 'year' ? price.unitAmount / 12 : price.unitAmount;

const priceLabel = (price: StripePriceConfig) =>
  `${formatAmount(price.unitAmount, price.currency)} per ${price.interval}`;

function statusLine(sub: SubscriptionRecord): string {
  const end = sub.items[0]!.periodEnd;
  if (sub.status === 'past_due' || sub.status === 'unpaid')
    return `<p class="alert" role="alert">Your last payment failed. Update your payment method to keep your plan.</p>`;
  if (sub.cancelAt !== null)
    return `<p><strong>Your plan will be canceled on ${escapeHtml(formatDate(sub.cancelAt))}.</strong></p>`;
  if (sub.status === 'trialing' && sub.trialEnd !== null)
    return `<p>Your trial ends on ${escapeHtml(formatDate(sub.trialEnd))}. Your plan renews then.</p>`;
  return `<p>Your plan renews on ${escapeHtml(formatDate(end))}.</p>`;
}

function subscriptionSection(
  stripe: StripeEmulatorHandle,
  sub: SubscriptionRecord,
  switchRefusal: { subscription: string; refusal: CardRefusal } | undefined,
): string {
  const { presenter } = stripe;
  const item = sub.items[0]!;
  const current = presenter.priceConfig(item.priceId);
  const others = [...presenter.prices.values()].filter(
    (p) => p.id !== current.id && p.currency === sub.currency,
  );
  const hidden = `<input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">`;
  const refusal = switchRefusal?.subscription === sub.id ? switchRefusal.refusal : undefined;
  const switchForm =
    others.length === 0 || sub.cancelAt !== null
      ? ''
      : `<form method="post" action="">
${hidden}<input type="hidden" name="action" value="switch">
<fieldset>
<legend>Change plan</legend>
${refusal ? `<p class="alert" role="alert">${escapeHtml(refusal.message)}</p>` : ''}
${others
  .map(
    (
      p,
      i,
    ) => `<div class="choice"><input type="radio" id="price-${escapeHtml(sub.id)}-${i}" name="price" value="${escapeHtml(p.id)}" required${i === 0 ? ' checked' : ''}>
<label for="price-${escapeHtml(sub.id)}-${i}">${escapeHtml(p.productName)}: ${escapeHtml(priceLabel(p))}${monthly(p) > monthly(current) ? ' (charged now, prorated)' : ''}</label></div>`,
  )
  .join('\n')}
<button type="submit">Update plan</button>
</fieldset>
</form>`;
  const cancelForm =
    sub.cancelAt !== null
      ? `<form method="post" action="">${hidden}<input type="hidden" name="action" value="renew"><button type="submit">Renew plan</button></form>`
      : `<form method="post" action="">${hidden}<input type="hidden" name="action" value="cancel"><button type="submit" class="danger">Cancel plan</button></form>`;
  return `<article class="card" aria-labelledby="sub-${escapeHtml(sub.id)}">
<h3 id="sub-${escapeHtml(sub.id)}">${escapeHtml(current.productName)}</h3>
<p class="price">${escapeHtml(formatAmount(current.unitAmount * item.quantity, current.currency))} <span class="muted small">per ${current.interval}</span></p>
<dl>
<dt>Status</dt><dd>${escapeHtml(STATUS_LABELS[sub.status] ?? sub.status)}</dd>
${sub.trialEnd !== null && sub.status === 'trialing' ? `<dt>Trial ends</dt><dd>${escapeHtml(formatDate(sub.trialEnd))}</dd>` : ''}
<dt>${sub.cancelAt !== null ? 'Cancels on' : 'Renews on'}</dt><dd>${escapeHtml(formatDate(sub.cancelAt ?? item.periodEnd))}</dd>
</dl>
${statusLine(sub)}
${switchForm}
<div class="actions">${cancelForm}</div>
</article>`;
}

const STATUS_LABELS: Record<string, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  paused: 'Paused',
};

/** The portal's home page. */
export function renderPortal(
  stripe: StripeEmulatorHandle,
  session: PortalSessionRecord,
  appName: string,
  state: {
    done?: string;
    switchRefusal?: { subscription: string; refusal: CardRefusal };
  } = {},
): string {
  const { state: store, presenter } = stripe;
  const customer = store.customers.get(session.customer)!;
  const subs = store.subscriptionsOf(customer.id).filter((s) => LIVE.has(s.status));
  const pmId = subs[0]?.defaultPaymentMethod ?? customer.defaultPaymentMethod ?? null;
  const pm = pmId ? store.paymentMethods.get(pmId) : undefined;
  const invoices = store.invoicesOf(customer.id).filter((i) => i.status !== 'draft');
  const done = state.done ? DONE_MESSAGES[state.done] : undefined;
  const back = session.returnUrl
    ? `<p><a href="${escapeHtml(session.returnUrl)}">Return to ${escapeHtml(appName)}</a></p>`
    : '';
  return page(
    `Billing · ${appName}`,
    appName,
    `${back}
<h1>Billing</h1>
<p class="muted">${escapeHtml(customer.email ?? customer.name ?? customer.id)}</p>
${done ? `<p class="status" role="status">${escapeHtml(done)}</p>` : ''}
<section aria-labelledby="plan-heading">
<h2 id="plan-heading">Current subscription</h2>
${subs.length === 0 ? '<p class="card">You have no active subscription.</p>' : subs.map((s) => subscriptionSection(stripe, s, state.switchRefusal)).join('\n')}
</section>
<section class="card" aria-labelledby="pm-heading">
<h2 id="pm-heading">Payment method</h2>
${pm ? `<p>${escapeHtml(pm.card.brand.toUpperCase())} •••• ${escapeHtml(pm.card.last4)}, expires ${String(pm.card.expMonth).padStart(2, '0')}/${pm.card.expYear}</p>` : '<p>No payment method on file.</p>'}
<p><a href="?view=card">Update payment method</a></p>
</section>
<section class="card" aria-labelledby="invoices-heading">
<h2 id="invoices-heading">Invoice history</h2>
${
  invoices.length === 0
    ? '<p>No invoices yet.</p>'
    : `<table>
<thead><tr><th scope="col">Date</th><th scope="col" class="num">Amount</th><th scope="col">Status</th><th scope="col">Invoice</th></tr></thead>
<tbody>
${invoices
  .map((invoice) => {
    const json = presenter.invoice(invoice);
    return `<tr><td>${escapeHtml(formatDate(invoice.created))}</td><td class="num">${escapeHtml(formatAmount(json.amount_due, invoice.currency))}</td><td>${escapeHtml(invoice.status === 'paid' ? 'Paid' : invoice.status === 'open' ? 'Due' : invoice.status === 'void' ? 'Void' : invoice.status)}</td><td><a href="${escapeHtml(json.hosted_invoice_url ?? '')}">View invoice ${escapeHtml(invoice.number ?? '')}</a></td></tr>`;
  })
  .join('\n')}
</tbody>
</table>`
}
</section>
${back}`,
  );
}

/** The portal's card form. */
export function renderPortalCard(
  session: PortalSessionRecord,
  appName: string,
  refusals: readonly CardRefusal[] = [],
  values: CardFormValues = {},
): string {
  return page(
    `${refusals.length ? 'Error: ' : ''}Update payment method · ${appName}`,
    appName,
    `<section class="card" aria-labelledby="card-heading">
<h1 id="card-heading">Update payment method</h1>
${alertBox(refusals)}
<form method="post" action="./${escapeHtml(session.id)}" novalidate>
<input type="hidden" name="action" value="card">
${cardFields(values, refusals)}
<button type="submit" class="primary">Save card</button>
</form>
${TEST_CARD_HINT}
<p><a href="./${escapeHtml(session.id)}">Back to billing</a></p>
</section>`,
  );
}

function renderExpired(session: PortalSessionRecord | undefined, appName: string): string {
  return page(
    `Session expired · ${appName}`,
    appName,
    `<section class="card"><h1>This billing session has expired</h1>
<p role="alert">Open billing again from ${escapeHtml(appName)}.</p>
${session?.returnUrl ? `<p><a href="${escapeHtml(session.returnUrl)}">Return to ${escapeHtml(appName)}</a></p>` : ''}</section>`,
  );
}

/** GET and POST /stripe/portal/:portalSessionId on the emulator plugin. */
export function registerPortalPage(
  app: FastifyInstance,
  stripe: StripeEmulatorHandle,
  appName: string,
): void {
  /** The session while it is usable, or sends the expired page. */
  const usable = (id: string, reply: FastifyReply, status: number) => {
    const session = stripe.state.portalSessions.get(id);
    const customer = session ? stripe.state.customers.get(session.customer) : undefined;
    if (
      !session ||
      !customer ||
      customer.deleted ||
      session.expiresAt <= stripe.billing.nowSeconds()
    ) {
      void sendPage(reply, session ? status : 404, renderExpired(session, appName), [
        session?.returnUrl,
      ]);
      return undefined;
    }
    return session;
  };

  app.get('/stripe/portal/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const session = usable(id, reply, 200);
    if (!session) return reply;
    const query = request.query as Record<string, unknown>;
    if (query.view === 'card')
      return sendPage(reply, 200, renderPortalCard(session, appName), [session.returnUrl]);
    const done = typeof query.done === 'string' ? query.done : undefined;
    return sendPage(reply, 200, renderPortal(stripe, session, appName, done ? { done } : {}), [
      session.returnUrl,
    ]);
  });

  app.post('/stripe/portal/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const session = usable(id, reply, 403);
    if (!session) return reply;
    const form = (request.body ?? {}) as Record<string, unknown>;
    const action = typeof form.action === 'string' ? form.action : '';
    const done = (what: string) =>
      reply.code(303).header('location', `./${session.id}?done=${what}`).send();
    const { billing, state: store } = stripe;
    const customer = store.customers.get(session.customer)!;

    if (action === 'card') {
      const input = readCardForm(form);
      const values = { number: input.number, expiry: input.expiry, name: input.name };
      const checked = checkCard(input, billing.nowSeconds() * 1000);
      if (!checked.ok) {
        const status = checked.refusals.some((r) => r.code === 'card_declined' || r.declineCode)
          ? 402
          : 400;
        return sendPage(
          reply,
          status,
          renderPortalCard(session, appName, checked.refusals, values),
          [session.returnUrl],
        );
      }
      billing.replaceCard(customer, checked.card, input.name.trim());
      return done('card');
    }

    const subId = typeof form.subscription === 'string' ? form.subscription : '';
    const sub = store.subscriptions.get(subId);
    if (!sub || sub.customer !== customer.id || !LIVE.has(sub.status))
      return sendPage(reply, 400, renderPortal(stripe, session, appName), [session.returnUrl]);

    if (action === 'cancel') {
      billing.setCancelAtPeriodEnd(sub, true);
      return done('canceled');
    }
    if (action === 'renew') {
      billing.setCancelAtPeriodEnd(sub, false);
      return done('renewed');
    }
    if (action === 'switch') {
      const priceId = typeof form.price === 'string' ? form.price : '';
      const next = stripe.presenter.prices.get(priceId);
      const current = stripe.presenter.priceConfig(sub.items[0]!.priceId);
      if (!next || next.currency !== sub.currency)
        return sendPage(reply, 400, renderPortal(stripe, session, appName), [session.returnUrl]);
      const upgrade = monthly(next) > monthly(current);
      const result = billing.changePrice(
        sub,
        sub.items[0]!.id,
        next.id,
        upgrade ? 'always_invoice' : 'none',
        { mustPay: true },
      );
      if (result.refusal)
        return sendPage(
          reply,
          402,
          renderPortal(stripe, session, appName, {
            switchRefusal: { subscription: sub.id, refusal: result.refusal },
          }),
          [session.returnUrl],
        );
      return done('switched');
    }
    return sendPage(reply, 400, renderPortal(stripe, session, appName), [session.returnUrl]);
  });
}
