import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { SyncService } from './sync.service.ts';

/** Starting a channel's sync and following its progress. */
export function registerSyncRoutes(
  app: FastifyInstance,
  deps: { sync: SyncService; resolveSession: SessionResolver },
): void {
  const { sync, resolveSession } = deps;
  // Listed with the channel calls in the API docs, where people look for them.
  const tags = ['channels'];

  defineRoute(app, routes.startSync, resolveSession, async ({ params }) => sync.start(params.id), {
    tags,
  });

  defineRoute(
    app,
    routes.syncStatus,
    resolveSession,
    async ({ params }) => sync.status(params.id),
    { tags },
  );
}
