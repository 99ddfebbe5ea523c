// Labs is for people with the labs_user flag (spec section 6). Checked by the services after the
// route's channel check, so another tenant's channel still answers 404 and the flag never tells
// a stranger the channel exists.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hasFlag } from '../../lib/flags.ts';

/** The flag that opens Labs (/labs). */
export const LABS_FLAG = 'labs_user';

/**
 * Refuses a person without the labs flag with 403 `feature-not-enabled`. Read from the database
 * each time (one primary-key probe), so a flag given or taken applies at once.
 */
export async function requireLabsFlag(db: Db, userId: string): Promise<void> {
  const [row] = await db.select({ flags: users.flags }).from(users).where(eq(users.id, userId));
  if (!row || !hasFlag(row.flags, LABS_FLAG))
    throw new AppError('feature-not-enabled', 'Labs is not enabled for your account.');
}
