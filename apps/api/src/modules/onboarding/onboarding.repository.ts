import { and, desc, eq, gt, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { VERIFICATION_CODE_MAX_ATTEMPTS } from '@tubewise/contract/onboarding-constants';
import type { Db } from '../../db/client.ts';
import { onboardings, sharedInsights } from '../../db/schema/index.ts';
import type { InsightsRow, OnboardingRow } from './onboarding.presenter.ts';

/** What an onboarding's update may set. */
export type OnboardingChanges = Partial<Omit<typeof onboardings.$inferInsert, 'id' | 'createdAt'>>;

/** The onboarding's queries (rows in, rows out; no rules). */
export class OnboardingRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Creates an onboarding bound to a browser session. */
  async create(values: { sessionId: string; locale: string; now: Date }): Promise<OnboardingRow> {
    const [row] = await this.db
      .insert(onboardings)
      .values({
        sessionId: values.sessionId,
        locale: values.locale,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returning();
    return row!;
  }

  /** The onboarding `id` if it is bound to `sessionId`, else null (the two look alike). */
  async forSession(id: string, sessionId: string): Promise<OnboardingRow | null> {
    const [row] = await this.db
      .select()
      .from(onboardings)
      .where(and(eq(onboardings.id, id), eq(onboardings.sessionId, sessionId)));
    return row ?? null;
  }

  /** An onboarding by id, whatever its session (jobs). */
  async byId(id: string): Promise<OnboardingRow | null> {
    const [row] = await this.db.select().from(onboardings).where(eq(onboardings.id, id));
    return row ?? null;
  }

  /** The session's latest onboarding with this e-mail (the one its code went out for). */
  async latestForSessionEmail(sessionId: string, email: string): Promise<OnboardingRow | null> {
    const [row] = await this.db
      .select()
      .from(onboardings)
      .where(and(eq(onboardings.sessionId, sessionId), eq(onboardings.email, email)))
      .orderBy(sql`${onboardings.codeSentAt} desc nulls last`, desc(onboardings.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** The unverified onboarding whose live link has this hash, else null. */
  async byLiveLink(linkHash: string, now: Date): Promise<OnboardingRow | null> {
    const [row] = await this.db
      .select()
      .from(onboardings)
      .where(and(eq(onboardings.linkHash, linkHash), gt(onboardings.linkExpiresAt, now)));
    return row ?? null;
  }

  /** Updates an onboarding (the guard, when given, must hold too); null when nothing matched. */
  async update(id: string, changes: OnboardingChanges, guard?: SQL): Promise<OnboardingRow | null> {
    const [row] = await this.db
      .update(onboardings)
      .set(changes)
      .where(guard ? and(eq(onboardings.id, id), guard) : eq(onboardings.id, id))
      .returning();
    return row ?? null;
  }

  /**
   * Counts one try of the onboarding's code, atomically and before any comparison: only while
   * the code is live (unexpired, fewer than the allowed tries), so parallel guesses cannot pass
   * the limit. Answers the stored hash to compare with, or null when the code is not live.
   */
  async countCodeAttempt(
    id: string,
    now: Date,
  ): Promise<{ codeHash: string; codeAttempts: number } | null> {
    const [row] = await this.db
      .update(onboardings)
      .set({ codeAttempts: sql`${onboardings.codeAttempts} + 1` })
      .where(
        and(
          eq(onboardings.id, id),
          isNull(onboardings.verifiedAt),
          isNotNull(onboardings.codeHash),
          gt(onboardings.codeExpiresAt, now),
          lt(onboardings.codeAttempts, VERIFICATION_CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ codeHash: onboardings.codeHash, codeAttempts: onboardings.codeAttempts });
    return row?.codeHash ? { codeHash: row.codeHash, codeAttempts: row.codeAttempts } : null;
  }

  /** The onboarding's shared insights row, if any. */
  async insightsOf(onboardingId: string): Promise<InsightsRow | null> {
    const [row] = await this.db
      .select()
      .from(sharedInsights)
      .where(eq(sharedInsights.onboardingId, onboardingId))
      .orderBy(desc(sharedInsights.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** Deletes unverified onboardings created before `before`; answers how many. */
  async deleteUnverifiedBefore(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(onboardings)
      .where(and(isNull(onboardings.verifiedAt), lt(onboardings.createdAt, before)))
      .returning({ id: onboardings.id });
    return deleted.length;
  }

  /**
   * Forgets the person behind verified onboardings that never became an account once their
   * report's time is over: the e-mail and the owner token go; the row stays, so the shared link
   * keeps answering 410.
   */
  async forgetUnclaimedBefore(before: Date): Promise<number> {
    const forgotten = await this.db
      .update(onboardings)
      .set({
        email: null,
        tokenHash: null,
        codeHash: null,
        linkHash: null,
        sessionId: sql`gen_random_uuid()`,
      })
      .where(
        and(
          isNotNull(onboardings.verifiedAt),
          isNull(onboardings.userId),
          isNotNull(onboardings.email),
          lt(onboardings.verifiedAt, before),
        ),
      )
      .returning({ id: onboardings.id });
    return forgotten.length;
  }
}
