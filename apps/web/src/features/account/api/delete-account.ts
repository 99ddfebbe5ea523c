import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Deletes the signed-in person's account (current password and the typed confirmation). */
export function deleteAccount(body: BodyOf<'deleteAccount'>) {
  return apiRequest('deleteAccount', { body });
}

/** Account deletion: on success every cached query is dropped and the user becomes null. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public-config' });
      queryClient.setQueryData(userQueryKey, null);
    },
  });
}

/** What to tell the person when the account could not be deleted. */
export function deleteAccountErrorText(error: unknown): string {
  if (isApiError(error) && error.code === 'wrong-password')
    return 'The password is not correct. Nothing was deleted.';
  // Too many attempts, or the subscription could not be cancelled: the server says why.
  if (
    isApiError(error) &&
    ['rate-limited', 'billing-unavailable', 'validation-failed'].includes(error.code)
  )
    return error.message;
  return 'Your account could not be deleted. Nothing was deleted; please try again.';
}
