// A person's Search Console tokens: stored encrypted (AES-256-GCM, lib/crypto.ts), refreshed
// before expiry through the Search Console OAuth client (its own, SEARCH_CONSOLE_CLIENT_ID, or
// the channels' when none is configured), marked for reconnection when Google refuses the
// refresh token (invalid_grant).
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { PlatformError, type PlatformTokens, type VideoPlatform } from '../video-platform/index.ts';
import { isMissingScope } from './search-console.adapter.ts';
import type { SearchConsoleRepository } from './search-console.repository.ts';

/** Access tokens are refreshed this long before they expire (as the channels'). */
const REFRESH_MARGIN_MS = 60_000;

/** Why no call can be made with a person's grant. */
export class GrantUnusable extends Error {
  readonly reason: 'not-connected' | 'needs-reconnect';
  constructor(reason: 'not-connected' | 'needs-reconnect') {
    super(
      reason === 'not-connected'
        ? 'Search Console is not connected.'
        : 'The Search Console connection stopped working.',
    );
    this.reason = reason;
  }
}

/** Keeps each person's Search Console tokens and hands out valid access tokens. */
export class SearchConsoleGrants {
  private readonly repo: SearchConsoleRepository;
  private readonly platform: VideoPlatform;
  private readonly key: Buffer;
  private readonly clock: Clock;
  private readonly log: Logger;
  /** Whether the grant is of a client of its own (then Disconnect revokes it at Google). */
  readonly separateGrant: boolean;
  constructor(deps: {
    repo: SearchConsoleRepository;
    /** The Search Console OAuth client's token calls (refresh, revoke). */
    platform: VideoPlatform;
    /** True when `platform` is a client of its own, not the channels'. */
    separateGrant: boolean;
    key: Buffer;
    clock: Clock;
    log: Logger;
  }) {
    this.separateGrant = deps.separateGrant;
    this.repo = deps.repo;
    this.platform = deps.platform;
    this.key = deps.key;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  /** Stores the tokens of a new consent (a reconnection replaces the old ones). */
  async save(userId: string, tokens: PlatformTokens & { refreshToken: string }): Promise<void> {
    await this.repo.saveGrant(
      userId,
      {
        refreshTokenEnc: encryptSecret(this.key, tokens.refreshToken),
        accessTokenEnc: encryptSecret(this.key, tokens.accessToken),
        accessExpiresAt: tokens.expiresAt,
        scopes: tokens.scopes.join(' '),
      },
      this.clock.now(),
    );
  }

  /**
   * A valid access token of the person's grant. Throws GrantUnusable when there is none or it
   * needs a new consent (a refresh answered invalid_grant marks it so), PlatformError otherwise.
   */
  async accessToken(userId: string, options: { forceRefresh?: boolean } = {}): Promise<string> {
    const row = await this.repo.grant(userId);
    if (!row) throw new GrantUnusable('not-connected');
    if (row.needsReconnect) throw new GrantUnusable('needs-reconnect');
    const now = this.clock.now().getTime();
    if (
      !options.forceRefresh &&
      row.accessTokenEnc &&
      row.accessExpiresAt &&
      row.accessExpiresAt.getTime() - REFRESH_MARGIN_MS > now
    ) {
      return decryptSecret(this.key, row.accessTokenEnc);
    }
    let tokens: PlatformTokens;
    try {
      tokens = await this.platform.refreshAccessToken(decryptSecret(this.key, row.refreshTokenEnc));
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'invalid-grant') {
        this.log.warn({ userId }, 'Search Console refresh token rejected (invalid_grant)');
        await this.repo.markNeedsReconnect(userId, this.clock.now());
        throw new GrantUnusable('needs-reconnect');
      }
      throw error;
    }
    await this.repo.updateAccess(
      userId,
      {
        accessTokenEnc: encryptSecret(this.key, tokens.accessToken),
        accessExpiresAt: tokens.expiresAt,
        ...(tokens.refreshToken &&
        tokens.refreshToken !== decryptSecret(this.key, row.refreshTokenEnc)
          ? { refreshTokenEnc: encryptSecret(this.key, tokens.refreshToken) }
          : {}),
      },
      this.clock.now(),
    );
    return tokens.accessToken;
  }

  /**
   * Runs a Search Console call with the person's token, refreshing once when Google says the
   * access token is no longer valid. A token without the Search Console scope (the person
   * unticked it somewhere, or Google dropped it) marks the grant for reconnection: only a new
   * consent can add the scope.
   */
  async withToken<T>(userId: string, run: (accessToken: string) => Promise<T>): Promise<T> {
    try {
      try {
        return await run(await this.accessToken(userId));
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'unauthorized')
          return await run(await this.accessToken(userId, { forceRefresh: true }));
        throw error;
      }
    } catch (error) {
      if (
        isMissingScope(error) ||
        (error instanceof PlatformError && error.kind === 'unauthorized')
      ) {
        this.log.warn(
          { userId, reason: error instanceof PlatformError ? error.reason : null },
          'Search Console grant unusable: it needs a new consent',
        );
        await this.repo.markNeedsReconnect(userId, this.clock.now());
        throw new GrantUnusable('needs-reconnect');
      }
      throw error;
    }
  }

  /**
   * Forgets the person's grant with the channel choices made with it, and revokes it at Google
   * when it is of a client of its own (best effort: a dead token cannot be revoked, and the
   * person's wish to disconnect goes ahead anyway).
   *
   * Google revokes the whole grant of a (Google account, OAuth client) pair, every scope
   * included: with a shared client that would end the YouTube grant of a channel connected with
   * the same Google account, so then nothing is revoked and the person removes the access on
   * their Google Account's third-party access page if they wish.
   */
  async revoke(userId: string): Promise<void> {
    const row = await this.repo.grant(userId);
    if (!row) return;
    if (!this.separateGrant) {
      await this.repo.deleteGrant(userId);
      return;
    }
    try {
      await this.platform.revokeToken(decryptSecret(this.key, row.refreshTokenEnc));
    } catch (error) {
      this.log.warn({ err: error, userId }, 'Revoking the Search Console grant failed');
    }
    await this.repo.deleteGrant(userId);
  }
}
