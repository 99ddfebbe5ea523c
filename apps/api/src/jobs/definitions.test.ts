// Recurring jobs' schedules as pg-boss evaluates them: the competitors' daily refresh runs just
// after the platform's quota day resets (midnight Pacific) all year, daylight saving included,
// and a schedule's time zone reaches pg-boss.
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { quotaDayOf } from '../modules/video-platform/index.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { jobDefinitions } from './definitions.ts';
import { Jobs } from './jobs.ts';

const definitions = jobDefinitions({} as Parameters<typeof jobDefinitions>[0]);
/** Evaluates schedules only (never started, so it never connects). */
const boss = new PgBoss({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });

describe('job schedules', () => {
  it('refreshes competitors 10 minutes into each quota day, all year', () => {
    const { schedule } = definitions.refreshCompetitors;
    expect(schedule).toBeDefined();
    const runs = boss.previewSchedule(schedule!.cron, {
      tz: schedule!.tz,
      from: new Date('2037-01-01T00:00:00Z'),
      count: 365,
    });
    expect(runs).toHaveLength(365);
    for (const run of runs) {
      const day = quotaDayOf(run);
      expect(quotaDayOf(new Date(run.getTime() - 9 * 60_000)), run.toISOString()).toBe(day);
      expect(quotaDayOf(new Date(run.getTime() - 11 * 60_000)), run.toISOString()).not.toBe(day);
    }
  });

  it('names only time zones pg-boss accepts', () => {
    for (const d of Object.values(definitions))
      if (d.schedule)
        expect(() => boss.previewSchedule(d.schedule!.cron, { tz: d.schedule!.tz })).not.toThrow();
  });
});

describe('Jobs', () => {
  let database: Database | undefined;
  afterAll(async () => database?.close());

  it('stores a schedule with its time zone', async () => {
    database = await openTestDatabase('pglite');
    const jobs = new Jobs(database, pino({ level: 'silent' }), { worker: true });
    const { refreshCompetitors } = jobDefinitions({
      competitors: { refreshDue: async () => ({ refreshed: 0, failed: 0 }) },
    } as unknown as Parameters<typeof jobDefinitions>[0]);
    jobs.register(...Object.values({ refreshCompetitors }));
    await jobs.start();
    try {
      await jobs.startWorkers();
      const rows = rowsOf(
        await database.db.execute(
          sql`SELECT cron, timezone FROM pgboss.schedule WHERE name = 'competition.refresh'`,
        ),
      );
      expect(rows).toEqual([{ cron: '10 0 * * *', timezone: 'America/Los_Angeles' }]);
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
