/**
 * The owner tokens of insights reports this browser created (localStorage, one key per report),
 * so the shared page can offer "Stop sharing" to its owner later, in another tab or visit.
 */
import { INSIGHTS_OWNER_STORAGE_PREFIX } from '@tubewise/contract/onboarding-constants';
import { readStorage, writeStorage } from './storage.ts';

/** The owner token kept for an insights report, or null when this browser did not create it. */
export function readInsightsOwnerToken(insightsId: string): string | null {
  return readStorage(INSIGHTS_OWNER_STORAGE_PREFIX + insightsId);
}

/** Keeps the owner token of an insights report (null forgets it). */
export function writeInsightsOwnerToken(insightsId: string, token: string | null): void {
  writeStorage(INSIGHTS_OWNER_STORAGE_PREFIX + insightsId, token);
}
