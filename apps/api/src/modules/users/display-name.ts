import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The name shown for a person in drafts and publish history (their name, else their e-mail). */
export async function displayName(db: Db, userId: string): Promise<string> {
  const row = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { name: true, email: true },
  });
  return row?.name.trim() || row?.email || 'Someone';
}
