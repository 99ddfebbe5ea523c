// Connecting Search Console: Google's consent for webmasters.readonly alone, in a grant of its
// own (no include_granted_scopes, so it never merges into a channel's YouTube grant), with a
// one-time state bound to the session family and PKCE S256, as the channel connection does.
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { oauthStates } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  claimOAuthState,
  OAUTH_STATE_TTL_SECONDS,
  safeOAuthReturnPath,
} from '../channels/index.ts';
import type { PlatformTokens, VideoPlatform } from '../video-platform/index.ts';
import type { SearchConsoleGrants } from './search-console-grants.ts';
import {
  SEARCH_CONSOLE_READ_SCOPES,
  SEARCH_CONSOLE_REQUESTED_SCOPES,
} from './search-console.port.ts';

/** The query parameter the callback sets on the page it sends the browser back to. */
export const SEARCH_CONSOLE_RETURN_PARAM = 'searchConsole';

/**
 * Its values: connected; denied (the person pressed Deny); missing-scope (the Search Console box
 * was unticked); error (the state was not this session's one-time state, or Google refused).
 */
export type SearchConsoleReturn = 'connected' | 'denied' | 'missing-scope' | 'error';

/** Where the callback lands without a (valid) return path: Reporting's overview. */
export const SEARCH_CONSOLE_LANDING_PATH = '/reporting/overview';

/** Where the callback sends the browser back. */
export interface SearchConsoleCallbackResult {
  path: string;
  params: Record<string, string>;
}

/** The OAuth callback's query. */
export interface SearchConsoleCallbackInput {
  code?: string;
  state?: string;
  error?: string;
}

/** Starts and completes the Search Console consent. */
export class SearchConsoleConnectService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly grants: SearchConsoleGrants;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly secret: string;
  private readonly key: Buffer;
  private readonly redirectUri: string;
  private readonly connected: (userId: string) => void;
  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    grants: SearchConsoleGrants;
    clock: Clock;
    log: Logger;
    secret: string;
    key: Buffer;
    redirectUri: string;
    /** Told after a successful connection (the service forgets the person's cached sites). */
    onConnected?: (userId: string) => void;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.grants = deps.grants;
    this.clock = deps.clock;
    this.log = deps.log;
    this.secret = deps.secret;
    this.key = deps.key;
    this.redirectUri = deps.redirectUri;
    this.connected = deps.onConnected ?? (() => {});
  }

  /** Creates a one-time state bound to this session and returns Google's consent URL. */
  async authorizationUrl(request: {
    userId: string;
    familyId: string;
    returnTo?: string;
  }): Promise<string> {
    const state = newToken();
    const codeVerifier = randomBytes(48).toString('base64url');
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    await this.db.insert(oauthStates).values({
      stateHash: hashToken(this.secret, state),
      userId: request.userId,
      familyId: request.familyId,
      codeVerifierEnc: encryptSecret(this.key, codeVerifier),
      mode: 'search-console',
      returnTo: returnPath(request.returnTo),
      expiresAt: new Date(this.clock.now().getTime() + OAUTH_STATE_TTL_SECONDS * 1000),
    });
    return this.platform.authorizationUrl({
      state,
      codeChallenge,
      redirectUri: this.redirectUri,
      scopes: SEARCH_CONSOLE_REQUESTED_SCOPES,
    });
  }

  /**
   * Completes the consent: the state must be this session's unused, unexpired Search Console
   * state (a channel connection's is refused); exchanges the code with the PKCE verifier, checks
   * that a Search Console scope was granted and stores the tokens encrypted.
   */
  async complete(
    input: SearchConsoleCallbackInput,
    session: { userId: string; familyId: string } | null,
  ): Promise<SearchConsoleCallbackResult> {
    const state = await claimOAuthState(this.db, this.secret, input.state, this.clock.now());
    if (
      !state ||
      !session ||
      state.mode !== 'search-console' ||
      state.familyId !== session.familyId ||
      state.userId !== session.userId
    ) {
      return back(SEARCH_CONSOLE_LANDING_PATH, 'error');
    }
    const path = returnPath(state.returnTo) ?? SEARCH_CONSOLE_LANDING_PATH;
    if (input.error || !input.code)
      return back(path, input.error === 'access_denied' ? 'denied' : 'error');
    let tokens: PlatformTokens;
    try {
      tokens = await this.platform.exchangeCode({
        code: input.code,
        codeVerifier: decryptSecret(this.key, state.codeVerifierEnc),
        redirectUri: this.redirectUri,
      });
    } catch (error) {
      this.log.warn({ err: error }, 'Search Console code exchange failed');
      return back(path, 'error');
    }
    // The grant is not revoked when unusable: revoking ends the whole grant of that Google
    // account for our client, which may be the one behind a connected channel.
    if (!tokens.scopes.some((s) => (SEARCH_CONSOLE_READ_SCOPES as readonly string[]).includes(s)))
      return back(path, 'missing-scope');
    const refreshToken = tokens.refreshToken;
    if (!refreshToken) {
      this.log.warn('Search Console consent issued no refresh token');
      return back(path, 'error');
    }
    await this.grants.save(state.userId, { ...tokens, refreshToken });
    this.connected(state.userId);
    return back(path, 'connected');
  }
}

/** The validated return path without a stale result parameter of an earlier consent. */
function returnPath(raw: string | null | undefined): string | null {
  const safe = safeOAuthReturnPath(raw);
  if (!safe) return null;
  const url = new URL(safe, 'http://app.invalid');
  url.searchParams.delete(SEARCH_CONSOLE_RETURN_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

function back(path: string, result: SearchConsoleReturn): SearchConsoleCallbackResult {
  return { path, params: { [SEARCH_CONSOLE_RETURN_PARAM]: result } };
}
