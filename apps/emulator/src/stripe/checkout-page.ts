// The hosted Checkout page (session.url): what is bought, the trial, the payer's e-mail, and a
// card form that works without JavaScript. A refused card shows Stripe's message and creates
// nothing; an accepted one creates the subscription and redirects (303) to success_url with
// {CHECKOUT_SESSION_ID} filled in. A completed or expired session says so instead.
import type { FastifyInstance } from 'fastify';
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
import type { CheckoutSessionRecord } from './stripe-state.ts';

/** success_url with the session id where Stripe's placeholder stands. */
export function successUrlFor(session: CheckoutSessionRecord): string | null {
  if (!session.successUrl) return null;
  return session.successUrl
    .replaceAll('{CHECKOUT_SESSION_ID}', session.id)
    .replaceAll('%7BCHECKOUT_SESSION_ID%7D', session.id);
}

function summary(stripe: StripeEmulatorHandle, session: CheckoutSessionRecord): string {
  const { presenter, state } = stripe;
  const prices = session.lineItems.map((l) => ({
    config: presenter.priceConfig(l.priceId),
    quantity: l.quantity,
  }));
  const first = prices[0]!.config;
  const total = prices.reduce((sum, p) => sum + p.config.unitAmount * p.quantity, 0);
  const name = prices.map((p) => p.config.productName).join(', ');
  const customer = session.customer ? state.customers.get(session.customer) : undefined;
  const email = customer?.email ?? session.customerEmail;
  const perInterval = `per ${first.interval}`;
  const trial = session.trialEnd;
  const trialDays = trial ? Math.max(1, Math.round((trial - session.created) / 86_400)) : 0;
  return `<section class="card" aria-labelledby="summary-heading">
<h1 id="summary-heading">Subscribe to ${escapeHtml(name)}</h1>
${
  trial
    ? `<p class="price">${trialDays} days free</p>
<p>Then ${escapeHtml(formatAmount(total, first.currency))} ${perInterval} starting ${escapeHtml(formatDate(trial))}</p>`
    : `<p class="price">${escapeHtml(formatAmount(total, first.currency))}</p><p class="muted">${perInterval}</p>`
}
<dl>
${prices.map((p) => `<dt>${escapeHtml(p.config.productName)}${p.quantity > 1 ? ` × ${p.quantity}` : ''}</dt><dd>${escapeHtml(formatAmount(p.config.unitAmount * p.quantity, p.config.currency))} ${perInterval}</dd>`).join('\n')}
${trial ? `<dt>Trial ends</dt><dd>${escapeHtml(formatDate(trial))}</dd>` : ''}
${email ? `<dt>Email</dt><dd>${escapeHtml(email)}</dd>` : ''}
<dt>Total due today</dt><dd>${escapeHtml(formatAmount(trial ? 0 : total, first.currency))}</dd>
</dl>
</section>`;
}

/** The page of an open session, with the form (and what went wrong, if anything). */
export function renderCheckout(
  stripe: StripeEmulatorHandle,
  session: CheckoutSessionRecord,
  appName: string,
  refusals: readonly CardRefusal[] = [],
  values: CardFormValues = {},
): string {
  const customer = session.customer ? stripe.state.customers.get(session.customer) : undefined;
  const askEmail = !customer?.email && !session.customerEmail;
  const action = session.trialEnd ? 'Start trial' : 'Subscribe';
  return page(
    `${refusals.length ? 'Error: ' : ''}Subscribe · ${appName}`,
    appName,
    `<div class="grid">
${summary(stripe, session)}
<section class="card" aria-labelledby="pay-heading">
<h2 id="pay-heading">Pay with card</h2>
${alertBox(refusals)}
<form method="post" action="" novalidate>
${cardFields(values, refusals, { askEmail })}
<button type="submit" class="primary">${action}</button>
</form>
${TEST_CARD_HINT}
${session.cancelUrl ? `<p><a href="${escapeHtml(session.cancelUrl)}">Back</a></p>` : ''}
</section>
</div>`,
  );
}

