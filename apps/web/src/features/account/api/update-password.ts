import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Changes the signed-in user's password (signs out their other sessions). */
export function updatePassword(body: BodyOf<'updatePassword'>) {
  return apiRequest('updatePassword', { body });
}

/** Password change mutation. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
