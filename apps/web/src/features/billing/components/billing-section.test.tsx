import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../lib/browser.ts';
import { buildUser } from '../../../testing/data.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { api } from '../../../testing/server.ts';
import {
  billingApi,
  buildBillingOverview,
  buildChannelUsage,
  buildInvoice,
  buildSubscribedOverview,
} from '../../../testing/billing-server.ts';
import { EXPIRED_TEXT } from '../billing-texts.ts';
import { CANCELING_PLAN_TEXT } from './plan-catalogue.tsx';

const PAGE = '/settings/account';

function setup(entry = PAGE) {
  api.user = buildUser({ email: 'me@example.com' });
  return renderApp(entry);
}

/** The "Plan and billing" section, once the overview is shown. */
async function billing(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: 'Plan and billing' });
  const section = heading.closest('section') as HTMLElement;
  await within(section).findByRole('heading', { name: /^Current plan:/ });
  return section;
}

const requests = (route: string) => api.requests.filter((r) => r.route === route);
const part = (section: HTMLElement, name: string) => within(section).getByRole('region', { name });

describe('Plan and billing: the plan and its standing', () => {
  it('comes first on the account settings, as #billing', async () => {
    setup();
    const section = await billing();
    expect(section).toHaveAttribute('id', 'billing');
    const h2s = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2s[0]).toBe('Plan and billing');
  });

  it('trial: days left with the end date, usage bars, plans to choose, no invoices yet', async () => {
    billingApi.overview = buildBillingOverview({
      trialDaysLeft: 10,
      trialEndsAt: '2026-11-30T12:00:00.000Z',
      usage: {
        channels: { used: 2, limit: 3 },
        perChannel: [
          buildChannelUsage({
            channelId: 'ch-1',
            name: 'Sourdough Sundays',
            people: { used: 5, limit: 5 },
            trackedKeywords: { used: 85, limit: 100 },
            aiGenerations: { used: 12, limit: 50, resetsAt: '2026-12-01T12:00:00.000Z' },
          }),
        ],
      },
    });
    setup();
    const section = await billing();
    expect(
      within(section).getByRole('heading', { name: 'Current plan: Free trial' }),
    ).toBeVisible();
    expect(section).toHaveTextContent('10 days left in your free trial (it ends on Nov 30, 2026).');

    const usage = part(section, 'Usage');
    expect(within(usage).getByRole('progressbar', { name: 'Channels' })).toHaveAttribute(
      'aria-valuetext',
      '2 of 3 channels',
    );
    const channel = within(usage).getByRole('region', { name: 'Usage of Sourdough Sundays' });
    const people = within(channel).getByRole('progressbar', { name: 'People' });
    expect(people).toHaveAttribute('aria-valuetext', '5 of 5 people');
    expect(people).toHaveAttribute('aria-valuenow', '100');
    expect(within(channel).getByRole('progressbar', { name: 'Tracked keywords' })).toHaveAttribute(
      'aria-valuetext',
      '85 of 100 tracked keywords',
    );
    const ai = within(channel).getByRole('progressbar', { name: 'AI generations this month' });
    expect(ai).toHaveAttribute('aria-valuetext', '12 of 50 AI generations');
    expect(ai).toHaveAccessibleDescription('Starts again on Dec 1, 2026.');

    const plans = part(section, 'Plans');
    for (const name of ['Creator', 'Pro', 'Agency']) {
      expect(within(plans).getByRole('button', { name: `Choose ${name}` })).toBeEnabled();
    }
    expect(within(plans).queryByText('Current plan')).toBeNull();
    expect(
      within(section).getByRole('link', { name: 'Need more? Ask for a custom plan' }),
    ).toHaveAttribute('href', '/custom-plan');
    expect(within(section).queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(
      await within(part(section, 'Invoices')).findByText(
        'No invoices yet. They appear here after your first payment.',
      ),
    ).toBeVisible();
  });

  it('active: the interval and renewal, the current plan marked, Manage billing opens the portal', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    billingApi.overview = buildSubscribedOverview('pro');
    setup();
    const section = await billing();
    expect(within(section).getByRole('heading', { name: 'Current plan: Pro' })).toBeVisible();
    expect(section).toHaveTextContent('Billed monthly. Renews on Dec 15, 2026.');

    const plans = part(section, 'Plans');
    const pro = within(plans).getByRole('region', { name: 'Pro' });
    expect(within(pro).getByText('Current plan')).toBeVisible();
    expect(within(pro).queryByRole('button')).toBeNull();
    // A live subscription changes plan in the portal, never in a second checkout.
    expect(within(plans).queryByRole('button', { name: /^Choose/ })).toBeNull();
    expect(within(plans).getByRole('button', { name: 'Switch to Agency' })).toBeEnabled();

    const manage = within(section).getByRole('button', { name: 'Manage billing' });
    await userEvent.click(manage);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(billingApi.portalUrl));
    expect(requests('billingPortal')).toHaveLength(1);
    // Still busy while the browser leaves.
    expect(manage).toBeDisabled();
    expect(requests('startCheckout')).toHaveLength(0);
  });

  it('active and canceling: says when it ends', async () => {
    billingApi.overview = buildSubscribedOverview('creator', {
      subscription: {
        interval: 'year',
        status: 'active',
        currentPeriodEnd: '2027-01-10T12:00:00.000Z',
        cancelAtPeriodEnd: true,
        trialEnd: null,
      },
    });
    setup();
    const section = await billing();
    expect(section).toHaveTextContent('Billed yearly. Cancels on Jan 10, 2027.');
    // The yearly prices are shown for a yearly subscription.
    const creator = within(part(section, 'Plans')).getByRole('region', { name: 'Creator' });
    expect(creator).toHaveTextContent('$190 / year');
    // The portal renews before it changes plans: the plans say so.
    expect(part(section, 'Plans')).toHaveTextContent(CANCELING_PLAN_TEXT);
  });

  it('past due: the failed payment with Update card, which opens the portal', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    billingApi.overview = buildSubscribedOverview('pro', { standing: 'past-due' });
    setup();
    const section = await billing();
    const warning = within(section)
      .getByText('Your last payment failed')
      .closest('[role="status"]');
    expect(warning).toHaveTextContent('Update your card to keep your Pro plan.');
    await userEvent.click(
      within(warning as HTMLElement).getByRole('button', { name: 'Update card' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith(billingApi.portalUrl));
  });

  it('expired: explains the read-only account and offers the plans', async () => {
    billingApi.overview = buildBillingOverview({
      standing: 'expired',
      readOnly: true,
      trialDaysLeft: 0,
      trialEndsAt: '2026-11-01T12:00:00.000Z',
    });
    setup();
    const section = await billing();
    expect(
      within(section).getByText('Your account is read-only').closest('[role="status"]'),
    ).toHaveTextContent(EXPIRED_TEXT);
    expect(
      within(part(section, 'Plans')).getByRole('button', { name: 'Choose Pro' }),
    ).toBeEnabled();
  });

  it('without payments set up: says so instead of offering checkout', async () => {
    billingApi.overview = buildBillingOverview({ billingAvailable: false });
    setup();
    const section = await billing();
    expect(section).toHaveTextContent(
      'Payments are not set up on this installation, so plans cannot be bought or changed here.',
    );
    expect(within(section).queryByRole('button', { name: /^(Choose|Switch to)/ })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('shows the load failure with Retry', async () => {
    const { server, handle, errorBody } = await import('../../../testing/server.ts');
    server.use(handle('billingOverview', () => ({ status: 500, body: errorBody('internal') })));
    setup();
    const heading = await screen.findByRole('heading', { name: 'Plan and billing' });
    const section = heading.closest('section') as HTMLElement;
    expect(await within(section).findByText('We could not load your plan.')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});

describe('Plan and billing: choosing a plan', () => {
  it('monthly or yearly prices with the saving; Choose goes to the payment page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    setup();
    const plans = part(await billing(), 'Plans');
    const pro = within(plans).getByRole('region', { name: 'Pro' });
    expect(pro).toHaveTextContent('$49 / month');
    expect(pro).toHaveTextContent('Or $490 a year: save 17%');
    expect(within(pro).getByRole('list', { name: 'What Pro includes' })).toHaveTextContent(
      '3 channels5 people per channel500 tracked keywords per channel150 AI generations per channel a month',
    );

    await userEvent.click(within(plans).getByRole('button', { name: 'Yearly' }));
    expect(within(plans).getByRole('button', { name: 'Yearly' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(pro).toHaveTextContent('$490 / year');
    expect(pro).toHaveTextContent('$40.83 a month, billed yearly. You save $98 (17%).');

    const agency = within(plans).getByRole('button', { name: 'Choose Agency' });
    await userEvent.click(agency);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(billingApi.checkoutUrl));
    expect(requests('startCheckout').map((r) => r.body)).toEqual([
      { plan: 'agency', interval: 'year' },
    ]);
    // The pressed button keeps its progress while the browser leaves; the others wait.
    expect(agency).toBeDisabled();
    expect(within(plans).getByRole('button', { name: 'Choose Creator' })).toBeDisabled();
  });

  it('a live subscription found at checkout: the way is Manage billing', async () => {
    billingApi.refuseCheckout = {
      status: 409,
      code: 'already-subscribed',
      message: 'The account already has a subscription.',
    };
    setup();
    const section = await billing();
    await userEvent.click(within(section).getByRole('button', { name: 'Choose Creator' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(
      'You already have a subscription: change your plan in Manage billing.',
    );
    expect(within(alert).getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Choose Creator' })).toBeEnabled();
  });

  it('a failed checkout says so in an alert and can be tried again', async () => {
    billingApi.refuseCheckout = { status: 500, code: 'internal', message: 'Stripe is down.' };
    setup();
    const section = await billing();
    await userEvent.click(within(section).getByRole('button', { name: 'Choose Pro' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'We could not open the payment page. Stripe is down.',
    );
    expect(within(section).getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
  });
});

describe('Plan and billing: invoices', () => {
  it('lists date, number, amount and status with the invoice pages in a new tab', async () => {
    billingApi.overview = buildSubscribedOverview('pro');
    billingApi.invoices = [
      buildInvoice({
        id: 'in_2',
        number: 'TW-0002',
        status: 'open',
        amountDue: 4900,
        amountPaid: 0,
        createdAt: '2026-12-15T12:00:00.000Z',
      }),
      buildInvoice({ id: 'in_1', number: 'TW-0001' }),
    ];
    setup();
    const invoices = part(await billing(), 'Invoices');
    const table = await within(invoices).findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Dec 15, 2026TW-0002$49Due'),
      expect.stringContaining('Nov 15, 2026TW-0001$49Paid'),
    ]);
    const view = within(rows[1]!).getByRole('link', {
      name: 'View invoice TW-0001 (opens in a new tab)',
    });
    expect(view).toHaveAttribute('href', 'https://invoice.stripe.example/i/in_1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(rows[1]!).getByRole('link', { name: 'PDF invoice TW-0001 (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://invoice.stripe.example/i/in_1/pdf');
  });
});
