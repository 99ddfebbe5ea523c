import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  AuthenticatedSession,
  IssuedSession,
  SessionService,
} from '../modules/sessions/index.ts';
import type { SessionResolver } from './route.ts';

/** Cookie with the short-lived session token, sent on every request. */
export const SESSION_COOKIE = 'tw_session';
/** Cookie with the refresh token, sent only to the account calls that need it. */
export const REFRESH_COOKIE = 'tw_refresh';
/** Cookie naming the accounts this browser is a known device of (see KnownDevices). */
export const DEVICE_COOKIE = 'tw_device';
// Sign-in, refresh and set-password live under /api/users: no other call needs either cookie.
const REFRESH_PATH = '/api/users';

/** Writes both session cookies (HttpOnly, SameSite=Lax, Secure outside localhost). */
export function setSessionCookies(
  reply: FastifyReply,
  issued: IssuedSession,
  secure: boolean,
): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure };
  reply.setCookie(SESSION_COOKIE, issued.accessToken, {
    ...base,
    path: '/',
    expires: issued.accessExpiresAt,
  });
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    ...base,
    path: REFRESH_PATH,
    expires: issued.refreshExpiresAt,
  });
}

/** Removes both session cookies. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure };
  reply.clearCookie(SESSION_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_PATH });
}

/** Writes the known-device cookie (HttpOnly, SameSite=Lax, Secure outside localhost). */
export function setDeviceCookie(
  reply: FastifyReply,
  value: string,
  expires: Date,
  secure: boolean,
): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: REFRESH_PATH,
    expires,
  });
}

/** Builds the resolver that turns a session cookie into a session, once per request. */
export function sessionResolver(sessions: SessionService): SessionResolver {
  const cache = new WeakMap<FastifyRequest, Promise<AuthenticatedSession | null>>();
  return (request) => {
    let pending = cache.get(request);
    if (!pending) {
      const token = request.cookies[SESSION_COOKIE];
      pending = token && token.length <= 100 ? sessions.authenticate(token) : Promise.resolve(null);
      cache.set(request, pending);
    }
    return pending;
  };
}
