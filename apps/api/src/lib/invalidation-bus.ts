import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

const CHANNEL = 'tw_invalidate';

/** Drops cached entries of `key` under a topic (e.g. topic 'session-family', key = family id). */
export type InvalidationHandler = (key: string) => void;

/**
 * Tells every server process to forget cached entries. The publishing process drops its own at
 * once; others hear it through PostgreSQL NOTIFY on a dedicated LISTEN connection. Database
 * triggers notify on the same channel (e.g. 'channel-videos' when a channel's videos change);
 * embedded PGlite is one process and listens on its only connection for those. Caches that rely
 * on this still keep a short TTL, as a floor for a lost notification during a reconnect.
 */
export class InvalidationBus {
  private readonly handlers = new Map<string, Set<InvalidationHandler>>();
  private readonly database: Database;
  private readonly log: Logger;
  private listener: pg.Client | null = null;
  private stopPglite: (() => Promise<void>) | null = null;
  private closed = false;
  constructor(database: Database, log: Logger) {
    this.database = database;
    this.log = log;
  }

  /** Subscribes to a topic. */
  on(topic: string, handler: InvalidationHandler): void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
  }

  /** Invalidates `key` here and in every other process. */
  async publish(topic: string, key: string): Promise<void> {
    this.deliver(topic, key);
    if (this.database.kind === 'postgres') {
      await this.database.db.execute(
        sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, key })})`,
      );
    }
  }

  /** Starts listening to other processes and to the database's triggers. */
  async start(): Promise<void> {
    if (this.closed) return;
    if (this.database.kind === 'pglite') {
      this.stopPglite =
        (await this.database.pglite?.listen(CHANNEL, (payload) => this.receive(payload))) ?? null;
      return;
    }
    const client = new pg.Client({ connectionString: this.database.connectionString });
    client.on('notification', (message) => this.receive(message.payload ?? '{}'));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'Invalidation listener lost its connection; reconnecting');
      this.listener = null;
      // Whatever was missed meanwhile is bounded by the caches' TTL.
      setTimeout(() => void this.start().catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  /** Stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    const stopPglite = this.stopPglite;
    this.stopPglite = null;
    await stopPglite?.().catch(() => {});
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
  }

  private receive(payload: string): void {
    try {
      const { topic, key } = JSON.parse(payload) as { topic?: string; key?: string };
      if (topic && key) this.deliver(topic, key);
    } catch {
      // Not ours: ignore.
    }
  }

  private deliver(topic: string, key: string): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(key);
  }
}
