import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { routes, type PublicConfig } from '@tubewise/contract';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { defineRoute, type SessionResolver } from './route.ts';

/** Liveness, readiness and the public settings the web app reads at start. */
export function registerSystemRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    publicConfig: PublicConfig;
    resolveSession: SessionResolver;
    isShuttingDown: () => boolean;
    isStarting: () => boolean;
  },
): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    if (deps.isShuttingDown()) throw new AppError('unavailable', 'The server is shutting down.');
    if (deps.isStarting()) throw new AppError('unavailable', 'The server is still starting.');
    try {
      await deps.db.execute(sql`select 1`);
    } catch {
      throw new AppError('unavailable', 'The database is not reachable.');
    }
    return { status: 'ready' };
  });
  defineRoute(app, routes.publicConfig, deps.resolveSession, async () => deps.publicConfig, {
    tags: ['system'],
  });
}
