// The quota meter: one shared bucket of units and one bucket of search.list calls per Pacific day.
import {
  DAILY_QUOTA_UNITS,
  DAILY_SEARCH_CALLS,
  QUOTA_COSTS,
  QUOTA_RESET_TIME_ZONE,
  type QuotaMethod,
} from './quota-costs.ts';

/** What one Pacific day spent. */
export interface QuotaDay {
  /** The Pacific calendar day, YYYY-MM-DD. */
  day: string;
  /** Units spent in the shared bucket. */
  units: number;
  /** Units per method. */
  unitsByMethod: Partial<Record<QuotaMethod, number>>;
  /** Charged calls per method (every request, valid or not). */
  callsByMethod: Partial<Record<QuotaMethod, number>>;
  /** search.list calls charged to the separate bucket. */
  searchCalls: number;
  /** Requests refused with quotaExceeded. */
  rejected: number;
}

/** The readable ledger: limits, today's figures and the recent days. */
export interface QuotaLedger {
  limits: { unitsPerDay: number; searchCallsPerDay: number; resetTimeZone: string };
  today: QuotaDay;
  remainingUnits: number;
  remainingSearchCalls: number;
  /** Set when the quota-exhaustion switch is on. */
  forcedExhausted: boolean;
  days: QuotaDay[];
}

/** The outcome of charging a request. */
export type ChargeResult = { ok: true } | { ok: false };

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: QUOTA_RESET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Pacific calendar day (YYYY-MM-DD) of an instant: quotas reset at its midnight. */
export function pacificDay(epochMs: number): string {
  return dayFormatter.format(new Date(epochMs));
}

const KEPT_DAYS = 31;

function emptyDay(day: string): QuotaDay {
  return { day, units: 0, unitsByMethod: {}, callsByMethod: {}, searchCalls: 0, rejected: 0 };
}

/** Meters requests per Pacific day; exhaustion can be forced by the test switch. */
export class QuotaMeter {
  private readonly days = new Map<string, QuotaDay>();
  private readonly now: () => number;
  private readonly unitsPerDay: number;
  private readonly searchCallsPerDay: number;
  forcedExhausted = false;
  /** Called after every change (persistence hooks in here). */
  onChange: () => void = () => {};

  constructor(opts: { now: () => number; unitsPerDay?: number; searchCallsPerDay?: number }) {
    this.now = opts.now;
    this.unitsPerDay = opts.unitsPerDay ?? DAILY_QUOTA_UNITS;
    this.searchCallsPerDay = opts.searchCallsPerDay ?? DAILY_SEARCH_CALLS;
  }

  private today(): QuotaDay {
    const key = pacificDay(this.now());
    let day = this.days.get(key);
    if (!day) {
      day = emptyDay(key);
      this.days.set(key, day);
      // Keep a bounded history.
      const keys = [...this.days.keys()].sort();
      for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_DAYS))) this.days.delete(old);
    }
    return day;
  }

  /**
   * Charges one request of `method`. Every request costs, valid or not, so callers charge before
   * validating; a request that would overdraw a bucket is refused and costs nothing.
   */
  charge(method: QuotaMethod): ChargeResult {
    const day = this.today();
    const cost = QUOTA_COSTS[method];
    const isSearch = method === 'search.list';
    const over = isSearch
      ? day.searchCalls + 1 > this.searchCallsPerDay
      : day.units + cost > this.unitsPerDay;
    if (this.forcedExhausted || over) {
      day.rejected++;
      this.onChange();
      return { ok: false };
    }
    day.units += cost;
    day.unitsByMethod[method] = (day.unitsByMethod[method] ?? 0) + cost;
    day.callsByMethod[method] = (day.callsByMethod[method] ?? 0) + 1;
    if (isSearch) day.searchCalls++;
    this.onChange();
    return { ok: true };
  }

  /** The ledger as plain JSON-able data. */
  ledger(): QuotaLedger {
    const today = this.today();
    return {
      limits: {
        unitsPerDay: this.unitsPerDay,
        searchCallsPerDay: this.searchCallsPerDay,
        resetTimeZone: QUOTA_RESET_TIME_ZONE,
      },
      today: structuredClone(today),
      remainingUnits: Math.max(0, this.unitsPerDay - today.units),
      remainingSearchCalls: Math.max(0, this.searchCallsPerDay - today.searchCalls),
      forcedExhausted: this.forcedExhausted,
      days: [...this.days.values()]
        .sort((a, b) => a.day.localeCompare(b.day))
        .map((d) => structuredClone(d)),
    };
  }

  /** Forgets every day (the reset switch). */
  reset(): void {
    this.days.clear();
    this.forcedExhausted = false;
    this.onChange();
  }

  /** The days for the persistence snapshot. */
  snapshot(): QuotaDay[] {
    return [...this.days.values()].map((d) => structuredClone(d));
  }

  /** Restores days from a snapshot. */
  restore(days: QuotaDay[]): void {
    this.days.clear();
    for (const d of days) this.days.set(d.day, structuredClone(d));
  }
}
