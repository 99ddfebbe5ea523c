// The competitors a channel follows (at most COMPETITORS_PER_CHANNEL_MAX), managed by any of its
// people who have the competition flag. Their public figures come from PublicChannelsService
// (public_channels, read with the product's key and shared by every channel following them).
import { and, asc, eq, sql } from 'drizzle-orm';
import { COMPETITORS_PER_CHANNEL_MAX } from '@tubewise/contract/onboarding-constants';
import type { Competitor, CompetitorsResponse } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { channelCompetitors, channels } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { requireCompetitionFlag } from './competition-flag.ts';
import type { PublicChannelData, PublicChannelsService } from './public-channels.service.ts';

/** A followed competitor as stored. */
export interface FollowedCompetitor {
  youtubeId: string;
  addedAt: Date;
}

/** Lists, adds and removes a channel's competitors. */
export class CompetitorsService {
  private readonly db: Db;
  private readonly publicChannels: Pick<PublicChannelsService, 'get'>;

  constructor(deps: { db: Db; publicChannels: Pick<PublicChannelsService, 'get'> }) {
    this.db = deps.db;
    this.publicChannels = deps.publicChannels;
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
