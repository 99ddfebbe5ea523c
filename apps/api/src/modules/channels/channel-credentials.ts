import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { channelCredentials, channels } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import {
  platformToAppError,
  PlatformError,
  type PlatformTokens,
  type VideoPlatform,
} from '../video-platform/index.ts';

/** Access tokens are refreshed this long before they expire. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * Keeps each channel's platform tokens (encrypted at rest) and hands out valid access tokens,
 * refreshing them before expiry. A dead refresh token marks the channel for reconnection.
 */
export class ChannelCredentials {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly key: Buffer;
  private readonly clock: Clock;
  private readonly log: Logger;
  constructor(deps: { db: Db; platform: VideoPlatform; key: Buffer; clock: Clock; log: Logger }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.key = deps.key;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  /** Stores fresh tokens for a channel (after consent) and clears its reconnect flag. */
  async save(channelId: string, tokens: PlatformTokens, connectedBy: string): Promise<void> {
    if (!tokens.refreshToken)
      throw new AppError('failed', 'The video platform issued no refresh token.');
    const values = {
      refreshTokenEnc: encryptSecret(this.key, tokens.refreshToken),
      accessTokenEnc: encryptSecret(this.key, tokens.accessToken),
      accessExpiresAt: tokens.expiresAt,
      scopes: tokens.scopes.join(' '),
      connectedBy,
      updatedAt: this.clock.now(),
    };
    await this.db
      .insert(channelCredentials)
      .values({ channelId, ...values })
      .onConflictDoUpdate({ target: channelCredentials.channelId, set: values });
    await this.db.update(channels).set({ needsReconnect: false }).where(eq(channels.id, channelId));
  }

  /** A valid access token for the channel; throws AppError('invalid-grant') when reconnection is needed. */
  async accessToken(channelId: string, options: { forceRefresh?: boolean } = {}): Promise<string> {
    const row = await this.db.query.channelCredentials.findFirst({
      where: eq(channelCredentials.channelId, channelId),
    });
    if (!row)
      throw platformToAppError(
        new PlatformError('invalid-grant', 'No credentials for this channel.'),
      );
    const now = this.clock.now().getTime();
    if (
      !options.forceRefresh &&
      row.accessTokenEnc &&
      row.accessExpiresAt &&
      row.accessExpiresAt.getTime() - REFRESH_MARGIN_MS > now
    ) {
      return decryptSecret(this.key, row.accessTokenEnc);
    }
    try {
      const tokens = await this.platform.refreshAccessToken(
        decryptSecret(this.key, row.refreshTokenEnc),
      );
      await this.db
        .update(channelCredentials)
        .set({
          accessTokenEnc: encryptSecret(this.key, tokens.accessToken),
          accessExpiresAt: tokens.expiresAt,
          ...(tokens.refreshToken
            ? { refreshTokenEnc: encryptSecret(this.key, tokens.refreshToken) }
            : {}),
          updatedAt: this.clock.now(),
        })
        .where(eq(channelCredentials.channelId, channelId));
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'invalid-grant') {
        this.log.warn(
          { channelId },
          'Refresh token rejected (invalid_grant): channel needs reconnection',
        );
        await this.db
          .update(channels)
          .set({ needsReconnect: true })
          .where(eq(channels.id, channelId));
      }
      throw platformToAppError(error);
    }
  }

  /**
   * Runs a platform call with the channel's access token, refreshing once if the platform says
   * the token is no longer valid; platform failures come out as AppErrors.
   */
  async withToken<T>(channelId: string, run: (accessToken: string) => Promise<T>): Promise<T> {
    try {
      return await run(await this.accessToken(channelId));
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'unauthorized') {
        try {
          return await run(await this.accessToken(channelId, { forceRefresh: true }));
        } catch (retryError) {
          throw platformToAppError(retryError);
        }
      }
      throw platformToAppError(error);
    }
  }

  /** The OAuth scopes the channel's stored grant holds (empty when none is stored). */
  async scopesOf(channelId: string): Promise<string[]> {
    const row = await this.db.query.channelCredentials.findFirst({
      where: eq(channelCredentials.channelId, channelId),
      columns: { scopes: true },
    });
    return (row?.scopes ?? '').split(' ').filter(Boolean);
  }

  /** Who connected the stored token of a channel (null when none is stored). */
  async connectedBy(channelId: string): Promise<string | null> {
    const row = await this.db.query.channelCredentials.findFirst({
      where: eq(channelCredentials.channelId, channelId),
    });
    return row?.connectedBy ?? null;
  }

  /** Revokes the channel's refresh token on the platform (best effort) and forgets it. */
  async revoke(channelId: string): Promise<void> {
    const row = await this.db.query.channelCredentials.findFirst({
      where: eq(channelCredentials.channelId, channelId),
    });
    if (!row) return;
    try {
      await this.platform.revokeToken(decryptSecret(this.key, row.refreshTokenEnc));
    } catch (error) {
      // An already-dead token cannot be revoked; removal must still go ahead.
      this.log.warn({ err: error, channelId }, 'Revoking the platform token failed');
    }
    await this.db.delete(channelCredentials).where(eq(channelCredentials.channelId, channelId));
  }
}
