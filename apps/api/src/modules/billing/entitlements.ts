/** The PlanGate of the product: plans and standings read from users and their subscriptions. */
import { eq, sql } from 'drizzle-orm';
import { PAID_PLAN_IDS, type PaidPlanId } from '@tubewise/contract/billing-constants';
import type { Db } from '../../db/client.ts';
import { billingSubscriptions, channelMembers, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountPlan, PlanGate } from '../../lib/plan-gate.ts';
import { AppError } from '../../lib/errors.ts';
import type { PlanCatalogue } from './plans.ts';
import { accountStanding } from './standing.ts';

/** One account's facts as the standing needs them. */
interface AccountFacts {
  trialEndsAt: Date;
  status: string | null;
  planId: string | null;
}

/** The columns of AccountFacts (users joined with their subscription). */
const ACCOUNT_FACTS = {
  trialEndsAt: users.trialEndsAt,
  status: billingSubscriptions.status,
  planId: billingSubscriptions.planId,
};

/** The trial below every paid plan, paid plans in their catalogue order (cheapest first). */
const PLAN_RANK: Record<string, number> = Object.fromEntries([
  ['trial', 0],
  ...PAID_PLAN_IDS.map((id, index) => [id, index + 1]),
]);

/** Answers plans and standings from the database (one query per question). */
export class Entitlements implements PlanGate {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly plans: PlanCatalogue;

  constructor(deps: { db: Db; clock: Clock; plans: PlanCatalogue }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.plans = deps.plans;
  }

  async forUser(userId: string, db: Db = this.db): Promise<AccountPlan> {
    const [row] = await db
      .select(ACCOUNT_FACTS)
      .from(users)
      .leftJoin(billingSubscriptions, eq(billingSubscriptions.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) throw new AppError('not-found', 'No such account.');
    return this.planOf(row);
  }

  async forChannel(channelId: string, db: Db = this.db): Promise<AccountPlan> {
    const rows = await db
      .select(ACCOUNT_FACTS)
      .from(channelMembers)
      .innerJoin(users, eq(users.id, channelMembers.userId))
      .leftJoin(billingSubscriptions, eq(billingSubscriptions.userId, users.id))
      .where(sql`${channelMembers.channelId} = ${channelId} and ${channelMembers.role} = 'owner'`);
    // A channel is worked on under the best of its owners' plans (several people may have
    // proved control of it on the platform).
    const plans = rows.map((row) => this.planOf(row));
    plans.sort(
      (a, b) =>
        Number(a.readOnly) - Number(b.readOnly) || PLAN_RANK[b.planId]! - PLAN_RANK[a.planId]!,
    );
    return plans[0] ?? this.planOf({ trialEndsAt: new Date(0), status: null, planId: null });
  }

  /** The plan of one account's facts now. */
  private planOf(row: AccountFacts): AccountPlan {
    const planId = (PAID_PLAN_IDS as readonly string[]).includes(row.planId ?? '')
      ? (row.planId as PaidPlanId)
      : null;
    const {
      planId: effective,
      standing,
      readOnly,
    } = accountStanding({
      trialEndsAt: row.trialEndsAt,
      subscription: row.status ? { status: row.status, planId } : null,
      now: this.clock.now(),
    });
    return {
      planId: effective,
      planName: this.plans.nameOf(effective),
      standing,
      readOnly,
      limits: this.plans.limitsOf(effective),
    };
  }
}
