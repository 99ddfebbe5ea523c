import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Database } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { openTestDatabase, testBackends, TEST_PASSWORD } from '../../testing/test-app.ts';
import { MailService } from '../mail/index.ts';
import { AuthThrottle, RateLimitService } from '../rate-limit/index.ts';
import { SessionService } from '../sessions/index.ts';
import { UsersRepository } from './users.repository.ts';
import { DEFAULT_AUTH_LIMITS, UsersService } from './users.service.ts';

/** A repository that misses addresses in `blind`, as a concurrent request that checked too early would. */
class RacingRepository extends UsersRepository {
  blind = new Set<string>();
  override async findByEmail(email: string) {
    return this.blind.has(email) ? undefined : super.findByEmail(email);
  }
}

describe.each(testBackends())('UsersService (%s)', (backend) => {
  let database: Database;
  let repo: RacingRepository;
  let users: UsersService;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.migrate();
    const log = pino({ level: 'silent' });
    repo = new RacingRepository(database.db);
    users = new UsersService({
      repo,
      sessions: new SessionService(database.db, 'secret', systemClock),
      limits: new RateLimitService(database.db, systemClock),
      throttle: new AuthThrottle(database.db, systemClock),
      mail: new MailService(database.db, log, { from: 'test@example.com' }),
      clock: systemClock,
      log,
      secret: 'secret',
      publicUrl: 'http://localhost:3000',
      productName: 'Tubewise',
      authLimits: DEFAULT_AUTH_LIMITS,
    });
  });
  afterAll(() => database.close());

  it("answers 'conflict' when the unique index decides an e-mail race", async () => {
    await users.ensureUser({ email: 'taken@example.com', password: TEST_PASSWORD, name: 'A' });
    const { id } = await users.ensureUser({
      email: 'racer@example.com',
      password: TEST_PASSWORD,
      name: 'B',
    });
    // The pre-check does not see the address: only the unique index stops the update.
    repo.blind.add('taken@example.com');
    await expect(
      users.setEmail(id, 'taken@example.com', TEST_PASSWORD, { ip: '10.2.0.2' }),
    ).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
    });
    expect((await users.me(id)).email).toBe('racer@example.com');
  });

  it('creates a demo account once and never overwrites its password', async () => {
    const first = await users.ensureUser({
      email: 'Demo@Example.com',
      password: TEST_PASSWORD,
      name: 'Demo',
      flags: 'competition_user,labs_user',
      isV2Enterprise: true,
    });
    expect(first.created).toBe(true);
    const again = await users.ensureUser({
      email: 'demo@example.com',
      password: 'a different passphrase',
      name: 'Demo',
    });
    expect(again).toEqual({ id: first.id, created: false });
    const me = await users.me(first.id);
    expect(me).toMatchObject({
      email: 'demo@example.com',
      flags: 'competition_user,labs_user',
      isV2Enterprise: true,
    });
    const { user } = await users.login('demo@example.com', TEST_PASSWORD, { ip: '10.2.0.1' });
    expect(user.id).toBe(first.id);
  });
});
