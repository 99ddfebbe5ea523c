import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createTestApp,
  openTestDatabase,
  TEST_PASSWORD,
  type TestApp,
} from '../testing/test-app.ts';

/**
 * Sessions and users are cached in each process; a change made through one process must reach
 * the others at once (PostgreSQL NOTIFY), not only when the cache entry expires.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('caches across processes (postgres)', () => {
  async function twoProcesses(): Promise<[TestApp, TestApp, () => Promise<void>]> {
    const database = await openTestDatabase('postgres');
    const env = { SESSION_SECRET: 'shared-secret-of-the-deployment' };
    const a = await createTestApp('postgres', { database, env });
    const b = await createTestApp('postgres', { database, env });
    return [
      a,
      b,
      async () => {
        await a.close();
        await b.close();
        await database.close();
      },
    ];
  }

  async function eventually(check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the other process never saw the change');
  }

  it('a sign-out on one process is refused by the other, which had the session cached', async () => {
    const [a, b, close] = await twoProcesses();
    try {
      await a.createUser('cache@example.com');
      const cookie = await a.login('cache@example.com', TEST_PASSWORD);
      const me: InjectOptions = { method: 'GET', url: '/api/users/me', headers: { cookie } };
      expect((await b.app.inject(me)).statusCode).toBe(200);
      const out = await a.app.inject({
        method: 'POST',
        url: '/api/users/logout',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(out.statusCode).toBe(200);
      expect((await a.app.inject(me)).statusCode).toBe(401);
      await eventually(async () => (await b.app.inject(me)).statusCode === 401);
    } finally {
      await close();
    }
  });

  it('a password change on one process is refused by the other right after the 200, every time', async () => {
    const [a, b, close] = await twoProcesses();
    try {
      await a.createUser('change@example.com');
      let password = TEST_PASSWORD;
      for (let run = 0; run < 8; run++) {
        const mine = await a.login('change@example.com', password);
        const other = await a.login('change@example.com', password);
        const me: InjectOptions = {
          method: 'GET',
          url: '/api/users/me',
          headers: { cookie: other },
        };
        // Even runs: the other process has the session cached. Odd runs: it is looking the
        // session up while the password changes (a lookup in flight must not cache it).
        if (run % 2 === 0) expect((await b.app.inject(me)).statusCode).toBe(200);
        const inFlight = run % 2 === 1 ? b.app.inject(me) : null;
        const next = `a new passphrase, number ${run}`;
        const changed = await a.app.inject({
          method: 'POST',
          url: '/api/users/update-password',
          headers: { cookie: mine, 'content-type': 'application/json' },
          payload: { currentPassword: password, newPassword: next },
        });
        expect(changed.statusCode, changed.body).toBe(200);
        expect((await b.app.inject(me)).statusCode, `run ${run}`).toBe(401);
        await inFlight;
        password = next;
      }
    } finally {
      await close();
    }
  });

  it('a refresh on one process makes the other refuse the previous session token at once', async () => {
    const [a, b, close] = await twoProcesses();
    try {
      await a.createUser('refresh@example.com');
      for (let run = 0; run < 5; run++) {
        const cookie = await a.login('refresh@example.com', TEST_PASSWORD);
        const me: InjectOptions = { method: 'GET', url: '/api/users/me', headers: { cookie } };
        expect((await b.app.inject(me)).statusCode).toBe(200);
        const refreshed = await a.app.inject({
          method: 'POST',
          url: '/api/users/refresh-token',
          headers: { cookie, 'content-type': 'application/json' },
        });
        expect(refreshed.statusCode).toBe(200);
        expect((await b.app.inject(me)).statusCode, `run ${run}`).toBe(401);
      }
    } finally {
      await close();
    }
  });

  it('a change of e-mail on one process shows on the other, which had the user cached', async () => {
    const [a, b, close] = await twoProcesses();
    try {
      await a.createUser('before@example.com');
      const cookie = await a.login('before@example.com', TEST_PASSWORD);
      const me: InjectOptions = { method: 'GET', url: '/api/users/me', headers: { cookie } };
      expect((await b.app.inject(me)).json().email).toBe('before@example.com');
      const changed = await a.app.inject({
        method: 'POST',
        url: '/api/users/set-email',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { email: 'after@example.com', password: TEST_PASSWORD },
      });
      expect(changed.statusCode).toBe(200);
      await eventually(async () => (await b.app.inject(me)).json().email === 'after@example.com');
    } finally {
      await close();
    }
  });
});
