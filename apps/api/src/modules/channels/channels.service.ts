import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ChannelMember, ChannelSettings } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import type { PlanGate } from '../../lib/plan-gate.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import {
  channelMembers,
  channelSettings,
  channels,
  passwordTokens,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailService } from '../mail/index.ts';
import { RateLimitService, type Limit } from '../rate-limit/index.ts';
import type { UsersService } from '../users/index.ts';
import type { ChannelCredentials } from './channel-credentials.ts';
import { channelInviteEmail } from './channels.emails.ts';
import { isKnownLocale } from './locales.ts';

import { UUID } from '../../lib/ids.ts';
import {
  accessCheckedInRequest,
  CHANNEL_ACCESS_TOPIC,
  rememberAccessInRequest,
  type ChannelAccess,
} from './channel-access.ts';

/** A channel row. */
export type ChannelRow = typeof channels.$inferSelect;

/** The default settings of a channel that has none stored yet. */
export const DEFAULT_CHANNEL_SETTINGS: ChannelSettings = {
  topics: [],
  language: 'en-us',
  eeatStatement: '',
  toneOfVoice: '',
  industries: [],
  companyName: '',
};

/** A person's role on a channel, with the channel row (prepared once per service). */
function prepareAccessQuery(db: Db) {
  return db
    .select({ channel: channels, role: channelMembers.role })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(
      and(
        eq(channelMembers.channelId, sql.placeholder('channelId')),
        eq(channelMembers.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('channel_access');
}

/** Channel access, removal, sharing and settings. Knows nothing of HTTP. */
export class ChannelsService {
  private readonly db: Db;
  private readonly credentials: ChannelCredentials;
  private readonly users: UsersService;
  private readonly mail: MailService;
  private readonly options: { publicUrl: string; productName: string };
  private readonly limits: RateLimitService;
  private readonly inviteLimits: { person: Limit; channel: Limit };
  private readonly accessQuery: ReturnType<typeof prepareAccessQuery>;
  private readonly bus: InvalidationBus | null;
  private readonly gate?: PlanGate;

  constructor(deps: {
    db: Db;
    credentials: ChannelCredentials;
    users: UsersService;
    mail: MailService;
    publicUrl: string;
    productName: string;
    limits: RateLimitService;
    /** Invitations per inviting person and per channel (AuthLimits invitePerson/inviteChannel). */
    inviteLimits: { person: Limit; channel: Limit };
    /** Tells every process's access caches (the list's readers) that someone lost access. */
    bus?: InvalidationBus | null;
    /** Plans: people per channel (unlimited without a gate: some tests). */
    gate?: PlanGate;
  }) {
    this.gate = deps.gate;
    this.db = deps.db;
    this.bus = deps.bus ?? null;
    this.credentials = deps.credentials;
    this.users = deps.users;
    this.mail = deps.mail;
    this.options = deps;
    this.limits = deps.limits;
    this.inviteLimits = deps.inviteLimits;
    // Every channel-scoped call checks access first: a prepared statement skips rebuilding
    // the SQL each time (a measurable share of a cached list request).
    this.accessQuery = prepareAccessQuery(this.db);
  }

  /**
   * The channel if the user owns it or it was shared with them; 404 otherwise (no existence leak).
   * Within a request whose route already checked this channel (ChannelGuard), the same answer.
   */
  async requireAccess(userId: string, channelId: string): Promise<ChannelAccess> {
    const checked = accessCheckedInRequest(userId, channelId);
    if (checked) return checked;
    if (!UUID.test(channelId)) throw notFound();
    const [row] = await this.accessQuery.execute({ channelId, userId });
    if (!row) throw notFound();
    rememberAccessInRequest(userId, row);
    return row;
  }

  /** The channel's `videos_version` (bumped by triggers on every write to its videos). */
  async videosVersion(channelId: string): Promise<number> {
    const [row] = await this.db
      .select({ version: channels.videosVersion })
      .from(channels)
      .where(eq(channels.id, channelId));
    if (!row) throw notFound();
    return row.version;
  }

  /** Like requireAccess, but only for an owner of the channel. */
  async requireOwner(userId: string, channelId: string): Promise<ChannelRow> {
    const { channel, role } = await this.requireAccess(userId, channelId);
    if (role !== 'owner') throw new AppError('forbidden', 'Only the channel owner can do this.');
    return channel;
  }

  /**
   * Removes a channel for this user. A member just leaves it. An owner disconnects it: when no
   * other owner remains, the platform token is revoked and the channel's data deleted for
   * everyone it was shared with; when another owner remains, only this owner leaves, and if the
   * stored token was theirs it is revoked and the channel marked for reconnection.
   */
  async remove(userId: string, youtubeId: string): Promise<void> {
    const [row] = await this.db
      .select({ id: channels.id, role: channelMembers.role })
      .from(channelMembers)
      .innerJoin(channels, eq(channels.id, channelMembers.channelId))
      .where(and(eq(channels.youtubeId, youtubeId), eq(channelMembers.userId, userId)));
    if (!row) throw notFound();
    const leave = async () => {
      await this.db
        .delete(channelMembers)
        .where(and(eq(channelMembers.channelId, row.id), eq(channelMembers.userId, userId)));
      await this.voidInvitationLinks(row.id, userId);
    };
    if (row.role === 'member') {
      await leave();
      await this.accessRevoked(row.id);
      return;
    }
    const otherOwners = await this.db
      .select({ userId: channelMembers.userId })
      .from(channelMembers)
      .where(
        and(
          eq(channelMembers.channelId, row.id),
          eq(channelMembers.role, 'owner'),
          ne(channelMembers.userId, userId),
        ),
      );
    if (otherOwners.length === 0) {
      await this.credentials.revoke(row.id);
      await this.db.delete(channels).where(eq(channels.id, row.id));
      await this.accessRevoked(row.id);
      return;
    }
    if ((await this.credentials.connectedBy(row.id)) === userId) {
      await this.credentials.revoke(row.id);
      await this.db.update(channels).set({ needsReconnect: true }).where(eq(channels.id, row.id));
    }
    await leave();
    await this.accessRevoked(row.id);
  }

  /**
   * Someone lost access to the channel: caches of who may read it forget it here before the
   * answer goes out, and in other processes at once (the table's trigger notifies them too).
   */
  private async accessRevoked(channelId: string): Promise<void> {
    await this.bus?.publish(CHANNEL_ACCESS_TOPIC, channelId);
  }

  /** Everyone who works on the channel, owners first. */
  async members(userId: string, channelId: string): Promise<ChannelMember[]> {
    await this.requireAccess(userId, channelId);
    return this.listMembers(channelId);
  }

  /**
   * Shares the channel with an e-mail address. A person without an account gets one, with an
   * e-mail to set their password; either way they see the channel under "invitedTo". The answer
   * is the same whether the address had an account (the new member is shown by address only
   * until they join), and invitations are limited per person and per channel.
   */
  async invite(userId: string, channelId: string, email: string): Promise<ChannelMember[]> {
    const channel = await this.requireOwner(userId, channelId);
    await this.countInvitation(userId, channelId);
    // Checked before anything is created, and again under the lock below.
    if (this.gate) await this.assertRoomForPerson(channelId, this.db);
    const inviter = await this.db.query.users.findFirst({ where: eq(users.id, userId) });
    let invitee = await this.db.query.users.findFirst({ where: eq(users.email, email) });
    const isNew = !invitee;
    if (!invitee) {
      const created = await this.db
        .insert(users)
        .values({ email, name: '', trialEndsAt: this.users.trialEndForNewAccount() })
        .onConflictDoNothing()
        .returning();
      invitee =
        created[0] ?? (await this.db.query.users.findFirst({ where: eq(users.email, email) }));
    }
    if (!invitee) throw new AppError('failed', 'Could not invite this person.');
    const inviteeId = invitee.id;
    // One invitation at a time per channel: concurrent invitations cannot pass the plan's limit.
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`members:${channelId}`}))`);
      const existing = await tx.query.channelMembers.findFirst({
        where: and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, inviteeId)),
      });
      if (existing)
        throw new AppError('conflict', 'This person already has access to the channel.');
      if (this.gate) await this.assertRoomForPerson(channelId, tx);
      await tx
        .insert(channelMembers)
        .values({ channelId, userId: inviteeId, role: 'member', joinedAt: null });
    });
    const setPasswordLink =
      isNew || !invitee.passwordHash
        ? `${this.options.publicUrl}/set-password?token=${encodeURIComponent(await this.users.createPasswordToken(invitee.id, 'set', { channelId }))}`
        : null;
    await this.mail.send(
      channelInviteEmail({
        to: email,
        inviter: inviter?.name || inviter?.email || 'A creator',
        channelName: channel.name,
        productName: this.options.productName,
        appUrl: this.options.publicUrl,
        setPasswordLink,
      }),
    );
    return this.listMembers(channelId);
  }

  /** Throws `people-limit-reached` when the channel has as many people as its plan allows. */
  private async assertRoomForPerson(channelId: string, db: Db): Promise<void> {
    const plan = await this.gate!.forChannel(channelId, db);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(channelMembers)
      .where(eq(channelMembers.channelId, channelId));
    const used = Number(row?.n ?? 0);
    const limit = plan.limits.peoplePerChannel;
    if (used >= limit) {
      throw new AppError(
        'people-limit-reached',
        `The ${plan.planName} plan allows ${limit} people per channel (owner and invitations included). ` +
          'Remove someone or choose a larger plan.',
        { details: { limit, used, plan: plan.planId } },
      );
    }
  }

  /** Stops sharing the channel with someone (owners cannot be removed this way). */
  async removeMember(userId: string, channelId: string, email: string): Promise<ChannelMember[]> {
    await this.requireOwner(userId, channelId);
    const member = await this.db
      .select({ userId: channelMembers.userId, role: channelMembers.role })
      .from(channelMembers)
      .innerJoin(users, eq(users.id, channelMembers.userId))
      .where(and(eq(channelMembers.channelId, channelId), eq(users.email, email.toLowerCase())));
    if (!member[0] || member[0].role !== 'member') throw notFound();
    await this.db
      .delete(channelMembers)
      .where(
        and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, member[0].userId)),
      );
    await this.voidInvitationLinks(channelId, member[0].userId);
    await this.accessRevoked(channelId);
    return this.listMembers(channelId);
  }

  /** The channel's settings (defaults when none were saved). */
  async getSettings(userId: string, channelId: string): Promise<ChannelSettings> {
    await this.requireAccess(userId, channelId);
    const row = await this.db.query.channelSettings.findFirst({
      where: eq(channelSettings.channelId, channelId),
    });
    if (!row) return DEFAULT_CHANNEL_SETTINGS;
    return {
      topics: row.topics,
      language: row.language,
      eeatStatement: row.eeatStatement,
      toneOfVoice: row.toneOfVoice,
      industries: row.industries,
      companyName: row.companyName,
    };
  }

  /** Replaces the channel's settings. */
  async updateSettings(
    userId: string,
    channelId: string,
    settings: ChannelSettings,
  ): Promise<ChannelSettings> {
    await this.requireAccess(userId, channelId);
    if (!isKnownLocale(settings.language))
      throw new AppError('bad-request', `Unknown language '${settings.language}'.`);
    const values = {
      ...settings,
      topics: dedupe(settings.topics),
      industries: dedupe(settings.industries),
      updatedAt: new Date(),
    };
    await this.db
      .insert(channelSettings)
      .values({ channelId, ...values })
      .onConflictDoUpdate({ target: channelSettings.channelId, set: values });
    return this.getSettings(userId, channelId);
  }

  /** Counts an invitation against the inviter's and the channel's limits (429 when over). */
  private async countInvitation(userId: string, channelId: string): Promise<void> {
    const personKey = `invite:person:${userId}`;
    const channelKey = `invite:channel:${channelId}`;
    const person = await this.limits.hit(personKey, this.inviteLimits.person);
    const channel = await this.limits.hit(channelKey, this.inviteLimits.channel);
    if (person.allowed && channel.allowed) return;
    // A refused invitation sends nothing: it does not use up either budget.
    await this.limits.release(personKey);
    await this.limits.release(channelKey);
    const over = person.allowed ? channel : person;
    RateLimitService.assertAllowed(
      over,
      person.allowed
        ? 'This channel has had too many invitations today. Please try again tomorrow.'
        : 'You have sent too many invitations today. Please try again tomorrow.',
      'too-many-invitations',
    );
  }

  /** Voids the unused set-password links mailed with invitations to this channel. */
  private async voidInvitationLinks(channelId: string, userId: string): Promise<void> {
    await this.db
      .delete(passwordTokens)
      .where(
        and(
          eq(passwordTokens.channelId, channelId),
          eq(passwordTokens.userId, userId),
          isNull(passwordTokens.usedAt),
        ),
      );
  }

  private async listMembers(channelId: string): Promise<ChannelMember[]> {
    const rows = await this.db
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        role: channelMembers.role,
        joinedAt: channelMembers.joinedAt,
      })
      .from(channelMembers)
      .innerJoin(users, eq(users.id, channelMembers.userId))
      .where(eq(channelMembers.channelId, channelId))
      .orderBy(asc(channelMembers.role), asc(users.email));
    return rows
      .sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1))
      .map((r) => {
        // Until an invited person joins, the owner sees the address they typed and nothing
        // the account may hold: whether it existed, its name, its id.
        const joined = r.role === 'owner' || r.joinedAt !== null;
        return {
          userId: joined ? r.userId : null,
          email: r.email,
          name: joined ? r.name : '',
          role: r.role,
          joined,
        };
      });
  }
}

function notFound(): AppError {
  return new AppError('not-found', 'Channel not found.');
}

function dedupe(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
