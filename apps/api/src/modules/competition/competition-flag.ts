// The competition view is for people with the competition_user flag (spec section 6). Checked
// by the services after the route's channel check, so another tenant's channel still answers
// 404 and the flag never tells a stranger the channel exists.
import { eq } from 'drizzle-orm';
import { COMPETITION_FLAG } from '@tubewise/contract/onboarding-constants';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hasFlag } from '../../lib/flags.ts';

/**
 * Refuses a person without the competition flag with 403 `feature-not-enabled`. Read from the
 * database each time (one primary-key probe), so a flag given or taken applies at once.
 */
export async function requireCompetitionFlag(db: Db, userId: string): Promise<void> {
  const [row] = await db.select({ flags: users.flags }).from(users).where(eq(users.id, userId));
  if (!row || !hasFlag(row.flags, COMPETITION_FLAG))
    throw new AppError('feature-not-enabled', 'Competition is not enabled for your account.');
}
