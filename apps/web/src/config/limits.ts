/**
 * Copies of contract constants needed by pages that must not load the contract's runtime (zod)
 * up front. limits.test.ts fails if one drifts from the contract.
 */

/** Minimum password length (contract PASSWORD_MIN_LENGTH). */
export const PASSWORD_MIN_LENGTH = 8;
/** Maximum password length (contract PASSWORD_MAX_LENGTH). */
export const PASSWORD_MAX_LENGTH = 256;
