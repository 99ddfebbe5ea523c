import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSIGHTS_OWNER_STORAGE_PREFIX } from '@tubewise/contract/onboarding-constants';
import { api, server } from '../../../testing/server.ts';
import {
  buildSharedInsights,
  INSIGHTS_ID,
  onboardingApi,
  onboardingHandlers,
  OWNER_TOKEN,
  resetOnboardingApi,
} from '../../../testing/onboarding-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { SHARING_OFF_TEXT } from '../../../components/insights/sharing-stopped.tsx';
import {
  GET_INSIGHTS_CTA,
  INSIGHTS_NOT_FOUND_TEXT,
  LINK_EXPIRED_TEXT,
} from '../shared-insights-texts.ts';

beforeEach(() => {
  resetOnboardingApi();
  server.use(...onboardingHandlers());
});

const robots = () => document.head.querySelectorAll('meta[name="robots"][content="noindex"]');
const open = (id = INSIGHTS_ID) => renderApp(`/share/insights/${id}`);

describe('Shared insights page', () => {
  it('shows the report to a signed-out visitor, with the expiry, sources and the call to action', async () => {
    onboardingApi.insights[INSIGHTS_ID] = buildSharedInsights();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: /keyword and competitor insights/ }),
    ).toBeInTheDocument();
    const keyword = (await screen.findByRole('heading', { name: 'sourdough starter' })).closest(
      'section',
    )!;
    expect(keyword).toHaveTextContent('Search volume12,000 / month');
    expect(keyword).toHaveTextContent('CompetitionMedium (0.42)');
    expect(keyword).toHaveTextContent('Opportunity71 / 100');
    expect(keyword).toHaveTextContent('Bread Channel 1: #2');
    expect(keyword).toHaveTextContent('Bread Channel 2: Not in the top 20');

    const table = within(keyword as HTMLElement).getByRole('table', {
      name: 'Top results for sourdough starter',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1The easiest sourdough starterOther Bakery1.2M views');
    expect(rows[1]).not.toHaveTextContent('Competitor');
    expect(rows[2]).toHaveTextContent('2Starter in 5 daysBread Channel 1Competitor54K views');

    const rye = screen.getByRole('heading', { name: 'rye bread' }).closest('section')!;
    expect(rye).toHaveTextContent('Search volumeUnknown');
    expect(rye).toHaveTextContent('We could not read the search results for this keyword.');

    const competitor = screen
      .getByRole('heading', { level: 3, name: 'Bread Channel 1' })
      .closest('section')!;
    expect(competitor).toHaveTextContent('120K subscribers · 240 videos');
    expect(competitor).toHaveTextContent('Starter in 5 days (54K views, Feb 1, 2025)');
    expect(
      screen.getByRole('heading', { level: 3, name: 'Bread Channel 2' }).closest('section'),
    ).toHaveTextContent('We could not read this channel on YouTube.');

    expect(screen.getByText('Keyword figures: Test keyword data.')).toBeInTheDocument();
    expect(screen.getByText('This link works until May 31, 2026.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: GET_INSIGHTS_CTA })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();
    // Signed out and never asked: the page skips the session check.
    expect(api.requests.filter((r) => r.route === 'me')).toHaveLength(0);
  });

  it('shows the progress while the report is being made', async () => {
    onboardingApi.insights[INSIGHTS_ID] = buildSharedInsights({
      status: 'pending',
      progress: { done: 1, total: 4 },
      report: null,
    });
    open();
    const bar = await screen.findByRole('progressbar', { name: 'Insights progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(/1 of 4 keywords checked/)).toBeInTheDocument();
  });

  it('says when no report has this id (404)', async () => {
    open('unknownInsightsId0000');
    expect(await screen.findByRole('alert')).toHaveTextContent(INSIGHTS_NOT_FOUND_TEXT);
    expect(screen.getByRole('link', { name: GET_INSIGHTS_CTA })).toBeInTheDocument();
  });

  it('says when the link expired or was turned off (410)', async () => {
    onboardingApi.insights[INSIGHTS_ID] = 'gone';
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_EXPIRED_TEXT);
  });

  it('asks search engines not to index the page, only while it is shown', async () => {
    onboardingApi.insights[INSIGHTS_ID] = buildSharedInsights();
    const { unmount } = open();
    await screen.findByRole('heading', { name: 'sourdough starter' });
    expect(robots()).toHaveLength(1);
    unmount();
    expect(robots()).toHaveLength(0);
  });

  it("offers 'Stop sharing' to the report's owner, asks first, then says it is off (focused)", async () => {
    onboardingApi.insights[INSIGHTS_ID] = buildSharedInsights();
    localStorage.setItem(INSIGHTS_OWNER_STORAGE_PREFIX + INSIGHTS_ID, OWNER_TOKEN);
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { name: 'sourdough starter' });
    const stop = await screen.findByRole('button', { name: 'Stop sharing' });

    // Cancel: nothing happens, focus goes back to the button.
    await user.click(stop);
    let dialog = await screen.findByRole('dialog', { name: 'Stop sharing?' });
    expect(dialog).toHaveAccessibleDescription(
      'The link stops working for everyone. This cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(stop).toHaveFocus());
    expect(api.requests.filter((r) => r.route === 'revokeInsights')).toHaveLength(0);

    await user.click(stop);
    dialog = await screen.findByRole('dialog', { name: 'Stop sharing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    const status = await screen.findByText(SHARING_OFF_TEXT);
    await waitFor(() => expect(status).toHaveFocus());
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'sourdough starter' })).toBeNull(),
    );
    // Still focused once the report answers 410 (not said twice).
    expect(status).toHaveFocus();
    expect(screen.queryByText(LINK_EXPIRED_TEXT)).toBeNull();
    expect(localStorage.getItem(INSIGHTS_OWNER_STORAGE_PREFIX + INSIGHTS_ID)).toBeNull();
  });
});
