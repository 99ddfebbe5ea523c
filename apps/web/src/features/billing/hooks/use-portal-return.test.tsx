import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { buildUser } from '../../../testing/data.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { api } from '../../../testing/server.ts';
import { billingApi, buildSubscribedOverview } from '../../../testing/billing-server.ts';

const requests = (route: string) => api.requests.filter((r) => r.route === route);

describe('the return from the billing portal', () => {
  it('reads the subscription again once, shows the change, and drops the parameter', async () => {
    api.user = buildUser();
    billingApi.overview = buildSubscribedOverview('pro');
    const base = buildSubscribedOverview('pro');
    // What the person did in the portal, before its webhook arrived.
    billingApi.refresh = buildSubscribedOverview('pro', {
      subscription: { ...base.subscription!, cancelAtPeriodEnd: true },
    });
    renderApp('/settings/account?portal=return#billing');
    expect(await screen.findByText(/Cancels on/)).toBeVisible();
    await waitFor(() => expect(requests('refreshBilling')).toHaveLength(1));
    await waitFor(() => expect(currentLocation().search).toBe(''));
  });

  it('asks for nothing without the parameter', async () => {
    api.user = buildUser();
    renderApp('/settings/account#billing');
    expect(await screen.findByRole('heading', { name: 'Plan and billing' })).toBeVisible();
    expect(requests('refreshBilling')).toHaveLength(0);
  });
});
