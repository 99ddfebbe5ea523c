import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Onboarding } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { onboardingSessionId } from '../onboarding-session.ts';
import { onboardingKey } from './onboarding-query.ts';

/** Sends a new code (and link); the answer says when the next one may be sent. */
export function useResendCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('renewValidateEmailCode', {
        body: { email, sessionId: onboardingSessionId(), channel: 'email' },
      }),
    onSuccess: ({ resendAvailableAt }) => {
      queryClient.setQueryData<Onboarding>(onboardingKey, (current) =>
        current ? { ...current, resendAvailableAt } : current,
      );
    },
  });
}
