import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingOverview } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Cache keys of billing (under the signed-in user's key, so they go with a sign-out). */
export const billingQueryKeys = {
  all: [...userQueryKey, 'billing'] as const,
  overview: () => [...billingQueryKeys.all, 'overview'] as const,
  invoices: () => [...billingQueryKeys.all, 'invoices'] as const,
};

/** How long the overview counts as fresh: every signed-in page's banner reads it. */
export const BILLING_STALE_TIME_MS = 60_000;

/** Fetches the account's plan, standing, trial, subscription, usage and the plans on offer. */
export function getBillingOverview(signal?: AbortSignal): Promise<BillingOverview> {
  return apiRequest('billingOverview', { signal });
}

/**
 * The overview's query: cheap for the app-wide banner (fresh for a minute) and asked again when
 * the window regains focus, so coming back from the billing portal in another tab shows the
 * change.
 */
export const billingOverviewQueryOptions = () =>
  queryOptions({
    queryKey: billingQueryKeys.overview(),
    queryFn: ({ signal }) => getBillingOverview(signal),
    staleTime: BILLING_STALE_TIME_MS,
    refetchOnWindowFocus: true,
  });

/**
 * The billing overview. `pollUntilActiveMs` asks again at that interval until the account is
 * active (the checkout return waits for its plan); `enabled` false waits (the banner, until
 * someone is signed in).
 */
export function useBillingOverview(
  options: { pollUntilActiveMs?: number; enabled?: boolean } = {},
) {
  const { pollUntilActiveMs } = options;
  return useQuery({
    ...billingOverviewQueryOptions(),
    refetchInterval: pollUntilActiveMs
      ? (query) => (query.state.data?.standing === 'active' ? false : pollUntilActiveMs)
      : false,
    enabled: options.enabled,
  });
}
