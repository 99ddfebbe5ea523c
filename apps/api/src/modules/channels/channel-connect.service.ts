import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { channelMembers, channels, oauthStates } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { PlanGate } from '../../lib/plan-gate.ts';
import type { ChannelConnectedHook } from '../../lib/channel-connected.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { SCOPE_MANAGE, type VideoPlatform } from '../video-platform/index.ts';
import type { ChannelCredentials } from './channel-credentials.ts';
import { safeOAuthReturnPath } from './oauth-return-path.ts';
import { claimOAuthState } from './oauth-state.ts';

/** An OAuth `state` is good for this long (the consent page is a few clicks). */
export const OAUTH_STATE_TTL_SECONDS = 15 * 60;

/** Where the callback sends the browser back, with the spec's query parameters. */
export interface OAuthReturn {
  path: string;
  params: Record<string, string>;
}

/** What the person asked for when starting the consent. */
export interface ConnectRequest {
  userId: string;
  familyId: string;
  reconnect: boolean;
  firstChannel: boolean;
  /** On reconnect, the channel being reconnected (youtubeId). */
  channelYoutubeId?: string;
  /**
   * The app page to come back to (as the client sent it): kept with the state only if it is a
   * safe same-origin path (safeOAuthReturnPath), else the default page is used.
   */
  returnTo?: string;
}

/** Where the first channel's successful connection lands: the optimisation list. */
export const FIRST_CHANNEL_LANDING_PATH = '/optimization';

/** The OAuth callback's query. */
export interface CallbackInput {
  code?: string;
  state?: string;
  error?: string;
}

