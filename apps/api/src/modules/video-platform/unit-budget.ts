import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Clock } from '../../lib/clock.ts';

/** YouTube's quota day ends at midnight Pacific time (platform-facts). */
const QUOTA_TIME_ZONE = 'America/Los_Angeles';
const quotaDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: QUOTA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The platform's quota day (YYYY-MM-DD, Pacific) an instant falls in. */
export function quotaDayOf(at: Date): string {
  return quotaDayFormat.format(at);
}

/**
 * A channel's daily budget of platform quota units for optional work (captions for AI, thumbnail
 * test swaps): such calls reserve their units first and are skipped when the budget says no, so
 * one channel's extras never eat the installation's shared daily allocation. A reservation is
 * one atomic upsert, so concurrent callers cannot overspend.
 */
export class UnitBudget {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly dailyUnits: number;

  constructor(deps: { db: Db; clock: Clock; dailyUnits: number }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.dailyUnits = deps.dailyUnits;
  }

  /** Reserves `units` of today's budget for the channel; false (nothing reserved) when it would overspend. */
  async tryReserve(channelId: string, units: number): Promise<boolean> {
    if (units > this.dailyUnits) return false;
    const day = quotaDayOf(this.clock.now());
    const result = await this.db.execute(sql`
      insert into platform_unit_spend (channel_id, day, units)
      values (${channelId}, ${day}, ${units})
      on conflict (channel_id, day) do update
        set units = platform_unit_spend.units + excluded.units
        where platform_unit_spend.units + excluded.units <= ${this.dailyUnits}
      returning units`);
    return rowsOf(result).length > 0;
  }

  /**
   * Adds units the channel spent today whatever the budget says: a journalled write sent again
   * while recovering it (the platform counts it, so the budget does too).
   */
  async record(channelId: string, units: number): Promise<void> {
    const day = quotaDayOf(this.clock.now());
    await this.db.execute(sql`
      insert into platform_unit_spend (channel_id, day, units)
      values (${channelId}, ${day}, ${units})
      on conflict (channel_id, day) do update
        set units = platform_unit_spend.units + excluded.units`);
  }

  /** Gives back units reserved today for a call that was never sent (never below zero). */
  async release(channelId: string, units: number): Promise<void> {
    const day = quotaDayOf(this.clock.now());
    await this.db.execute(sql`
      update platform_unit_spend set units = greatest(units - ${units}, 0)
      where channel_id = ${channelId} and day = ${day}`);
  }

  /** Units the channel's optional work spent today. */
  async spentToday(channelId: string): Promise<number> {
    const day = quotaDayOf(this.clock.now());
    const result = await this.db.execute(
      sql`select units from platform_unit_spend where channel_id = ${channelId} and day = ${day}`,
    );
    const first = rowsOf<{ units: number }>(result)[0];
    return first ? Number(first.units) : 0;
  }
}
