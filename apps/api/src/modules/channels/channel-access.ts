import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq } from 'drizzle-orm';
import type { ChannelScope } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import {
  channelMembers,
  channels,
  ideaFolders,
  savedIdeas,
  thumbnailUploads,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { UUID } from '../../lib/ids.ts';
import type { ChannelsService } from './channels.service.ts';

/**
 * Invalidation-bus topic of a channel whose people changed (key: channel id): caches of who may
 * read it drop it. Also sent by the channel_members trigger (migration 0006).
 */
export const CHANNEL_ACCESS_TOPIC = 'channel-access';

/** A person's access to a channel: the channel row and their role on it. */
export interface ChannelAccess {
  channel: typeof channels.$inferSelect;
  role: 'owner' | 'member';
}

/**
 * A per-process memo of access the database confirmed a moment ago (the optimisation list's
 * readers), so a hot read is served without a round trip. It must forget a channel's readers as
 * soon as anyone's access to it is revoked (see ChannelsService: removals publish 'channel-access').
 */
export interface ChannelAccessCache {
  /** The person's access from memory when known, else `load`'s answer (then remembered). */
  access(
    userId: string,
    channelId: string,
    load: () => Promise<ChannelAccess>,
  ): Promise<ChannelAccess>;
}

/**
 * Access confirmed during the current request, by `${userId}|${channelId}`: a service that
 * checks again (e.g. ChannelsService.getSettings after the route's declared check) gets the same
 * answer without another query. Only set inside ChannelGuard.run, i.e. one HTTP request.
 */
const checkedInRequest = new AsyncLocalStorage<Map<string, ChannelAccess>>();

/** Access to a channel already confirmed in this request, if any. */
export function accessCheckedInRequest(
  userId: string,
  channelId: string,
): ChannelAccess | undefined {
  return checkedInRequest.getStore()?.get(`${userId}|${channelId}`);
}

/** Records access the database just confirmed, for later checks in the same request. */
export function rememberAccessInRequest(userId: string, access: ChannelAccess): void {
  checkedInRequest.getStore()?.set(`${userId}|${access.channel.id}`, access);
}

/** Resources a route may name instead of its channel, and the 404 of one the caller may not see. */
const RESOURCES = {
  thumbnail: { table: thumbnailUploads, message: 'This thumbnail upload does not exist.' },
  'idea-folder': { table: ideaFolders, message: 'Folder not found.' },
  'saved-idea': { table: savedIdeas, message: 'Saved idea not found.' },
} as const;

/**
 * Runs the access check a route declares in the contract (`scope`), once, before its handler:
 * finds the channel the request names (by product id, platform id, or a resource of the channel)
 * and the caller's role on it. Someone not on the channel gets the same 404 as for a channel or
 * resource that does not exist; a member on an owner-only route gets 403 'forbidden'.
 */
export class ChannelGuard {
  private readonly db: Db;
  private readonly channels: ChannelsService;
  constructor(deps: { db: Db; channels: ChannelsService }) {
    this.db = deps.db;
    this.channels = deps.channels;
  }

  /** Runs one request's work with its own memo of confirmed access. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return checkedInRequest.run(new Map(), work);
  }

  /** The caller's access to the channel `value` names, as `scope` declares it. */
  async resolve(
    userId: string,
    scope: ChannelScope,
    value: string,
    cache?: ChannelAccessCache,
  ): Promise<ChannelAccess> {
    const access = await this.find(userId, scope, value, cache);
    if (scope.role === 'owner' && access.role !== 'owner')
      throw new AppError('forbidden', 'Only the channel owner can do this.');
    return access;
  }

  private async find(
    userId: string,
    scope: ChannelScope,
    value: string,
    cache: ChannelAccessCache | undefined,
  ): Promise<ChannelAccess> {
    const via = scope.via ?? 'id';
    switch (via) {
      case 'id':
        if (cache && UUID.test(value))
          return cache.access(userId, value, () => this.channels.requireAccess(userId, value));
        return this.channels.requireAccess(userId, value);
      case 'any-id':
        return UUID.test(value)
          ? this.channels.requireAccess(userId, value)
          : this.byYoutubeId(userId, value);
      case 'youtube-id':
        return this.byYoutubeId(userId, value);
      default:
        return this.byResource(userId, via, value);
    }
  }

  private async byYoutubeId(userId: string, youtubeId: string): Promise<ChannelAccess> {
    const [row] = await this.db
      .select({ channel: channels, role: channelMembers.role })
      .from(channelMembers)
      .innerJoin(channels, eq(channels.id, channelMembers.channelId))
      .where(and(eq(channels.youtubeId, youtubeId), eq(channelMembers.userId, userId)));
    if (!row) throw new AppError('not-found', 'Channel not found.');
    rememberAccessInRequest(userId, row);
    return row;
  }

  /** The resource's channel and the caller's role on it, in one query. */
  private async byResource(
    userId: string,
    kind: keyof typeof RESOURCES,
    id: string,
  ): Promise<ChannelAccess> {
    const { table, message } = RESOURCES[kind];
    if (!UUID.test(id)) throw new AppError('not-found', message);
    const [row] = await this.db
      .select({ channel: channels, role: channelMembers.role })
      .from(table)
      .innerJoin(
        channelMembers,
        and(eq(channelMembers.channelId, table.channelId), eq(channelMembers.userId, userId)),
      )
      .innerJoin(channels, eq(channels.id, table.channelId))
      .where(eq(table.id, id));
    if (!row) throw new AppError('not-found', message);
    rememberAccessInRequest(userId, row);
    return row;
  }
}
