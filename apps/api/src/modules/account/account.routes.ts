import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountExportParams, routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import { clearSessionCookies, DEVICE_COOKIE } from '../../http/session-cookies.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../users/index.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';
import { EXPORT_ARCHIVE_ROUTE, type AccountExportService } from './account-export.service.ts';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  knownDevices: request.cookies[DEVICE_COOKIE],
});

/** The account's data: exports (and their download) and deletion. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: {
    exports: AccountExportService;
    deletion: AccountDeletionService;
    resolveSession: SessionResolver;
    secureCookies: boolean;
  },
): void {
  const { exports, deletion, resolveSession, secureCookies } = deps;
  const tags = ['account'];

  defineRoute(
    app,
    routes.accountExports,
    resolveSession,
    async ({ session }) => ({ exports: await exports.list(session.userId) }),
    { tags },
  );

  defineRoute(
    app,
    routes.requestAccountExport,
    resolveSession,
    async ({ session }) => exports.request(session.userId),
    { tags },
  );

  defineRoute(
    app,
    routes.deleteAccount,
    resolveSession,
    async ({ body, session, request, reply }) => {
      await deletion.deleteAccount(session.userId, body.password, meta(request));
      clearSessionCookies(reply, secureCookies);
      return { success: true as const };
    },
    { tags },
  );

  // The archive itself: a ZIP, so not a contract route (their answers are JSON). Signed in,
  // checked before the parameter; someone else's export is a 404 like one that does not exist.
  app.withTypeProvider<ZodTypeProvider>().get(
    EXPORT_ARCHIVE_ROUTE,
    {
      config: { auth: true },
      schema: { hide: true, params: accountExportParams },
      preValidation: async (request) => {
        if (!(await resolveSession(request))) throw new AppError('unauthorized', 'Please sign in.');
      },
    },
    async (request, reply) => {
      const session = await resolveSession(request);
      if (!session) throw new AppError('unauthorized', 'Please sign in.');
      const archive = await exports.archive(session.userId, request.params.exportId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(archive.bytes))
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(archive.stream);
    },
  );
}
