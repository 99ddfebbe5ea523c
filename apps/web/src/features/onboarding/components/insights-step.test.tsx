import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INSIGHTS_OWNER_STORAGE_PREFIX,
  ONBOARDING_ID_STORAGE_KEY,
} from '@tubewise/contract/onboarding-constants';
import { api } from '../../../testing/server.ts';
import {
  buildCompetitor,
  buildSharedInsights,
  INSIGHTS_ID,
  onboardingApi,
  OWNER_TOKEN,
} from '../../../testing/onboarding-server.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { ACCOUNT_EXISTS_TEXT } from '../onboarding-texts.ts';
import { SHARING_STOPPED_TEXT } from './onboarding-report.tsx';
import {
  installOnboardingTestApi,
  renderOnboarding,
  resumeWith,
  stepHeading,
} from '../testing/render-onboarding.tsx';

installOnboardingTestApi();

const calls = (route: string) => api.requests.filter((r) => r.route === route);

/** A verified onboarding with its report, resumed in this browser session with its owner token. */
function verified(token: string | null = OWNER_TOKEN) {
  onboardingApi.insights[INSIGHTS_ID] = buildSharedInsights();
  return resumeWith(
    {
      competitors: [buildCompetitor(1), buildCompetitor(2)],
      keywords: ['sourdough starter', 'rye bread'],
      email: 'baker@example.com',
      tosTimestamp: '2026-03-02T10:00:00.000Z',
      onboarded: true,
      insights: {
        id: INSIGHTS_ID,
        status: 'ready',
        createdAt: '2026-03-02T10:00:00.000Z',
        expiresAt: '2026-05-31T10:00:00.000Z',
        revoked: false,
      },
    },
    token ?? undefined,
  );
}

describe('Onboarding: insights, sharing and the account', () => {
  it('shows the progress while the report is made, then the report', async () => {
    verified();
    onboardingApi.insights[INSIGHTS_ID] = buildSharedInsights({
      status: 'pending',
      progress: { done: 0, total: 2 },
      report: null,
    });
    onboardingApi.insightsSequence = [
      buildSharedInsights({ status: 'pending', progress: { done: 0, total: 2 }, report: null }),
      buildSharedInsights({ status: 'pending', progress: { done: 1, total: 2 }, report: null }),
      buildSharedInsights(),
    ];
    renderOnboarding();
    await stepHeading('Your insights');
    const bar = await screen.findByRole('progressbar', { name: 'Insights progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'), { timeout: 8000 });
    expect(screen.getByText(/1 of 2 keywords checked/)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'sourdough starter' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('gives the share link with a copy button', async () => {
    verified();
    const user = userEvent.setup();
    renderOnboarding();
    await stepHeading('Your insights');
    const link = screen.getByRole('textbox', { name: 'Share link' });
    expect(link).toHaveValue(`http://localhost:3000/share/insights/${INSIGHTS_ID}`);
    expect(
      screen.getByText(/Anyone with the link can see the report until May 31, 2026/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `http://localhost:3000/share/insights/${INSIGHTS_ID}`,
    );
  });

  it('stops sharing with the owner token', async () => {
    verified();
    const { user } = renderOnboarding();
    await screen.findByRole('heading', { name: 'sourdough starter' });
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop sharing?' });
    expect(calls('revokeInsights')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    const status = await screen.findByText('Sharing is off: the link no longer works.');
    await waitFor(() => expect(status).toHaveFocus());
    expect(calls('revokeInsights')[0]?.body).toEqual({ token: OWNER_TOKEN });
    expect(localStorage.getItem(INSIGHTS_OWNER_STORAGE_PREFIX + INSIGHTS_ID)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Share link' })).not.toBeInTheDocument();
    expect(screen.queryByText(SHARING_STOPPED_TEXT)).not.toBeInTheDocument();
  });

  it('creates the account, signs the person in and leads to connecting a channel', async () => {
    verified();
    const user = userEvent.setup();
    renderApp('/onboarding');
    await stepHeading('Your insights');
    const form = screen.getByRole('form', { name: 'Create my account' });
    await user.type(within(form).getByLabelText('Password', { exact: false }), 'short');
    await user.keyboard('{Enter}');
    expect(within(form).getByLabelText('Password', { exact: false })).toHaveAccessibleDescription(
      /Use at least \d+ characters\./,
    );
    await user.clear(within(form).getByLabelText('Password', { exact: false }));
    await user.type(within(form).getByLabelText('Password', { exact: false }), 'a-long-password-1');
    await user.type(within(form).getByRole('textbox', { name: 'Name (optional)' }), 'Bea Baker');
    await user.click(within(form).getByRole('button', { name: 'Create my account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connect your channel' }),
    ).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/setup-step1');
    expect(
      screen.getByText(/Your keywords and competitors from your insights will be carried over/),
    ).toBeInTheDocument();
    expect(calls('createOnboardingAccount')[0]?.body).toMatchObject({
      token: OWNER_TOKEN,
      password: 'a-long-password-1',
      name: 'Bea Baker',
    });
    expect(sessionStorage.getItem(ONBOARDING_ID_STORAGE_KEY)).toBeNull();
  });

  it('says when the e-mail already has an account, with a way to log in', async () => {
    verified();
    onboardingApi.accountExists = true;
    const { user } = renderOnboarding();
    await stepHeading('Your insights');
    await user.type(
      screen.getByLabelText('Password', { exact: false }),
      'a-long-password-1{Enter}',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_EXISTS_TEXT);
    expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('without the owner token (another tab) shows the report but not the owner actions', async () => {
    verified(null);
    renderOnboarding();
    await screen.findByRole('heading', { name: 'sourdough starter' });
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create my account' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Open the link from your e-mail in this browser to create your account.'),
    ).toBeInTheDocument();
  });
});
