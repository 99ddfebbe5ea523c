import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import { UNSUBSCRIBE_PAGE_PATH, type IdeaInboxSettings } from '@tubewise/contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { channelMembers, channels, ideaInboxSubscriptions, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hasFlag } from '../../lib/flags.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ChannelsService } from '../channels/index.ts';
import type { MailService } from '../mail/index.ts';
import type { IdeasService } from './ideas.service.ts';
import type { Limit, RateLimitService } from '../rate-limit/index.ts';
import { weeklyIdeasEmail } from './idea-inbox.emails.ts';
import { ideaKey, type SavedIdeasService } from './saved-ideas.service.ts';

/** The feature flag that gates the inbox settings and the weekly e-mail. */
export const WEEKLY_IDEAS_FLAG = 'weekly_video_ideas';
/** Ideas one weekly e-mail lists at most. */
export const WEEKLY_IDEAS_PER_EMAIL = 10;
/** Shortest time between two weekly e-mails of one person and channel (a day of slack for the cron). */
export const WEEKLY_MIN_INTERVAL_MS = 6 * 24 * 3_600_000;
/** Unsubscribe attempts one address may make (tokens are unguessable; this bounds the work). */
export const UNSUBSCRIBE_LIMIT: Limit = { max: 30, windowSeconds: 600 };

/** An idea candidate for the weekly e-mail. */
export interface WeeklyIdeaCandidate {
  phrase: string;
  languageId: string;
  volume: number | null;
}

/** New ideas for a channel, best first (the ideas module's suggestions). */
export type WeeklyIdeaSource = (
  channelId: string,
  userId: string,
) => Promise<WeeklyIdeaCandidate[]>;

/** What one run of the weekly job did. */
export interface WeeklyRunResult {
  sent: number;
  /** Subscriptions without new ideas (no topics, or every idea already saved). */
  empty: number;
  failed: number;
}

/**
 * The weekly ideas e-mail: per-channel opt-in for people with the `weekly_video_ideas` flag, the
 * weekly run that mails each of them new ideas from the channel's topics (never twice within
 * six days), and the sign-in-free unsubscribe with an HMAC-signed token. Knows nothing of HTTP.
 */
export class IdeaInboxService {
  private readonly db: Db;
  private readonly channels: ChannelsService;
  private readonly saved: SavedIdeasService;
  private readonly mail: MailService;
  private readonly limits: RateLimitService;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly secret: Buffer;
  private readonly publicUrl: string;
  private readonly productName: string;
  private readonly source: WeeklyIdeaSource;
  constructor(deps: {
    db: Db;
    channels: ChannelsService;
    saved: SavedIdeasService;
    mail: MailService;
    limits: RateLimitService;
    clock: Clock;
    log: Logger;
    /** A server secret (SESSION_SECRET) the unsubscribe tokens are signed with. */
    secret: string;
    publicUrl: string;
    productName: string;
    source: WeeklyIdeaSource;
  }) {
    this.db = deps.db;
    this.channels = deps.channels;
    this.saved = deps.saved;
    this.mail = deps.mail;
    this.limits = deps.limits;
    this.clock = deps.clock;
    this.log = deps.log;
    // A key of its own, derived from the server secret: the tokens in e-mails never share a
    // key with the session machinery.
    this.secret = Buffer.from(
      hkdfSync('sha256', deps.secret, 'tubewise', 'weekly-ideas-unsubscribe', 32),
    );
    this.publicUrl = deps.publicUrl;
    this.productName = deps.productName;
    this.source = deps.source;
  }

  /** The person's channels and whether each sends the weekly e-mail; 403 without the flag. */
  async settings(userId: string): Promise<IdeaInboxSettings> {
    await this.requireFlag(userId);
    const rows = await this.db
      .select({
        channelId: channels.id,
        channelName: channels.name,
        optedIn: ideaInboxSubscriptions.optedIn,
      })
      .from(channelMembers)
      .innerJoin(channels, eq(channels.id, channelMembers.channelId))
      .leftJoin(
        ideaInboxSubscriptions,
        and(
          eq(ideaInboxSubscriptions.userId, channelMembers.userId),
          eq(ideaInboxSubscriptions.channelId, channelMembers.channelId),
        ),
      )
      .where(eq(channelMembers.userId, userId))
      .orderBy(asc(channels.name), asc(channels.id));
    return {
      items: rows.map((r) => ({
        channelId: r.channelId,
        channelName: r.channelName,
        weeklyIdeas: r.optedIn ?? false,
      })),
    };
  }

