/**
 * The contract's e-mail and password rules without zod, for the sign-in pages, whose initial
 * JavaScript must stay small (zod and react-hook-form are about 30 KB gzip together). The
 * limits come from the contract's zod-free entry; form-validation.test.ts checks the rules
 * against the contract schemas.
 */
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@tubewise/contract/constants';

// zod's "practical e-mail" pattern, which the contract's `z.email()` uses.
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The e-mail as the contract normalises it: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Whether the contract accepts this e-mail (after normalisation). */
export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Whether the contract accepts this as a current password (1 to 256 characters). */
export function isValidPassword(value: string): boolean {
  return value.length >= 1 && value.length <= PASSWORD_MAX_LENGTH;
}

/** The contract's message for a new password it refuses, or null when it is acceptable. */
export function newPasswordError(value: string): string | null {
  if (value.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (value.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}
