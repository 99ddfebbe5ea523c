import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { sendAppError } from './error-handler.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a state-changing request comes from our own origin (CSRF defence). */
export function isSameOrigin(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'same-origin') return true;
  // 'none' means the user typed the URL or used a bookmark; no page forged it.
  if (fetchSite === 'none') return true;
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false;
  const origin = request.headers.origin;
  if (origin) return allowedOrigins.has(origin);
  // Without Origin and Sec-Fetch-Site the client is not a browser (curl, server-to-server):
  // no ambient browser cookies can be abused, and the JSON content type rule still applies.
  return true;
}

/** Route config naming the only content types a non-JSON route accepts. */
export type RouteContentTypes = { contentTypes?: readonly string[] };

/** Options of the origin check. */
export interface OriginCheckOptions {
  /**
   * Route prefixes that take any content type (the emulator's OAuth forms and uploads); their
   * state-changing requests must still come from our origin or from a non-browser client.
   */
  anyContentTypePrefixes?: readonly string[];
}

/**
 * Refuses state-changing requests that are cross-origin or not JSON, before any handler runs.
 * Routes that take other content types (uploads) name them in `config.contentTypes`.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  allowedOrigins: ReadonlySet<string>,
  options: OriginCheckOptions = {},
): void {
  const anyContentType = options.anyContentTypePrefixes ?? [];
  app.addHook('onRequest', async (request, reply) => {
    // An unknown path answers 404 whatever its headers: nothing there can change state.
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    // Answered here rather than thrown: a thrown error would reach the route's own error
    // handler, and the mounted emulator's answers everything but 400 with a Google 500.
    if (!isSameOrigin(request, allowedOrigins)) {
      return sendAppError(
        request,
        reply,
        new AppError('cross-origin', 'Cross-origin requests are not allowed.'),
      );
    }
    // The registered route's path, not the raw URL, decides which rule applies.
    const path = request.routeOptions.url ?? request.url;
    if (anyContentType.some((prefix) => path.startsWith(prefix))) return;
    const accepted = (request.routeOptions.config as RouteContentTypes | undefined)?.contentTypes;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (accepted ? !accepted.includes(type) : type !== 'application/json') {
      const names = accepted ? accepted.join(' or ') : 'application/json';
      return sendAppError(
        request,
        reply,
        new AppError('unsupported-media-type', `Send the request as ${names}.`),
      );
    }
  });
}
