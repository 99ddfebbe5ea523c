/**
 * Plans and billing: the overview (plan, trial, usage against limits), Stripe Checkout and the
 * Customer Portal, invoices, and storing Stripe's state of an account's subscription. Knows
 * nothing of HTTP; the webhook receiver and the return page both end in `syncSubscription`.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { BillingInterval, PaidPlanId, PlanLimits } from '@tubewise/contract/billing-constants';
import type { BillingOverview, ChannelUsage, Invoice } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import {
  aiGenerations,
  billingInvoices,
  billingSubscriptions,
  channelMembers,
  channels,
  trackedKeywords,
  users,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Clock } from '../../lib/clock.ts';
import { monthWindow } from '../ai-metadata/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  GatewayError,
  type BillingGateway,
  type InvoiceState,
  type SubscriptionState,
} from './billing-gateway.ts';
import type { Entitlements } from './entitlements.ts';
import type { PlanCatalogue } from './plans.ts';
import { liveStatusesSql } from '../../lib/plan-gate.ts';
import { isLiveStatus, trialDaysLeft } from './standing.ts';

/** Stripe refuses a subscription trial that ends sooner than this (48 hours). */
const MIN_STRIPE_TRIAL_MS = 49 * 3_600_000;
const INVOICES_SHOWN = 50;

type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

/** What the billing service needs. */
export interface BillingServiceDeps {
  db: Db;
  gateway: BillingGateway;
  plans: PlanCatalogue;
  entitlements: Entitlements;
  clock: Clock;
  log: Logger;
  publicUrl: string;
}

/** The account's plan, Stripe Checkout and Portal, invoices and the subscription's state. */
export class BillingService {
  private readonly db: Db;
  private readonly gateway: BillingGateway;
  private readonly plans: PlanCatalogue;
  private readonly entitlements: Entitlements;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly publicUrl: string;

  constructor(deps: BillingServiceDeps) {
    this.db = deps.db;
    this.gateway = deps.gateway;
    this.plans = deps.plans;
    this.entitlements = deps.entitlements;
    this.clock = deps.clock;
    this.log = deps.log;
    this.publicUrl = deps.publicUrl;
  }

