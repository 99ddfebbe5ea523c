import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { pageViews, usageEvents } from '../../db/schema/index.ts';

type EventRow = typeof usageEvents.$inferInsert;
type PageViewRow = typeof pageViews.$inferInsert;

/** Batching options: flush when this many rows wait, or after this many milliseconds. */
export interface EventBatchOptions {
  maxBatch: number;
  flushIntervalMs: number;
  /** Rows kept while the database is failing; beyond this the oldest are dropped and counted. */
  maxBuffered: number;
}

const DEFAULTS: EventBatchOptions = { maxBatch: 500, flushIntervalMs: 250, maxBuffered: 100_000 };

/**
 * Accepts usage events and page views at once and writes them in batches. A storage hiccup
 * never fails the caller: rows stay buffered and are retried; close() flushes everything.
 */
export class EventsService {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly options: EventBatchOptions;
  private events: EventRow[] = [];
  private views: PageViewRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** Rows dropped because the buffer overflowed during a long outage. */
  dropped = 0;

  constructor(db: Db, log: Logger, options: Partial<EventBatchOptions> = {}) {
    this.db = db;
    this.log = log;
    this.options = { ...DEFAULTS, ...options };
  }

  /** Queues a usage event. */
  recordEvent(row: EventRow): void {
    this.events.push({ ...row, createdAt: row.createdAt ?? new Date() });
    this.afterPush();
  }

  /** Queues a page view. */
  recordPageView(row: PageViewRow): void {
    this.views.push({ ...row, createdAt: row.createdAt ?? new Date() });
    this.afterPush();
  }

  /** Writes everything queued so far (waits for a flush already under way). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.events.length === 0 && this.views.length === 0) return;
    this.flushing = this.writeBatches().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  /** Stops the timer and flushes; retries a few times so a clean shutdown loses nothing. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.flush();
      if (this.events.length === 0 && this.views.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
    this.log.error(
      { events: this.events.length, views: this.views.length },
      'Unflushed events at shutdown',
    );
  }

  private afterPush(): void {
    const total = this.events.length + this.views.length;
    if (total > this.options.maxBuffered) {
      const excess = total - this.options.maxBuffered;
      const fromEvents = Math.min(excess, this.events.length);
      this.events.splice(0, fromEvents);
      this.views.splice(0, excess - fromEvents);
      this.dropped += excess;
    }
    if (total >= this.options.maxBatch) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.options.flushIntervalMs);
      this.timer.unref();
    }
  }

  private async writeBatches(): Promise<void> {
    const events = this.events.splice(0, this.events.length);
    const views = this.views.splice(0, this.views.length);
    // One statement per chunk with five array parameters (unnest), instead of a VALUES list
    // with a parameter per cell: building and sending thousands of parameters cost more CPU
    // than the requests themselves under load.
    const unwrittenEvents = await this.writeRows(events, 'usage events', (chunk) =>
      this.db.execute(sql`
        insert into ${usageEvents} (anonymous_id, user_id, channel_id, event, payload, created_at)
        select * from unnest(
          ${pgArray(chunk.map((r) => r.anonymousId))}::text[],
          ${pgArray(chunk.map((r) => r.userId ?? null))}::uuid[],
          ${pgArray(chunk.map((r) => r.channelId ?? null))}::text[],
          ${pgArray(chunk.map((r) => r.event))}::text[],
          ${pgArray(chunk.map((r) => storableJson(r.payload)))}::jsonb[],
          ${pgArray(chunk.map((r) => (r.createdAt ?? new Date()).toISOString()))}::timestamptz[]
        )`),
    );
    const unwrittenViews = await this.writeRows(views, 'page views', (chunk) =>
      this.db.execute(sql`
        insert into ${pageViews} (anonymous_id, user_id, url, title, data, created_at)
        select * from unnest(
          ${pgArray(chunk.map((r) => r.anonymousId))}::text[],
          ${pgArray(chunk.map((r) => r.userId ?? null))}::uuid[],
          ${pgArray(chunk.map((r) => r.url))}::text[],
          ${pgArray(chunk.map((r) => r.title))}::text[],
          ${pgArray(chunk.map((r) => storableJson(r.data)))}::jsonb[],
          ${pgArray(chunk.map((r) => (r.createdAt ?? new Date()).toISOString()))}::timestamptz[]
        )`),
    );
    this.events.unshift(...unwrittenEvents);
    this.views.unshift(...unwrittenViews);
    if ((this.events.length || this.views.length) && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.options.flushIntervalMs * 4);
      this.timer.unref();
    }
  }

  /** Inserts rows in chunks; returns the rows not written (to retry later). */
  private async writeRows<R>(
    rows: R[],
    what: string,
    insert: (chunk: R[]) => PromiseLike<unknown>,
  ): Promise<R[]> {
    for (let i = 0; i < rows.length; i += this.options.maxBatch) {
      try {
        await insert(rows.slice(i, i + this.options.maxBatch));
      } catch (error) {
        this.log.warn({ err: error, count: rows.length - i }, `Storing ${what} failed; will retry`);
        return rows.slice(i);
      }
    }
    return [];
  }
}

/**
 * Text PostgreSQL can store: no NUL characters and no lone surrogates (both make the whole batch
 * fail, and a batch that always fails would hold back every later event).
 */
export function storableText(value: string): string {
  return value.toWellFormed().replaceAll('\u0000', '');
}

/** JSON PostgreSQL's jsonb accepts, with every key and string made storable. */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string') return storableText(v);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [storableText(k), inner]));
    }
    return v;
  });
}

/** A PostgreSQL array literal of text values (NULL-aware), sent as one parameter. */
export function pgArray(values: (string | null)[]): string {
  return `{${values
    .map((v) =>
      v === null ? 'NULL' : `"${storableText(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    )
    .join(',')}}`;
}
