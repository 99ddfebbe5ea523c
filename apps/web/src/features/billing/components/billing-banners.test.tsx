import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../lib/browser.ts';
import { buildChannels, buildUser } from '../../../testing/data.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { api } from '../../../testing/server.ts';
import {
  billingApi,
  buildBillingOverview,
  buildSubscribedOverview,
} from '../../../testing/billing-server.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../../lib/channels/synced-channels.ts';
import { EXPIRED_TEXT } from '../billing-texts.ts';
import { TRIAL_BANNER_STORAGE_KEY } from './billing-banners.tsx';

const PAGE = '/settings/channels';

function setup(entry = PAGE) {
  api.user = buildUser();
  api.myChannels = buildChannels(1);
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify(['UC-yt-1']));
  return renderApp(entry);
}

/** The page has loaded (and with it the shell and the billing overview). */
const pageReady = async () => {
  await screen.findByRole('list', { name: 'My channels' });
  await waitFor(() => expect(api.requests.some((r) => r.route === 'billingOverview')).toBe(true));
};

describe('billing banners in the app shell', () => {
  it('expired: a persistent status banner with Choose a plan, to the plans', async () => {
    billingApi.overview = buildBillingOverview({
      standing: 'expired',
      readOnly: true,
      trialDaysLeft: 0,
    });
    setup();
    const banner = (await screen.findByText(EXPIRED_TEXT)).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(EXPIRED_TEXT).toBe(
      'Your free trial has ended. Publishing, AI suggestions and rank checks are paused until you choose a plan. Your data is kept.',
    );
    expect(within(banner).queryByRole('button', { name: /close|dismiss/i })).toBeNull();
    const choose = within(banner).getByRole('link', { name: 'Choose a plan' });
    expect(choose).toHaveAttribute('href', '/settings/account#billing');
    await userEvent.click(choose);
    await waitFor(() => expect(currentLocation().pathname).toBe('/settings/account'));
    expect(await screen.findByRole('heading', { name: 'Plan and billing' })).toBeVisible();
    // There the plan status says it (titled); the banner does not repeat it above.
    expect(await screen.findByText('Your account is read-only')).toBeVisible();
    expect(screen.getAllByText(EXPIRED_TEXT)).toHaveLength(1);
  });

  it('past due: the failed payment with Update card, which opens the billing portal', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    billingApi.overview = buildSubscribedOverview('pro', { standing: 'past-due' });
    setup();
    const banner = (await screen.findByText(/^Your last payment failed\./)).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(banner).toHaveTextContent('Update your card to keep your Pro plan');
    const update = within(banner).getByRole('button', { name: 'Update card' });
    await userEvent.click(update);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(billingApi.portalUrl));
    expect(update).toBeDisabled();
  });

  it('past due: a portal failure is an alert', async () => {
    billingApi.overview = buildSubscribedOverview('pro', { standing: 'past-due' });
    billingApi.refusePortal = { status: 503, code: 'billing-unavailable', message: 'Try later.' };
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Update card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not open the billing portal. Try later.',
    );
  });

  it('the trial’s last days: a dismissible reminder that stays dismissed', async () => {
    billingApi.overview = buildBillingOverview({ trialDaysLeft: 2 });
    const first = setup();
    const banner = (await screen.findByText(/^2 days left in your free trial\./)).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(within(banner).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/settings/account#billing',
    );
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/days? left in your free trial/)).toBeNull();
    expect(localStorage.getItem(TRIAL_BANNER_STORAGE_KEY)).not.toBeNull();
    first.unmount();

    setup();
    await pageReady();
    expect(screen.queryByText(/days? left in your free trial/)).toBeNull();
  });

  it('the trial’s last day says so, and shows again after a dismissal of an earlier day', async () => {
    localStorage.setItem(TRIAL_BANNER_STORAGE_KEY, '2026-11-30T12:00:00.000Z|2');
    billingApi.overview = buildBillingOverview({ trialDaysLeft: 0 });
    setup();
    expect(await screen.findByText(/^Last day of your free trial\./)).toBeVisible();
  });

  it('no banner with more than 3 trial days left, or an active plan', async () => {
    billingApi.overview = buildBillingOverview({ trialDaysLeft: 4 });
    const first = setup();
    await pageReady();
    expect(screen.queryByText(/left in your free trial/)).toBeNull();
    first.unmount();

    billingApi.overview = buildSubscribedOverview('creator');
    setup();
    await pageReady();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('signed-out pages never ask for billing', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: /log in/i });
    expect(api.requests.some((r) => r.route === 'billingOverview')).toBe(false);
  });
});