  /** The account's plan, standing, subscription, usage against its limits and the offers. */
  async overview(userId: string): Promise<BillingOverview> {
    const [user] = await this.db
      .select({ trialEndsAt: users.trialEndsAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new AppError('unauthorized', 'Please sign in.');
    const [plan, subscription, perChannel] = await Promise.all([
      this.entitlements.forUser(userId),
      this.subscriptionOf(userId),
      this.channelUsage(userId),
    ]);
    const now = this.clock.now();
    const live = subscription && isLiveStatus(subscription.status) && subscription.planId;
    return {
      plan: { id: plan.planId, name: plan.planName },
      standing: plan.standing,
      readOnly: plan.readOnly,
      limits: plan.limits,
      trialEndsAt: live ? null : user.trialEndsAt.toISOString(),
      trialDaysLeft: live ? null : trialDaysLeft(user.trialEndsAt, now),
      subscription:
        subscription && isLiveStatus(subscription.status)
          ? {
              interval: subscription.interval,
              status: subscription.status,
              currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
              cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
              trialEnd: subscription.trialEnd?.toISOString() ?? null,
            }
          : null,
      // Stripe or the emulator's Stripe is always configured (production requires the key).
      billingAvailable: true,
      usage: {
        channels: { used: perChannel.length, limit: plan.limits.channels },
        perChannel: perChannel.map((c) => usageOf(c, plan.limits, now)),
      },
      plans: this.plans.paidPlans.map((p) => ({
        id: p.id,
        name: p.name,
        tagline: p.tagline,
        prices: p.prices,
        currency: p.currency,
        limits: p.limits,
      })),
    };
  }

  /** Starts Stripe Checkout for a plan; answers the page to send the browser to. */
  async startCheckout(
    userId: string,
    choice: { plan: PaidPlanId; interval: BillingInterval },
  ): Promise<{ url: string }> {
    const customerId = await this.customerOf(userId);
    // Stripe's list decides, not the stored row: a subscription whose webhook has not arrived
    // yet counts, and one that ended without its webhook yet does not.
    const open = await this.gatewayCall(() => this.gateway.openSubscriptions(customerId));
    if (open.length > 0) {
      await this.syncSubscription(open[0]!.id, userId);
      throw new AppError(
        'already-subscribed',
        'You already have a plan. Change or cancel it with "Manage billing".',
      );
    }
    const [user] = await this.db
      .select({ trialEndsAt: users.trialEndsAt })
      .from(users)
      .where(eq(users.id, userId));
    // Paying during the trial keeps its remaining days free (Stripe needs at least 48 hours).
    const trialLeft = user!.trialEndsAt.getTime() - this.clock.now().getTime();
    const session = await this.gatewayCall(() =>
      this.gateway.createCheckout({
        customerId,
        priceId: this.plans.priceOf(choice.plan, choice.interval),
        userId,
        successUrl: `${this.publicUrl}/settings/account?checkout=success&session_id={CHECKOUT_SESSION_ID}#billing`,
        cancelUrl: `${this.publicUrl}/settings/account?checkout=canceled#billing`,
        trialEnd: trialLeft >= MIN_STRIPE_TRIAL_MS ? user!.trialEndsAt : null,
      }),
    );
    return { url: session.url };
  }

  /**
   * Applies a finished Checkout session now (the return page asks; the webhook does the same
   * later, harmlessly). A session of another account is not found.
   */
  async confirmCheckout(userId: string, sessionId: string): Promise<BillingOverview> {
    const session = await this.gatewayCall(() => this.gateway.retrieveCheckout(sessionId), {
      notFound: 'No such checkout session.',
    });
    if (session.userId !== userId) throw new AppError('not-found', 'No such checkout session.');
    if (session.status === 'complete' && session.subscriptionId) {
      await this.syncSubscription(session.subscriptionId, userId);
    }
    return this.overview(userId);
  }

  /** Opens the Customer Portal for the account's customer. */
  async portal(userId: string): Promise<{ url: string }> {
    const customerId = await this.customerOf(userId);
    const url = await this.gatewayCall(() =>
      this.gateway.createPortal({
        customerId,
        returnUrl: `${this.publicUrl}/settings/account?portal=return#billing`,
      }),
    );
    return { url };
  }

  /**
   * Reads the account's subscriptions from Stripe again and stores the latest state, as the
   * webhooks will (the return from the portal, so the page never shows the state before it).
   */
  async refresh(userId: string): Promise<BillingOverview> {
    const customerId = await this.storedCustomerId(userId);
    if (customerId) {
      const stored = await this.subscriptionOf(userId);
      if (stored) await this.syncSubscription(stored.stripeSubscriptionId, userId);
      const open = await this.gatewayCall(() => this.gateway.openSubscriptions(customerId));
      for (const subscription of open) await this.syncSubscription(subscription.id, userId);
    }
    return this.overview(userId);
  }

  /** The account's invoices, newest first. */
  async invoices(userId: string): Promise<{ invoices: Invoice[] }> {
    const rows = await this.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.userId, userId))
      .orderBy(desc(billingInvoices.stripeCreated))
      .limit(INVOICES_SHOWN);
    return {
      invoices: rows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status,
        amountDue: r.amountDue,
        amountPaid: r.amountPaid,
        currency: r.currency,
        createdAt: r.stripeCreated.toISOString(),
        periodStart: r.periodStart?.toISOString() ?? null,
        periodEnd: r.periodEnd?.toISOString() ?? null,
        hostedUrl: r.hostedUrl,
        pdfUrl: r.pdfUrl,
      })),
    };
  }

  /**
   * Reads a subscription from Stripe and stores it as the account's, if it is newer than what
   * is stored (the latest state wins, whatever order events arrive in). Returns the account it
   * was stored for, or null when it belongs to no account of ours.
   */
  async syncSubscription(subscriptionId: string, userHint?: string): Promise<string | null> {
    const readAt = this.clock.now().getTime();
    const state = await this.gatewayCall(() => this.gateway.retrieveSubscription(subscriptionId));
    const userId = await this.accountOf(state.userId ?? userHint ?? null, state.customerId);
    if (!userId) {
      this.log.warn({ subscriptionId }, 'A Stripe subscription of no known account was ignored');
      return null;
    }
    if (isLiveStatus(state.status) && (await this.isDuplicate(userId, state.id))) {
      // Two Checkouts paid before either was stored (two tabs): the first one stays, the
      // second is cancelled at once so the account is never billed twice.
      this.log.warn({ subscriptionId }, 'A second live subscription of one account was cancelled');
      await this.gatewayCall(() => this.gateway.cancelSubscription(state.id));
      return userId;
    }
    await this.storeSubscription(userId, state, readAt);
    return userId;
  }

  /** Whether the account has another subscription that is still live at Stripe. */
  private async isDuplicate(userId: string, subscriptionId: string): Promise<boolean> {
    const stored = await this.subscriptionOf(userId);
    if (!stored || stored.stripeSubscriptionId === subscriptionId) return false;
    if (!isLiveStatus(stored.status)) return false;
    const current = await this.gatewayCall(() =>
      this.gateway.retrieveSubscription(stored.stripeSubscriptionId),
    );
    return isLiveStatus(current.status) && current.endedAt === null;
  }

  /** Stores an invoice Stripe reported (read fresh), under the account of its customer. */
  async syncInvoice(invoiceId: string): Promise<string | null> {
    const invoice = await this.gatewayCall(() => this.gateway.retrieveInvoice(invoiceId));
    const userId = await this.accountOf(null, invoice.customerId);
    await this.storeInvoice(userId, invoice);
    return userId;
  }

  /** The account a Stripe customer belongs to. */
  async accountOfCustomer(customerId: string | null): Promise<string | null> {
    if (!customerId) return null;
    return this.accountOf(null, customerId);
  }

  /**
   * Ends the account's subscription at once (account deletion): nothing more is charged. A
   * subscription Stripe no longer knows counts as ended; Stripe unreachable is an error, so an
   * account is never deleted while it would still be billed.
   */
  async closeAccount(userId: string): Promise<void> {
    const customerId = await this.storedCustomerId(userId);
    if (!customerId) return;
    const open = await this.gatewayCall(() => this.gateway.openSubscriptions(customerId));
    for (const subscription of open) {
      try {
        await this.gateway.cancelSubscription(subscription.id);
      } catch (error) {
        if (error instanceof GatewayError && error.kind === 'not-found') continue;
        throw gatewayAppError(error, this.log);
      }
    }
  }

  /** The account's stored subscription row. */
  private async subscriptionOf(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, userId));
    return row;
  }

  /** The account's Stripe customer, created on first use. */
  private async customerOf(userId: string): Promise<string> {
    const [user] = await this.db
      .select({ email: users.email, name: users.name, customerId: users.stripeCustomerId })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new AppError('unauthorized', 'Please sign in.');
    if (user.customerId) return user.customerId;
    // The gateway's idempotency key makes two concurrent first checkouts share one customer.
    const created = await this.gatewayCall(() =>
      this.gateway.createCustomer({ userId, email: user.email, name: user.name }),
    );
    const [stored] = await this.db
      .update(users)
      .set({ stripeCustomerId: created })
      .where(and(eq(users.id, userId), sql`${users.stripeCustomerId} is null`))
      .returning({ customerId: users.stripeCustomerId });
    if (stored?.customerId) return stored.customerId;
    return (await this.storedCustomerId(userId)) ?? created;
  }

  /** The account's Stripe customer as stored, or null before its first checkout. */
  private async storedCustomerId(userId: string): Promise<string | null> {
    const [user] = await this.db
      .select({ customerId: users.stripeCustomerId })
      .from(users)
      .where(eq(users.id, userId));
    return user?.customerId ?? null;
  }

  /** The account named by the metadata (if it exists), else the one owning the customer. */
  private async accountOf(userId: string | null, customerId: string): Promise<string | null> {
    if (userId) {
      const [user] = await this.db
        .select({ id: users.id, customerId: users.stripeCustomerId })
        .from(users)
        .where(sql`${users.id}::text = ${userId}`);
      if (user && (!user.customerId || user.customerId === customerId)) {
        if (!user.customerId) {
          await this.db
            .update(users)
            .set({ stripeCustomerId: customerId })
            .where(and(eq(users.id, user.id), sql`${users.stripeCustomerId} is null`));
        }
        return user.id;
      }
    }
    const [owner] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, customerId));
    return owner?.id ?? null;
  }

  /**
   * Upserts the account's subscription when the state read is at least as new as the stored
   * one. Another subscription replaces the stored one only when it is live or the stored one is
   * not (a late event of an ended subscription never hides the new one).
   */
  private async storeSubscription(
    userId: string,
    state: SubscriptionState,
    readAtMs: number,
  ): Promise<void> {
    const plan = this.plans.planOfPrice(state.priceId);
    if (!plan) {
      this.log.error(
        { subscriptionId: state.id, priceId: state.priceId },
        'A subscription has a price no plan names (check STRIPE_PRICE_IDS)',
      );
    }
    const values = {
      userId,
      stripeCustomerId: state.customerId,
      stripeSubscriptionId: state.id,
      priceId: state.priceId,
      planId: plan?.plan.id ?? null,
      interval: plan?.interval ?? 'month',
      status: state.status,
      trialEnd: state.trialEnd,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      endedAt: state.endedAt,
      stripeStateAt: readAtMs,
      updatedAt: this.clock.now(),
    };
    const live = liveStatusesSql();
    await this.db
      .insert(billingSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: billingSubscriptions.userId,
        set: {
          stripeCustomerId: sql`excluded.stripe_customer_id`,
          stripeSubscriptionId: sql`excluded.stripe_subscription_id`,
          priceId: sql`excluded.price_id`,
          // A price no plan names (rotated STRIPE_PRICE_IDS) keeps the plan it was bought as.
          planId: sql`case when excluded.plan_id is null
              and ${billingSubscriptions.stripeSubscriptionId} = excluded.stripe_subscription_id
            then ${billingSubscriptions.planId} else excluded.plan_id end`,
          interval: sql`excluded.interval`,
          status: sql`excluded.status`,
          trialEnd: sql`excluded.trial_end`,
          currentPeriodEnd: sql`excluded.current_period_end`,
          cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
          endedAt: sql`excluded.ended_at`,
          stripeStateAt: sql`excluded.stripe_state_at`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`(${billingSubscriptions.stripeSubscriptionId} = excluded.stripe_subscription_id
            and ${billingSubscriptions.stripeStateAt} <= excluded.stripe_state_at)
          or (${billingSubscriptions.stripeSubscriptionId} <> excluded.stripe_subscription_id
            and (excluded.status in ${live} or ${billingSubscriptions.status} not in ${live}))`,
      });
  }

  /** Upserts an invoice (its latest state; invoices only move forward). */
  private async storeInvoice(userId: string | null, invoice: InvoiceState): Promise<void> {
    const values = {
      id: invoice.id,
      userId,
      stripeCustomerId: invoice.customerId,
      stripeSubscriptionId: invoice.subscriptionId,
      number: invoice.number,
      status: invoice.status,
      amountDue: invoice.amountDue,
      amountPaid: invoice.amountPaid,
      currency: invoice.currency,
      hostedUrl: invoice.hostedUrl,
      pdfUrl: invoice.pdfUrl,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      stripeCreated: invoice.created,
      updatedAt: this.clock.now(),
    };
    const { id: _id, ...changes } = values;
    // Reads of one invoice can finish out of order: a status never moves back (draft → open →
    // paid, void or uncollectible).
    const rank = (status: SQL) =>
      sql`case ${status} when 'draft' then 0 when 'open' then 1 else 2 end`;
    await this.db
      .insert(billingInvoices)
      .values(values)
      .onConflictDoUpdate({
        target: billingInvoices.id,
        set: changes,
        setWhere: sql`${rank(sql`excluded.status`)} >= ${rank(sql`${billingInvoices.status}`)}`,
      });
  }

  /** The account's own channels with their people, tracked keywords and AI generations. */
  private async channelUsage(userId: string): Promise<ChannelCounts[]> {
    const { start: monthStart } = monthWindow(this.clock.now());
    const result = await this.db.execute(sql`
      select c.id as "channelId", c.name,
        (select count(*)::int from ${channelMembers} m where m.channel_id = c.id) as people,
        (select count(*)::int from ${trackedKeywords} k where k.channel_id = c.id) as keywords,
        (select count(*)::int from ${aiGenerations} g
          where g.channel_id = c.id and g.counted
            and g.created_at >= ${monthStart.toISOString()}::timestamptz) as ai
      from ${channels} c
      join ${channelMembers} own on own.channel_id = c.id
      where own.user_id = ${userId} and own.role = 'owner'
      order by c.name, c.id`);
    return rowsOf<ChannelCounts>(result);
  }

  /** Runs a gateway call, turning its failures into the product's errors. */
  private async gatewayCall<T>(run: () => Promise<T>, messages: { notFound?: string } = {}) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'not-found' && messages.notFound) {
        throw new AppError('not-found', messages.notFound);
      }
      throw gatewayAppError(error, this.log);
    }
  }
}

