import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { ChannelsService } from '../channels/channels.service.ts';
import type { IdeasService } from './ideas.service.ts';

/** Idea discovery: ideas from seed keywords, suggested ideas, and an idea's details. */
export function registerIdeaRoutes(
  app: FastifyInstance,
  deps: { channels: ChannelsService; ideas: IdeasService; resolveSession: SessionResolver },
): void {
  const { channels, ideas, resolveSession } = deps;
  const tags = ['ideas'];

  defineRoute(
    app,
    routes.discoverIdeas,
    resolveSession,
    async ({ body, session }) => {
      await channels.requireAccess(session.userId, body.channelId);
      return ideas.discover(session.userId, body);
    },
    { tags },
  );

  defineRoute(
    app,
    routes.suggestedIdeas,
    resolveSession,
    async ({ query, session }) => {
      await channels.requireAccess(session.userId, query.channelId);
      return ideas.suggested(session.userId, query.channelId);
    },
    { tags },
  );

  defineRoute(
    app,
    routes.ideaDetails,
    resolveSession,
    async ({ query, session }) => {
      await channels.requireAccess(session.userId, query.channelId);
      return ideas.details(session.userId, query);
    },
    { tags },
  );
}
