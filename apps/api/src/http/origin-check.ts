import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

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

/**
 * Refuses state-changing requests that are cross-origin or not JSON, before any handler runs.
 * Routes that take other content types (uploads) name them in `config.contentTypes`.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  allowedOrigins: ReadonlySet<string>,
  exemptPrefixes: readonly string[] = [],
): void {
  app.addHook('onRequest', async (request) => {
    // An unknown path answers 404 whatever its headers: nothing there can change state.
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    if (exemptPrefixes.some((p) => request.url.startsWith(p))) return;
    if (!isSameOrigin(request, allowedOrigins)) {
      throw new AppError('cross-origin', 'Cross-origin requests are not allowed.');
    }
    const accepted = (request.routeOptions.config as RouteContentTypes | undefined)?.contentTypes;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (accepted ? !accepted.includes(type) : type !== 'application/json') {
      const names = accepted ? accepted.join(' or ') : 'application/json';
      throw new AppError('unsupported-media-type', `Send the request as ${names}.`);
    }
  });
}