  /** Opts in or out of the weekly e-mail for one of the person's channels. */
  async update(
    userId: string,
    channelId: string,
    weeklyIdeas: boolean,
  ): Promise<IdeaInboxSettings> {
    await this.requireFlag(userId);
    await this.channels.requireAccess(userId, channelId);
    await this.setOptedIn(userId, channelId, weeklyIdeas);
    return this.settings(userId);
  }

  /**
   * Turns the weekly e-mail off with the token of its link (no sign-in). Counted per address;
   * a token that is not ours is 'invalid-token'.
   */
  async unsubscribe(token: string, ip: string): Promise<{ channelName: string }> {
    const limit = await this.limits.hit(`ideas-unsubscribe:${ip}`, UNSUBSCRIBE_LIMIT);
    if (!limit.allowed)
      throw new AppError('rate-limited', 'Too many attempts. Please try again later.', {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    const target = this.verifyToken(token);
    if (!target) throw invalidToken();
    const channel = await this.db.query.channels.findFirst({
      where: eq(channels.id, target.channelId),
      columns: { name: true },
    });
    const user = await this.db.query.users.findFirst({
      where: eq(users.id, target.userId),
      columns: { id: true },
    });
    if (!channel || !user) throw invalidToken();
    await this.setOptedIn(target.userId, target.channelId, false);
    return { channelName: channel.name };
  }

  /** The signed token of an unsubscribe link: user and channel, with an HMAC of both. */
  unsubscribeToken(userId: string, channelId: string): string {
    return `${userId}.${channelId}.${this.mac(userId, channelId)}`;
  }

  /** The link a weekly e-mail carries (the web page posts its token). */
  unsubscribeLink(userId: string, channelId: string): string {
    const token = encodeURIComponent(this.unsubscribeToken(userId, channelId));
    return `${this.publicUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`;
  }

  /**
   * The weekly run: every opted-in person who still has the flag and the channel gets one e-mail
   * of new ideas (not yet saved by the channel) unless one was sent in the last six days.
   * A failed subscription does not stop the others; the run throws at the end so it is retried,
   * and what was sent is not sent again.
   */
  async sendWeekly(): Promise<WeeklyRunResult> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - WEEKLY_MIN_INTERVAL_MS);
    const due = await this.db
      .select({
        userId: users.id,
        email: users.email,
        flags: users.flags,
        channelId: channels.id,
        channelName: channels.name,
        lastSentAt: ideaInboxSubscriptions.lastSentAt,
      })
      .from(ideaInboxSubscriptions)
      .innerJoin(users, eq(users.id, ideaInboxSubscriptions.userId))
      .innerJoin(channels, eq(channels.id, ideaInboxSubscriptions.channelId))
      .innerJoin(
        channelMembers,
        and(
          eq(channelMembers.channelId, ideaInboxSubscriptions.channelId),
          eq(channelMembers.userId, ideaInboxSubscriptions.userId),
        ),
      )
      .where(
        and(
          eq(ideaInboxSubscriptions.optedIn, true),
          or(
            isNull(ideaInboxSubscriptions.lastSentAt),
            lte(ideaInboxSubscriptions.lastSentAt, cutoff),
          ),
        ),
      )
      .orderBy(asc(channels.id), asc(users.id));

    const result: WeeklyRunResult = { sent: 0, empty: 0, failed: 0 };
    const savedByChannel = new Map<string, Map<string, string>>();
    for (const sub of due) {
      if (!hasFlag(sub.flags, WEEKLY_IDEAS_FLAG)) continue;
      try {
        let saved = savedByChannel.get(sub.channelId);
        if (!saved) {
          saved = await this.saved.savedKeys(sub.channelId);
          savedByChannel.set(sub.channelId, saved);
        }
        const candidates = await this.source(sub.channelId, sub.userId);
        const ideas = candidates
          .filter((idea) => !saved.has(ideaKey(idea.languageId, idea.phrase)))
          .slice(0, WEEKLY_IDEAS_PER_EMAIL);
        if (ideas.length === 0) {
          result.empty += 1;
          continue;
        }
        // Claim the week first, so two runs (or two workers) cannot both send.
        const [claimed] = await this.db
          .update(ideaInboxSubscriptions)
          .set({ lastSentAt: now })
          .where(
            and(
              eq(ideaInboxSubscriptions.userId, sub.userId),
              eq(ideaInboxSubscriptions.channelId, sub.channelId),
              eq(ideaInboxSubscriptions.optedIn, true),
              or(
                isNull(ideaInboxSubscriptions.lastSentAt),
                lte(ideaInboxSubscriptions.lastSentAt, cutoff),
              ),
            ),
          )
          .returning({ userId: ideaInboxSubscriptions.userId });
        if (!claimed) continue;
        try {
          await this.mail.send(
            weeklyIdeasEmail({
              to: sub.email,
              channelName: sub.channelName,
              productName: this.productName,
              appUrl: this.publicUrl,
              ideas,
              unsubscribeLink: this.unsubscribeLink(sub.userId, sub.channelId),
            }),
          );
        } catch (error) {
          // Not stored in the outbox: give the week back so the retry sends it.
          await this.db
            .update(ideaInboxSubscriptions)
            .set({ lastSentAt: sub.lastSentAt })
            .where(
              and(
                eq(ideaInboxSubscriptions.userId, sub.userId),
                eq(ideaInboxSubscriptions.channelId, sub.channelId),
              ),
            );
          throw error;
        }
        result.sent += 1;
      } catch (error) {
        result.failed += 1;
        this.log.error(
          { err: error, userId: sub.userId, channelId: sub.channelId },
          'Weekly ideas e-mail failed',
        );
      }
    }
    if (result.failed > 0)
      throw new Error(`Weekly ideas: ${result.failed} of ${due.length} e-mails failed`);
    return result;
  }

