// Plans and billing over HTTP (thin handlers), and Stripe's webhook endpoint.
import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import { sendAppError } from '../../http/error-handler.ts';
import { AppError } from '../../lib/errors.ts';
import { SignatureError } from './billing-gateway.ts';
import type { BillingService } from './billing.service.ts';
import type { StripeWebhooks } from './stripe-webhooks.ts';

/** Where Stripe delivers webhooks (configure this URL in Stripe's dashboard). */
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';

/** Registers the billing routes and the webhook endpoint. */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; webhooks: StripeWebhooks; resolveSession: SessionResolver },
): void {
  const { billing, webhooks, resolveSession } = deps;
  const tags = ['billing'];
  defineRoute(
    app,
    routes.billingOverview,
    resolveSession,
    ({ session }) => billing.overview(session.userId),
    { tags },
  );
  defineRoute(
    app,
    routes.invoices,
    resolveSession,
    ({ session }) => billing.invoices(session.userId),
    { tags },
  );
  defineRoute(
    app,
    routes.startCheckout,
    resolveSession,
    ({ session, body }) => billing.startCheckout(session.userId, body),
    { tags },
  );
  defineRoute(
    app,
    routes.confirmCheckout,
    resolveSession,
    ({ session, body }) => billing.confirmCheckout(session.userId, body.sessionId),
    { tags },
  );
  defineRoute(
    app,
    routes.billingPortal,
    resolveSession,
    ({ session }) => billing.portal(session.userId),
    { tags },
  );

  defineRoute(
    app,
    routes.refreshBilling,
    resolveSession,
    ({ session }) => billing.refresh(session.userId),
    { tags },
  );

  // The signature is over the exact bytes Stripe sent, so this route alone keeps its body raw.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const outcome = await webhooks.receive(
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.code(200).send({ received: true, outcome });
      } catch (error) {
        if (error instanceof SignatureError) {
          return sendAppError(
            request,
            reply,
            new AppError('bad-request', 'The Stripe signature does not verify.'),
          );
        }
        // Not acknowledged: Stripe delivers the event again later.
        throw error instanceof AppError
          ? error
          : new AppError('unavailable', 'The event could not be processed now.');
      }
    });
  });
}
