import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import {
  clearSessionCookies,
  DEVICE_COOKIE,
  REFRESH_COOKIE,
  SESSION_COOKIE,
  setDeviceCookie,
  setSessionCookies,
} from '../../http/session-cookies.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionService } from '../sessions/index.ts';
import type { RequestMeta, UsersService } from './users.service.ts';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  knownDevices: request.cookies[DEVICE_COOKIE],
});

/** Account and session calls (spec section 7). */
export function registerUserRoutes(
  app: FastifyInstance,
  deps: {
    users: UsersService;
    sessions: SessionService;
    resolveSession: SessionResolver;
    secureCookies: boolean;
  },
): void {
  const { users, sessions, resolveSession, secureCookies } = deps;
  const tags = ['users'];

  defineRoute(
    app,
    routes.login,
    resolveSession,
    async ({ body, request, reply }) => {
      const { user, session, knownDevices } = await users.login(
        body.email,
        body.password,
        meta(request),
      );
      setSessionCookies(reply, session, secureCookies);
      setDeviceCookie(reply, knownDevices, users.knownDeviceExpiry(), secureCookies);
      return { user, sessionExpiresAt: session.accessExpiresAt.toISOString() };
    },
    { tags },
  );

  defineRoute(
    app,
    routes.logout,
    resolveSession,
    async ({ request, reply, session }) => {
      if (session) await sessions.revokeFamily(session.familyId, 'logout');
      const refresh = request.cookies[REFRESH_COOKIE];
      if (refresh && refresh.length <= 100) await sessions.revokeByRefreshToken(refresh, 'logout');
      clearSessionCookies(reply, secureCookies);
      return { success: true as const };
    },
    { tags },
  );

  defineRoute(
    app,
    routes.refresh,
    resolveSession,
    async ({ request, reply }) => {
      const refresh = request.cookies[REFRESH_COOKIE];
      if (!refresh || refresh.length > 100) {
        clearSessionCookies(reply, secureCookies);
        throw new AppError('session-expired', 'Your session has expired. Please sign in again.');
      }
      try {
        const issued = await sessions.refresh(refresh);
        setSessionCookies(reply, issued, secureCookies);
        // A live session proves this browser belongs to the account: remember it if not yet.
        const knownDevices = await users.rememberDevice(
          issued.userId,
          issued.familyId,
          request.cookies[DEVICE_COOKIE],
        );
        if (knownDevices)
          setDeviceCookie(reply, knownDevices, users.knownDeviceExpiry(), secureCookies);
        return { sessionExpiresAt: issued.accessExpiresAt.toISOString() };
      } catch (error) {
        clearSessionCookies(reply, secureCookies);
        throw error;
      }
    },
    { tags },
  );

  defineRoute(
    app,
    routes.checkToken,
    resolveSession,
    async ({ session }) => ({
      valid: true as const,
      sessionExpiresAt: session.expiresAt.toISOString(),
    }),
    { tags },
  );

  defineRoute(
    app,
    routes.forget,
    resolveSession,
    async ({ body, request }) => {
      await users.requestPasswordReset(body.email, meta(request));
      return { success: true as const };
    },
    { tags },
  );

  defineRoute(
    app,
    routes.setPassword,
    resolveSession,
    async ({ body, reply, request }) => {
      const { knownDevices } = await users.setPassword(body.token, body.password, meta(request));
      // Every session was revoked; drop this browser's cookies too.
      if (request.cookies[SESSION_COOKIE]) clearSessionCookies(reply, secureCookies);
      setDeviceCookie(reply, knownDevices, users.knownDeviceExpiry(), secureCookies);
      return { success: true as const };
    },
    { tags },
  );

  defineRoute(
    app,
    routes.setEmail,
    resolveSession,
    async ({ body, session, request }) =>
      users.setEmail(session.userId, body.email, body.password, meta(request)),
    { tags },
  );

  defineRoute(
    app,
    routes.updatePassword,
    resolveSession,
    async ({ body, session, request, reply }) => {
      const { knownDevices } = await users.updatePassword(
        session.userId,
        session.familyId,
        body.currentPassword,
        body.newPassword,
        meta(request),
      );
      // The new password forgot every known browser; this one proved it belongs.
      setDeviceCookie(reply, knownDevices, users.knownDeviceExpiry(), secureCookies);
      return { success: true as const };
    },
    { tags },
  );

  defineRoute(app, routes.me, resolveSession, async ({ session }) => users.me(session.userId), {
    tags,
  });

  defineRoute(
    app,
    routes.myChannels,
    resolveSession,
    async ({ session }) => users.myChannels(session.userId),
    { tags },
  );

  defineRoute(
    app,
    routes.emailNotifications,
    resolveSession,
    async ({ body, session }) => users.setEmailNotifications(session.userId, body.newState),
    { tags },
  );
  defineRoute(
    app,
    routes.setProfileName,
    resolveSession,
    async ({ body, session }) => users.setName(session.userId, body.name),
    { tags },
  );
  defineRoute(
    app,
    routes.aiPermission,
    resolveSession,
    async ({ body, session }) => users.setAiPermission(session.userId, body.allowed),
    { tags },
  );
}
