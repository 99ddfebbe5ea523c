import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Turns e-mail notifications on or off; returns the updated user. */
export function updateEmailNotifications(newState: boolean) {
  return apiRequest('emailNotifications', { body: { newState } });
}

/** E-mail notifications mutation; the updated user replaces the cached one. */
export function useUpdateEmailNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailNotifications,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
