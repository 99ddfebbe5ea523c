import { and, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottles } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { backoffDelaySeconds, type BackoffRule } from './auth-limits.ts';

/** One counter an attempt is checked and counted against. */
export interface ThrottleKey {
  key: string;
  rule: BackoffRule;
  /** The account (lower-cased e-mail) the counter belongs to, so a reset can clear it. */
  account: string | null;
  /** On success: `reset` forgets the failures (per account and IP), `release` only uncounts this attempt. */
  onSuccess: 'reset' | 'release';
}

/** An attempt that passed every counter: say how it ended. */
export interface ThrottledAttempt {
  /** The password was right: successes never count as failures. */
  succeeded(): Promise<void>;
}

/**
 * Failure counters with growing delays, in the database so every process shares them. An
 * attempt is counted as a failure before the password is checked (atomically per counter, so a
 * burst of parallel guesses cannot all pass the check first) and uncounted if it succeeds.
 */
export class AuthThrottle {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /**
   * Counts an attempt on every key, or throws 429 `rate-limited` (with Retry-After) when one
   * of them is blocked; a refused attempt counts on none of them.
   */
  async begin(keys: ThrottleKey[], message: string): Promise<ThrottledAttempt> {
    // Under attack most attempts are refused: one read refuses them without any write.
    const blocked = await this.blockedFor(keys.map((k) => k.key));
    if (blocked > 0) throw refusal(message, blocked);
    const counted: ThrottleKey[] = [];
    for (const key of keys) {
      if (await this.count(key)) {
        counted.push(key);
        continue;
      }
      // Blocked meanwhile by a concurrent failure: this attempt is not one.
      await this.release(counted.map((k) => k.key));
      throw refusal(message, Math.max(1, await this.blockedFor([key.key])));
    }
    return {
      succeeded: async () => {
        await this.reset(counted.filter((k) => k.onSuccess === 'reset').map((k) => k.key));
        await this.release(counted.filter((k) => k.onSuccess === 'release').map((k) => k.key));
      },
    };
  }

  /** Seconds until none of `keys` is blocked (0 when none is). */
  async blockedFor(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const now = this.clock.now();
    const rows = await this.db
      .select({ blockedUntil: authThrottles.blockedUntil })
      .from(authThrottles)
      .where(inArray(authThrottles.key, keys));
    let until = 0;
    for (const row of rows) {
      if (row.blockedUntil && row.blockedUntil > now)
        until = Math.max(until, row.blockedUntil.getTime());
    }
    return until === 0 ? 0 : Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  }

  /** Forgets every counter of an account: its owner proved control (a password-reset link). */
  async clearAccount(account: string): Promise<void> {
    await this.db.delete(authThrottles).where(sql`${authThrottles.account} = ${account}`);
  }

  /** Deletes counters whose window and block have both ended (run daily by a job). */
  async purgeExpired(): Promise<void> {
    const now = this.clock.now();
    await this.db
      .delete(authThrottles)
      .where(
        and(
          lt(authThrottles.windowEndsAt, now),
          or(isNull(authThrottles.blockedUntil), lt(authThrottles.blockedUntil, now)),
        ),
      );
  }

  /** Counts one failure on `key` unless it is blocked; false when it is. */
  private async count({ key, rule, account }: ThrottleKey): Promise<boolean> {
    const now = this.clock.now();
    const at = sql`${now.toISOString()}::timestamptz`;
    const windowEnds = new Date(now.getTime() + rule.windowSeconds * 1000);
    const firstDelay = backoffDelaySeconds(rule, 1);
    // The failure count after this attempt: a window that has ended starts again at 1.
    const failures = sql`(case when ${authThrottles.windowEndsAt} <= ${at} then 1 else ${authThrottles.failures} + 1 end)`;
    const [row] = await this.db
      .insert(authThrottles)
      .values({
        key,
        account,
        failures: 1,
        windowEndsAt: windowEnds,
        blockedUntil: firstDelay > 0 ? new Date(now.getTime() + firstDelay * 1000) : null,
      })
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          failures,
          windowEndsAt: sql`(case when ${authThrottles.windowEndsAt} <= ${at} then ${windowEnds.toISOString()}::timestamptz else ${authThrottles.windowEndsAt} end)`,
          prevBlockedUntil: sql`${authThrottles.blockedUntil}`,
          blockedUntil: blockAfter(rule, failures, at),
        },
        // A blocked counter is left alone: the conflicting row is not updated, nothing returned.
        setWhere: or(
          isNull(authThrottles.blockedUntil),
          sql`${authThrottles.blockedUntil} <= ${at}`,
        ),
      })
      .returning({ key: authThrottles.key });
    return row !== undefined;
  }

  /** Uncounts the last attempt on each key, restoring the block it may have set. */
  private async release(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .update(authThrottles)
      .set({
        failures: sql`greatest(${authThrottles.failures} - 1, 0)`,
        blockedUntil: sql`${authThrottles.prevBlockedUntil}`,
      })
      .where(inArray(authThrottles.key, keys));
  }

  /** Forgets the failures of each key (a success where successes reset the counter). */
  private async reset(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(authThrottles).where(inArray(authThrottles.key, keys));
  }
}

/** `blocked_until` after `failures` failures under `rule`, in SQL (null below the threshold). */
function blockAfter(rule: BackoffRule, failures: SQL, at: SQL): SQL {
  return sql`(case when ${failures} >= ${rule.threshold}::int then ${at} + make_interval(secs => least(${rule.firstDelaySeconds}::float8 * power(2::float8, least(${failures} - ${rule.threshold}::int, 30)), ${rule.maxDelaySeconds}::float8)) else null end)`;
}

function refusal(message: string, retryAfterSeconds: number): AppError {
  return new AppError('rate-limited', message, { retryAfterSeconds });
}
