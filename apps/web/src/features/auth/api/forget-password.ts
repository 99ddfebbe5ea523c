import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Asks for a password-reset e-mail (the server answers success whether or not the account exists). */
export function forgetPassword(body: BodyOf<'forget'>) {
  return apiRequest('forget', { body });
}

/** Password-reset request mutation. */
export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
