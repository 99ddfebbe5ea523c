import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

const CHANNEL = 'tw_invalidate';
/** Where each process confirms a notification that asked for it (payload: the nonce). */
const ACK_CHANNEL = 'tw_invalidate_ack';
/** The listener connections' application_name: how a publisher counts the processes to hear from. */
const LISTENER_NAME = 'tubewise-invalidation';
/** How long a confirmed publish waits for every process before going on (a hung process). */
export const CONFIRM_TIMEOUT_MS = 2_000;

/** Drops cached entries of `key` under a topic (e.g. topic 'session-family', key = family id). */
export type InvalidationHandler = (key: string) => void;

/**
 * Tells every server process to forget cached entries. The publishing process drops its own at
 * once; others hear it through PostgreSQL NOTIFY on a dedicated LISTEN connection. Database
 * triggers notify on the same channel (e.g. 'channel-videos' when a channel's videos change);
 * embedded PGlite is one process and listens on its only connection for those. Caches that rely
 * on this still keep a short TTL, as a floor for a lost notification during a reconnect.
 * A confirmed publish (sign-outs, password changes) also waits until every listening process
 * has dropped its entries: each acknowledges on ACK_CHANNEL after handling the notification.
 */
export class InvalidationBus {
  private readonly handlers = new Map<string, Set<InvalidationHandler>>();
  private readonly database: Database;
  private readonly log: Logger;
  private listener: pg.Client | null = null;
  private stopPglite: (() => Promise<void>) | null = null;
  private closed = false;
  /** Confirmed publishes waiting for acknowledgements, by nonce. */
  private readonly waiting = new Map<string, { remaining: number; done: () => void }>();
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

  /**
   * Invalidates `key` here and in every other process. With `confirm`, resolves only once every
   * listening process has handled it (or after CONFIRM_TIMEOUT_MS, logged), so an answer sent
   * after it cannot be contradicted by another process's cache.
   */
  async publish(topic: string, key: string, options: { confirm?: boolean } = {}): Promise<void> {
    this.deliver(topic, key);
    if (this.database.kind !== 'postgres') return;
    const listener = this.listener;
    if (!options.confirm || !listener) {
      await this.notify({ topic, key });
      return;
    }
    // Every process of the deployment listens with this name on this database.
    const { rows } = await listener.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
      [LISTENER_NAME],
    );
    const listeners = rows[0]?.n ?? 0;
    if (listeners === 0) {
      await this.notify({ topic, key });
      return;
    }
    const ack = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const confirmed = new Promise<boolean>((resolve) => {
      this.waiting.set(ack, { remaining: listeners, done: () => resolve(true) });
      timer = setTimeout(() => resolve(false), CONFIRM_TIMEOUT_MS);
    });
    try {
      await this.notify({ topic, key, ack });
      if (!(await confirmed)) {
        this.log.warn(
          { topic, listeners, missing: this.waiting.get(ack)?.remaining },
          'Not every process confirmed a cache invalidation in time; their entries expire within the TTL',
        );
      }
    } finally {
      clearTimeout(timer);
      this.waiting.delete(ack);
    }
  }

  private async notify(payload: { topic: string; key: string; ack?: string }): Promise<void> {
    await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(payload)})`);
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
    client.on('notification', (message) =>
      message.channel === ACK_CHANNEL
        ? this.acknowledged(message.payload ?? '')
        : this.receive(message.payload ?? '{}', client),
    );
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'Invalidation listener lost its connection; reconnecting');
      this.listener = null;
      // Whatever was missed meanwhile is bounded by the caches' TTL.
      setTimeout(() => void this.start().catch(() => {}), 1000).unref();
    });
    await client.connect();
    // Set after connecting, so an application_name in DATABASE_URL cannot hide this listener.
    await client.query(`SET application_name = '${LISTENER_NAME}'`);
    await client.query(`LISTEN ${CHANNEL}`);
    await client.query(`LISTEN ${ACK_CHANNEL}`);
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

  private receive(payload: string, client?: pg.Client): void {
    let message: { topic?: unknown; key?: unknown; ack?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return; // Not ours: ignore.
    }
    const { topic, key, ack } = message;
    if (typeof topic !== 'string' || typeof key !== 'string') return;
    this.deliver(topic, key);
    // Handlers ran synchronously: this process's entries are gone, so confirm.
    if (typeof ack === 'string' && client) {
      client.query('select pg_notify($1, $2)', [ACK_CHANNEL, ack]).catch((error: unknown) => {
        this.log.warn({ err: error }, 'Could not confirm a cache invalidation');
      });
    }
  }

  private acknowledged(ack: string): void {
    const waiter = this.waiting.get(ack);
    if (!waiter) return;
    if (--waiter.remaining <= 0) waiter.done();
  }

  private deliver(topic: string, key: string): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(key);
  }
}
