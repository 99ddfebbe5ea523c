// The reporting overview over HTTP (thin handlers; the channel check comes from each route's
// declared scope).
import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { ReportingService } from './reporting.service.ts';

/** Registers the reporting routes. */
export function registerReportingRoutes(
  app: FastifyInstance,
  deps: { reporting: ReportingService; resolveSession: SessionResolver },
): void {
  const { reporting, resolveSession } = deps;
  const tags = ['reporting'];
  defineRoute(
    app,
    routes.organicStats,
    resolveSession,
    ({ params, query }) => reporting.organic(params.id, query),
    { tags },
  );
  defineRoute(
    app,
    routes.setCostPerView,
    resolveSession,
    ({ params, body, session }) =>
      reporting.setCostPerView(params.id, session.userId, body.costPerView),
    { tags },
  );
}
