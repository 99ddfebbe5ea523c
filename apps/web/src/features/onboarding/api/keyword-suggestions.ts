import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { onboardingSessionId } from '../onboarding-session.ts';

/**
 * Keyword suggestions from the chosen competitors' videos; keyed by the competitors so a change
 * of competitors asks again.
 */
export function useKeywordSuggestions(onboardingId: string, competitorIds: string[]) {
  return useQuery({
    queryKey: ['onboarding-keyword-suggestions', onboardingId, competitorIds],
    queryFn: ({ signal }) =>
      apiRequest('onboardingKeywordSuggestions', {
        params: { id: onboardingId },
        query: { sessionId: onboardingSessionId() },
        signal,
      }),
    enabled: competitorIds.length > 0,
    staleTime: 5 * 60_000,
  });
}
