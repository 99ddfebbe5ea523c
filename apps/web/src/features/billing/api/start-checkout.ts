import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { browser } from '../../../lib/browser.ts';

/** Starts a checkout of a plan and billing interval; answers where to send the browser. */
export async function startCheckout(body: CheckoutBody): Promise<string> {
  return (await apiRequest('startCheckout', { body })).url;
}

/**
 * Choose a plan: starts the checkout and leaves the app for it. The payment page sends the
 * browser back to the account settings (`?checkout=success&session_id=…` or `?checkout=canceled`).
 * A live subscription answers 409 `already-subscribed`: its plan changes in the billing portal.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: (url) => browser.assign(url),
  });
}
