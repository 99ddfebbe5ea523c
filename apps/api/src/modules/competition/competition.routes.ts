// The competition view over HTTP (flag competition_user): a channel's competitors and its
// report. Thin handlers: the channel check comes from each route's declared scope, the flag
// check from the services (after it, so another tenant's channel stays a 404).
import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { CompetitionService } from './competition.service.ts';
import type { CompetitorsService } from './competitors.service.ts';

/** Registers the competition routes. */
export function registerCompetitionRoutes(
  app: FastifyInstance,
  deps: {
    competitors: CompetitorsService;
    competition: CompetitionService;
    resolveSession: SessionResolver;
  },
): void {
  const { competitors, competition, resolveSession } = deps;
  const tags = ['competition'];
  defineRoute(
    app,
    routes.competitors,
    resolveSession,
    ({ params, session }) => competitors.list(session.userId, params.id),
    { tags },
  );
  defineRoute(
    app,
    routes.addCompetitor,
    resolveSession,
    ({ params, body, session }) => competitors.add(session.userId, params.id, body.youtubeId),
    { tags },
  );
  defineRoute(
    app,
    routes.removeCompetitor,
    resolveSession,
    ({ params, session }) => competitors.remove(session.userId, params.id, params.youtubeId),
    { tags },
  );
  defineRoute(
    app,
    routes.competition,
    resolveSession,
    ({ params, session }) => competition.report(session.userId, params.id),
    { tags },
  );
}
