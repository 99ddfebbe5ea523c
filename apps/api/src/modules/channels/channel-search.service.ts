import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { platformCache } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { RateLimitService, type Limit } from '../rate-limit/index.ts';
import { platformToAppError, type VideoPlatform } from '../video-platform/index.ts';

/** A search answer is reused this long: search.list has its own bucket of only 100 calls a day. */
export const CHANNEL_SEARCH_CACHE_SECONDS = 24 * 3600;
/** Searches one IP address may make (cache hits included). */
export const CHANNEL_SEARCH_LIMIT: Limit = { max: 30, windowSeconds: 60 };

/** One page of public channel search results. */
export interface ChannelSearchPage {
  channels: { youtubeId: string; title: string; description: string; thumbnailUrl: string }[];
  nextPageToken: string | null;
}

/**
 * Channel search for signed-out visitors (onboarding): rate-limited per IP and cached in the
 * database, so a repeated query, from any server process, spends no quota.
 */
export class ChannelSearchService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly limits: RateLimitService;
  private readonly clock: Clock;
  private readonly apiKey: string;
  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    limits: RateLimitService;
    clock: Clock;
    apiKey: string;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.limits = deps.limits;
    this.clock = deps.clock;
    this.apiKey = deps.apiKey;
  }

  /** Searches channels by name. */
  async search(q: string, pageToken: string | undefined, ip: string): Promise<ChannelSearchPage> {
    RateLimitService.assertAllowed(
      await this.limits.hit(`channel-search:ip:${ip}`, CHANNEL_SEARCH_LIMIT),
      'Too many searches. Please wait a minute and try again.',
    );
    const key = `channel-search:${q.trim().toLowerCase().replace(/\s+/g, ' ')}:${pageToken ?? ''}`;
    const now = this.clock.now();
    const cached = await this.db.query.platformCache.findFirst({
      where: eq(platformCache.key, key),
    });
    if (cached && cached.expiresAt > now) return cached.value as ChannelSearchPage;
    let result: ChannelSearchPage;
    try {
      const page = await this.platform.search(
        { apiKey: this.apiKey },
        { q, type: 'channel', pageToken, maxResults: 10 },
      );
      result = {
        channels: page.items.map((c) => ({
          youtubeId: c.youtubeId,
          title: c.title,
          description: c.description,
          thumbnailUrl: c.thumbnailUrl ?? '',
        })),
        nextPageToken: page.nextPageToken,
      };
    } catch (error) {
      throw platformToAppError(error);
    }
    const expiresAt = new Date(now.getTime() + CHANNEL_SEARCH_CACHE_SECONDS * 1000);
    await this.db
      .insert(platformCache)
      .values({ key, value: result, expiresAt })
      .onConflictDoUpdate({
        target: platformCache.key,
        set: { value: sql`excluded.value`, expiresAt },
      });
    return result;
  }

  /** Deletes expired cache entries. */
  async purgeExpired(): Promise<void> {
    await this.db.delete(platformCache).where(lt(platformCache.expiresAt, this.clock.now()));
  }
}
