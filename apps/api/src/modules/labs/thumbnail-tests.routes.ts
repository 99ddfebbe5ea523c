// Labs' thumbnail tests over HTTP (flag labs_user). Thin handlers: the channel check comes from
// each route's declared scope, the flag check from the service (after it, so another tenant's
// channel stays a 404), and a test id of another channel is a 404 in the service.
import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { ThumbnailTestsService } from './thumbnail-tests.service.ts';

/** Registers the Labs routes. */
export function registerLabsRoutes(
  app: FastifyInstance,
  deps: { thumbnailTests: ThumbnailTestsService; resolveSession: SessionResolver },
): void {
  const { thumbnailTests, resolveSession } = deps;
  const tags = ['labs'];
  defineRoute(
    app,
    routes.thumbnailTests,
    resolveSession,
    ({ params, session }) => thumbnailTests.list(session.userId, params.id),
    { tags },
  );
  defineRoute(
    app,
    routes.createThumbnailTest,
    resolveSession,
    ({ params, body, session }) => thumbnailTests.create(session.userId, params.id, body),
    { tags },
  );
  defineRoute(
    app,
    routes.thumbnailTest,
    resolveSession,
    ({ params, session }) => thumbnailTests.get(session.userId, params.id, params.testId),
    { tags },
  );
  defineRoute(
    app,
    routes.stopThumbnailTest,
    resolveSession,
    ({ params, session }) => thumbnailTests.stop(session.userId, params.id, params.testId),
    { tags },
  );
}
