import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Changes the signed-in person's name; returns the user. */
export function setProfileName(name: string) {
  return apiRequest('setProfileName', { body: { name } });
}

/** Name change mutation; the updated user replaces the cached one. */
export function useSetProfileName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProfileName,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
