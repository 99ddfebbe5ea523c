import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { KNOWN_DEVICE_SECONDS } from '../rate-limit/index.ts';

/** Most accounts one browser is remembered for (the cookie holds one token each). */
export const KNOWN_DEVICE_ACCOUNTS_MAX = 5;
const MAC_BYTES = 16;
const DEVICE_ID_BYTES = 12;
const SEPARATOR = '~';

/** A known device of an account: the token's device id names its own failure counter. */
export interface KnownDevice {
  userId: string;
  deviceId: string;
}

/** The account a device token is for: its password hash is the token's epoch. */
export interface DeviceAccount {
  id: string;
  passwordHash: string | null;
}

/**
 * Device tokens after OWASP's "device cookies": a browser that signed in to an account (or used
 * its reset link) gets `userId.issuedAt.deviceId.mac`, signed with a key derived from the session
 * secret for this purpose alone. Sign-ins and current-password checks from it are not subject to
 * the account's or the address's failure limits (only to their own), so guessing from elsewhere
 * cannot lock the owner out. Stateless, but bound to the account's password: the mac also covers
 * an epoch derived from the stored password hash (salted, so new on every set, reset or change),
 * so setting a password forgets every browser known before; a forged, expired or older token is
 * simply not recognised. A token issued from a session takes its device id from the session
 * family, so a stolen refresh token that refreshes again and again still has one counter.
 */
export class KnownDevices {
  private readonly key: Buffer;
  private readonly clock: Clock;
  constructor(secret: string, clock: Clock) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'tubewise', 'known-device-cookie', 32));
    this.clock = clock;
  }

  /** The valid device token of `account` in a cookie value, if any. */
  recognise(cookie: string | undefined, account: DeviceAccount): KnownDevice | null {
    for (const token of this.tokens(cookie)) {
      const device = this.verify(token, account);
      if (device) return device;
    }
    return null;
  }

  /**
   * The cookie value after a success for `account`: a fresh token for it first, the other
   * accounts' unexpired tokens after it (at most KNOWN_DEVICE_ACCOUNTS_MAX in all). Pass the
   * session family the success belongs to (sign-in, refresh, password change), if any.
   */
  remember(cookie: string | undefined, account: DeviceAccount, sessionFamilyId?: string): string {
    // Other accounts' tokens cannot be checked without their password hashes: kept while
    // unexpired and checked when used; this account's older tokens are replaced.
    const others = this.tokens(cookie).filter((t) => {
      const parsed = parse(t);
      return parsed !== null && parsed.userId !== account.id && this.unexpired(parsed.issuedAt);
    });
    const issued = this.issue(account, sessionFamilyId);
    return [issued, ...others].slice(0, KNOWN_DEVICE_ACCOUNTS_MAX).join(SEPARATOR);
  }

  /** When a cookie written now expires. */
  expiresAt(): Date {
    return new Date(this.clock.now().getTime() + KNOWN_DEVICE_SECONDS * 1000);
  }

  private issue(account: DeviceAccount, sessionFamilyId: string | undefined): string {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const deviceId = sessionFamilyId
      ? this.digest(`family\n${sessionFamilyId}`).subarray(0, DEVICE_ID_BYTES).toString('base64url')
      : randomBytes(DEVICE_ID_BYTES).toString('base64url');
    const body = `${account.id}.${issuedAt}.${deviceId}`;
    return `${body}.${this.mac(body, account)}`;
  }

  private tokens(cookie: string | undefined): string[] {
    if (!cookie || cookie.length > 2000) return [];
    return cookie.split(SEPARATOR).slice(0, KNOWN_DEVICE_ACCOUNTS_MAX);
  }

  private verify(token: string, account: DeviceAccount): KnownDevice | null {
    const parsed = parse(token);
    if (!parsed || parsed.userId !== account.id) return null;
    const { userId, issuedAt, deviceId, mac } = parsed;
    const expected = Buffer.from(
      this.mac(`${userId}.${issuedAt}.${deviceId}`, account),
      'base64url',
    );
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!this.unexpired(issuedAt)) return null;
    return { userId, deviceId };
  }

  private unexpired(issuedAt: string): boolean {
    const issued = Number(issuedAt) * 1000;
    const now = this.clock.now().getTime();
    // Not yet issued (a minute of clock skew between processes) or past its lifetime: unknown.
    if (!Number.isFinite(issued) || issued > now + 60_000) return false;
    return issued + KNOWN_DEVICE_SECONDS * 1000 > now;
  }

  /** The token's mac over its body and the account's password epoch. */
  private mac(body: string, account: DeviceAccount): string {
    // A fixed-length epoch after the last '.': body and epoch cannot be shifted into each other.
    const epoch = this.digest(`epoch\n${account.passwordHash ?? ''}`).toString('base64url');
    return this.digest(`${body}.${epoch}`).subarray(0, MAC_BYTES).toString('base64url');
  }

  private digest(message: string): Buffer {
    return createHmac('sha256', this.key).update(message).digest();
  }
}

/** A token's four parts, or null when it does not have them. */
function parse(
  token: string,
): { userId: string; issuedAt: string; deviceId: string; mac: string } | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [userId, issuedAt, deviceId, mac] = parts as [string, string, string, string];
  return { userId, issuedAt, deviceId, mac };
}
