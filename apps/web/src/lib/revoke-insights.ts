/**
 * "Stop sharing" (POST /api/public/insights/{id}/revoke). A file of its own: the mutation hook
 * sits in the forms' shared chunk, which the shared page loads only for the report's owner.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { writeInsightsOwnerToken } from './insights-owner.ts';
import { sharedInsightsKey } from './insights-queries.ts';

/** Turns the link off with the owner token, forgets the token here and reads the report again. */
export function useRevokeInsights(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('revokeInsights', { params: { id }, body: { token } }),
    onSuccess: () => {
      writeInsightsOwnerToken(id, null);
      void queryClient.invalidateQueries({ queryKey: sharedInsightsKey(id) });
    },
  });
}
