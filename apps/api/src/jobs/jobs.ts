import { PgBoss, fromPglite } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';

/** A typed background job: name, payload schema, retry policy and handler. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** Cron schedule for recurring jobs (UTC unless `tz`, an IANA zone), with its fixed payload. */
  schedule?: { cron: string; tz?: string; payload: z.input<S> };
  /**
   * Queue behaviour: `exclusive` with a singleton key allows one queued-or-active job per key;
   * a heartbeat lets pg-boss retry the job of a worker that died mid-way.
   */
  queue?: { policy?: 'standard' | 'exclusive'; heartbeatSeconds?: number };
  /** Key for the exclusive policy (e.g. the channel id). */
  singletonKey?: (payload: z.output<S>) => string;
  handler: (payload: z.output<S>, context: JobContext) => Promise<void>;
}

/** What a running job knows about itself. */
export interface JobContext {
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** Tells pg-boss the job is alive (for queues with a heartbeat). */
  heartbeat(): Promise<void>;
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
        ...(d.queue?.policy ? { policy: d.queue.policy } : {}),
        ...(d.queue?.heartbeatSeconds ? { heartbeatSeconds: d.queue.heartbeatSeconds } : {}),
      });
    }
    this.started = true;
  }

  /** Runs handlers for every registered job and installs the recurring schedules. */
  async startWorkers(): Promise<void> {
    for (const d of this.definitions.values()) {
      await this.boss.work(
        d.name,
        { pollingIntervalSeconds: 1, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) {
            const payload = d.payload.parse(job.data);
            const context: JobContext = {
              jobId: job.id,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              heartbeat: async () => {
                await this.boss.touch(d.name, job.id);
              },
            };
            try {
              await d.handler(payload, context);
            } catch (error) {
              this.log.warn(
                { err: error, job: d.name, id: job.id },
                'Job failed; pg-boss will retry',
              );
              throw error;
            }
          }
        },
      );
      if (d.schedule)
        await this.boss.schedule(
          d.name,
          d.schedule.cron,
          d.schedule.payload as object,
          d.schedule.tz ? { tz: d.schedule.tz } : {},
        );
    }
  }

  /** Enqueues a job; the payload is checked against the job's schema first. */
  async send<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.input<S>,
  ): Promise<string | null> {
    if (!this.started) throw new Error(`Job queue not started (sending ${definition.name})`);
    const data = definition.payload.parse(payload);
    const singletonKey = definition.singletonKey?.(data);
    return this.boss.send(definition.name, data as object, singletonKey ? { singletonKey } : {});
  }

  /** Stops workers, waiting for running jobs to finish. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }
}
