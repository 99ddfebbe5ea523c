// The custom-plan request over HTTP (a thin handler; the service stores, mails and limits).
import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { CustomPlanService } from './custom-plan.service.ts';

/** Registers POST /api/custom-plan. */
export function registerCustomPlanRoutes(
  app: FastifyInstance,
  deps: { customPlan: CustomPlanService; resolveSession: SessionResolver },
): void {
  const { customPlan, resolveSession } = deps;
  defineRoute(
    app,
    routes.customPlanRequest,
    resolveSession,
    ({ body, session }) => customPlan.request(session.userId, body),
    { tags: ['billing'] },
  );
}
