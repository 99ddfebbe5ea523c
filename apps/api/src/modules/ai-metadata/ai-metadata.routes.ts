// AI-written metadata over HTTP (thin handlers; the channel check comes from each route's scope).
import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { AiMetadataService } from './ai-metadata.service.ts';

/** Registers the AI metadata routes. */
export function registerAiMetadataRoutes(
  app: FastifyInstance,
  deps: { ai: AiMetadataService; resolveSession: SessionResolver },
): void {
  const { ai, resolveSession } = deps;
  const tags = ['ai-metadata'];
  defineRoute(app, routes.aiQuota, resolveSession, ({ params }) => ai.quota(params.id), { tags });
  defineRoute(
    app,
    routes.aiEligibility,
    resolveSession,
    ({ params, session }) => ai.eligibility(session.userId, params.id, params.videoId),
    { tags },
  );
  defineRoute(
    app,
    routes.generateAiMetadata,
    resolveSession,
    ({ params, body, session }) =>
      ai.generate(session.userId, params.id, params.videoId, body.searchTerm),
    { tags },
  );
  defineRoute(
    app,
    routes.latestAiGeneration,
    resolveSession,
    async ({ params }) => ({ generation: await ai.latest(params.id, params.videoId) }),
    { tags },
  );
  defineRoute(
    app,
    routes.aiFeedback,
    resolveSession,
    ({ params, body }) => ai.feedback(params.id, params.videoId, params.generationId, body),
    { tags },
  );
}
