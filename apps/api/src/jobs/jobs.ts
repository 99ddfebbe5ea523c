import { PgBoss, fromPglite } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';

/** A typed background job: name, payload schema, retry policy and handler. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** Cron schedule (UTC) for recurring jobs, with its fixed payload. */
  schedule?: { cron: string; payload: z.input<S> };
  handler: (payload: z.output<S>) => Promise<void>;
}

/** Declares a job with its payload type inferred from the schema. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** The queue the product uses: pg-boss on the product's own database. */
export class Jobs {
  private readonly boss: PgBoss;
  private readonly log: Logger;
  private readonly definitions = new Map<string, JobDefinition<z.ZodType>>();
  private started = false;

  constructor(database: Database, log: Logger, options: { worker: boolean }) {
    const common = {
      schema: 'pgboss',
      supervise: options.worker,
      schedule: options.worker,
    } as const;
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: database.connectionString!, max: 4 });
    this.log = log;
    this.boss.on('error', (error) => log.error({ err: error }, 'Job queue error'));
  }

  /** Registers job definitions (before start). */
  register(...definitions: JobDefinition<z.ZodType>[]): void {
    for (const d of definitions) this.definitions.set(d.name, d);
  }

  /** Starts the queue and creates every registered queue with its retry policy. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const d of this.definitions.values()) {
      await this.boss.createQueue(d.name, {
        retryLimit: d.retry.limit,
        retryDelay: d.retry.delaySeconds,
        retryBackoff: d.retry.backoff,
      });
    }
    this.started = true;
  }

  /** Runs handlers for every registered job and installs the recurring schedules. */
  async startWorkers(): Promise<void> {
    for (const d of this.definitions.values()) {
      await this.boss.work(d.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          const payload = d.payload.parse(job.data);
          try {
            await d.handler(payload);
          } catch (error) {
            this.log.warn(
              { err: error, job: d.name, id: job.id },
              'Job failed; pg-boss will retry',
            );
            throw error;
          }
        }
      });
      if (d.schedule)
        await this.boss.schedule(d.name, d.schedule.cron, d.schedule.payload as object);
    }
  }

  /** Enqueues a job; the payload is checked against the job's schema first. */
  async send<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.input<S>,
  ): Promise<string | null> {
    if (!this.started) throw new Error(`Job queue not started (sending ${definition.name})`);
    return this.boss.send(definition.name, definition.payload.parse(payload) as object);
  }

  /** Stops workers, waiting for running jobs to finish. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }
}
