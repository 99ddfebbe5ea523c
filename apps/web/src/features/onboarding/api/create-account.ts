import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { markOnboardingCarryOver } from '../../../lib/onboarding-carry-over.ts';
import { userQueryKey } from '../../../lib/user.ts';
import { onboardingSessionId, writeOnboardingId, writeOwnerToken } from '../onboarding-session.ts';

/**
 * "Create my account" from the verified onboarding. The server signs the new account in; as on
 * login, the user goes straight into the user cache, so the app treats the person as signed in.
 */
export function useCreateOnboardingAccount(onboardingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string; name?: string }) =>
      apiRequest('createOnboardingAccount', {
        params: { id: onboardingId },
        body: { ...input, sessionId: onboardingSessionId() },
      }),
    onSuccess: ({ user }) => {
      // The onboarding is done: this browser session would start a new one next time.
      writeOnboardingId(null);
      writeOwnerToken(null);
      markOnboardingCarryOver();
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
