import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { buildUser } from '../../../testing/data.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { api } from '../../../testing/server.ts';
import {
  billingApi,
  buildBillingOverview,
  buildSubscribedOverview,
} from '../../../testing/billing-server.ts';
import { CHECKOUT_CANCELED_TEXT, CONFIRMING_TEXT } from '../components/checkout-return-message.tsx';
import {
  CHECKOUT_POLL_INTERVAL_MS,
  CHECKOUT_POLL_LIMIT_MS,
  parseCheckoutReturn,
  stripCheckoutParams,
} from './use-checkout-return.ts';

const requests = (route: string) => api.requests.filter((r) => r.route === route);

function setup(search: string) {
  api.user = buildUser();
  return renderApp(`/settings/account${search}#billing`);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('checkout return parameters', () => {
  it('reads success with its session, or canceled', () => {
    expect(parseCheckoutReturn('?checkout=success&session_id=cs_1')).toEqual({
      kind: 'success',
      sessionId: 'cs_1',
    });
    expect(parseCheckoutReturn('?checkout=success')).toBeNull();
    expect(parseCheckoutReturn('?checkout=canceled')).toEqual({ kind: 'canceled' });
    expect(parseCheckoutReturn('?tab=2')).toBeNull();
    expect(stripCheckoutParams('?checkout=success&session_id=cs_1&tab=2')).toBe('?tab=2');
    expect(stripCheckoutParams('?checkout=canceled')).toBe('');
  });
});

describe('the return from the payment page', () => {
  it('confirms once, polls every 2 s until active, names the plan, then drops the parameters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The confirmation finds the payment not applied yet (the webhook is on its way).
    billingApi.confirm = buildBillingOverview();
    setup('?checkout=success&session_id=cs_test_42');
    expect(await screen.findByText(CONFIRMING_TEXT)).toBeVisible();
    expect(screen.getByRole('progressbar', { name: CONFIRMING_TEXT })).toBeVisible();
    await waitFor(() => expect(requests('confirmCheckout')).toHaveLength(1));
    expect(requests('confirmCheckout')[0]?.body).toEqual({ sessionId: 'cs_test_42' });

    const polls = requests('billingOverview').length;
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS));
    await waitFor(() => expect(requests('billingOverview').length).toBeGreaterThan(polls));
    expect(screen.getByText(CONFIRMING_TEXT)).toBeVisible();
    expect(currentLocation().search).toBe('?checkout=success&session_id=cs_test_42');

    billingApi.overview = buildSubscribedOverview('agency');
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS));
    const done = await screen.findByText('You are on the Agency plan now. Thank you!', {
      exact: false,
    });
    expect(done.closest('[role="status"]')).toHaveTextContent('Payment received');
    expect(screen.queryByText(CONFIRMING_TEXT)).toBeNull();
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(currentLocation().pathname).toBe('/settings/account');
    expect(screen.getByRole('heading', { name: 'Current plan: Agency' })).toBeVisible();

    // Polling has stopped, and the session was confirmed only once.
    const after = requests('billingOverview').length;
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS * 3));
    expect(requests('billingOverview').length).toBe(after);
    expect(requests('confirmCheckout')).toHaveLength(1);
  });

  it('is done at once when the confirmation already applied the plan', async () => {
    billingApi.confirm = buildSubscribedOverview('creator');
    setup('?checkout=success&session_id=cs_test_1');
    expect(
      await screen.findByText('You are on the Creator plan now. Thank you!', { exact: false }),
    ).toBeVisible();
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(requests('confirmCheckout')).toHaveLength(1);
  });

  it('stops waiting after 30 s and says the payment is not confirmed yet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    billingApi.confirm = { status: 404, code: 'not-found', message: 'No such checkout session.' };
    setup('?checkout=success&session_id=cs_unknown');
    expect(await screen.findByText(CONFIRMING_TEXT)).toBeVisible();
    await waitFor(() => expect(requests('confirmCheckout')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_LIMIT_MS));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your payment is not confirmed yet');
    expect(alert).toHaveTextContent('No such checkout session.');
    expect(alert).toHaveTextContent('there is no need to pay again');
    await waitFor(() => expect(currentLocation().search).toBe(''));
    const polls = requests('billingOverview').length;
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS * 3));
    expect(requests('billingOverview').length).toBe(polls);
  });

  it('canceled: says nothing was charged and drops the parameter', async () => {
    setup('?checkout=canceled');
    const message = await screen.findByText(CHECKOUT_CANCELED_TEXT);
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(CHECKOUT_CANCELED_TEXT).toBe('Checkout canceled. You have not been charged.');
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(screen.getByText(CHECKOUT_CANCELED_TEXT)).toBeVisible();
    expect(requests('confirmCheckout')).toHaveLength(0);
  });
});
