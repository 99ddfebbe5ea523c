import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { IdeasService } from './ideas.service.ts';

/**
 * Idea discovery: ideas from seed keywords, suggested ideas, and an idea's details. The channel
 * is checked from the contract's scope before the handler; the service's own check (it reads
 * the channel's settings) is answered from that request's memo, without another query.
 */
export function registerIdeaRoutes(
  app: FastifyInstance,
  deps: { ideas: IdeasService; resolveSession: SessionResolver },
): void {
  const { ideas, resolveSession } = deps;
  const tags = ['ideas'];

  defineRoute(
    app,
    routes.discoverIdeas,
    resolveSession,
    async ({ body, session }) => ideas.discover(session.userId, body),
    { tags },
  );

  defineRoute(
    app,
    routes.suggestedIdeas,
    resolveSession,
    async ({ query, session }) => ideas.suggested(session.userId, query.channelId),
    { tags },
  );

  defineRoute(
    app,
    routes.ideaDetails,
    resolveSession,
    async ({ query, session }) => ideas.details(session.userId, query),
    { tags },
  );
}
