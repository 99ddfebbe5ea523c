import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { onboardingSessionId } from '../onboarding-session.ts';
import { storeVerified } from './onboarding-query.ts';

/** Checks the 6-digit code; an answer without a token says why (reason, attempts left). */
export function useValidateEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      apiRequest('validateEmailCode', { body: { ...input, sessionId: onboardingSessionId() } }),
    onSuccess: (answer) => {
      if (answer.token && answer.onboarding) {
        storeVerified(queryClient, answer.onboarding, answer.token);
      }
    },
  });
}

/** Checks the e-mailed link's token; an empty answer means the link is expired, used or unknown. */
export function useValidateEmailToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('validateEmailToken', { body: { token, sessionId: onboardingSessionId() } }),
    onSuccess: (answer) => {
      if (answer.token && answer.onboarding) {
        storeVerified(queryClient, answer.onboarding, answer.token);
      }
    },
  });
}
