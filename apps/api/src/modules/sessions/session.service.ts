import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessionFamilies, sessionTokens } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** Session lifetimes. Documented in the README; change them only here. */
export const SESSION_LIFETIMES = {
  /** The short-lived session token. */
  accessSeconds: 15 * 60,
  /** A refresh token unused this long expires (idle lifetime). */
  refreshIdleSeconds: 14 * 24 * 3600,
  /** No session outlives this, however often it is refreshed (absolute lifetime). */
  absoluteSeconds: 30 * 24 * 3600,
  /**
   * Two tabs may refresh with the same token at once; a second use this soon after the
   * rotation is treated as that race, not as theft.
   */
  reuseGraceSeconds: 10,
} as const;

/** How long a checked session may be reused without the database (bounded by its expiry). */
export const SESSION_CACHE_SECONDS = 30;
const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** Every process drops its cached entries of a session family (key: family id). */
const FAMILY_EVICT = 'session-family-evict';
/** Every process drops its cached entries of a user's sessions (key: user id). */
const USER_EVICT = 'session-user-evict';

/** Tokens handed to the client as cookies. */
export interface IssuedSession {
  familyId: string;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Who a valid session token belongs to. */
export interface AuthenticatedSession {
  userId: string;
  familyId: string;
  expiresAt: Date;
}

/** Issues, checks, rotates and revokes cookie sessions, storing only keyed token hashes. */
export class SessionService {
  private readonly db: Db;
  private readonly secret: string;
  private readonly clock: Clock;
  private readonly bus: InvalidationBus | null;
  /** Valid sessions by token hash: most requests then need no database round trip. */
  private readonly cache = new TtlCache<AuthenticatedSession>(SESSION_CACHE_MAX_ENTRIES);
  /**
   * Bumped by every eviction. A lookup that read the database before an eviction arrived must
   * not cache what it read: it may be the very session that was just revoked.
   */
  private evictions = 0;
  constructor(db: Db, secret: string, clock: Clock, bus: InvalidationBus | null = null) {
    this.db = db;
    this.secret = secret;
    this.clock = clock;
    this.bus = bus;
    bus?.on(FAMILY_EVICT, (familyId) => this.evict((s) => s.familyId === familyId));
    bus?.on(USER_EVICT, (userId) => this.evict((s) => s.userId === userId));
  }

  /** Starts a new session family for a user who just proved who they are. */
  async create(userId: string, meta: { userAgent?: string; ip?: string }): Promise<IssuedSession> {
    const now = this.clock.now();
    const [family] = await this.db
      .insert(sessionFamilies)
      .values({
        userId,
        absoluteExpiresAt: new Date(now.getTime() + SESSION_LIFETIMES.absoluteSeconds * 1000),
        userAgent: meta.userAgent?.slice(0, 500),
        ip: meta.ip,
      })
      .returning();
    return this.issue(family!.id, family!.absoluteExpiresAt);
  }

  /** Resolves a session token, or null when it is unknown, expired or revoked. */
  async authenticate(accessToken: string): Promise<AuthenticatedSession | null> {
    const now = this.clock.now();
    // The in-memory cache is keyed by the token itself (it never leaves this process), so a hit
    // costs no HMAC; the database only ever sees the keyed hash.
    const cached = this.cache.get(accessToken, now.getTime());
    if (cached) return cached.expiresAt > now ? cached : null;
    const evictionsBefore = this.evictions;
    const tokenHash = hashToken(this.secret, accessToken);
    const [row] = await this.db
      .select({
        userId: sessionFamilies.userId,
        familyId: sessionFamilies.id,
        expiresAt: sessionTokens.expiresAt,
        revokedAt: sessionFamilies.revokedAt,
      })
      .from(sessionTokens)
      .innerJoin(sessionFamilies, eq(sessionFamilies.id, sessionTokens.familyId))
      .where(and(eq(sessionTokens.tokenHash, tokenHash), eq(sessionTokens.kind, 'access')))
      .limit(1);
    if (!row || row.revokedAt || row.expiresAt <= now) return null;
    const session = { userId: row.userId, familyId: row.familyId, expiresAt: row.expiresAt };
    if (this.evictions !== evictionsBefore) return session;
    this.cache.set(
      accessToken,
      session,
      Math.min(now.getTime() + SESSION_CACHE_SECONDS * 1000, row.expiresAt.getTime()),
    );
    return session;
  }

