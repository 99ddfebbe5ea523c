// A worker process for the rank-check kill -9 test: runs today's checks once against the
// emulator's SERP API on PostgreSQL and exits. The parent kills it mid-run.
import { openDatabase } from '../../../db/client.ts';
import { ShiftableClock, systemClock } from '../../../lib/clock.ts';
import { DataForSeoSerpAdapter } from '../dataforseo-serp.adapter.ts';
import { SerpChecksService } from '../serp-checks.service.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database = await openDatabase({ kind: 'postgres', url: env('DATABASE_URL'), poolSize: 2 });
const checks = new SerpChecksService({
  db: database.db,
  // Noon of today (past the scheduled run's spread, whatever the time of the test), plus an
  // offset for a worker that starts after a lease ran out, without waiting for it.
  clock: new ShiftableClock(
    systemClock,
    Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`) -
      Date.now() +
      Number(process.env.CLOCK_OFFSET_MS ?? 0),
  ),
  depth: 20,
  provider: new DataForSeoSerpAdapter({
    baseUrl: env('SERP_URL'),
    login: env('SERP_LOGIN'),
    password: env('SERP_PASSWORD'),
    name: 'emulator',
    timeoutMs: 120_000,
  }),
});
console.log('run started');
const progress = await checks.runToday();
console.log(`run finished ${JSON.stringify(progress)}`);
await database.close();
