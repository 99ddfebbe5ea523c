/** The billing module's public surface: plans, entitlements, Stripe and the trial e-mails. */
export { BillingService } from './billing.service.ts';
export { registerBillingRoutes, STRIPE_WEBHOOK_PATH } from './billing.routes.ts';
export { Entitlements } from './entitlements.ts';
export { PlanCatalogue, type PriceIds } from './plans.ts';
export { StripeGateway, type StripeGatewayOptions } from './stripe-gateway.ts';
export { StripeWebhooks, type WebhookOutcome } from './stripe-webhooks.ts';
export { TrialMails } from './trial-mails.ts';
export type { BillingGateway } from './billing-gateway.ts';
