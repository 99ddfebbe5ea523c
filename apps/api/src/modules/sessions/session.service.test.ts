import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { sessionFamilies, sessionTokens, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { openTestDatabase, testBackends, TestClock } from '../../testing/test-app.ts';
import { SESSION_LIFETIMES, SessionService } from './session.service.ts';

/** An in-memory stand-in for the bus between processes: every publish reaches every service. */
function sharedBus(): InvalidationBus {
  const handlers = new Map<string, ((key: string) => void)[]>();
  return {
    on(topic: string, handler: (key: string) => void) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    async publish(topic: string, key: string) {
      for (const handler of handlers.get(topic) ?? []) handler(key);
    },
  } as unknown as InvalidationBus;
}

/**
 * The database, except that a select's rows are handed over only once `gate` opens; `read`
 * resolves when the select itself has run (a lookup in flight that already read the row).
 */
function heldSelects(db: Db, gate: Promise<void>): { db: Db; read: Promise<void> } {
  let markRead = () => {};
  const read = new Promise<void>((resolve) => (markRead = resolve));
  const hold = (builder: object): object =>
    new Proxy(builder, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (prop === 'then') {
          return (resolve: (v: unknown) => void, reject: (e: unknown) => void) =>
            (target as PromiseLike<unknown>)
              .then(async (rows) => {
                markRead();
                await gate;
                return rows;
              })
              .then(resolve, reject);
        }
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result && typeof result === 'object' && 'then' in result ? hold(result) : result;
        };
      },
    });
  const wrapped = new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (prop === 'select')
        return (...args: unknown[]) =>
          hold((value as (...a: unknown[]) => object).apply(target, args));
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { db: wrapped, read };
}

const MINUTE = 60;
const DAY = 24 * 3600;
const SECRET = 'session-test-secret';