  private async setOptedIn(userId: string, channelId: string, optedIn: boolean): Promise<void> {
    const updatedAt = this.clock.now();
    await this.db
      .insert(ideaInboxSubscriptions)
      .values({ userId, channelId, optedIn, updatedAt })
      .onConflictDoUpdate({
        target: [ideaInboxSubscriptions.userId, ideaInboxSubscriptions.channelId],
        set: { optedIn, updatedAt },
      });
  }

  private async requireFlag(userId: string): Promise<void> {
    const row = await this.db.query.users.findFirst({
      where: eq(users.id, userId),
      columns: { flags: true },
    });
    if (!row || !hasFlag(row.flags, WEEKLY_IDEAS_FLAG))
      throw new AppError('forbidden', 'The weekly ideas e-mail is not available for your account.');
  }

  private mac(userId: string, channelId: string): string {
    return createHmac('sha256', this.secret)
      .update(`weekly-ideas-unsubscribe:${userId}:${channelId}`)
      .digest('base64url');
  }

  private verifyToken(token: string): { userId: string; channelId: string } | null {
    const [userId, channelId, mac, ...rest] = token.split('.');
    if (rest.length || !userId || !channelId || !mac) return null;
    if (!isUuid(userId) || !isUuid(channelId)) return null;
    const expected = Buffer.from(this.mac(userId.toLowerCase(), channelId.toLowerCase()));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId: userId.toLowerCase(), channelId: channelId.toLowerCase() };
  }
}

/**
 * Ideas from the ideas module: the channel's suggested ideas (seeded from its topics and
 * industries, best opportunity first), without those the channel already saved.
 */
export function ideasFromSuggestions(ideas: Pick<IdeasService, 'suggested'>): WeeklyIdeaSource {
  return async (channelId, userId) => {
    // No platform searches: the installation's search bucket is for people at their screens.
    const { items } = await ideas.suggested(userId, channelId, { searchPlatform: false });
    return items
      .filter((idea) => idea.savedIdeaIds.length === 0)
      .map((idea) => ({ phrase: idea.phrase, languageId: idea.languageId, volume: idea.volume }));
  };
}

function invalidToken(): AppError {
  return new AppError('invalid-token', 'This unsubscribe link is not valid.');
}
