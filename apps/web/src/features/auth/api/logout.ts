import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Signs out on the server (revokes the session, clears the cookies). */
export function logout() {
  return apiRequest('logout');
}

/** Sign-out mutation: on success every cached query is dropped and the user becomes null. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public-config' });
      queryClient.setQueryData(userQueryKey, null);
    },
  });
}
