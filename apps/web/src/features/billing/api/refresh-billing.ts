import type { QueryClient } from '@tanstack/react-query';
import type { BillingOverview } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingQueryKeys } from './billing-overview.ts';

/**
 * Asks the server to read the account's subscriptions from Stripe again (the return from the
 * Customer Portal) and puts the answered overview in the cache; invoices are asked for again.
 */
export async function refreshBilling(queryClient: QueryClient): Promise<BillingOverview> {
  const overview = await apiRequest('refreshBilling', {});
  queryClient.setQueryData(billingQueryKeys.overview(), overview);
  void queryClient.invalidateQueries({ queryKey: billingQueryKeys.invoices() });
  return overview;
}
