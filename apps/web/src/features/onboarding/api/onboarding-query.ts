/**
 * The onboarding of this browser session: resumed from sessionStorage (GET getOnboarding) or
 * started (POST newOnboarding), then kept in the query cache, where every step's answer lands.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Onboarding } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { writeInsightsOwnerToken } from '../../../lib/insights-owner.ts';
import {
  onboardingSessionId,
  readOnboardingId,
  writeOnboardingId,
  writeOwnerToken,
} from '../onboarding-session.ts';

/** Cache key of the current onboarding. */
export const onboardingKey = ['onboarding'] as const;

/** While a verified onboarding has no report yet, how often it is read again. */
const AWAIT_REPORT_MS = 2000;

/** Resumes this browser session's onboarding, or starts one when there is none (or it is gone). */
export async function loadOnboarding(): Promise<Onboarding> {
  const sessionId = onboardingSessionId();
  const id = readOnboardingId();
  if (id) {
    try {
      return await apiRequest('getOnboarding', { params: { id }, query: { sessionId } });
    } catch (err) {
      // Gone or another session's: start afresh rather than stranding the visitor.
      if (!isApiError(err, 404)) throw err;
      writeOnboardingId(null);
      writeOwnerToken(null);
    }
  }
  const created = await apiRequest('newOnboarding', { body: { sessionId } });
  writeOnboardingId(created.id);
  return created;
}

/** The current onboarding; `enabled` false waits (e.g. while an e-mailed link is checked). */
export function useOnboarding(enabled = true) {
  return useQuery({
    queryKey: onboardingKey,
    queryFn: loadOnboarding,
    enabled,
    staleTime: Infinity,
    refetchInterval: (query) =>
      query.state.data?.onboarded && !query.state.data.insights ? AWAIT_REPORT_MS : false,
  });
}

/** Puts an answer of the onboarding calls into the cache. */
export function storeOnboarding(queryClient: QueryClient, onboarding: Onboarding): void {
  queryClient.setQueryData(onboardingKey, onboarding);
}

/**
 * Keeps what a verification gave: the onboarding (now bound to this browser session), its owner
 * token for this session, and the token under the report's id so the shared page knows its owner.
 */
export function storeVerified(queryClient: QueryClient, onboarding: Onboarding, token: string) {
  writeOnboardingId(onboarding.id);
  writeOwnerToken(token);
  if (onboarding.insights) writeInsightsOwnerToken(onboarding.insights.id, token);
  storeOnboarding(queryClient, onboarding);
}
