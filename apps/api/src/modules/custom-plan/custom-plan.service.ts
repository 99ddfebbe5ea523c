import { eq } from 'drizzle-orm';
import type { CustomPlanBody, CustomPlanRequest } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { customPlanRequests, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailService } from '../mail/index.ts';
import type { Limit, RateLimitService } from '../rate-limit/index.ts';
import {
  customPlanConfirmationEmail,
  customPlanSalesEmail,
  type CustomPlanDetails,
} from './custom-plan.emails.ts';

/**
 * Requests per person: a few in an hour (a correction after a typo, a forgotten detail), and a
 * ceiling per day. Refused attempts are given back, so waiting out the hour always works: only
 * requests that were sent count towards the day.
 */
export const CUSTOM_PLAN_LIMITS = {
  hour: { max: 3, windowSeconds: 3600 },
  day: { max: 10, windowSeconds: 86_400 },
} as const satisfies Record<string, Limit>;

/** "about 45 minutes", "about 3 hours": how long until a refused request may be sent again. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return minutes === 1 ? 'a minute' : `about ${minutes} minutes`;
  return `about ${Math.round(minutes / 60)} hours`;
}

/** What the service needs. */
export interface CustomPlanDeps {
  db: Db;
  mail: MailService;
  limits: RateLimitService;
  clock: Clock;
  /** Where requests are e-mailed (SALES_EMAIL, else SUPPORT_EMAIL). */
  salesEmail: string;
  productName: string;
  /** Per-person limits (default CUSTOM_PLAN_LIMITS). */
  rateLimits?: Record<'hour' | 'day', Limit>;
}

/**
 * Requests for a plan larger than the catalogue's: stored with the person's e-mail and name,
 * e-mailed to sales, and confirmed to the person by e-mail.
 */
export class CustomPlanService {
  private readonly deps: CustomPlanDeps;
  private readonly rateLimits: Record<'hour' | 'day', Limit>;
  constructor(deps: CustomPlanDeps) {
    this.deps = deps;
    this.rateLimits = deps.rateLimits ?? CUSTOM_PLAN_LIMITS;
  }

  /** Stores the request and writes both e-mails; 429 `rate-limited` over the person's limits. */
  async request(userId: string, body: CustomPlanBody): Promise<CustomPlanRequest> {
    const { db, mail, clock } = this.deps;
    const person = await db.query.users.findFirst({
      where: eq(users.id, userId),
      columns: { email: true, name: true },
    });
    if (!person) throw new AppError('unauthorized', 'Please sign in.');
    const release = await this.count(userId);
    try {
      const [row] = await db
        .insert(customPlanRequests)
        .values({
          userId,
          email: person.email,
          name: person.name.trim(),
          channels: body.channels,
          people: body.people,
          keywords: body.keywords,
          message: body.message,
          createdAt: clock.now(),
        })
        .returning();
      const details: CustomPlanDetails = row!;
      const productName = this.deps.productName;
      await mail.send(customPlanSalesEmail({ to: this.deps.salesEmail, details, productName }));
      await mail.send(customPlanConfirmationEmail({ details, productName }));
      return {
        id: row!.id,
        channels: row!.channels,
        people: row!.people,
        keywords: row!.keywords,
        message: row!.message,
        email: row!.email,
        createdAt: row!.createdAt.toISOString(),
      };
    } catch (error) {
      // A request that was not sent does not use up the person's budget.
      await release();
      throw error;
    }
  }

  /**
   * Counts a request against the hour and the day; over either, gives both hits back and
   * refuses with the longer wait. Returns how to give them back later.
   */
  private async count(userId: string): Promise<() => Promise<void>> {
    const { limits } = this.deps;
    const keys = {
      hour: `custom-plan:hour:${userId}`,
      day: `custom-plan:day:${userId}`,
    };
    const hour = await limits.hit(keys.hour, this.rateLimits.hour);
    const day = await limits.hit(keys.day, this.rateLimits.day);
    const release = async () => {
      await limits.release(keys.hour);
      await limits.release(keys.day);
    };
    if (hour.allowed && day.allowed) return release;
    await release();
    const refused = [hour, day].filter((r) => !r.allowed);
    const retryAfterSeconds = Math.max(...refused.map((r) => r.retryAfterSeconds));
    throw new AppError(
      'rate-limited',
      `You have sent several custom plan requests recently. Please try again in ${waitText(retryAfterSeconds)}.`,
      { retryAfterSeconds },
    );
  }
}
