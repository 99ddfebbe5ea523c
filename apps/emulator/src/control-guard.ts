// Who may use the control endpoints under {prefix}/_emulator/: they revoke grants, forbid
// channels and reveal the emulator's state, so only a test process on this machine may.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds: a request carrying one was relayed for someone else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** Whether an address is this machine (IPv4 127/8, IPv6 ::1, or IPv4-mapped 127/8). */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/**
 * Whether the TCP peer is this machine and no proxy relayed the request (a proxy on the same
 * machine connects over loopback for everyone). Same rule as the product's dev mailbox.
 */
export function isLocalPeer(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * Whether a browser page of another site sent the request: a local developer's browser is a
 * loopback peer too, so a page anywhere on the web could otherwise post a form here.
 */
export function isForeignBrowserRequest(request: FastifyRequest, ownOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== ownOrigin;
}

/**
 * Guards every route registered on `scope`: a peer that is not this machine gets the 404 of a
 * route that does not exist; a page of another site gets 403; a write must be JSON, which no
 * HTML form can send.
 */
export function guardControlRoutes(scope: FastifyInstance, options: { ownOrigin: string }): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (!isLocalPeer(request)) {
      reply.callNotFound();
      return reply;
    }
    if (isForeignBrowserRequest(request, options.ownOrigin)) {
      return reply
        .code(403)
        .send({ error: 'cross-origin', message: 'Control endpoints refuse other sites.' });
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (request.method === 'POST' && type !== 'application/json') {
      return reply
        .code(415)
        .send({ error: 'unsupported-media-type', message: 'Send control requests as JSON.' });
    }
  });
}
