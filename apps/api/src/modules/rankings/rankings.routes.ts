// Keyword rankings over HTTP: the tracked keywords of a channel (thin handlers; the channel check
// comes from each route's declared scope).
import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { MovementService } from './movement.service.ts';
import type { RankingsService } from './rankings.service.ts';
import type { TrackedKeywordsService } from './tracked-keywords.service.ts';

/** Registers the rankings routes. */
export function registerRankingRoutes(
  app: FastifyInstance,
  deps: {
    tracked: TrackedKeywordsService;
    rankings: RankingsService;
    movement: MovementService;
    resolveSession: SessionResolver;
  },
): void {
  const { tracked, rankings, movement, resolveSession } = deps;
  const tags = ['rankings'];
  defineRoute(
    app,
    routes.trackedKeywords,
    resolveSession,
    ({ params }) => tracked.list(params.id),
    {
      tags,
    },
  );
  defineRoute(
    app,
    routes.rankings,
    resolveSession,
    ({ params, query }) => rankings.rankings(params.id, query),
    { tags },
  );
  defineRoute(
    app,
    routes.addTrackedKeywords,
    resolveSession,
    ({ params, body, session }) => tracked.add(params.id, session.userId, body),
    { tags },
  );
  defineRoute(
    app,
    routes.deleteTrackedKeywords,
    resolveSession,
    ({ params, body }) => tracked.remove(params.id, body.ids),
    { tags },
  );
  defineRoute(
    app,
    routes.rankingsMovement,
    resolveSession,
    ({ params, query }) => movement.movement(params.id, query),
    { tags },
  );
}
