import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import {
  authThrottles,
  billingSubscriptions,
  channelCredentials,
  channelMembers,
  channels,
  emailOutbox,
  onboardings,
  pageViews,
  publishJournal,
  rateLimits,
  savedIdeas,
  stripeEvents,
  thumbnailTests,
  usageEvents,
  users,
  videoDrafts,
  videoPublishes,
  videoScripts,
  videoScriptVersions,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { CHANNEL_ACCESS_TOPIC, type ChannelCredentials } from '../channels/index.ts';
import type { EventsService } from '../events/index.ts';
import type { MailService } from '../mail/index.ts';
import type { SessionService } from '../sessions/index.ts';
import type { RequestMeta, UsersService } from '../users/index.ts';
import { accountDeletedEmail } from './account.emails.ts';

/**
 * What account deletion needs from billing: cancel the person's subscription at once (at Stripe)
 * and forget what must not outlive the account. The billing module's `BillingService` implements
 * it (`closeAccount`).
 */
export interface AccountBilling {
  closeAccount(userId: string): Promise<void>;
}

/**
 * What other people see in place of a deleted person's name (drafts, publishes, ideas, scripts,
 * thumbnail tests).
 */
export const DELETED_PERSON_NAME = 'Deleted account';

/** Subscription states that still bill (or may bill again). */
const LIVE_SUBSCRIPTION = sql`${billingSubscriptions.endedAt} IS NULL AND ${billingSubscriptions.status} NOT IN ('canceled', 'incomplete_expired')`;

/** A channel the person owns, and what deleting the account does to it. */
interface OwnedChannel {
  id: string;
  /** Another owner remains: the channel stays, only this owner leaves. */
  sharedOwnership: boolean;
  /** The stored platform grant is this person's (revoked either way). */
  grantIsTheirs: boolean;
}

/**
 * Deletes an account after the current password and the typed confirmation: cancels the
 * subscription (a failure stops here, nothing deleted: a person must not go on paying for an
 * account that no longer exists), signs out every session in every process, revokes the
 * platform grants of the channels they own (best effort, logged), then deletes everything of
 * theirs in one transaction, and sends a goodbye e-mail. Issued invoices are kept without the
 * person (tax law); see ARCHITECTURE.md, "Data retention".
 *
 * Crash safety: the external steps come first and are idempotent (cancelling again, revoking a
 * grant already gone); the database part is one transaction. A crash in between leaves the
 * account whole, signed out, its channels without platform grants; deleting again finishes.
 */
export class AccountDeletionService {
  private readonly db: Db;
  private readonly users: UsersService;
  private readonly sessions: SessionService;
  private readonly credentials: ChannelCredentials;
  private readonly personalGrants: { revoke(userId: string): Promise<void> } | null;
  private readonly billing: AccountBilling | null;
  private readonly mail: MailService;
  private readonly events: EventsService | null;
  private readonly bus: InvalidationBus | null;
  private readonly log: Logger;
  private readonly productName: string;

  constructor(deps: {
    db: Db;
    users: UsersService;
    sessions: SessionService;
    credentials: ChannelCredentials;
    /** The person's own Google grants besides channels' (Search Console): revoked, forgotten. */
    personalGrants?: { revoke(userId: string): Promise<void> } | null;
    /**
     * Cancels the subscription. Null while no billing module is wired: deletion then refuses an
     * account with a live subscription row (it could not be cancelled) and goes ahead otherwise.
     */
    billing: AccountBilling | null;
    mail: MailService;
    events?: EventsService | null;
    bus?: InvalidationBus | null;
    log: Logger;
    productName: string;
  }) {
    this.db = deps.db;
    this.users = deps.users;
    this.sessions = deps.sessions;
    this.credentials = deps.credentials;
    this.personalGrants = deps.personalGrants ?? null;
    this.billing = deps.billing;
    this.mail = deps.mail;
    this.events = deps.events ?? null;
    this.bus = deps.bus ?? null;
    this.log = deps.log;
    this.productName = deps.productName;
  }

  /** Deletes the signed-in person's account ('wrong-password' leaves everything as it was). */
  async deleteAccount(userId: string, password: string, meta: RequestMeta): Promise<void> {
    const person = await this.users.confirmPassword(userId, password, meta);
    const email = person.email.toLowerCase();
    await this.closeBilling(userId);

    // From here on no session of theirs works anywhere: nothing new is written meanwhile.
    await this.sessions.revokeAllForUser(userId, 'account-deleted');

    const owned = await this.ownedChannels(userId);
    for (const channel of owned) {
      if (channel.sharedOwnership && !channel.grantIsTheirs) continue;
      try {
        await this.credentials.revoke(channel.id);
      } catch (error) {
        // A grant that cannot be revoked (platform down, unreadable token) must not keep the
        // account alive; it dies with the channel's row, or waits for a reconnect.
        this.log.warn({ err: error, channelId: channel.id }, 'Revoking a platform grant failed');
      }
    }
    try {
      await this.personalGrants?.revoke(userId);
    } catch (error) {
      // The row goes with the person below (cascade) whatever Google answered.
      this.log.warn({ err: error }, 'Revoking the Search Console grant failed');
    }
    // Usage events accepted by this process but not yet written: written now, deleted below.
    await this.events?.flush().catch((error: unknown) => {
      this.log.warn({ err: error }, 'Flushing usage events before account deletion failed');
    });

    const left = await this.deleteData(userId, email, person.name, owned);
    this.log.info(
      { channelsDeleted: left.deleted.length, channelsLeft: left.left.length },
      'Account deleted',
    );

    // Every process forgets the person and the channels they could open.
    await this.sessions.revokeAllForUser(userId, 'account-deleted');
    await this.users.forget(userId);
    for (const channelId of [...left.deleted, ...left.left]) {
      await this.bus?.publish(CHANNEL_ACCESS_TOPIC, channelId);
    }
    try {
      await this.mail.send(accountDeletedEmail({ to: email, productName: this.productName }));
    } catch (error) {
      this.log.warn({ err: error }, 'The goodbye e-mail could not be written');
    }
  }

  /** Cancels the subscription; refuses (nothing deleted yet) when that is not possible. */
  private async closeBilling(userId: string): Promise<void> {
    const unavailable = new AppError(
      'billing-unavailable',
      'We could not cancel your subscription just now, so nothing was deleted. Please try again in a few minutes.',
    );
    if (!this.billing) {
      const [live] = await this.db
        .select({ userId: billingSubscriptions.userId })
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.userId, userId), LIVE_SUBSCRIPTION));
      if (live) {
        this.log.error('Account deletion refused: a live subscription and no billing module');
        throw unavailable;
      }
      return;
    }
    try {
      await this.billing.closeAccount(userId);
    } catch (error) {
      this.log.error({ err: error }, 'Cancelling the subscription for account deletion failed');
      throw unavailable;
    }
  }

  private async ownedChannels(userId: string): Promise<OwnedChannel[]> {
    const rows = await this.db
      .select({
        id: channelMembers.channelId,
        otherOwners: sql<number>`(select count(*)::int from ${channelMembers} other
          where other.channel_id = ${channelMembers.channelId}
            and other.role = 'owner' and other.user_id <> ${userId}::uuid)`,
        connectedBy: channelCredentials.connectedBy,
      })
      .from(channelMembers)
      .leftJoin(channelCredentials, eq(channelCredentials.channelId, channelMembers.channelId))
      .where(and(eq(channelMembers.userId, userId), eq(channelMembers.role, 'owner')));
    return rows.map((r) => ({
      id: r.id,
      sharedOwnership: Number(r.otherOwners) > 0,
      grantIsTheirs: r.connectedBy === userId,
    }));
  }

  /**
   * The database part, in one transaction: the channels only they own (with everything under
   * them), their memberships elsewhere, their name on what they wrote in other people's
   * channels, whatever is keyed by their e-mail or id without a foreign key (rate-limit and
   * sign-in counters, the outbox, usage events, Stripe events), accounts that only existed for
   * an invitation to a deleted channel, and finally the account (cascading to sessions, tokens,
   * exports, custom-plan requests, the subscription; invoices keep their row without the person).
   */
  private async deleteData(
    userId: string,
    email: string,
    name: string,
    planned: OwnedChannel[],
  ): Promise<{ deleted: string[]; left: string[] }> {
    return this.db.transaction(async (tx) => {
      // Two deletions of the same account at once: the second waits, then finds nothing.
      const [user] = await tx
        .select({ id: users.id, stripeCustomerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) return { deleted: [], left: [] };

      const memberships = await tx
        .select({ channelId: channelMembers.channelId, role: channelMembers.role })
        .from(channelMembers)
        .where(eq(channelMembers.userId, userId));
      const allChannels = memberships.map((m) => m.channelId);

      // People invited to their channels who never set a password: accounts that exist only
      // for such an invitation go with the channel (below, if no other channel holds them).
      const ownedIds = memberships.filter((m) => m.role === 'owner').map((m) => m.channelId);
      const invited =
        ownedIds.length === 0
          ? []
          : (
              await tx
                .selectDistinct({ id: users.id })
                .from(channelMembers)
                .innerJoin(users, eq(users.id, channelMembers.userId))
                .where(
                  and(
                    inArray(channelMembers.channelId, ownedIds),
                    eq(channelMembers.role, 'member'),
                    isNull(users.passwordHash),
                  ),
                )
            ).map((r) => r.id);

      // Channels with no other owner go, with everything under them (foreign keys cascade).
      const deleted = (
        await tx
          .delete(channels)
          .where(
            and(
              inArray(channels.id, ownedIds),
              sql`NOT EXISTS (select 1 from ${channelMembers} other
                where other.channel_id = ${channels.id} and other.role = 'owner'
                  and other.user_id <> ${userId}::uuid)`,
            ),
          )
          .returning({ id: channels.id })
      ).map((r) => r.id);
      const left = allChannels.filter((id) => !deleted.includes(id));
      // A channel that stays loses the grant they gave (revoked above): it needs a reconnect.
      const revokedHere = planned.filter((c) => c.grantIsTheirs && !deleted.includes(c.id));
      if (revokedHere.length > 0) {
        await tx
          .update(channels)
          .set({ needsReconnect: true })
          .where(
            inArray(
              channels.id,
              revokedHere.map((c) => c.id),
            ),
          );
        await tx.delete(channelCredentials).where(
          and(
            inArray(
              channelCredentials.channelId,
              revokedHere.map((c) => c.id),
            ),
            eq(channelCredentials.connectedBy, userId),
          ),
        );
      }

      if (invited.length > 0) {
        await tx
          .delete(users)
          .where(
            and(
              inArray(users.id, invited),
              isNull(users.passwordHash),
              sql`NOT EXISTS (select 1 from ${channelMembers} m where m.user_id = ${users.id})`,
            ),
          );
      }

      // In the channels that stay, what they wrote keeps its text but no longer names them.
      await tx
        .update(videoDrafts)
        .set({ updatedByName: DELETED_PERSON_NAME, updatedBy: null })
        .where(eq(videoDrafts.updatedBy, userId));
      await tx
        .update(videoPublishes)
        .set({ userName: DELETED_PERSON_NAME, userId: null })
        .where(eq(videoPublishes.userId, userId));
      await tx
        .update(publishJournal)
        .set({ userName: DELETED_PERSON_NAME, userId: null })
        .where(eq(publishJournal.userId, userId));
      await tx
        .update(savedIdeas)
        .set({ savedByName: DELETED_PERSON_NAME, savedBy: null })
        .where(eq(savedIdeas.savedBy, userId));
      await tx
        .update(videoScripts)
        .set({ updatedByName: DELETED_PERSON_NAME, updatedBy: null })
        .where(eq(videoScripts.updatedBy, userId));
      await tx
        .update(thumbnailTests)
        .set({ startedByName: DELETED_PERSON_NAME, startedBy: null })
        .where(eq(thumbnailTests.startedBy, userId));
      // Script versions keep only the name that wrote them (their name, else their e-mail).
      if (left.length > 0) {
        const names = [email, ...(name.trim() ? [name.trim()] : [])];
        await tx
          .update(videoScriptVersions)
          .set({ updatedByName: DELETED_PERSON_NAME })
          .where(
            and(
              inArray(videoScriptVersions.updatedByName, names),
              inArray(
                videoScriptVersions.savedIdeaId,
                tx
                  .select({ id: savedIdeas.id })
                  .from(savedIdeas)
                  .where(inArray(savedIdeas.channelId, left)),
              ),
            ),
          );
      }

      // Stripe's copies of the person's events (customer objects carry name and address).
      await tx
        .delete(stripeEvents)
        .where(
          or(
            eq(stripeEvents.userId, userId),
            user.stripeCustomerId
              ? sql`strpos(${stripeEvents.payload}::text, ${user.stripeCustomerId}) > 0`
              : undefined,
            sql`strpos(lower(${stripeEvents.payload}::text), ${email}) > 0`,
          ),
        );

      // Keyed by the address or the id, without a foreign key.
      const keys = [email, userId, ...deleted];
      await tx
        .delete(rateLimits)
        .where(or(...keys.map((k) => sql`strpos(${rateLimits.key}, ${k}) > 0`)));
      await tx
        .delete(authThrottles)
        .where(
          or(eq(authThrottles.account, email), sql`strpos(${authThrottles.key}, ${email}) > 0`),
        );
      await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = ${email}`);
      // Their public onboardings (the e-mail, keywords, competitors); shared reports go with them.
      await tx
        .delete(onboardings)
        .where(or(eq(onboardings.userId, userId), eq(onboardings.email, email)));
      // Mail to others that names them (an invitation they sent, a custom-plan request to
      // sales): the body goes and the subject no longer names them; the envelope of the other
      // person's message stays until the outbox's retention. A name is matched from 3 letters.
      const named = [...keys, ...(name.trim().length >= 3 ? [name.trim().toLowerCase()] : [])];
      const mentions = (column: AnyPgColumn) =>
        or(...named.map((k) => sql`strpos(lower(${column}), ${k}) > 0`));
      await tx
        .update(emailOutbox)
        .set({ text: '', html: '', listUnsubscribe: null, bodyErasedAt: sql`now()` })
        .where(
          and(
            isNull(emailOutbox.bodyErasedAt),
            or(mentions(emailOutbox.text), mentions(emailOutbox.html)),
          ),
        );
      for (const k of named) {
        await tx
          .update(emailOutbox)
          .set({
            subject: sql`regexp_replace(${emailOutbox.subject}, ${escapeRegExp(k)}, ${DELETED_PERSON_NAME}, 'gi')`,
          })
          .where(sql`strpos(lower(${emailOutbox.subject}), ${k}) > 0`);
      }

      // Usage events: theirs, their browser's before they signed in, and the deleted channels'.
      const browsers = [
        ...new Set(
          [
            ...(await tx
              .selectDistinct({ id: usageEvents.anonymousId })
              .from(usageEvents)
              .where(eq(usageEvents.userId, userId))),
            ...(await tx
              .selectDistinct({ id: pageViews.anonymousId })
              .from(pageViews)
              .where(eq(pageViews.userId, userId))),
          ].map((r) => r.id),
        ),
      ];
      await tx
        .delete(usageEvents)
        .where(
          or(
            eq(usageEvents.userId, userId),
            browsers.length > 0
              ? and(isNull(usageEvents.userId), inArray(usageEvents.anonymousId, browsers))
              : undefined,
            deleted.length > 0 ? inArray(usageEvents.channelId, deleted) : undefined,
          ),
        );
      await tx
        .delete(pageViews)
        .where(
          or(
            eq(pageViews.userId, userId),
            browsers.length > 0
              ? and(isNull(pageViews.userId), inArray(pageViews.anonymousId, browsers))
              : undefined,
          ),
        );

      await tx.delete(users).where(eq(users.id, userId));
      return { deleted, left };
    });
  }
}

/** A literal string as a (PostgreSQL) regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
