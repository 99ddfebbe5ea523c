/**
 * The return from the payment page: `?checkout=success&session_id=…` confirms the session once,
 * then asks for the overview every CHECKOUT_POLL_INTERVAL_MS until the account is active (at most
 * CHECKOUT_POLL_LIMIT_MS); `?checkout=canceled` only says so. The parameters are removed once the
 * outcome is known, so a reload does not run it again.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { aiQueryKey } from '../../../lib/ai-queries.ts';
import { billingQueryKeys, useBillingOverview } from '../api/billing-overview.ts';
import { confirmCheckoutSession } from '../api/confirm-checkout.ts';

/** How often the overview is asked for while the payment is being confirmed. */
export const CHECKOUT_POLL_INTERVAL_MS = 2000;
/** How long the return waits for the account to become active before saying it takes longer. */
export const CHECKOUT_POLL_LIMIT_MS = 30_000;

const CHECKOUT_PARAM = 'checkout';
const SESSION_PARAM = 'session_id';

/** What the URL says about a return from the payment page, or null. */
export type CheckoutReturn = { kind: 'success'; sessionId: string } | { kind: 'canceled' } | null;

/** Reads the checkout return parameters of a query string. */
export function parseCheckoutReturn(search: string): CheckoutReturn {
  const params = new URLSearchParams(search);
  const checkout = params.get(CHECKOUT_PARAM);
  const sessionId = params.get(SESSION_PARAM);
  if (checkout === 'success' && sessionId) return { kind: 'success', sessionId };
  if (checkout === 'canceled') return { kind: 'canceled' };
  return null;
}

/** The query string without the checkout return parameters. */
export function stripCheckoutParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CHECKOUT_PARAM);
  params.delete(SESSION_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Where the return stands. */
export type CheckoutReturnState =
  | { phase: 'none' }
  | { phase: 'canceled' }
  /** The session is being confirmed, or the overview polled until the account is active. */
  | { phase: 'confirming' }
  | { phase: 'done'; planName: string }
  /** Not active within the limit; `error` is the confirmation's failure, if it failed. */
  | { phase: 'slow'; error: unknown };

type Flow =
  | { phase: 'none' }
  | { phase: 'canceled' }
  | { phase: 'confirming'; sessionId: string }
  | { phase: 'waiting'; since: number; error: unknown }
  | { phase: 'done'; planName: string }
  | { phase: 'slow'; error: unknown };

function initialFlow(search: string): Flow {
  const ret = parseCheckoutReturn(search);
  if (ret?.kind === 'success') return { phase: 'confirming', sessionId: ret.sessionId };
  if (ret?.kind === 'canceled') return { phase: 'canceled' };
  return { phase: 'none' };
}

/** Runs the checkout return of the page's URL; answers what to show and lets it be dismissed. */
export function useCheckoutReturn(): { state: CheckoutReturnState; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [flow, setFlow] = useState<Flow>(() => initialFlow(location.search));
  const polling = flow.phase === 'waiting' || flow.phase === 'slow';
  const overview = useBillingOverview({
    pollUntilActiveMs: flow.phase === 'waiting' ? CHECKOUT_POLL_INTERVAL_MS : undefined,
  });
  const activeNow = overview.data?.standing === 'active' ? overview.data.plan.name : null;

  // Confirm once (StrictMode runs effects twice on the same component).
  const confirmed = useRef(false);
  useEffect(() => {
    if (flow.phase !== 'confirming' || confirmed.current) return;
    confirmed.current = true;
    confirmCheckoutSession(queryClient, flow.sessionId).then(
      (answer) =>
        setFlow(
          answer.standing === 'active'
            ? { phase: 'done', planName: answer.plan.name }
            : { phase: 'waiting', since: Date.now(), error: null },
        ),
      // The webhook may still apply it: wait for the overview all the same.
      (error: unknown) => setFlow({ phase: 'waiting', since: Date.now(), error }),
    );
  }, [flow, queryClient]);

  // Bounded: say it takes longer once the limit has passed.
  useEffect(() => {
    if (flow.phase !== 'waiting') return;
    const left = CHECKOUT_POLL_LIMIT_MS - (Date.now() - flow.since);
    const timer = setTimeout(() => setFlow({ phase: 'slow', error: flow.error }), left);
    return () => clearTimeout(timer);
  }, [flow]);

  let state: CheckoutReturnState;
  if (flow.phase === 'done') state = flow;
  else if (polling && activeNow) state = { phase: 'done', planName: activeNow };
  else if (flow.phase === 'waiting') state = { phase: 'confirming' };
  else if (flow.phase === 'confirming') state = { phase: 'confirming' };
  else state = flow;

  // Once the outcome is known: what the plan unlocks is refreshed and the parameters go.
  const settled = state.phase !== 'none' && state.phase !== 'confirming';
  const done = state.phase === 'done';
  useEffect(() => {
    if (!done) return;
    void queryClient.invalidateQueries({ queryKey: billingQueryKeys.invoices() });
    void queryClient.invalidateQueries({ queryKey: aiQueryKey });
  }, [done, queryClient]);
  useEffect(() => {
    if (!settled || parseCheckoutReturn(location.search) === null) return;
    void navigate(
      {
        pathname: location.pathname,
        search: stripCheckoutParams(location.search),
        hash: location.hash,
      },
      { replace: true, state: location.state },
    );
  }, [settled, location, navigate]);

  return { state, dismiss: () => setFlow({ phase: 'none' }) };
}
