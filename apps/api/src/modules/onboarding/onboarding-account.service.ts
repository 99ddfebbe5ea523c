// "Create my account" from a verified onboarding, and the carry-over of its keywords and
// competitors to the first channel the new account connects.
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { User } from '@tubewise/contract';
import { COMPETITORS_PER_CHANNEL_MAX } from '@tubewise/contract/onboarding-constants';
import type { Db } from '../../db/client.ts';
import { channelCompetitors, channels, onboardings, users } from '../../db/schema/index.ts';
import type { ChannelConnectedHook } from '../../lib/channel-connected.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { PublicChannelsService } from '../competition/index.ts';
import type { TrackedKeywordsService } from '../rankings/index.ts';
import { PlatformError } from '../video-platform/index.ts';
import { RateLimitService, type AuthLimits } from '../rate-limit/index.ts';
import type { IssuedSession, SessionService } from '../sessions/index.ts';
import { assertAcceptablePassword, type UsersService } from '../users/index.ts';
import type { OnboardingRepository } from './onboarding.repository.ts';
import type { OnboardingSecrets } from './onboarding-secrets.ts';

const NOT_FOUND = 'This onboarding does not exist.';
const ACCOUNT_EXISTS = 'This e-mail already has an account. Sign in to continue.';

/** Who creates the account: where the session is started from. */
export interface AccountRequestMeta {
  ip: string;
  userAgent?: string | undefined;
  /** The browser's known-device cookie, if any. */
  knownDevices?: string | undefined;
}

/** A created account, signed in. */
export interface CreatedAccount {
  user: User;
  session: IssuedSession;
  /** The browser's known-device cookie with the new account added. */
  knownDevices: string | null;
}

/** Creates accounts from verified onboardings and carries their choices over. */
export class OnboardingAccounts implements ChannelConnectedHook {
  private readonly deps: {
    db: Db;
    repo: OnboardingRepository;
    secrets: OnboardingSecrets;
    users: Pick<UsersService, 'me' | 'rememberDevice' | 'trialEndForNewAccount'>;
    sessions: Pick<SessionService, 'create'>;
    tracked: Pick<TrackedKeywordsService, 'add'>;
    publicChannels: Pick<PublicChannelsService, 'get'>;
    limits: RateLimitService;
    authLimits: AuthLimits;
    clock: Clock;
    log: Logger;
  };

  constructor(deps: OnboardingAccounts['deps']) {
    this.deps = deps;
  }

