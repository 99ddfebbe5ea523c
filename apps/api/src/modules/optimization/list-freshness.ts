import type { Clock } from '../../lib/clock.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** How long a version or a reader is trusted without hearing from the database. */
const FRESHNESS_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * What lets a cached list page be served without a database round trip: each channel's
 * `videos_version` and who may read the channel, kept per process and dropped when the
 * database's triggers say the channel's videos or members changed (invalidation bus topics
 * 'channel-videos' and 'channel-access'). A short TTL bounds what a lost notification could
 * leave behind. Writes through this process's own routes call `forget` before answering, so
 * their author never waits for the notification.
 */
export class ListFreshness {
  private readonly versions = new TtlCache<number>(MAX_ENTRIES);
  /** `${userId}|${channelId}` → channelId, for people known to have access. */
  private readonly readers = new TtlCache<string>(MAX_ENTRIES);
  /** Bumped on every invalidation, so a read that raced with one is not remembered. */
  private readonly generations = new Map<string, number>();
  private readonly clock: Clock;
  constructor(clock: Clock, bus?: InvalidationBus) {
    this.clock = clock;
    bus?.on('channel-videos', (channelId) => this.forget(channelId));
    bus?.on('channel-access', (channelId) => {
      this.readers.deleteWhere((id) => id === channelId);
      this.bump(channelId);
    });
  }

  /** Forgets what this process knows of a channel's videos. */
  forget(channelId: string): void {
    this.versions.delete(channelId);
    this.bump(channelId);
  }

  /**
   * The channel's videos_version for a person: from memory when both are known, otherwise from
   * `load`, which checks the person's access (throwing when there is none) and reads it.
   */
  async version(userId: string, channelId: string, load: () => Promise<number>): Promise<number> {
    const now = this.clock.now().getTime();
    const reader = `${userId}|${channelId}`;
    const known = this.versions.get(channelId, now);
    if (known !== undefined && this.readers.get(reader, now) !== undefined) return known;
    const generation = this.generations.get(channelId) ?? 0;
    const version = await load();
    if ((this.generations.get(channelId) ?? 0) === generation) {
      this.versions.set(channelId, version, now + FRESHNESS_TTL_MS);
      this.readers.set(reader, channelId, now + FRESHNESS_TTL_MS);
    }
    return version;
  }

  private bump(channelId: string): void {
    this.generations.set(channelId, (this.generations.get(channelId) ?? 0) + 1);
  }
}
