import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sets a new password with the token from the reset e-mail. */
export function setPassword(body: BodyOf<'setPassword'>) {
  return apiRequest('setPassword', { body });
}

/** Set-password mutation. */
export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
