import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { channelMembers, channels } from './db/schema/index.ts';
import type { UsersService } from './modules/users/users.service.ts';

/** The demo channels of the embedded default (the video-platform emulator adds their data). */
export const DEMO_CHANNELS = [
  { youtubeId: 'UCtw0demo00000000000001', name: 'Trailside Kitchen' },
  { youtubeId: 'UCtw0demo00000000000002', name: 'Pixel Forge Tutorials' },
  { youtubeId: 'UCtw0demo00000000000003', name: 'Budget Van Life' },
  { youtubeId: 'UCtw0demo00000000000004', name: 'Daily Calm Yoga' },
  { youtubeId: 'UCtw0demo00000000000005', name: 'Garage Science' },
  { youtubeId: 'UCtw0demo00000000000006', name: 'Lena Learns Languages' },
  { youtubeId: 'UCtw0demo00000000000007', name: 'Retro Console Repair' },
  { youtubeId: 'UCtw0demo00000000000008', name: 'Small Garden Big Harvest' },
] as const;

/** Creates the demo account with its channels if missing; returns whether it was created. */
export async function seedDemo(
  db: Db,
  users: UsersService,
  account: { email: string; password: string },
): Promise<boolean> {
  const { id, created } = await users.ensureUser({
    email: account.email,
    password: account.password,
    name: 'Demo Creator',
    flags: 'competition_user,labs_user',
  });
  if (!created) return false;
  for (const [index, c] of DEMO_CHANNELS.entries()) {
    const [row] = await db
      .insert(channels)
      .values({
        youtubeId: c.youtubeId,
        name: c.name,
        thumbnailUrl: `/demo/channel-${index + 1}.svg`,
      })
      .onConflictDoUpdate({ target: channels.youtubeId, set: { name: sql`excluded.name` } })
      .returning({ id: channels.id });
    await db
      .insert(channelMembers)
      .values({ channelId: row!.id, userId: id, role: 'owner' })
      .onConflictDoNothing();
  }
  return true;
}
