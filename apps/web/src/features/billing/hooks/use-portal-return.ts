/**
 * The return from Stripe's Customer Portal (`?portal=return`): the server reads the account's
 * subscriptions again, so a change made there shows at once rather than when its webhook
 * arrives; the parameter is then removed, so a reload does not ask again.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { refreshBilling } from '../api/refresh-billing.ts';

const PORTAL_PARAM = 'portal';

/** Runs the portal return of the page's URL, once. */
export function usePortalReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ran = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (ran.current || params.get(PORTAL_PARAM) !== 'return') return;
    // Once (StrictMode runs effects twice): a failure leaves the overview to the webhooks.
    ran.current = true;
    void refreshBilling(queryClient).catch(() => undefined);
    params.delete(PORTAL_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate, queryClient]);
}