/** Counts of one own channel. */
interface ChannelCounts {
  channelId: string;
  name: string;
  people: number;
  keywords: number;
  ai: number;
}

/** One channel's usage against the plan's per-channel limits. */
function usageOf(c: ChannelCounts, limits: PlanLimits, now: Date): ChannelUsage {
  const { resetsAt } = monthWindow(now);
  return {
    channelId: c.channelId,
    name: c.name,
    people: { used: Number(c.people), limit: limits.peoplePerChannel },
    trackedKeywords: { used: Number(c.keywords), limit: limits.trackedKeywordsPerChannel },
    aiGenerations: {
      used: Number(c.ai),
      limit: limits.aiGenerationsPerMonth,
      resetsAt: resetsAt.toISOString(),
    },
  };
}

/**
 * The product error for a failed payment-provider call. Stripe refusing a well-formed call is a
 * configuration problem (a price or key), logged for the operator and shown as unavailable.
 */
function gatewayAppError(error: unknown, log?: Logger): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof GatewayError && error.kind !== 'unavailable') {
    log?.error({ err: error }, 'Stripe refused a call (check the Stripe settings)');
  }
  return new AppError(
    'billing-unavailable',
    'Payments cannot be reached right now. Nothing was charged; try again in a minute.',
  );
}
