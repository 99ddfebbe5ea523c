import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { KNOWN_DEVICE_SECONDS } from '../rate-limit/auth-limits.ts';

/** Most accounts one browser is remembered for (the cookie holds one token each). */
export const KNOWN_DEVICE_ACCOUNTS_MAX = 5;
const MAC_BYTES = 16;
const SEPARATOR = '~';

/** A known device of an account: the token's random id names its own failure counter. */
export interface KnownDevice {
  userId: string;
  deviceId: string;
}

/**
 * Device tokens after OWASP's "device cookies": a browser that signed in to an account (or used
 * its reset link) gets `userId.issuedAt.deviceId.mac`, signed with a key derived from the session
 * secret for this purpose alone. Sign-ins from it are not subject to the account's or the
 * address's failure limits (only to their own), so guessing from elsewhere cannot lock the owner
 * out. Stateless: a forged or expired token is simply not recognised.
 */
export class KnownDevices {
  private readonly key: Buffer;
  private readonly clock: Clock;
  constructor(secret: string, clock: Clock) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'tubewise', 'known-device-cookie', 32));
    this.clock = clock;
  }

  /** The valid device token of `userId` in a cookie value, if any. */
  recognise(cookie: string | undefined, userId: string): KnownDevice | null {
    for (const device of this.valid(cookie)) if (device.userId === userId) return device;
    return null;
  }

  /**
   * The cookie value after a success for `userId`: a fresh token for it first, the other
   * accounts' still-valid tokens after it (at most KNOWN_DEVICE_ACCOUNTS_MAX in all).
   */
  remember(cookie: string | undefined, userId: string): string {
    const others = this.tokens(cookie).filter((t) => {
      const device = this.verify(t);
      return device !== null && device.userId !== userId;
    });
    return [this.issue(userId), ...others].slice(0, KNOWN_DEVICE_ACCOUNTS_MAX).join(SEPARATOR);
  }

  /** When a cookie written now expires. */
  expiresAt(): Date {
    return new Date(this.clock.now().getTime() + KNOWN_DEVICE_SECONDS * 1000);
  }

  private issue(userId: string): string {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const body = `${userId}.${issuedAt}.${randomBytes(12).toString('base64url')}`;
    return `${body}.${this.mac(body)}`;
  }

  private valid(cookie: string | undefined): KnownDevice[] {
    const out: KnownDevice[] = [];
    for (const token of this.tokens(cookie)) {
      const device = this.verify(token);
      if (device) out.push(device);
    }
    return out;
  }

  private tokens(cookie: string | undefined): string[] {
    if (!cookie || cookie.length > 2000) return [];
    return cookie.split(SEPARATOR).slice(0, KNOWN_DEVICE_ACCOUNTS_MAX);
  }

  private verify(token: string): KnownDevice | null {
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [userId, issuedAt, deviceId, mac] = parts as [string, string, string, string];
    const expected = Buffer.from(this.mac(`${userId}.${issuedAt}.${deviceId}`), 'base64url');
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const issued = Number(issuedAt) * 1000;
    const now = this.clock.now().getTime();
    // Not yet issued (a minute of clock skew between processes) or past its lifetime: unknown.
    if (!Number.isFinite(issued) || issued > now + 60_000) return null;
    if (issued + KNOWN_DEVICE_SECONDS * 1000 <= now) return null;
    return { userId, deviceId };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key)
      .update(body)
      .digest()
      .subarray(0, MAC_BYTES)
      .toString('base64url');
  }
}
