/**
 * What the browser keeps of its onboarding (sessionStorage, so it lasts one browser session):
 * the session id every call carries, the onboarding being worked on (a reload resumes it) and its
 * owner token once the e-mail is verified.
 */
import {
  ONBOARDING_ID_STORAGE_KEY,
  ONBOARDING_SESSION_STORAGE_KEY,
} from '@tubewise/contract/onboarding-constants';
import { readStorage, writeStorage } from '../../lib/storage.ts';

/** Where the owner token of the verified onboarding is kept (sessionStorage). */
export const ONBOARDING_TOKEN_STORAGE_KEY = 'tubewise.onboarding.token';

const session = (): Storage | undefined => globalThis.sessionStorage;

// Kept in memory too: if sessionStorage is blocked, the page still uses one id throughout.
let memorySessionId: string | null = null;

/** The browser session's onboarding id: created once (crypto.randomUUID), then reused. */
export function onboardingSessionId(): string {
  const stored = readStorage(ONBOARDING_SESSION_STORAGE_KEY, session());
  if (stored) return stored;
  memorySessionId ??= crypto.randomUUID();
  writeStorage(ONBOARDING_SESSION_STORAGE_KEY, memorySessionId, session());
  return memorySessionId;
}

/** The onboarding this browser session works on, or null. */
export function readOnboardingId(): string | null {
  return readStorage(ONBOARDING_ID_STORAGE_KEY, session());
}

/** Remembers (or forgets, with null) the onboarding this browser session works on. */
export function writeOnboardingId(id: string | null): void {
  writeStorage(ONBOARDING_ID_STORAGE_KEY, id, session());
}

/** The owner token of the verified onboarding, or null. */
export function readOwnerToken(): string | null {
  return readStorage(ONBOARDING_TOKEN_STORAGE_KEY, session());
}

/** Remembers (or forgets, with null) the owner token of the verified onboarding. */
export function writeOwnerToken(token: string | null): void {
  writeStorage(ONBOARDING_TOKEN_STORAGE_KEY, token, session());
}

/** Test hook: forgets the in-memory session id. */
export function resetOnboardingSessionForTests(): void {
  memorySessionId = null;
}
