import { useQuery } from '@tanstack/react-query';
import type { InvoiceList } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingQueryKeys } from './billing-overview.ts';

/** Fetches the account's invoices, newest first. */
export function getInvoices(signal?: AbortSignal): Promise<InvoiceList> {
  return apiRequest('invoices', { signal });
}

/** The account's invoices. */
export function useInvoices() {
  return useQuery({
    queryKey: billingQueryKeys.invoices(),
    queryFn: ({ signal }) => getInvoices(signal),
    staleTime: 60_000,
  });
}
