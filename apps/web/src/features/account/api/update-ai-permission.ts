import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@tubewise/contract';
import { DEFAULT_AI_PERMISSION } from '@tubewise/contract/constants';
import { aiQueryKey } from '../../../lib/ai-queries.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Whether the person lets the AI read their videos' metadata and captions. */
export function aiAllowed(user: Pick<User, 'aiPermission'>): boolean {
  return user.aiPermission === DEFAULT_AI_PERMISSION;
}

/** Allows or refuses sending the person's channel data to the AI model; returns the user. */
export function updateAiPermission(allowed: boolean): Promise<User> {
  return apiRequest('aiPermission', { body: { allowed } });
}

/**
 * AI permission mutation: the updated user replaces the cached one, and every AI query
 * (eligibility, quota, generations) is refreshed, since what the AI may do changed.
 */
export function useUpdateAiPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiPermission,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: aiQueryKey });
    },
  });
}
