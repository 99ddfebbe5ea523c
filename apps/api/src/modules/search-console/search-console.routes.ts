// Search Console over HTTP (thin handlers): the person's connection, the consent and its
// callback, and a channel's "Google search" section (the channel check comes from each route's
// declared scope).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import { oauthCallbackQuery, redirectWithParams } from '../channels/index.ts';
import type { SearchConsoleConnectService } from './search-console-connect.service.ts';
import type { SearchConsoleService } from './search-console.service.ts';

/** Path of the Search Console consent's callback (a redirect URI registered with Google). */
export const SEARCH_CONSOLE_CALLBACK_PATH = '/oauth/search-console/callback';

/** Registers the Search Console routes and the consent's callback. */
export function registerSearchConsoleRoutes(
  app: FastifyInstance,
  deps: {
    searchConsole: SearchConsoleService;
    connect: SearchConsoleConnectService;
    resolveSession: SessionResolver;
  },
): void {
  const { searchConsole, connect, resolveSession } = deps;
  const tags = ['search-console'];

  defineRoute(
    app,
    routes.searchConsoleConnection,
    resolveSession,
    ({ session }) => searchConsole.connection(session.userId),
    { tags },
  );

  defineRoute(
    app,
    routes.searchConsoleAuthUrl,
    resolveSession,
    async ({ query, session }) => ({
      url: await connect.authorizationUrl({
        userId: session.userId,
        familyId: session.familyId,
        returnTo: query.returnTo,
      }),
    }),
    { tags },
  );

  defineRoute(
    app,
    routes.disconnectSearchConsole,
    resolveSession,
    ({ session }) => searchConsole.disconnect(session.userId),
    { tags },
  );

  defineRoute(
    app,
    routes.channelSearchConsole,
    resolveSession,
    ({ params, query }) => searchConsole.channelSection(params.id, query.days),
    { tags },
  );

  defineRoute(
    app,
    routes.setChannelSearchConsole,
    resolveSession,
    ({ params, query, body, session, access }) =>
      searchConsole.setChannelProperty(
        params.id,
        // The declared scope resolved the caller's role on the channel.
        { userId: session.userId, role: access?.role ?? 'member' },
        body.siteUrl,
        query.days,
      ),
    { tags },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    SEARCH_CONSOLE_CALLBACK_PATH,
    {
      schema: {
        hide: true,
        querystring: oauthCallbackQuery,
      },
    },
    async (request, reply) => {
      const session = await resolveSession(request);
      const result = await connect.complete(request.query, session);
      return redirectWithParams(reply, result.path, result.params);
    },
  );
}
