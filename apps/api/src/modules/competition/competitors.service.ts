// The competitors a channel follows (at most COMPETITORS_PER_CHANNEL_MAX), managed by any of its
// people who have the competition flag. Their public figures come from PublicChannelsService
// (public_channels, read with the product's key and shared by every channel following them);
// the daily job reads again those of channels someone can still use the view on.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  COMPETITION_FLAG,
  COMPETITORS_PER_CHANNEL_MAX,
} from '@tubewise/contract/onboarding-constants';
import type { Competitor, CompetitorsResponse } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { channelCompetitors, channels } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { channelWritableSql } from '../../lib/plan-gate.ts';
import { requireCompetitionFlag } from './competition-flag.ts';
import type { PublicChannelData, PublicChannelsService } from './public-channels.service.ts';

/** The daily refresh reads channels older than this, so it never skips a day by minutes. */
export const DAILY_REFRESH_AGE_MS = 20 * 3600_000;
/** Channels read per platform call (channels.list takes 50 ids). */
const REFRESH_BATCH = 50;

/** A followed competitor as stored. */
export interface FollowedCompetitor {
  youtubeId: string;
  addedAt: Date;
}

/** Lists, adds and removes a channel's competitors. */
export class CompetitorsService {
  private readonly db: Db;
  private readonly publicChannels: Pick<PublicChannelsService, 'get'>;
  private readonly clock: Clock;

  constructor(deps: { db: Db; publicChannels: Pick<PublicChannelsService, 'get'>; clock: Clock }) {
    this.db = deps.db;
    this.publicChannels = deps.publicChannels;
    this.clock = deps.clock;
  }

  /** The channel's competitors with their public figures, in the order they were added. */
  async list(userId: string, channelId: string): Promise<CompetitorsResponse> {
    await requireCompetitionFlag(this.db, userId);
    return this.present(await this.followed(channelId));
  }

