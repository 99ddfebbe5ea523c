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

const AVATAR_COLOURS = [
  '#6d28d9',
  '#0f766e',
  '#b45309',
  '#be123c',
  '#1d4ed8',
  '#15803d',
  '#7c2d12',
  '#4338ca',
];

/** A self-contained SVG avatar with the channel's initials (no asset to serve). */
export function avatar(name: string, index: number): string {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88" viewBox="0 0 88 88">` +
    `<rect width="88" height="88" fill="${AVATAR_COLOURS[index % AVATAR_COLOURS.length]}"/>` +
    `<text x="44" y="54" font-family="Arial,sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

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
        thumbnailUrl: avatar(c.name, index),
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
