import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { openTestDatabase, testBackends } from '../../testing/test-app.ts';
import { quotaDayOf, UnitBudget } from './unit-budget.ts';

describe('quotaDayOf', () => {
  it('ends the day at midnight Pacific, daylight saving included', () => {
    expect(quotaDayOf(new Date('2026-07-01T06:59:00Z'))).toBe('2026-06-30');
    expect(quotaDayOf(new Date('2026-07-01T07:00:00Z'))).toBe('2026-07-01');
    expect(quotaDayOf(new Date('2026-01-15T07:59:00Z'))).toBe('2026-01-14');
    expect(quotaDayOf(new Date('2026-01-15T08:00:00Z'))).toBe('2026-01-15');
  });
});

describe.each(testBackends())('UnitBudget (%s)', (backend) => {
  let database: Database;
  let channelId: string;
  let now = new Date('2026-07-01T12:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.migrate();
    const [channel] = await database.db
      .insert(channels)
      .values({ youtubeId: 'UCbudget', name: 'Budget' })
      .returning();
    channelId = channel!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('never overspends under concurrent reservations, and starts again the next quota day', async () => {
    const budget = new UnitBudget({ db: database.db, clock: { now: () => now }, dailyUnits: 1000 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => budget.tryReserve(channelId, 250)),
    );
    expect(results.filter(Boolean)).toHaveLength(4);
    expect(await budget.spentToday(channelId)).toBe(1000);
    expect(await budget.tryReserve(channelId, 1)).toBe(false);
    now = new Date('2026-07-02T07:00:00Z');
    expect(await budget.spentToday(channelId)).toBe(0);
    expect(await budget.tryReserve(channelId, 1001)).toBe(false);
    expect(await budget.tryReserve(channelId, 1000)).toBe(true);
  });
});
