import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateOnboardingBody } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { onboardingSessionId } from '../onboarding-session.ts';
import { storeOnboarding } from './onboarding-query.ts';

/** What a step saves (the session id is added here). */
export type OnboardingChanges = Omit<UpdateOnboardingBody, 'sessionId'>;

/** Saves a step (PATCH): competitors, keywords, locale, or the e-mail with the terms (sends the code). */
export function useUpdateOnboarding(onboardingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: OnboardingChanges) =>
      apiRequest('updateOnboarding', {
        params: { id: onboardingId },
        body: { ...changes, sessionId: onboardingSessionId() },
      }),
    onSuccess: (onboarding) => storeOnboarding(queryClient, onboarding),
  });
}