describe.each(testBackends())('SessionService (%s)', (backend) => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.migrate();
    const [row] = await database.db
      .insert(users)
      .values({ email: 'sam@example.com', name: 'Sam' })
      .returning();
    userId = row!.id;
  });
  afterAll(() => database.close());

  /** A service with its own clock, starting now. */
  const service = () => {
    const clock = new TestClock();
    return { clock, sessions: new SessionService(database.db, SECRET, clock) };
  };
  const expectExpired = (p: Promise<unknown>) =>
    expect(p).rejects.toMatchObject({ code: 'session-expired' });

  it('documents the lifetimes: 15 min session, 14 days idle, 30 days absolute, 10 s grace', () => {
    expect(SESSION_LIFETIMES).toEqual({
      accessSeconds: 15 * MINUTE,
      refreshIdleSeconds: 14 * DAY,
      absoluteSeconds: 30 * DAY,
      reuseGraceSeconds: 10,
    });
  });

  it('issues ≥128-bit tokens whose session token expires after 15 minutes', async () => {
    const { clock, sessions } = service();
    const start = clock.now().getTime();
    const issued = await sessions.create(userId, { ip: '10.0.0.1', userAgent: 'vitest' });
    expect(Buffer.from(issued.accessToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(issued.refreshToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(issued.accessToken).not.toBe(issued.refreshToken);
    expect(issued.accessExpiresAt.getTime()).toBe(start + 15 * MINUTE * 1000);
    expect(issued.refreshExpiresAt.getTime()).toBe(start + 14 * DAY * 1000);

    const session = await sessions.authenticate(issued.accessToken);
    expect(session).toMatchObject({ userId, familyId: issued.familyId });
    // A refresh token is not a session token.
    expect(await sessions.authenticate(issued.refreshToken)).toBeNull();
    clock.advance(15 * MINUTE - 1);
    expect(await sessions.authenticate(issued.accessToken)).not.toBeNull();
    clock.advance(1);
    expect(await sessions.authenticate(issued.accessToken)).toBeNull();
    // The refresh token still works and brings a fresh session token.
    const next = await sessions.refresh(issued.refreshToken);
    expect(next.userId).toBe(userId);
    expect(await sessions.authenticate(next.accessToken)).not.toBeNull();
  });

  it('expires a refresh token left unused for 14 days; using it keeps the session alive', async () => {
    const { clock, sessions } = service();
    let issued = await sessions.create(userId, {});
    clock.advance(14 * DAY - MINUTE);
    issued = await sessions.refresh(issued.refreshToken);
    clock.advance(14 * DAY - MINUTE);
    issued = await sessions.refresh(issued.refreshToken);
    clock.advance(14 * DAY + 1);
    await expectExpired(sessions.refresh(issued.refreshToken));
  });

  it('caps every refresh at the 30-day absolute lifetime', async () => {
    const { clock, sessions } = service();
    const start = clock.now().getTime();
    const absolute = start + 30 * DAY * 1000;
    let issued = await sessions.create(userId, {});
    clock.advance(13 * DAY);
    issued = await sessions.refresh(issued.refreshToken);
    expect(issued.refreshExpiresAt.getTime()).toBe(start + 27 * DAY * 1000);
    clock.advance(13 * DAY);
    issued = await sessions.refresh(issued.refreshToken);
    // Idle lifetime would reach day 40; the absolute lifetime ends the session on day 30.
    expect(issued.refreshExpiresAt.getTime()).toBe(absolute);
    clock.advance(4 * DAY - 5 * MINUTE);
    issued = await sessions.refresh(issued.refreshToken);
    expect(issued.accessExpiresAt.getTime()).toBe(absolute);
    expect(issued.refreshExpiresAt.getTime()).toBe(absolute);
    clock.advance(5 * MINUTE);
    expect(await sessions.authenticate(issued.accessToken)).toBeNull();
    await expectExpired(sessions.refresh(issued.refreshToken));
  });

  it('stores tokens only as keyed hashes', async () => {
    const { sessions } = service();
    const issued = await sessions.create(userId, {});
    const rows = await database.db
      .select()
      .from(sessionTokens)
      .where(eq(sessionTokens.familyId, issued.familyId));
    expect(rows).toHaveLength(2);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(issued.accessToken);
    expect(dump).not.toContain(issued.refreshToken);
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      [hashToken(SECRET, issued.accessToken), hashToken(SECRET, issued.refreshToken)].sort(),
    );
    // The hash is keyed: another secret gives another hash, so a leaked table is not enough.
    expect(hashToken('another-secret', issued.accessToken)).not.toBe(
      hashToken(SECRET, issued.accessToken),
    );
    const otherService = new SessionService(database.db, 'another-secret', new TestClock());
    expect(await otherService.authenticate(issued.accessToken)).toBeNull();
  });

  it('lets two concurrent refreshes with one token both succeed (the grace window)', async () => {
    const { sessions } = service();
    const issued = await sessions.create(userId, {});
    const [a, b] = await Promise.all([
      sessions.refresh(issued.refreshToken),
      sessions.refresh(issued.refreshToken),
    ]);
    expect(a.familyId).toBe(issued.familyId);
    expect(b.familyId).toBe(issued.familyId);
    expect(a.refreshToken).not.toBe(b.refreshToken);
  });

  it("revokes the session token issued with a refresh token when it rotates, not another tab's", async () => {
    const { clock, sessions } = service();
    const issued = await sessions.create(userId, {});
    // Cached by the first check, as every request's is.
    expect(await sessions.authenticate(issued.accessToken)).not.toBeNull();
    const tabA = await sessions.refresh(issued.refreshToken);
    expect(await sessions.authenticate(issued.accessToken)).toBeNull();
    // A second tab refreshing with the same token within the grace window gets its own pair…
    clock.advance(SESSION_LIFETIMES.reuseGraceSeconds - 1);
    const tabB = await sessions.refresh(issued.refreshToken);
    // …and neither tab's new session token is refused because of the other.
    expect(await sessions.authenticate(tabA.accessToken)).not.toBeNull();
    expect(await sessions.authenticate(tabB.accessToken)).not.toBeNull();
    await sessions.refresh(tabA.refreshToken);
    expect(await sessions.authenticate(tabA.accessToken)).toBeNull();
    expect(await sessions.authenticate(tabB.accessToken)).not.toBeNull();
  });

  it('does not cache a session read just before another process revoked it', async () => {
    const bus = sharedBus();
    const clock = new TestClock();
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = heldSelects(database.db, gate);
    const here = new SessionService(held.db, SECRET, clock, bus);
    const elsewhere = new SessionService(database.db, SECRET, clock, bus);
    const issued = await elsewhere.create(userId, {});
    // A request here read the still-valid row; the revocation lands before it caches it.
    const inFlight = here.authenticate(issued.accessToken);
    await held.read;
    await elsewhere.revokeFamily(issued.familyId, 'logout');
    open();
    // The request that was already under way may still pass (it started before the sign-out)…
    expect(await inFlight).not.toBeNull();
    // …but nothing after it does.
    expect(await here.authenticate(issued.accessToken)).toBeNull();
  });

  it('revokes the family when a used token comes back after the grace window', async () => {
    const { clock, sessions } = service();
    const issued = await sessions.create(userId, {});
    const next = await sessions.refresh(issued.refreshToken);
    clock.advance(SESSION_LIFETIMES.reuseGraceSeconds + 1);
    await expectExpired(sessions.refresh(issued.refreshToken));
    const [family] = await database.db
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.id, issued.familyId));
    expect(family!.revokedReason).toBe('refresh-token-reuse');
    expect(await sessions.authenticate(next.accessToken)).toBeNull();
    await expectExpired(sessions.refresh(next.refreshToken));
  });

  it('revokes by refresh token, and every session of a user except the current one', async () => {
    const { sessions } = service();
    const a = await sessions.create(userId, {});
    const b = await sessions.create(userId, {});
    const c = await sessions.create(userId, {});
    await sessions.revokeByRefreshToken(a.refreshToken, 'logout');
    expect(await sessions.authenticate(a.accessToken)).toBeNull();
    expect(await sessions.authenticate(b.accessToken)).not.toBeNull();
    await sessions.revokeAllForUser(userId, 'password-changed', c.familyId);
    expect(await sessions.authenticate(b.accessToken)).toBeNull();
    expect(await sessions.authenticate(c.accessToken)).not.toBeNull();
    await sessions.revokeByRefreshToken('unknown-token', 'logout');
    await expectExpired(sessions.refresh('unknown-token'));
  });

  it('purges expired tokens and dead families, keeping live ones', async () => {
    const { clock, sessions } = service();
    const old = await sessions.create(userId, {});
    clock.advance(16 * DAY);
    const live = await sessions.create(userId, {});
    const revoked = await sessions.create(userId, {});
    await sessions.revokeFamily(revoked.familyId, 'logout');
    clock.advance(1);
    await sessions.purgeExpired();

    const tokensOf = async (familyId: string) =>
      database.db.select().from(sessionTokens).where(eq(sessionTokens.familyId, familyId));
    const familyExists = async (familyId: string) =>
      (await database.db.select().from(sessionFamilies).where(eq(sessionFamilies.id, familyId)))
        .length === 1;
    expect(await tokensOf(old.familyId)).toEqual([]);
    expect(await familyExists(revoked.familyId)).toBe(false);
    expect(await tokensOf(revoked.familyId)).toEqual([]);
    expect(await tokensOf(live.familyId)).toHaveLength(2);
    expect(await sessions.authenticate(live.accessToken)).not.toBeNull();

    // Past the live session token's 15 minutes only its refresh token is kept.
    clock.advance(16 * MINUTE);
    await sessions.purgeExpired();
    expect((await tokensOf(live.familyId)).map((t) => t.kind)).toEqual(['refresh']);
    expect((await sessions.refresh(live.refreshToken)).familyId).toBe(live.familyId);

    // Past the absolute lifetime of the first family, the family itself goes.
    expect(await familyExists(old.familyId)).toBe(true);
    clock.advance(15 * DAY);
    await sessions.purgeExpired();
    expect(await familyExists(old.familyId)).toBe(false);
  });
});
