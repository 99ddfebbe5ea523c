import type { Onboarding } from '@tubewise/contract';
import {
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_RESEND_COOLDOWN_SECONDS,
} from '@tubewise/contract/onboarding-constants';
import type { onboardings, sharedInsights } from '../../db/schema/index.ts';

/** An onboarding row. */
export type OnboardingRow = typeof onboardings.$inferSelect;
/** A shared insights row. */
export type InsightsRow = typeof sharedInsights.$inferSelect;

/** When another code may be sent to the onboarding (the cooldown after the last one). */
export function resendAvailableAt(row: Pick<OnboardingRow, 'codeSentAt'>): Date | null {
  return row.codeSentAt
    ? new Date(row.codeSentAt.getTime() + VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000)
    : null;
}

/**
 * Whether the onboarding has a code out that may still be tried, as the visitor sees it: a send
 * past the address's cap made none (no hash) but answers alike.
 */
export function codeIsLive(row: OnboardingRow, now: Date): boolean {
  return (
    row.verifiedAt === null &&
    row.codeExpiresAt !== null &&
    row.codeExpiresAt > now &&
    row.codeAttempts < VERIFICATION_CODE_MAX_ATTEMPTS
  );
}

/**
 * The contract's onboarding. `token` is the owner token only in the answer that issues it (never
 * stored in clear); the insights reference comes along when a report exists.
 */
export function presentOnboarding(
  row: OnboardingRow,
  insights: InsightsRow | null,
  now: Date,
  token: string | null = null,
): Onboarding {
  return {
    id: row.id,
    email: row.email,
    onboarded: row.verifiedAt !== null,
    tosTimestamp: row.tosAcceptedAt?.toISOString() ?? null,
    competitors: row.competitors,
    keywords: row.keywords,
    token,
    locale: row.locale,
    sessionId: row.sessionId,
    codeExpiresAt: codeIsLive(row, now) ? row.codeExpiresAt!.toISOString() : null,
    resendAvailableAt:
      row.verifiedAt === null ? (resendAvailableAt(row)?.toISOString() ?? null) : null,
    insights: insights
      ? {
          id: insights.id,
          status: insights.status,
          createdAt: insights.createdAt.toISOString(),
          expiresAt: insights.expiresAt.toISOString(),
          revoked: insights.revokedAt !== null,
        }
      : null,
    accountCreated: row.userId !== null,
  };
}
