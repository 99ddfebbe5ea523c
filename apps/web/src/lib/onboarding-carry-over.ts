/**
 * Whether the account in this browser session was just created from an onboarding, so the
 * connect-channel page can say the onboarding's keywords and competitors follow the first
 * channel (sessionStorage: it matters only right after the account was made).
 */
import { readStorage, writeStorage } from './storage.ts';

const CARRY_OVER_KEY = 'tubewise.onboarding.carry-over';

/** Notes that the signed-in account came from an onboarding. */
export function markOnboardingCarryOver(): void {
  writeStorage(CARRY_OVER_KEY, '1', globalThis.sessionStorage);
}

/** Whether the signed-in account came from an onboarding in this browser session. */
export function hasOnboardingCarryOver(): boolean {
  return readStorage(CARRY_OVER_KEY, globalThis.sessionStorage) === '1';
}
