// The onboarding's secrets: e-mailed codes, link tokens and owner tokens, stored only as keyed
// hashes. A 6-digit code has a million values: hashed without a key, a leaked row gives it away
// at once; with a key derived from SESSION_SECRET (HKDF) the row alone tells nothing.
import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@tubewise/contract/onboarding-constants';

/** Keyed hashes and fresh values of the onboarding's codes and tokens. */
export class OnboardingSecrets {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'tubewise', 'onboarding-verification', 32));
  }

  /** A fresh code of VERIFICATION_CODE_LENGTH digits (leading zeros kept), uniformly random. */
  newCode(): string {
    return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
      VERIFICATION_CODE_LENGTH,
      '0',
    );
  }

  /** A fresh token of 256 random bits, URL-safe (links and owner tokens). */
  newToken(): string {
    return randomBytes(32).toString('base64url');
  }

  /** A shared insights id: 128 random bits, URL-safe (unguessable). */
  newInsightsId(): string {
    return randomBytes(16).toString('base64url');
  }

  /** The stored hash of a code: bound to its onboarding, so no hash serves another row. */
  codeHash(onboardingId: string, code: string): string {
    return this.mac(`code\u0000${onboardingId}\u0000${code}`);
  }

  /** The stored hash of an e-mailed link's token (looked up by it). */
  linkHash(token: string): string {
    return this.mac(`link\u0000${token}`);
  }

  /** The stored hash of an owner token, bound to its onboarding. */
  ownerHash(onboardingId: string, token: string): string {
    return this.mac(`owner\u0000${onboardingId}\u0000${token}`);
  }

  /** Whether `token` is the onboarding's current owner token (constant-time comparison). */
  owns(row: { id: string; tokenHash: string | null }, token: string | null | undefined): boolean {
    if (!token || !row.tokenHash) return false;
    return this.same(this.ownerHash(row.id, token), row.tokenHash);
  }

  /** Whether two stored hashes are equal, in time that does not depend on where they differ. */
  same(a: string | null | undefined, b: string | null | undefined): boolean {
    if (!a || !b) return false;
    const left = Buffer.from(a, 'base64url');
    const right = Buffer.from(b, 'base64url');
    return left.length === right.length && timingSafeEqual(left, right);
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}
