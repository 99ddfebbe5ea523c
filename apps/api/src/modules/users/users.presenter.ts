import type { Channel, User } from '@tubewise/contract';
import type { channels, users } from '../../db/schema/index.ts';

/** Shapes a user row for the API (never exposes the password hash). */
export function presentUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    flags: row.flags,
    isV2Enterprise: row.isV2Enterprise,
    aiPermission: row.aiPermission,
    settings: { skipSearchTermHelp: row.settings.skipSearchTermHelp ?? false },
    notificationSettings: { email: row.emailNotifications },
    createdAt: row.createdAt.toISOString(),
  };
}

/** Shapes a channel row for the API. */
export function presentChannel(row: typeof channels.$inferSelect): Channel {
  return {
    id: row.id,
    youtubeId: row.youtubeId,
    name: row.name,
    thumbnailUrl: row.thumbnailUrl,
    needsReconnect: row.needsReconnect,
  };
}
