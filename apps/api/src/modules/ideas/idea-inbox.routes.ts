import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { IdeaInboxService } from './idea-inbox.service.ts';

/** Inbox settings of the weekly ideas e-mail and its sign-in-free unsubscribe. */
export function registerIdeaInboxRoutes(
  app: FastifyInstance,
  deps: { inbox: IdeaInboxService; resolveSession: SessionResolver },
): void {
  const { inbox, resolveSession } = deps;
  const tags = ['ideas'];

  defineRoute(
    app,
    routes.ideaInboxSettings,
    resolveSession,
    async ({ session }) => inbox.settings(session.userId),
    { tags },
  );
  defineRoute(
    app,
    routes.updateIdeaInboxSettings,
    resolveSession,
    async ({ body, session }) => inbox.update(session.userId, body.channelId, body.weeklyIdeas),
    { tags },
  );
  defineRoute(
    app,
    routes.unsubscribeWeeklyIdeas,
    resolveSession,
    async ({ body, request }) => inbox.unsubscribe(body.token, request.ip),
    { tags },
  );
}
