import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { browser } from '../../../lib/browser.ts';

/** Opens a billing-portal session; answers where to send the browser. */
export async function openBillingPortal(): Promise<string> {
  return (await apiRequest('billingPortal', {})).url;
}

/**
 * Manage billing (card, plan, interval, cancellation, invoices): leaves the app for the payment
 * provider's portal, which sends the browser back to `/settings/account#billing`.
 */
export function useBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: (url) => browser.assign(url),
  });
}
