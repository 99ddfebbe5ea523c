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
    this.events.push(row);
    this.afterPush();
  }

  /** Queues a page view. */
  recordPageView(row: PageViewRow): void {
    this.views.push(row);
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
    const unwrittenEvents = await this.writeRows(events, 'usage events', (chunk) =>
      this.db.insert(usageEvents).values(chunk),
    );
    const unwrittenViews = await this.writeRows(views, 'page views', (chunk) =>
      this.db.insert(pageViews).values(chunk),
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
