import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sends a custom-plan request (stored, e-mailed to sales, confirmed to the person by e-mail). */
export function requestCustomPlan(body: BodyOf<'customPlanRequest'>) {
  return apiRequest('customPlanRequest', { body });
}

/** The custom-plan request mutation; its data is the stored request (with the answer address). */
export function useRequestCustomPlan() {
  return useMutation({ mutationFn: requestCustomPlan });
}
