import type { QueryClient } from '@tanstack/react-query';
import type { BillingOverview } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingQueryKeys } from './billing-overview.ts';

/** Applies a finished checkout now (rather than when its webhook arrives); answers the overview. */
export function confirmCheckout(sessionId: string): Promise<BillingOverview> {
  return apiRequest('confirmCheckout', { body: { sessionId } });
}

/**
 * Confirms a checkout session and puts the answered overview in the cache. A plain call, not a
 * mutation hook: the return runs it once from an effect, whose component StrictMode remounts.
 */
export async function confirmCheckoutSession(
  queryClient: QueryClient,
  sessionId: string,
): Promise<BillingOverview> {
  const overview = await confirmCheckout(sessionId);
  queryClient.setQueryData(billingQueryKeys.overview(), overview);
  return overview;
}
