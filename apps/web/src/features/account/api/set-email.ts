import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { userQueryKey } from '../../../lib/user.ts';
import { EMAIL_IN_USE_TEXT, EMAIL_UPDATE_FAILED_TEXT } from '../../../config/texts.ts';

/** Changes the signed-in user's e-mail (current password required); returns the user. */
export function setEmail(body: BodyOf<'setEmail'>) {
  return apiRequest('setEmail', { body });
}

/** E-mail change mutation; the updated user replaces the cached one. */
export function useSetEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmail,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}

/** Spec section 5: 'conflict' means the address is taken; anything else is 'failed'. */
export function setEmailErrorText(err: unknown): string {
  return isApiError(err) && err.code === 'conflict' ? EMAIL_IN_USE_TEXT : EMAIL_UPDATE_FAILED_TEXT;
}
