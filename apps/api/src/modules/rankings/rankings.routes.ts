// Keyword rankings over HTTP: the tracked keywords of a channel (thin handlers; the channel check
// comes from each route's declared scope).
import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { MovementService } from './movement.service.ts';
import { AppError } from '../../lib/errors.ts';
import type { RankingsService } from './rankings.service.ts';
import type { SerpChecksService } from './serp-checks.service.ts';
import type { TrackedKeywordsService } from './tracked-keywords.service.ts';

/** Registers the rankings routes. */
export function registerRankingRoutes(
  app: FastifyInstance,
  deps: {
    tracked: TrackedKeywordsService;
    rankings: RankingsService;
    checks: SerpChecksService;
    movement: MovementService;
    resolveSession: SessionResolver;
  },
): void {
  const { tracked, rankings, checks, movement, resolveSession } = deps;
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
    routes.trackedKeywordSuggestions,
    resolveSession,
    ({ params, query }) => tracked.suggestions(params.id, query),
    { tags },
  );
  defineRoute(
    app,
    routes.rankingsMovement,
    resolveSession,
    ({ params, query }) => movement.movement(params.id, query),
    { tags },
  );
  defineRoute(
    app,
    routes.keywordRanking,
    resolveSession,
    async ({ params }) => {
      const found = await rankings.keyword(params.id, params.trackedKeywordId);
      if (!found) throw new AppError('not-found', 'This keyword is not tracked for the channel.');
      return found;
    },
    { tags },
  );
  defineRoute(
    app,
    routes.runRankChecks,
    resolveSession,
    async ({ params }) => {
      const progress = await checks.runChannel(params.id);
      const state = progress.state === 'complete' ? ('loaded' as const) : progress.state;
      return {
        day: progress.day,
        total: progress.total,
        done: progress.done,
        failed: progress.failed,
        state,
      };
    },
    { tags },
  );
}
