// Search Console's rows: a person's grant (tokens encrypted by the caller), the property each
// channel shows, the channel's most viewed videos, and the day's cached report in
// analytics_reports (the reporting module's per-channel, per-day cache).
import { and, desc, eq, isNotNull, like, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  analyticsReports,
  channelMembers,
  channelSearchConsole,
  channels,
  searchConsoleGrants,
  users,
  videos,
} from '../../db/schema/index.ts';

/** A stored grant, its tokens still encrypted. */
export type GrantRow = typeof searchConsoleGrants.$inferSelect;

/** Encrypted tokens to store for a person. */
export interface GrantTokens {
  refreshTokenEnc: string;
  accessTokenEnc: string;
  accessExpiresAt: Date;
  scopes: string;
}

/** The property chosen for a channel, and whose grant reads it. */
export interface ChannelChoice {
  siteUrl: string;
  userId: string;
  /** The chooser's name (their e-mail when they gave none). */
  connectedBy: string;
}

/** Prefix of every analytics_reports row this module writes. */
export const CACHE_PREFIX = 'search-console:';

/** Reads and writes the Search Console module's rows. */
export class SearchConsoleRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The person's grant, or null. */
  async grant(userId: string): Promise<GrantRow | null> {
    const [row] = await this.db
      .select()
      .from(searchConsoleGrants)
      .where(eq(searchConsoleGrants.userId, userId));
    return row ?? null;
  }

  /** Stores a person's new grant, replacing an older one and clearing its reconnect flag. */
  async saveGrant(userId: string, tokens: GrantTokens, now: Date): Promise<void> {
    const values = { ...tokens, needsReconnect: false, connectedAt: now, updatedAt: now };
    await this.db
      .insert(searchConsoleGrants)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: searchConsoleGrants.userId, set: values });
  }

  /** Stores a refreshed access token (and a rotated refresh token). */
  async updateAccess(
    userId: string,
    tokens: { accessTokenEnc: string; accessExpiresAt: Date; refreshTokenEnc?: string },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(searchConsoleGrants)
      .set({ ...tokens, updatedAt: now })
      .where(eq(searchConsoleGrants.userId, userId));
  }

  /** Marks the person's grant as needing a new consent. */
  async markNeedsReconnect(userId: string, now: Date): Promise<void> {
    await this.db
      .update(searchConsoleGrants)
      .set({ needsReconnect: true, accessTokenEnc: null, accessExpiresAt: null, updatedAt: now })
      .where(eq(searchConsoleGrants.userId, userId));
  }

  /** Forgets the person's grant; the channel choices made with it go by cascade. */
  async deleteGrant(userId: string): Promise<void> {
    await this.db.delete(searchConsoleGrants).where(eq(searchConsoleGrants.userId, userId));
  }

  /**
   * The property chosen for the channel, or null. A choice whose chooser is no longer on the
   * channel (removed, left) is deleted here and not used: their grant must not keep serving
   * the channel's people.
   */
  async choice(channelId: string): Promise<ChannelChoice | null> {
    const [row] = await this.db
      .select({
        siteUrl: channelSearchConsole.siteUrl,
        userId: channelSearchConsole.userId,
        name: users.name,
        email: users.email,
        member: channelMembers.userId,
      })
      .from(channelSearchConsole)
      .innerJoin(users, eq(users.id, channelSearchConsole.userId))
      .leftJoin(
        channelMembers,
        and(
          eq(channelMembers.channelId, channelSearchConsole.channelId),
          eq(channelMembers.userId, channelSearchConsole.userId),
        ),
      )
      .where(eq(channelSearchConsole.channelId, channelId));
    if (!row) return null;
    if (!row.member) {
      // Only this chooser's row: a new choice made meanwhile by a member stays.
      await this.db
        .delete(channelSearchConsole)
        .where(
          and(
            eq(channelSearchConsole.channelId, channelId),
            eq(channelSearchConsole.userId, row.userId),
          ),
        );
      return null;
    }
    return { siteUrl: row.siteUrl, userId: row.userId, connectedBy: row.name || row.email };
  }

  /** Sets the channel's property, read with `userId`'s grant. */
  async setChoice(channelId: string, siteUrl: string, userId: string, now: Date): Promise<void> {
    await this.db
      .insert(channelSearchConsole)
      .values({ channelId, siteUrl, userId, chosenAt: now })
      .onConflictDoUpdate({
        target: channelSearchConsole.channelId,
        set: { siteUrl, userId, chosenAt: now },
      });
  }

  /** Removes the channel's property. */
  async removeChoice(channelId: string): Promise<void> {
    await this.db.delete(channelSearchConsole).where(eq(channelSearchConsole.channelId, channelId));
  }

  /** The channel's platform id (null when the channel is gone). */
  async youtubeId(channelId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ youtubeId: channels.youtubeId })
      .from(channels)
      .where(eq(channels.id, channelId));
    return row?.youtubeId ?? null;
  }

  /** Platform ids of the channel's `limit` most viewed synced videos. */
  async mostViewedVideos(channelId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ youtubeId: videos.youtubeId })
      .from(videos)
      .where(and(eq(videos.channelId, channelId), isNotNull(videos.viewCount)))
      .orderBy(desc(videos.viewCount), videos.youtubeId)
      .limit(limit);
    return rows.map((r) => r.youtubeId);
  }

  /** A value this module cached for the channel on `day`, if any. */
  async cached(channelId: string, report: string, day: string): Promise<unknown> {
    const [row] = await this.db
      .select({ value: analyticsReports.value })
      .from(analyticsReports)
      .where(
        and(
          eq(analyticsReports.channelId, channelId),
          eq(analyticsReports.report, `${CACHE_PREFIX}${report}`),
          eq(analyticsReports.day, day),
        ),
      );
    return row?.value ?? null;
  }

  /** Caches a value for the day (the first one wins) and drops this module's older days. */
  async saveCached(
    channelId: string,
    report: string,
    day: string,
    value: unknown,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(analyticsReports)
      .values({ channelId, report: `${CACHE_PREFIX}${report}`, day, value, fetchedAt: now })
      .onConflictDoNothing();
    await this.db
      .delete(analyticsReports)
      .where(
        and(
          eq(analyticsReports.channelId, channelId),
          like(analyticsReports.report, `${CACHE_PREFIX}%`),
          lt(analyticsReports.day, day),
        ),
      );
  }
}
