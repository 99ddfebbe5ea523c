import type { FastifyInstance } from 'fastify';

/** The warning, logged once (tests look for it). */
export const UNTRUSTED_PROXY_WARNING =
  'Requests arrive with X-Forwarded-For but TRUST_PROXY is not set: every client appears to come ' +
  "from the proxy's address, so per-IP limits (sign-in, password reset) count all of them " +
  'together. Set TRUST_PROXY=true when the server runs behind a reverse proxy.';

/**
 * Warns once when the server is public (PUBLIC_URL is not localhost), does not trust proxies,
 * and a request carries X-Forwarded-For: it almost certainly runs behind a proxy it ignores.
 */
export function registerProxyWarning(
  app: FastifyInstance,
  options: { localhost: boolean; trustProxy: boolean },
): void {
  if (options.localhost || options.trustProxy) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      app.log.warn({ forwardedBy: request.socket.remoteAddress }, UNTRUSTED_PROXY_WARNING);
    }
    done();
  });
}
