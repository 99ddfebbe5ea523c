import type { FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds: a request carrying one was relayed for someone else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** Whether an address is this machine (IPv4 127/8, IPv6 ::1, or IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string | undefined): boolean {
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
 * Whether a request comes from this machine itself: its TCP peer (never X-Forwarded-For, which
 * the client writes) is loopback, no proxy relayed it (a reverse proxy on the same machine
 * connects over loopback on behalf of the whole internet), and it was addressed to this machine
 * or to `ownHost`. The last rule defeats DNS rebinding: a page of another site whose name was
 * re-pointed at 127.0.0.1 reaches us from the developer's own browser, but under its own name.
 */
export function isLocalRequest(request: FastifyRequest, ownHost?: string): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (!FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)) return false;
  const hostname = hostNameOf(request.headers.host);
  return hostname !== null && (isLoopbackName(hostname) || hostname === ownHost?.toLowerCase());
}
