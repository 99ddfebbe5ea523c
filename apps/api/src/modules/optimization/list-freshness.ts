import type { Clock } from '../../lib/clock.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import {
  CHANNEL_ACCESS_TOPIC,
  type ChannelAccess,
  type ChannelAccessCache,
} from '../channels/index.ts';

/** How long a version or a reader is trusted without hearing from the database. */
const FRESHNESS_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * What lets a cached list page be served without a database round trip: each channel's
 * `videos_version` and who may read the channel, kept per process and dropped when the
 * database's triggers say the channel's videos or members changed (invalidation bus topics
 * 'channel-videos' and 'channel-access'). A short TTL bounds what a lost notification could
 * leave behind. Writes through this process's own routes call `forget` before answering, so
 * their author never waits for the notification; removing someone from a channel publishes
 * 'channel-access' before answering. The list route's declared access check reads its readers
 * (it is the route's ChannelAccessCache).
 */
export class ListFreshness implements ChannelAccessCache {
  private readonly versions = new TtlCache<number>(MAX_ENTRIES);
  /** `${userId}|${channelId}` → that person's access, for people known to have access. */
  private readonly readers = new TtlCache<ChannelAccess>(MAX_ENTRIES);
  /** Bumped on every invalidation, so a read that raced with one is not remembered. */
  private readonly generations = new Map<string, number>();
  private readonly clock: Clock;
  constructor(clock: Clock, bus?: InvalidationBus) {
    this.clock = clock;
    bus?.on('channel-videos', (channelId) => this.forget(channelId));
    bus?.on(CHANNEL_ACCESS_TOPIC, (channelId) => {
      this.readers.deleteWhere((access) => access.channel.id === channelId);
      this.bump(channelId);
    });
  }

  /** Forgets what this process knows of a channel's videos. */
  forget(channelId: string): void {
    this.versions.delete(channelId);
    this.bump(channelId);
  }

  /** A person's access to the channel: from memory when known, otherwise from `load` (which throws when there is none). */
  async access(
    userId: string,
    channelId: string,
    load: () => Promise<ChannelAccess>,
  ): Promise<ChannelAccess> {
    return this.remembered(this.readers, `${userId}|${channelId}`, channelId, load);
  }

  /** The channel's videos_version: from memory when known, otherwise from `load`. */
  async version(channelId: string, load: () => Promise<number>): Promise<number> {
    return this.remembered(this.versions, channelId, channelId, load);
  }

  /** A cached value, or `load`'s, kept unless the channel was invalidated while loading. */
  private async remembered<V>(
    cache: TtlCache<V>,
    key: string,
    channelId: string,
    load: () => Promise<V>,
  ): Promise<V> {
    const now = this.clock.now().getTime();
    const known = cache.get(key, now);
    if (known !== undefined) return known;
    const generation = this.generations.get(channelId) ?? 0;
    const value = await load();
    if ((this.generations.get(channelId) ?? 0) === generation)
      cache.set(key, value, now + FRESHNESS_TTL_MS);
    return value;
  }

  private bump(channelId: string): void {
    this.generations.set(channelId, (this.generations.get(channelId) ?? 0) + 1);
  }
}
