import { createHmac, randomBytes } from 'node:crypto';

/** A fresh random token of 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Keyed hash of a token for storage: a database leak alone does not reveal usable tokens. */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}
