// Google OAuth 2.0 state: authorization codes, refresh tokens, access tokens and past grants.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { AccountDirectory, type DemoAccount } from './accounts.ts';

/** Scope URLs and what the consent page says about them. */
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  'https://www.googleapis.com/auth/youtube': 'Manage your YouTube account',
  'https://www.googleapis.com/auth/youtube.readonly': 'View your YouTube account',
  'https://www.googleapis.com/auth/youtube.force-ssl':
    'See, edit, and permanently delete your YouTube videos, ratings, comments and captions',
  'https://www.googleapis.com/auth/youtube.upload': 'Manage your YouTube videos',
  'https://www.googleapis.com/auth/youtubepartner':
    'View and manage your assets and associated content on YouTube',
  'https://www.googleapis.com/auth/yt-analytics.readonly':
    'View YouTube Analytics reports for your YouTube content',
  'https://www.googleapis.com/auth/yt-analytics-monetary.readonly':
    'View monetary and non-monetary YouTube Analytics reports for your YouTube content',
  'https://www.googleapis.com/auth/webmasters.readonly':
    'View Search Console data for your verified sites',
  'https://www.googleapis.com/auth/webmasters':
    'View and manage Search Console data for your verified sites',
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: "See your personal info, including any personal info you've made publicly available",
  'https://www.googleapis.com/auth/userinfo.email': 'See your primary Google Account email address',
  'https://www.googleapis.com/auth/userinfo.profile':
    "See your personal info, including any personal info you've made publicly available",
};

/** Sign-in scopes Google always grants (no checkbox). */
export const IDENTITY_SCOPES = new Set([
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
]);

/** Scopes that allow reading the Data API. */
export const READ_SCOPES = [
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'https://www.googleapis.com/auth/youtubepartner',
];
/** Scopes that allow videos.update and thumbnails.set. */
export const WRITE_SCOPES = [
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'https://www.googleapis.com/auth/youtubepartner',
];
/** Scopes that allow captions.list and captions.download. */
export const CAPTION_SCOPES = [
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'https://www.googleapis.com/auth/youtubepartner',
];
/** Scopes that allow Analytics reports. */
export const ANALYTICS_SCOPES = [
  'https://www.googleapis.com/auth/yt-analytics.readonly',
  'https://www.googleapis.com/auth/yt-analytics-monetary.readonly',
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.readonly',
];

/** Whether a scope is YouTube's (only those make the consent page ask for a channel). */
export function isYouTubeScope(scope: string): boolean {
  return /^https:\/\/www\.googleapis\.com\/auth\/(youtube|yt-analytics)/.test(scope);
}

/** Lifetime of an authorization code. */
export const AUTH_CODE_TTL_MS = 10 * 60_000;

/** An issued authorization code. */
export interface AuthCode {
  code: string;
  clientId: string;
  redirectUri: string;
  accountId: string;
  channelId?: string;
  scopes: string[];
  codeChallenge?: string;
  /** access_type=offline was asked: only then does the exchange return a refresh token. */
  offline: boolean;
  expiresAt: number;
  used: boolean;
}

/** An issued refresh token (the grant). */
export interface RefreshToken {
  token: string;
  clientId: string;
  accountId: string;
  channelId?: string;
  scopes: string[];
  createdAt: number;
  revoked: boolean;
}

/** An issued access token. */
export interface AccessToken {
  token: string;
  /** The OAuth client it was issued to (absent in snapshots older than several clients). */
  clientId?: string;
  refreshToken?: string;
  accountId: string;
  channelId?: string;
  scopes: string[];
  expiresAt: number;
}

/** Who an access token speaks for. */
export interface Principal {
  accountId: string;
  channelId?: string;
  scopes: string[];
}

/** The JSON body of a successful token response. */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: 'Bearer';
  id_token?: string;
}

/** Outcome of a token request: status and body (Google's flat OAuth error form on failure). */
export interface TokenResult {
  status: number;
  body: TokenResponse | { error: string; error_description: string };
}

/** Persisted OAuth state. */
export interface OAuthSnapshot {
  codes: AuthCode[];
  refreshTokens: RefreshToken[];
  accessTokens: AccessToken[];
  grants: Record<string, string[]>;
}