/** The page of a session that no longer takes a card. */
export function renderClosedCheckout(session: CheckoutSessionRecord, appName: string): string {
  if (session.status === 'complete') {
    const next = successUrlFor(session);
    return page(
      `Subscription confirmed · ${appName}`,
      appName,
      `<section class="card"><h1>You’re all set</h1>
<p role="status">This checkout is complete: your subscription has started.</p>
${next ? `<p><a href="${escapeHtml(next)}">Continue to ${escapeHtml(appName)}</a></p>` : ''}</section>`,
    );
  }
  return page(
    `Checkout expired · ${appName}`,
    appName,
    `<section class="card"><h1>This checkout session has expired</h1>
<p role="status">Nothing was charged. Start again from ${escapeHtml(appName)} to subscribe.</p>
${session.cancelUrl ? `<p><a href="${escapeHtml(session.cancelUrl)}">Back</a></p>` : ''}</section>`,
  );
}

/** GET and POST /stripe/checkout/:sessionId on the emulator plugin. */
export function registerCheckoutPage(
  app: FastifyInstance,
  stripe: StripeEmulatorHandle,
  appName: string,
): void {
  const notFound = () =>
    page(
      `Checkout not found · ${appName}`,
      appName,
      `<section class="card"><h1>Something went wrong</h1><p role="alert">The page you were looking for could not be found. Return to ${escapeHtml(appName)} and start again.</p></section>`,
    );

  app.get('/stripe/checkout/:sessionId', async (request, reply) => {
    const { sessionId } = request.params as { sessionId: string };
    const session = stripe.state.checkoutSessions.get(sessionId);
    if (!session) return sendPage(reply, 404, notFound());
    const targets = [session.cancelUrl, successUrlFor(session)];
    if (session.status !== 'open')
      return sendPage(reply, 200, renderClosedCheckout(session, appName), targets);
    return sendPage(reply, 200, renderCheckout(stripe, session, appName), targets);
  });

  app.post('/stripe/checkout/:sessionId', async (request, reply) => {
    const { sessionId } = request.params as { sessionId: string };
    const session = stripe.state.checkoutSessions.get(sessionId);
    if (!session) return sendPage(reply, 404, notFound());
    const targets = [session.cancelUrl, successUrlFor(session)];
    if (session.status !== 'open')
      return sendPage(reply, 409, renderClosedCheckout(session, appName), targets);
    const form = readCardForm(request.body);
    const values: CardFormValues = {
      number: form.number,
      expiry: form.expiry,
      name: form.name,
      email: form.email,
    };
    const customer = session.customer ? stripe.state.customers.get(session.customer) : undefined;
    const askEmail = !customer?.email && !session.customerEmail;
    const emailRefusal: CardRefusal[] =
      askEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())
        ? [{ field: 'email', code: 'email_invalid', message: 'Your email address is invalid.' }]
        : [];
    const checked = checkCard(form, stripe.billing.nowSeconds() * 1000);
    if (!checked.ok || emailRefusal.length > 0) {
      const refusals = [...emailRefusal, ...(checked.ok ? [] : checked.refusals)];
      const status = refusals.some((r) => r.code === 'card_declined' || r.declineCode) ? 402 : 400;
      return sendPage(
        reply,
        status,
        renderCheckout(stripe, session, appName, refusals, values),
        targets,
      );
    }
    const result = stripe.billing.completeCheckout(session, checked.card, {
      name: form.name.trim(),
      email: askEmail ? form.email.trim() : null,
    });
    if (!result.ok)
      return sendPage(
        reply,
        402,
        renderCheckout(stripe, session, appName, [result.refusal], values),
        targets,
      );
    const next = successUrlFor(session);
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .header('location', next ?? `./${session.id}`)
      .send();
  });
}
