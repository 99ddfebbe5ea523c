import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { rateLimits } from '../../db/schema/index.ts';

/** A limit: at most `max` hits per `windowSeconds` fixed window. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Outcome of counting one hit. */
export interface LimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so every server process shares them.
 * One atomic upsert per hit: a window that has ended restarts at 1.
 */
export class RateLimitService {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Counts one hit against `key` and says whether it is within the limit. */
  async hit(key: string, limit: Limit): Promise<LimitResult> {
    const now = this.clock.now();
    const resetAt = new Date(now.getTime() + limit.windowSeconds * 1000);
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    const count = row?.count ?? 1;
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil(((row?.resetAt ?? resetAt).getTime() - now.getTime()) / 1000),
    );
    return { allowed: count <= limit.max, count, retryAfterSeconds };
  }

  /** Whether `key` is already over its limit, without counting a hit. */
  async isBlocked(key: string, limit: Limit): Promise<LimitResult> {
    const now = this.clock.now();
    const row = await this.db.query.rateLimits.findFirst({ where: (r, { eq }) => eq(r.key, key) });
    if (!row || row.resetAt <= now) return { allowed: true, count: 0, retryAfterSeconds: 0 };
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000),
    );
    return { allowed: row.count < limit.max, count: row.count, retryAfterSeconds };
  }

  /** Gives back one hit of `key`: the attempt it counted turned out not to count. */
  async release(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(sql`${rateLimits.key} = ${key}`);
  }

  /** Forgets the counter of `key` (e.g. after a successful sign-in). */
  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }

  /** Deletes counters whose window has ended (run daily by a job). */
  async purgeExpired(): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.resetAt, this.clock.now()));
  }

  /** Throws a 429 AppError (`rate-limited` unless another code is given) unless the hit is allowed. */
  static assertAllowed(
    result: LimitResult,
    message: string,
    code: 'rate-limited' | 'too-many-invitations' = 'rate-limited',
  ): void {
    if (!result.allowed) {
      throw new AppError(code, message, { retryAfterSeconds: result.retryAfterSeconds });
    }
  }
}