  /**
   * Rotates a refresh token: the old one becomes used and a new pair is issued; the session token
   * issued with the old one stops working at once, in every process. A used token presented again
   * within the grace period (two tabs) gets a pair of its own; after it, revokes the whole family.
   */
  async refresh(refreshToken: string): Promise<IssuedSession & { userId: string }> {
    const now = this.clock.now();
    const tokenHash = hashToken(this.secret, refreshToken);
    const expired = new AppError(
      'session-expired',
      'Your session has expired. Please sign in again.',
    );
    const [token] = await this.db
      .select()
      .from(sessionTokens)
      .where(and(eq(sessionTokens.tokenHash, tokenHash), eq(sessionTokens.kind, 'refresh')))
      .limit(1);
    if (!token) throw expired;
    const family = await this.db.query.sessionFamilies.findFirst({
      where: eq(sessionFamilies.id, token.familyId),
    });
    if (!family || family.revokedAt || family.absoluteExpiresAt <= now) throw expired;
    if (token.expiresAt <= now) throw expired;
    // Claim the token atomically: of two concurrent refreshes only one sees used_at null.
    const claimed = await this.db
      .update(sessionTokens)
      .set({ usedAt: now })
      .where(and(eq(sessionTokens.tokenHash, tokenHash), isNull(sessionTokens.usedAt)))
      .returning({ tokenHash: sessionTokens.tokenHash });
    if (claimed.length === 0) {
      const [again] = await this.db
        .select({ usedAt: sessionTokens.usedAt })
        .from(sessionTokens)
        .where(eq(sessionTokens.tokenHash, tokenHash));
      const usedAt = again?.usedAt ?? now;
      if (now.getTime() - usedAt.getTime() > SESSION_LIFETIMES.reuseGraceSeconds * 1000) {
        await this.revokeFamily(family.id, 'refresh-token-reuse');
        throw expired;
      }
    }
    const issued = await this.issue(family.id, family.absoluteExpiresAt);
    // Only the pair's own session token: a second tab's pair (grace window) keeps working.
    await this.db
      .delete(sessionTokens)
      .where(
        and(
          eq(sessionTokens.familyId, family.id),
          eq(sessionTokens.kind, 'access'),
          eq(sessionTokens.issuedWith, tokenHash),
        ),
      );
    await this.evictEverywhere(FAMILY_EVICT, family.id);
    return { ...issued, userId: family.userId };
  }

  /** Revokes one session family (sign-out, or detected token reuse). */
  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.db
      .update(sessionFamilies)
      .set({ revokedAt: this.clock.now(), revokedReason: reason })
      .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
    // After the row changed, so no request can cache the family again from the old row.
    await this.evictEverywhere(FAMILY_EVICT, familyId);
  }

  /** Revokes the family a refresh token belongs to, if any (sign-out with only a refresh cookie). */
  async revokeByRefreshToken(refreshToken: string, reason: string): Promise<void> {
    const [token] = await this.db
      .select({ familyId: sessionTokens.familyId })
      .from(sessionTokens)
      .where(eq(sessionTokens.tokenHash, hashToken(this.secret, refreshToken)));
    if (token) await this.revokeFamily(token.familyId, reason);
  }

  /**
   * Revokes every session of a user, except optionally the current one, in one statement; every
   * process has dropped the user's cached sessions before this returns.
   */
  async revokeAllForUser(userId: string, reason: string, exceptFamilyId?: string): Promise<void> {
    await this.db
      .update(sessionFamilies)
      .set({ revokedAt: this.clock.now(), revokedReason: reason })
      .where(
        and(
          eq(sessionFamilies.userId, userId),
          isNull(sessionFamilies.revokedAt),
          exceptFamilyId ? ne(sessionFamilies.id, exceptFamilyId) : undefined,
        ),
      );
    await this.evictEverywhere(USER_EVICT, userId);
  }

  /** Deletes tokens and families that can no longer be used (run daily by a job). */
  async purgeExpired(): Promise<void> {
    const now = this.clock.now();
    await this.db.delete(sessionTokens).where(lt(sessionTokens.expiresAt, now));
    await this.db
      .delete(sessionFamilies)
      .where(or(lt(sessionFamilies.absoluteExpiresAt, now), lt(sessionFamilies.revokedAt, now)));
  }

  /**
   * Drops cached sessions here and in every other process, and waits until each has confirmed:
   * a request that reaches any process after this returns finds the change.
   */
  private async evictEverywhere(topic: string, key: string): Promise<void> {
    this.evict(topic === USER_EVICT ? (s) => s.userId === key : (s) => s.familyId === key);
    await this.bus?.publish(topic, key, { confirm: true });
  }

  private evict(match: (session: AuthenticatedSession) => boolean): void {
    this.evictions++;
    this.cache.deleteWhere(match);
  }

  private async issue(familyId: string, absoluteExpiresAt: Date): Promise<IssuedSession> {
    const now = this.clock.now().getTime();
    const cap = (seconds: number) =>
      new Date(Math.min(now + seconds * 1000, absoluteExpiresAt.getTime()));
    const accessToken = newToken();
    const refreshToken = newToken();
    const refreshHash = hashToken(this.secret, refreshToken);
    const accessExpiresAt = cap(SESSION_LIFETIMES.accessSeconds);
    const refreshExpiresAt = cap(SESSION_LIFETIMES.refreshIdleSeconds);
    await this.db.insert(sessionTokens).values([
      {
        tokenHash: hashToken(this.secret, accessToken),
        familyId,
        kind: 'access',
        expiresAt: accessExpiresAt,
        issuedWith: refreshHash,
      },
      {
        tokenHash: refreshHash,
        familyId,
        kind: 'refresh',
        expiresAt: refreshExpiresAt,
      },
    ]);
    return { familyId, accessToken, accessExpiresAt, refreshToken, refreshExpiresAt };
  }
}
