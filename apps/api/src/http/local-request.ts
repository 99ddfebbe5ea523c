import type { FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds: a request carrying one was relayed for someone else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** Whether an address is this machine (IPv4 127/8, IPv6 ::1, or IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/**
 * Whether a request comes from this machine itself: its TCP peer (never X-Forwarded-For, which
 * the client writes) is loopback, and no proxy relayed it. A reverse proxy on the same machine
 * connects over loopback on behalf of the whole internet, so a forwarded request is not local.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}