function token(prefix: string, bytes: number): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

/** The S256 code challenge of a verifier (RFC 7636). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** An OAuth client the emulated Google knows. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/**
 * Issues and checks codes and tokens. A grant belongs to a (principal, client) pair, as at
 * Google: the principal is the Google account, or the channel's brand account when the token is
 * bound to a channel (the demo channels are brand accounts, each its own identity).
 */
export class OAuthServer {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Every client accepted: the main one first, then the others (e.g. Search Console's). */
  private readonly clients: OAuthClient[];
  accessTokenTtlSeconds: number;
  private readonly now: () => number;
  private readonly accounts: AccountDirectory;
  private readonly codes = new Map<string, AuthCode>();
  private readonly refreshTokens = new Map<string, RefreshToken>();
  private readonly accessTokens = new Map<string, AccessToken>();
  /** Scopes each (principal, client) pair already granted (include_granted_scopes). */
  private readonly grants = new Map<string, Set<string>>();
  /** Called after every change (persistence hooks in here). */
  onChange: () => void = () => {};

  constructor(opts: {
    clientId: string;
    clientSecret: string;
    /** More clients of the same project, each with grants of its own. */
    otherClients?: readonly OAuthClient[];
    now: () => number;
    accessTokenTtlSeconds: number;
    /** The accounts that can sign in (default: the demo accounts). */
    accounts?: AccountDirectory;
  }) {
    this.clientId = opts.clientId;
    this.clientSecret = opts.clientSecret;
    this.clients = [
      { clientId: opts.clientId, clientSecret: opts.clientSecret },
      ...(opts.otherClients ?? []),
    ];
    this.now = opts.now;
    this.accessTokenTtlSeconds = opts.accessTokenTtlSeconds;
    this.accounts = opts.accounts ?? new AccountDirectory();
  }

  /** The account (demo or imported) with this id or e-mail. */
  account(idOrEmail: string): DemoAccount | undefined {
    return this.accounts.find(idOrEmail);
  }

  /** Whether the client id is one of the registered clients. */
  hasClient(clientId: string | undefined): boolean {
    return this.clients.some((c) => c.clientId === clientId);
  }

  /** Scopes granted earlier to the client by a principal (for include_granted_scopes=true). */
  previouslyGranted(clientId: string, accountId: string, channelId?: string): string[] {
    return [...(this.grants.get(grantKey({ clientId, accountId, channelId })) ?? [])];
  }

  /** Issues an authorization code after the person clicked Allow. */
  issueCode(input: Omit<AuthCode, 'code' | 'expiresAt' | 'used'>): string {
    const code = token('4/0A', 48);
    this.codes.set(code, { ...input, code, expiresAt: this.now() + AUTH_CODE_TTL_MS, used: false });
    // Drop expired codes so the map stays bounded.
    for (const [key, c] of this.codes)
      if (c.expiresAt < this.now() - AUTH_CODE_TTL_MS) this.codes.delete(key);
    this.onChange();
    return code;
  }

  /** Checks client credentials: undefined when valid, else the 401 body. */
  checkClient(
    clientId: string | undefined,
    clientSecret: string | undefined,
  ): TokenResult | undefined {
    const client = this.clients.find((c) => c.clientId === clientId);
    if (!client) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
      };
    }
    if (clientSecret !== client.clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } };
    }
    return undefined;
  }

  private issueAccess(
    grant: { clientId: string; accountId: string; channelId?: string; scopes: string[] },
    refreshToken?: string,
  ): AccessToken {
    const access: AccessToken = {
      token: token('ya29.a0', 96),
      clientId: grant.clientId,
      accountId: grant.accountId,
      scopes: grant.scopes,
      expiresAt: this.now() + this.accessTokenTtlSeconds * 1000,
    };
    if (grant.channelId) access.channelId = grant.channelId;
    if (refreshToken) access.refreshToken = refreshToken;
    this.accessTokens.set(access.token, access);
    for (const [key, a] of this.accessTokens)
      if (a.expiresAt < this.now()) this.accessTokens.delete(key);
    return access;
  }

  private idToken(accountId: string, clientId: string): string {
    const account = this.account(accountId)!;
    const client = this.clients.find((c) => c.clientId === clientId) ?? this.clients[0]!;
    const now = Math.floor(this.now() / 1000);
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        iss: 'https://accounts.google.com',
        azp: client.clientId,
        aud: client.clientId,
        sub: account.id,
        email: account.email,
        email_verified: true,
        name: account.name,
        iat: now,
        exp: now + 3600,
      }),
    ).toString('base64url');
    const signature = createHmac('sha256', client.clientSecret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    return `${header}.${payload}.${signature}`;
  }

  /** grant_type=authorization_code. */
  exchangeCode(params: {
    code?: string;
    redirectUri?: string;
    codeVerifier?: string;
    clientId: string;
  }): TokenResult {
    const badRequest: TokenResult = {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Bad Request' },
    };
    const entry = params.code ? this.codes.get(params.code) : undefined;
    if (!entry || entry.used || entry.expiresAt <= this.now() || entry.clientId !== params.clientId)
      return badRequest;
    // Single use: the code is spent by any exchange attempt, successful or not.
    entry.used = true;
    this.onChange();
    if (params.redirectUri !== entry.redirectUri) {
      return {
        status: 400,
        body: { error: 'redirect_uri_mismatch', error_description: 'Bad Request' },
      };
    }
    if (entry.codeChallenge !== undefined) {
      if (!params.codeVerifier)
        return {
          status: 400,
          body: { error: 'invalid_grant', error_description: 'Missing code verifier.' },
        };
      if (s256(params.codeVerifier) !== entry.codeChallenge) return badRequest;
    }
    const key = grantKey(entry);
    const granted = this.grants.get(key) ?? new Set<string>();
    for (const s of entry.scopes) granted.add(s);
    this.grants.set(key, granted);
    if (!entry.offline) {
      // Online access: an access token only, as Google does without access_type=offline.
      const access = this.issueAccess(entry);
      this.onChange();
      const body: TokenResponse = {
        access_token: access.token,
        expires_in: this.accessTokenTtlSeconds - 1,
        scope: entry.scopes.join(' '),
        token_type: 'Bearer',
      };
      if (entry.scopes.includes('openid'))
        body.id_token = this.idToken(entry.accountId, entry.clientId);
      return { status: 200, body };
    }
    const refresh: RefreshToken = {
      token: token('1//0', 64),
      clientId: entry.clientId,
      accountId: entry.accountId,
      scopes: entry.scopes,
      createdAt: this.now(),
      revoked: false,
    };
    if (entry.channelId) refresh.channelId = entry.channelId;
    this.refreshTokens.set(refresh.token, refresh);
    const access = this.issueAccess(refresh, refresh.token);
    const body: TokenResponse = {
      access_token: access.token,
      expires_in: this.accessTokenTtlSeconds - 1,
      refresh_token: refresh.token,
      scope: entry.scopes.join(' '),
      token_type: 'Bearer',
    };
    if (entry.scopes.includes('openid'))
      body.id_token = this.idToken(entry.accountId, entry.clientId);
    this.onChange();
    return { status: 200, body };
  }

  /** grant_type=refresh_token. */
  refresh(refreshToken: string | undefined, clientId: string): TokenResult {
    const entry = refreshToken ? this.refreshTokens.get(refreshToken) : undefined;
    if (!entry || entry.revoked || entry.clientId !== clientId) {
      return {
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
      };
    }
    const access = this.issueAccess(entry, entry.token);
    this.onChange();
    const body: TokenResponse = {
      access_token: access.token,
      expires_in: this.accessTokenTtlSeconds - 1,
      scope: entry.scopes.join(' '),
      token_type: 'Bearer',
    };
    if (entry.scopes.includes('openid'))
      body.id_token = this.idToken(entry.accountId, entry.clientId);
    return { status: 200, body };
  }

  /**
   * The revocation endpoint. As at Google, any access or refresh token revokes the whole grant
   * of its (principal, client) pair: every refresh and access token of that pair, all scopes.
   * Other clients' grants, and other principals' (another brand channel), are untouched.
   */
  revoke(tokenValue: string | undefined): boolean {
    if (!tokenValue) return false;
    const access = this.accessTokens.get(tokenValue);
    const refresh = this.refreshTokens.get(access?.refreshToken ?? tokenValue);
    const owner = refresh && !refresh.revoked ? refresh : access;
    if (!owner) return false;
    this.revokeGrant(grantKey({ ...owner, clientId: owner.clientId ?? this.clientId }));
    return true;
  }

  private revokeRefresh(refresh: RefreshToken): void {
    this.revokeGrant(grantKey(refresh));
  }

  /** Ends every token of a (principal, client) pair and forgets the scopes it granted. */
  private revokeGrant(key: string): void {
    const revoked = new Set<string>();
    for (const r of this.refreshTokens.values())
      if (grantKey(r) === key) {
        r.revoked = true;
        revoked.add(r.token);
      }
    for (const [value, a] of this.accessTokens)
      if (
        (a.refreshToken !== undefined && revoked.has(a.refreshToken)) ||
        grantKey({ ...a, clientId: a.clientId ?? this.clientId }) === key
      )
        this.accessTokens.delete(value);
    // Revoking removes the app's access, so later consents start from no granted scopes.
    this.grants.delete(key);
    this.onChange();
  }

  /** Test switch: forgets every recorded granted scope; tokens stay valid. */
  forgetGrantedScopes(): void {
    this.grants.clear();
    this.onChange();
  }

  /** Test switch: revokes a refresh token's grant (its whole pair, as /revoke); false when unknown. */
  revokeRefreshToken(tokenValue: string): boolean {
    const refresh = this.refreshTokens.get(tokenValue);
    if (!refresh) return false;
    this.revokeRefresh(refresh);
    return true;
  }

  /** Test switch: revokes every refresh token of an account (id or e-mail); returns how many. */
  revokeAccount(idOrEmail: string): number {
    const account = this.account(idOrEmail);
    const matching = [...this.refreshTokens.values()].filter(
      (r) => !r.revoked && (r.accountId === account?.id || r.accountId === idOrEmail),
    );
    for (const refresh of matching) this.revokeRefresh(refresh);
    return matching.length;
  }

  /** Resolves a Bearer token: the principal, or 'invalid' (unknown, expired or revoked). */
  authenticate(tokenValue: string): Principal | 'invalid' {
    const access = this.accessTokens.get(tokenValue);
    if (!access || access.expiresAt <= this.now()) return 'invalid';
    if (access.refreshToken && this.refreshTokens.get(access.refreshToken)?.revoked)
      return 'invalid';
    const principal: Principal = { accountId: access.accountId, scopes: access.scopes };
    if (access.channelId) principal.channelId = access.channelId;
    return principal;
  }

  /** Refresh tokens issued so far (for the control API and tests). */
  listRefreshTokens(): RefreshToken[] {
    return [...this.refreshTokens.values()].map((r) => ({ ...r, scopes: [...r.scopes] }));
  }

  /** Forgets everything (the reset switch). */
  reset(): void {
    this.codes.clear();
    this.refreshTokens.clear();
    this.accessTokens.clear();
    this.grants.clear();
    this.onChange();
  }

  /** State for the persistence snapshot. */
  snapshot(): OAuthSnapshot {
    return {
      codes: [...this.codes.values()],
      refreshTokens: [...this.refreshTokens.values()],
      accessTokens: [...this.accessTokens.values()].filter((a) => a.expiresAt > this.now()),
      grants: Object.fromEntries([...this.grants].map(([k, v]) => [k, [...v]])),
    };
  }

  /** Restores a snapshot. */
  restore(s: OAuthSnapshot): void {
    for (const c of s.codes ?? []) this.codes.set(c.code, c);
    for (const r of s.refreshTokens ?? []) this.refreshTokens.set(r.token, r);
    for (const a of s.accessTokens ?? []) this.accessTokens.set(a.token, a);
    for (const [k, v] of Object.entries(s.grants ?? {})) this.grants.set(k, new Set(v));
  }
}

/** The (principal, client) pair a token belongs to: one grant at Google. */
function grantKey(t: { clientId: string; accountId: string; channelId?: string | undefined }) {
  return `${t.clientId} ${t.channelId ? `channel:${t.channelId}` : t.accountId}`;
}
