// The one-time OAuth `state` of a consent (the channel connection's and Search Console's): stored
// hashed with the session family it is bound to; a callback claims it once.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthStates } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';

/** A stored consent state (its PKCE verifier still encrypted). */
export type OAuthStateRow = typeof oauthStates.$inferSelect;

/**
 * Claims the state a callback brought: marks it used, in one statement, when it is unused and
 * unexpired, and returns it; null otherwise (absent, unknown, used or expired). The caller
 * checks that it is its mode's and this session's.
 */
export async function claimOAuthState(
  db: Db,
  secret: string,
  state: string | undefined,
  now: Date,
): Promise<OAuthStateRow | null> {
  if (!state) return null;
  const [claimed] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, hashToken(secret, state)),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning();
  return claimed ?? null;
}
