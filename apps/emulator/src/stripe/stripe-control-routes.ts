// Control endpoints of the Stripe emulator under {prefix}/_emulator/stripe/ (registered inside
// the guarded control scope: loopback only, JSON writes). They steer webhook delivery, complete a
// Checkout session without the hosted page, and swap a customer's card.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { StripeApiError } from './stripe-errors.ts';
import type { StripeEmulatorHandle } from './stripe-emulator.ts';

const pause = z.object({ paused: z.boolean() });
const fail = z.object({ count: z.number().int().min(0).max(1000) });
const resend = z.object({ eventId: z.string().min(1) });
const complete = z.object({
  sessionId: z.string().min(1),
  cardNumber: z
    .string()
    .regex(/^[\d ]{12,23}$/)
    .optional(),
});
const card = z.object({
  customer: z.string().min(1),
  cardNumber: z.string().regex(/^[\d ]{12,23}$/),
});

function bad(reply: FastifyReply, error: z.ZodError): FastifyReply {
  return reply.code(400).send({ error: 'invalid-request', issues: error.issues });
}

function stripeError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof StripeApiError) return reply.code(error.status).send(error.body());
  throw error;
}

/** Registers the Stripe control endpoints on the (guarded) control scope. */
export function registerStripeControlRoutes(
  app: FastifyInstance,
  stripe: StripeEmulatorHandle,
): void {
  const summary = () => ({
    pending: stripe.pendingWebhooks(),
    attempts: stripe.webhookAttempts().slice(-100),
  });
  /** Counts and the subscriptions (id, customer, status, period end) for a quick look. */
  app.get('/_emulator/stripe/state', async () => {
    stripe.tick();
    return {
      customers: [...stripe.state.customers.values()].filter((c) => !c.deleted).length,
      subscriptions: [...stripe.state.subscriptions.values()].map((s) => ({
        id: s.id,
        customer: s.customer,
        status: s.status,
        price: s.items[0]?.priceId,
        currentPeriodEnd: s.items[0]?.periodEnd,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      })),
      invoices: stripe.state.invoices.size,
      events: stripe.state.events.size,
      webhooks: summary(),
    };
  });
  app.get('/_emulator/stripe/webhooks', async () => summary());
  /** Attempts every pending delivery now (backoff ignored) and answers when they are done. */
  app.post('/_emulator/stripe/webhooks/deliver', async () => {
    await stripe.deliverPending();
    return summary();
  });
  app.post('/_emulator/stripe/webhooks/pause', async (request, reply) => {
    const parsed = pause.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    stripe.webhooks.setPaused(parsed.data.paused);
    return summary();
  });
  /** The next `count` attempts fail without being sent (then retried with backoff). */
  app.post('/_emulator/stripe/webhooks/fail', async (request, reply) => {
    const parsed = fail.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    stripe.webhooks.failNext(parsed.data.count);
    return summary();
  });
  /** Delivers an event once more (a duplicate, as Stripe may send). */
  app.post('/_emulator/stripe/webhooks/resend', async (request, reply) => {
    const parsed = resend.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    if (!stripe.webhooks.resend(parsed.data.eventId))
      return reply.code(404).send({ error: 'not-found', message: 'No such event.' });
    return summary();
  });
  /** Completes an open Checkout session as the payer would (default card 4242…). */
  app.post('/_emulator/stripe/checkout/complete', async (request, reply) => {
    const parsed = complete.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    try {
      const subscription = stripe.completeCheckout(
        parsed.data.sessionId,
        parsed.data.cardNumber?.replace(/\s/g, ''),
      );
      return { subscription };
    } catch (error) {
      return stripeError(reply, error);
    }
  });
  /** Replaces a customer's card (e.g. 4000000000000341 so the next renewals fail). */
  app.post('/_emulator/stripe/customers/card', async (request, reply) => {
    const parsed = card.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    try {
      stripe.setCustomerCard(parsed.data.customer, parsed.data.cardNumber.replace(/\s/g, ''));
      return { ok: true };
    } catch (error) {
      return stripeError(reply, error);
    }
  });
}