  /**
   * POST /{id}/account: the verified onboarding of this session with its owner token creates
   * the account of its e-mail (trial started, the password checked as everywhere), once, and
   * signs it in. 409 `account-exists` when the address has an account (only the verified owner
   * of the address gets here) or the onboarding made one already.
   */
  async create(
    id: string,
    input: { sessionId: string; token: string; name?: string | undefined; password: string },
    meta: AccountRequestMeta,
  ): Promise<CreatedAccount> {
    const { db, repo, secrets, limits, authLimits, clock } = this.deps;
    RateLimitService.assertAllowed(
      await limits.hit(`onboarding:account:ip:${meta.ip}`, authLimits.onboardingAccountIp),
      'Too many accounts were created from here. Please try again later.',
    );
    const row = await repo.forSession(id, input.sessionId);
    if (!row) throw new AppError('not-found', NOT_FOUND);
    if (!row.verifiedAt || !row.email || !secrets.owns(row, input.token))
      throw new AppError(
        'invalid-token',
        'Verify your e-mail first: this link or token is not valid.',
      );
    if (row.userId) throw new AppError('account-exists', ACCOUNT_EXISTS);
    assertAcceptablePassword(input.password);
    const email = row.email;
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing.length > 0) throw new AppError('account-exists', ACCOUNT_EXISTS);
    const passwordHash = await hashPassword(input.password);
    const name = input.name?.trim() || defaultName(email);
    const now = clock.now();
    const userId = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          name,
          passwordHash,
          trialEndsAt: this.deps.users.trialEndForNewAccount(),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!created) throw new AppError('account-exists', ACCOUNT_EXISTS);
      // Once per onboarding, even for two clicks at once: the second finds user_id set.
      const [claimed] = await tx
        .update(onboardings)
        .set({ userId: created.id, updatedAt: now })
        .where(
          and(
            eq(onboardings.id, row.id),
            isNull(onboardings.userId),
            isNotNull(onboardings.verifiedAt),
          ),
        )
        .returning({ id: onboardings.id });
      if (!claimed) throw new AppError('account-exists', ACCOUNT_EXISTS);
      return created.id;
    });
    const session = await this.deps.sessions.create(userId, {
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    const knownDevices = await this.deps.users.rememberDevice(
      userId,
      session.familyId,
      meta.knownDevices,
    );
    return { user: await this.deps.users.me(userId), session, knownDevices };
  }

  /**
   * After a channel is connected: the person's onboarding not yet carried over gives the channel
   * its keywords, tracked in its locale within the plan's limit (a refusal is logged), and its
   * competitors under the rules of adding one: not those the platform answered it does not know
   * (a light read, before any lock; one it could not be asked about is kept), never the channel
   * itself, at most COMPETITORS_PER_CHANNEL_MAX per channel. The claim and the writes are one
   * transaction: it happens once, and a failure (also of the read before it) leaves the
   * onboarding to the next connected channel.
   */
  async onChannelConnected(userId: string, channelId: string): Promise<void> {
    const { db, clock, log } = this.deps;
    const [latest] = await db
      .select({ id: onboardings.id, competitors: onboardings.competitors })
      .from(onboardings)
      .where(and(eq(onboardings.userId, userId), isNull(onboardings.carriedAt)))
      .orderBy(desc(onboardings.createdAt))
      .limit(1);
    if (!latest) return;
    const [own] = await db
      .select({ youtubeId: channels.youtubeId })
      .from(channels)
      .where(eq(channels.id, channelId));
    const known = await this.knownChannels(
      latest.competitors.map((c) => c.youtubeId).filter((id) => id !== own?.youtubeId),
      { channelId, onboardingId: latest.id },
    );
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(onboardings)
        .set({ carriedAt: clock.now(), carriedChannelId: channelId })
        .where(and(eq(onboardings.id, latest.id), isNull(onboardings.carriedAt)))
        .returning();
      if (!claimed) return;
      if (claimed.keywords.length > 0) {
        try {
          await this.deps.tracked.add(
            channelId,
            userId,
            { text: claimed.keywords.join('\n'), language: claimed.locale },
            tx,
          );
        } catch (error) {
          // The plan's limit or an unusable keyword: the rest still carries over. Anything else
          // undoes the claim with the rest.
          if (!(error instanceof AppError)) throw error;
          log.warn(
            { err: error, channelId, onboardingId: claimed.id },
            'Onboarding keywords were not tracked',
          );
        }
      }
      const wanted = claimed.competitors.filter(
        (c) => known.has(c.youtubeId) && c.youtubeId !== own?.youtubeId,
      );
      if (wanted.length === 0) return;
      // The same lock for every change of a channel's competitors, so the cap holds.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`competitors:${channelId}`}))`);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(channelCompetitors)
        .where(eq(channelCompetitors.channelId, channelId));
      const room = Math.max(0, COMPETITORS_PER_CHANNEL_MAX - n);
      const chosen = wanted.slice(0, room);
      if (chosen.length === 0) return;
      await tx
        .insert(channelCompetitors)
        .values(chosen.map((c) => ({ channelId, youtubeId: c.youtubeId, addedBy: userId })))
        .onConflictDoNothing();
    });
  }

  /**
   * Of these channel ids, the ones to carry over: all but those the platform answered it does
   * not know (logged). One it could not be asked about (platform down, the light budget spent)
   * is carried over: it is unavailable, not unknown. Any other failure (the database) is thrown,
   * before anything is claimed, so the next connected channel tries again.
   */
  private async knownChannels(
    ids: string[],
    context: { channelId: string; onboardingId: string },
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    let found: { youtubeId: string }[];
    try {
      found = await this.deps.publicChannels.get(ids, { light: true });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      this.deps.log.warn(
        { err: error, ...context },
        'Onboarding competitors carried over unchecked: the platform could not be asked',
      );
      return new Set(ids);
    }
    const known = new Set(found.map((c) => c.youtubeId));
    if (known.size < ids.length)
      this.deps.log.warn(
        { ...context, dropped: ids.length - known.size },
        'Onboarding competitors unknown to the platform were not carried over',
      );
    return known;
  }
}

/** A new account's name from its e-mail's local part ("ada.lovelace" of ada.lovelace@…). */
function defaultName(email: string): string {
  return email.split('@')[0]!.slice(0, 100);
}
