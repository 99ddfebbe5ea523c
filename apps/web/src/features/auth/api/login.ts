import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Signs in with e-mail and password; the server sets the session cookies. */
export function login(body: BodyOf<'login'>) {
  return apiRequest('login', { body });
}

/** Login mutation: the returned user goes straight into the user cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
