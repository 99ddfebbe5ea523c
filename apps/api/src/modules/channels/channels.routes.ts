import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChannelConnectService } from './channel-connect.service.ts';
import type { ChannelsService } from './channels.service.ts';
import type { ChannelSearchService } from './channel-search.service.ts';
import { sortedLocales } from './locales.ts';
import { oauthCallbackQuery, redirectWithParams } from './oauth-callback.ts';

/** Path of the OAuth callback (the redirect URI registered with Google). */
export const OAUTH_CALLBACK_PATH = '/oauth/youtube/callback';

/** Connecting, removing, sharing and configuring channels (syncing: modules/sync). */
export function registerChannelRoutes(
  app: FastifyInstance,
  deps: {
    channels: ChannelsService;
    connect: ChannelConnectService;
    search: ChannelSearchService;
    resolveSession: SessionResolver;
  },
): void {
  const { channels, connect, search, resolveSession } = deps;
  const tags = ['channels'];

  defineRoute(
    app,
    routes.youtubeAuthUrl,
    resolveSession,
    // The channel to reconnect (channel_id, product or platform id) is checked by the scope.
    async ({ query, session, access }) => {
      if (query.user_id !== session.userId)
        throw new AppError('forbidden', 'You can only connect channels to your own account.');
      const reconnect = query.reconnect === 'true';
      const authUrl = await connect.authorizationUrl({
        userId: session.userId,
        familyId: session.familyId,
        reconnect,
        firstChannel: query.first_channel === 'true',
        channelYoutubeId: reconnect ? access?.channel.youtubeId : undefined,
        returnTo: query.return_to,
      });
      return { authUrl };
    },
    { tags },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    OAUTH_CALLBACK_PATH,
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

  defineRoute(
    app,
    routes.removeChannel,
    resolveSession,
    async ({ params, session }) => {
      await channels.remove(session.userId, params.youtubeId);
      return { success: true as const };
    },
    { tags },
  );

  defineRoute(
    app,
    routes.channelMembers,
    resolveSession,
    async ({ params, session }) => ({ members: await channels.members(session.userId, params.id) }),
    { tags },
  );

  defineRoute(
    app,
    routes.inviteMember,
    resolveSession,
    async ({ params, body, session }) => ({
      members: await channels.invite(session.userId, params.id, body.email),
    }),
    { tags },
  );

  defineRoute(
    app,
    routes.removeMember,
    resolveSession,
    async ({ params, session }) => ({
      members: await channels.removeMember(session.userId, params.id, params.email),
    }),
    { tags },
  );

  defineRoute(
    app,
    routes.getChannelSettings,
    resolveSession,
    async ({ params, session }) => channels.getSettings(session.userId, params.id),
    { tags },
  );

  defineRoute(
    app,
    routes.updateChannelSettings,
    resolveSession,
    async ({ params, body, session }) => channels.updateSettings(session.userId, params.id, body),
    { tags },
  );

  defineRoute(
    app,
    routes.publicChannelSearch,
    resolveSession,
    async ({ query, request }) => search.search(query.q, query.page_token, request.ip),
    { tags },
  );

  defineRoute(
    app,
    routes.locales,
    resolveSession,
    async ({ query }) => sortedLocales(query.sortBy),
    { tags },
  );
}