  /**
   * Follows a platform channel: refused for the channel itself (400), for an id the platform
   * does not know (404) and past the limit (409 `competitors-limit`, counted under a per-channel
   * lock so concurrent adds never pass it); adding one already followed changes nothing.
   */
  async add(userId: string, channelId: string, youtubeId: string): Promise<CompetitorsResponse> {
    await requireCompetitionFlag(this.db, userId);
    const [channel] = await this.db
      .select({ youtubeId: channels.youtubeId })
      .from(channels)
      .where(eq(channels.id, channelId));
    if (!channel) throw new AppError('not-found', 'Channel not found.');
    if (channel.youtubeId === youtubeId)
      throw new AppError('bad-request', 'A channel cannot be its own competitor.');
    const known = await this.followed(channelId);
    if (!known.some((c) => c.youtubeId === youtubeId)) {
      // Checked before the lock: a platform read must not hold the channel's writers up.
      const [found] = await this.publicChannels.get([youtubeId]);
      if (!found) throw new AppError('not-found', 'No YouTube channel with this id.');
      if (found.refreshedAt === null && found.unavailable)
        throw new AppError(
          'platform-unavailable',
          'YouTube could not be asked about this channel just now. Please try again later.',
        );
      await this.db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtext(${`competitors:${channelId}`}))`,
        );
        const rows = await tx
          .select({ youtubeId: channelCompetitors.youtubeId })
          .from(channelCompetitors)
          .where(eq(channelCompetitors.channelId, channelId));
        if (rows.some((r) => r.youtubeId === youtubeId)) return;
        if (rows.length >= COMPETITORS_PER_CHANNEL_MAX)
          throw new AppError(
            'competitors-limit',
            `A channel can follow at most ${COMPETITORS_PER_CHANNEL_MAX} competitors.`,
            { details: { max: COMPETITORS_PER_CHANNEL_MAX } },
          );
        await tx
          .insert(channelCompetitors)
          .values({ channelId, youtubeId, addedBy: userId })
          .onConflictDoNothing();
      });
    }
    return this.present(await this.followed(channelId));
  }

  /** Stops following a competitor (nothing to do when it was not followed). */
  async remove(userId: string, channelId: string, youtubeId: string): Promise<CompetitorsResponse> {
    await requireCompetitionFlag(this.db, userId);
    await this.db
      .delete(channelCompetitors)
      .where(
        and(
          eq(channelCompetitors.channelId, channelId),
          eq(channelCompetitors.youtubeId, youtubeId),
        ),
      );
    return this.present(await this.followed(channelId));
  }

  /** The channel's competitors as stored, oldest first. */
  async followed(channelId: string): Promise<FollowedCompetitor[]> {
    return this.db
      .select({ youtubeId: channelCompetitors.youtubeId, addedAt: channelCompetitors.createdAt })
      .from(channelCompetitors)
      .where(eq(channelCompetitors.channelId, channelId))
      .orderBy(asc(channelCompetitors.createdAt), asc(channelCompetitors.youtubeId));
  }

  /**
   * The competitors due for the daily refresh: followed by a channel that one of its people with
   * the competition flag can use (its account not read-only), and not read for
   * DAILY_REFRESH_AGE_MS or read only lightly (an onboarding's read: one page of uploads);
   * never read first, then the light reads, then the oldest. A competitor carried over from an
   * onboarding, or followed only by channels whose trial ended, is not read again.
   */
  async dueForRefresh(): Promise<string[]> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - DAILY_REFRESH_AGE_MS);
    const result = await this.db.execute(sql`
      SELECT cc.youtube_id AS "youtubeId"
      FROM channel_competitors cc
      LEFT JOIN public_channels p ON p.youtube_id = cc.youtube_id
      WHERE (p.refreshed_at IS NULL OR p.refreshed_at < ${cutoff.toISOString()}::timestamptz
          OR p.light_read)
        AND EXISTS (
          SELECT 1 FROM channel_members m JOIN users u ON u.id = m.user_id
          WHERE m.channel_id = cc.channel_id
            AND ${COMPETITION_FLAG} = ANY (
              SELECT btrim(f) FROM unnest(string_to_array(u.flags, ',')) AS f))
        AND ${channelWritableSql(sql`cc.channel_id`, now)}
      GROUP BY cc.youtube_id, p.refreshed_at, p.light_read
      ORDER BY p.refreshed_at IS NOT NULL, p.light_read IS NOT TRUE, p.refreshed_at ASC,
        cc.youtube_id`);
    return rowsOf<{ youtubeId: string }>(result).map((r) => r.youtubeId);
  }

  /**
   * The daily job: reads the due competitors again (DAILY_REFRESH_AGE_MS as the data's max age),
   * 50 per call, oldest first, so a used-up unit budget leaves the most recent ones waiting.
   */
  async refreshDue(): Promise<{ refreshed: number; failed: number }> {
    const ids = await this.dueForRefresh();
    let refreshed = 0;
    let failed = 0;
    for (let i = 0; i < ids.length; i += REFRESH_BATCH) {
      const batch = ids.slice(i, i + REFRESH_BATCH);
      const data = new Map(
        (await this.publicChannels.get(batch, { maxAgeMs: DAILY_REFRESH_AGE_MS })).map((d) => [
          d.youtubeId,
          d,
        ]),
      );
      for (const id of batch) {
        const d = data.get(id);
        if (d && !d.unavailable) refreshed += 1;
        else failed += 1;
      }
    }
    return { refreshed, failed };
  }

  private async present(followed: FollowedCompetitor[]): Promise<CompetitorsResponse> {
    const data = new Map(
      (await this.publicChannels.get(followed.map((c) => c.youtubeId))).map((d) => [
        d.youtubeId,
        d,
      ]),
    );
    return {
      competitors: followed.map((c) => competitorOf(c, data.get(c.youtubeId))),
      max: COMPETITORS_PER_CHANNEL_MAX,
    };
  }
}

/**
 * A competitor with its public figures; one the platform no longer knows keeps its id as its
 * title until it is removed.
 */
export function competitorOf(
  followed: FollowedCompetitor,
  data: PublicChannelData | undefined,
): Competitor {
  return {
    youtubeId: followed.youtubeId,
    title: data?.title || followed.youtubeId,
    thumbnailUrl: data?.thumbnailUrl ?? '',
    customUrl: data?.customUrl ?? null,
    subscriberCount: data?.subscriberCount ?? null,
    videoCount: data?.videoCount ?? null,
    viewCount: data?.viewCount ?? null,
    refreshedAt: data?.refreshedAt?.toISOString() ?? null,
    addedAt: followed.addedAt.toISOString(),
  };
}
