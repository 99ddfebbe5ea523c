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

/** Whether a host name (no port) names this machine: localhost, 127/8 or ::1. */
function isLoopbackName(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** The host name of a Host header (port and case dropped), or null when it is not one. */
function hostNameOf(host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Whether the TCP peer is this machine, no proxy relayed the request (a proxy on the same
 * machine connects over loopback for everyone), and it names this machine or `ownHost` in its
 * Host header (a DNS-rebound page of another site arrives from loopback, but under its own
 * name). Same rule as the product's dev mailbox.
 */
export function isLocalPeer(request: FastifyRequest, ownHost?: string): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (!FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)) return false;
  const hostname = hostNameOf(request.headers.host);
  return hostname !== null && (isLoopbackName(hostname) || hostname === ownHost?.toLowerCase());
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
  const ownHost = new URL(options.ownOrigin).hostname;
  scope.addHook('onRequest', async (request, reply) => {
    if (!isLocalPeer(request, ownHost)) {
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