/** Connects and reconnects channels through the platform's OAuth consent (PKCE, one-time state). */
export class ChannelConnectService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly secret: string;
  private readonly key: Buffer;
  private readonly redirectUri: string;
  private readonly gate?: PlanGate;
  private readonly connected?: ChannelConnectedHook;
  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    clock: Clock;
    log: Logger;
    secret: string;
    key: Buffer;
    redirectUri: string;
    /** Plans: how many channels a person may connect (unlimited without a gate: some tests). */
    gate?: PlanGate;
    /** Told after every successful connection (onboarding carries its keywords over). */
    connected?: ChannelConnectedHook;
  }) {
    this.gate = deps.gate;
    this.connected = deps.connected;
    this.db = deps.db;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.clock = deps.clock;
    this.log = deps.log;
    this.secret = deps.secret;
    this.key = deps.key;
    this.redirectUri = deps.redirectUri;
  }

  /** Creates a one-time state bound to this session and returns the consent URL. */
  async authorizationUrl(request: ConnectRequest): Promise<string> {
    // Refused before the consent page when the plan's channels are all in use (the callback
    // checks again under a lock, in every mode; a channel the person already owns passes).
    if (this.gate && !request.reconnect) await this.assertRoomForChannel(request.userId, null);
    const state = newToken();
    const codeVerifier = randomBytes(48).toString('base64url');
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    await this.db.insert(oauthStates).values({
      stateHash: hashToken(this.secret, state),
      userId: request.userId,
      familyId: request.familyId,
      codeVerifierEnc: encryptSecret(this.key, codeVerifier),
      mode: request.reconnect ? 'reconnect' : 'connect',
      firstChannel: request.firstChannel,
      expectedYoutubeId: request.reconnect ? (request.channelYoutubeId ?? null) : null,
      returnTo: safeOAuthReturnPath(request.returnTo),
      expiresAt: new Date(this.clock.now().getTime() + OAUTH_STATE_TTL_SECONDS * 1000),
    });
    return this.platform.authorizationUrl({ state, codeChallenge, redirectUri: this.redirectUri });
  }

  /**
   * Completes the consent: checks state (one-time, unexpired, same session), exchanges the code
   * with the PKCE verifier, checks the granted scopes, that the account has a channel and, on
   * reconnect, that it is the same channel; stores the tokens and the membership.
   */
  async complete(
    input: CallbackInput,
    session: { userId: string; familyId: string } | null,
  ): Promise<OAuthReturn> {
    const state = await claimOAuthState(this.db, this.secret, input.state, this.clock.now());
    if (
      !state ||
      !session ||
      // A Search Console consent's state is no channel connection's (modules/search-console).
      state.mode === 'search-console' ||
      state.familyId !== session.familyId ||
      state.userId !== session.userId
    ) {
      return failure('/settings/channels', false, { xsrf: 'false' });
    }
    const reconnect = state.mode === 'reconnect';
    // The page the consent started from (validated again: stored rows predate no check), where
    // its notices show and, in the editor, the unsaved edit waits.
    const returnTo = safeOAuthReturnPath(state.returnTo);
    const back =
      returnTo ??
      (reconnect
        ? '/reconnect-channel'
        : state.firstChannel
          ? '/setup-step1'
          : '/settings/channels');
    if (input.error || !input.code) {
      // The person pressed "Deny" (access_denied) or the platform refused.
      return failure(back, reconnect, { 'yt-permissions-given': 'false' });
    }
    let tokens;
    try {
      tokens = await this.platform.exchangeCode({
        code: input.code,
        codeVerifier: decryptSecret(this.key, state.codeVerifierEnc),
        redirectUri: this.redirectUri,
      });
    } catch (error) {
      this.log.warn({ err: error }, 'OAuth code exchange failed');
      return failure(back, reconnect, { xsrf: 'false' });
    }
    const revokeGrant = () =>
      this.platform
        .revokeToken(tokens.refreshToken ?? tokens.accessToken)
        .catch((error: unknown) => {
          this.log.warn({ err: error }, 'Revoking an unusable grant failed');
        });
    // "Manage your YouTube account" is the checkbox the missing-permissions toast names; the
    // captions scope (force-ssl) is asked for too but stays optional.
    if (!tokens.scopes.includes(SCOPE_MANAGE)) {
      await revokeGrant();
      return failure(back, reconnect, { 'yt-permissions-given': 'false' });
    }
    let platformChannel;
    try {
      platformChannel = await this.platform.getMyChannel(tokens.accessToken);
    } catch (error) {
      this.log.warn({ err: error }, 'Reading the connected channel failed');
      await revokeGrant();
      return failure(back, reconnect, { xsrf: 'false' });
    }
    if (!platformChannel) {
      await revokeGrant();
      return failure(back, reconnect, { 'valid-channel': 'false' });
    }
    if (
      reconnect &&
      state.expectedYoutubeId &&
      state.expectedYoutubeId !== platformChannel.youtubeId
    ) {
      await revokeGrant();
      return failure(back, reconnect, { 'correct-channel': 'false' });
    }
    let channelId: string;
    try {
      channelId = await this.db.transaction(async (tx) => {
        // One connection at a time per person: two consents at once cannot pass the plan.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`connect:${state.userId}`}))`);
        // In every mode: a "reconnect" of a channel the person does not own adds one too.
        if (this.gate) {
          await this.assertRoomForChannel(state.userId, platformChannel.youtubeId, tx);
        }
        const [row] = await tx
          .insert(channels)
          .values({
            youtubeId: platformChannel.youtubeId,
            name: platformChannel.title,
            thumbnailUrl: platformChannel.thumbnailUrl,
            customUrl: platformChannel.customUrl,
            uploadsPlaylistId: platformChannel.uploadsPlaylistId,
          })
          .onConflictDoUpdate({
            target: channels.youtubeId,
            set: {
              name: sql`excluded.name`,
              thumbnailUrl: sql`excluded.thumbnail_url`,
              customUrl: sql`excluded.custom_url`,
              uploadsPlaylistId: sql`excluded.uploads_playlist_id`,
            },
          })
          .returning({ id: channels.id });
        const id = row!.id;
        // Whoever proves control of the channel on the platform owns it in the product.
        await tx
          .insert(channelMembers)
          .values({ channelId: id, userId: state.userId, role: 'owner' })
          .onConflictDoUpdate({
            target: [channelMembers.channelId, channelMembers.userId],
            set: { role: 'owner' },
          });
        return id;
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'channel-limit-reached')) throw error;
      // The grant is not revoked: revoking a token ends the whole grant of that Google account,
      // which may be the one behind a channel the person already has connected.
      return failure(back, reconnect, { 'within-plan': 'false' });
    }
    await this.credentials.save(channelId, tokens, state.userId);
    if (this.connected) {
      // What follows a connection is extra: its failure never costs the person the connection.
      try {
        await this.connected.onChannelConnected(state.userId, channelId);
      } catch (error) {
        this.log.error({ err: error, channelId }, 'After-connect work failed');
      }
    }
    const params: Record<string, string> = {
      'oauth-success': 'true',
      channel: platformChannel.youtubeId,
    };
    if (reconnect) params['channel-reconnect'] = 'true';
    return {
      path: returnTo ?? (state.firstChannel ? FIRST_CHANNEL_LANDING_PATH : '/settings/channels'),
      params,
    };
  }

  /**
   * Throws `channel-limit-reached` when the person owns as many channels as the plan allows
   * (connecting one they already own adds nothing, so it always passes).
   */
  private async assertRoomForChannel(
    userId: string,
    youtubeId: string | null,
    db: Db = this.db,
  ): Promise<void> {
    const plan = await this.gate!.forUser(userId, db);
    const owned = await db
      .select({ youtubeId: channels.youtubeId })
      .from(channelMembers)
      .innerJoin(channels, eq(channels.id, channelMembers.channelId))
      .where(and(eq(channelMembers.userId, userId), eq(channelMembers.role, 'owner')));
    if (youtubeId && owned.some((c) => c.youtubeId === youtubeId)) return;
    const limit = plan.limits.channels;
    if (owned.length >= limit) {
      throw new AppError(
        'channel-limit-reached',
        `The ${plan.planName} plan connects up to ${limit} channel${limit === 1 ? '' : 's'}. ` +
          'Remove one or choose a larger plan.',
        { details: { limit, used: owned.length, plan: plan.planId } },
      );
    }
  }

  /** Deletes states that can no longer be used. */
  async purgeExpired(): Promise<void> {
    await this.db
      .delete(oauthStates)
      .where(sql`${oauthStates.expiresAt} < ${this.clock.now().toISOString()}::timestamptz`);
  }
}

function failure(path: string, reconnect: boolean, params: Record<string, string>): OAuthReturn {
  return {
    path,
    params: {
      'oauth-success': 'false',
      ...(reconnect ? { 'channel-reconnect': 'true' } : {}),
      ...params,
    },
  };
}
