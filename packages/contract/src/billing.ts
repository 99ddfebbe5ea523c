/** Plans and billing, the custom-plan request and the account's profile, export and deletion. */
import { z } from 'zod';
import {
  BILLING_INTERVALS,
  CUSTOM_PLAN_MESSAGE_MAX_LENGTH,
  CUSTOM_PLAN_NUMBER_MAX,
  DELETE_ACCOUNT_CONFIRMATION,
  PAID_PLAN_IDS,
  PROFILE_NAME_MAX_LENGTH,
} from './billing-constants.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './constants.ts';

const planLimits = z.object({
  channels: z.number().int().min(0),
  peoplePerChannel: z.number().int().min(0),
  trackedKeywordsPerChannel: z.number().int().min(0),
  aiGenerationsPerMonth: z.number().int().min(0),
});

/** Used against allowed. */
const usage = z.object({ used: z.number().int().min(0), limit: z.number().int().min(0) });

/**
 * Where the account stands: `trialing` (the product's own trial, no card), `active` (a paid
 * subscription, Stripe's trialing included), `past-due` (the last payment failed; Stripe retries,
 * everything still works), `expired` (no trial left and no subscription: read-only).
 */
export const ACCOUNT_STANDINGS = ['trialing', 'active', 'past-due', 'expired'] as const;

/** One paid plan as the web shows it in the catalogue. */
export const planOffer = z.object({
  id: z.enum(PAID_PLAN_IDS),
  name: z.string(),
  tagline: z.string(),
  prices: z.object({ month: z.number().int(), year: z.number().int() }),
  currency: z.string(),
  limits: planLimits,
});
export type PlanOffer = z.infer<typeof planOffer>;

/** One of the account's own channels with its usage against the plan's per-channel limits. */
export const channelUsage = z.object({
  channelId: z.string(),
  name: z.string(),
  people: usage,
  trackedKeywords: usage,
  aiGenerations: usage.extend({ resetsAt: z.string() }),
});
export type ChannelUsage = z.infer<typeof channelUsage>;

/** GET /api/billing: the account's plan, trial, subscription and usage against its limits. */
export const billingOverview = z.object({
  plan: z.object({ id: z.enum(['trial', ...PAID_PLAN_IDS]), name: z.string() }),
  standing: z.enum(ACCOUNT_STANDINGS),
  /** Publishing, AI and rank checks are stopped (no trial left and no subscription). */
  readOnly: z.boolean(),
  limits: planLimits,
  /** When the trial ends (or ended); null once a subscription has taken over. */
  trialEndsAt: z.string().nullable(),
  /** Days of trial left, a started day counting as one (0 once it ended). */
  trialDaysLeft: z.number().int().min(0).nullable(),
  subscription: z
    .object({
      interval: z.enum(BILLING_INTERVALS),
      /** Stripe's status (trialing, active, past_due, …). */
      status: z.string(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      /** Stripe's trial on the subscription (checkout during the product's trial keeps its end). */
      trialEnd: z.string().nullable(),
    })
    .nullable(),
  /** Whether payments are possible here (Stripe or the emulator is configured). */
  billingAvailable: z.boolean(),
  usage: z.object({ channels: usage, perChannel: z.array(channelUsage) }),
  plans: z.array(planOffer),
});
export type BillingOverview = z.infer<typeof billingOverview>;

/** POST /api/billing/checkout: start Stripe Checkout for a plan. */
export const checkoutBody = z.object({
  plan: z.enum(PAID_PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** Where to send the browser (Checkout or the Customer Portal). */
export const redirectUrl = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof redirectUrl>;

/** POST /api/billing/checkout/confirm: apply a finished Checkout now rather than on its webhook. */
export const confirmCheckoutBody = z.object({
  sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Not a Checkout session id.'),
});

/** One invoice of the account. */
export const invoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** Stripe's hosted invoice page. */
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;

/** GET /api/billing/invoices: newest first. */
export const invoiceList = z.object({ invoices: z.array(invoice) });
export type InvoiceList = z.infer<typeof invoiceList>;

const count = z.number().int().min(0).max(CUSTOM_PLAN_NUMBER_MAX);

/** POST /api/custom-plan: a request for a plan larger than the catalogue's. */
export const customPlanBody = z.object({
  channels: count,
  people: count,
  keywords: count,
  message: z.string().trim().max(CUSTOM_PLAN_MESSAGE_MAX_LENGTH),
});
export type CustomPlanBody = z.infer<typeof customPlanBody>;

/** A stored custom-plan request. */
export const customPlanRequest = z.object({
  id: z.string(),
  channels: z.number().int(),
  people: z.number().int(),
  keywords: z.number().int(),
  message: z.string(),
  /** The address the sales team answers. */
  email: z.string(),
  createdAt: z.string(),
});
export type CustomPlanRequest = z.infer<typeof customPlanRequest>;

/** PUT /api/users/me/name. */
export const profileNameBody = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(PROFILE_NAME_MAX_LENGTH),
});

/** States of an account export. */
export const ACCOUNT_EXPORT_STATUSES = [
  'pending',
  'running',
  'ready',
  'failed',
  'expired',
] as const;

/** An export of everything the account owns (a ZIP of JSON and CSV files). */
export const accountExport = z.object({
  id: z.string(),
  status: z.enum(ACCOUNT_EXPORT_STATUSES),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the archive is deleted; null until ready. */
  expiresAt: z.string().nullable(),
  /** Archive size in bytes once ready. */
  bytes: z.number().int().nullable(),
  /** Where to download it (signed in) once ready. */
  downloadUrl: z.string().nullable(),
});
export type AccountExport = z.infer<typeof accountExport>;

/** GET /api/users/me/exports: newest first. */
export const accountExportList = z.object({ exports: z.array(accountExport) });
export type AccountExportList = z.infer<typeof accountExportList>;

/** Params naming one export. */
export const accountExportParams = z.object({ exportId: z.string().min(1).max(100) });

/** POST /api/users/me/delete: the current password and the typed confirmation. */
export const deleteAccountBody = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  confirmation: z.literal(DELETE_ACCOUNT_CONFIRMATION, {
    error: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm.`,
  }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** An address in answers (for the custom plan's confirmation). */
export const emailAddress = z.string().max(EMAIL_MAX_LENGTH);
