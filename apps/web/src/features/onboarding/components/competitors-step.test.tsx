import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  CHANNEL_SEARCH_FAILED_TEXT,
  ONBOARDING_ID_STORAGE_KEY,
  ONBOARDING_SESSION_STORAGE_KEY,
} from '@tubewise/contract/onboarding-constants';
import { api, errorBody, handle, server } from '../../../testing/server.ts';
import {
  buildCompetitor,
  buildOnboarding,
  onboardingApi,
} from '../../../testing/onboarding-server.ts';
import { COMPETITORS_FULL_TEXT, COMPETITORS_TOO_FEW_TEXT } from '../onboarding-texts.ts';
import {
  renderOnboarding,
  resumeWith,
  SESSION_ID,
  stepHeading,
  installOnboardingTestApi,
} from '../testing/render-onboarding.tsx';

installOnboardingTestApi();

const calls = (route: string) => api.requests.filter((r) => r.route === route);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function search(user: ReturnType<typeof renderOnboarding>['user'], q: string) {
  const field = await screen.findByRole('textbox', { name: 'Channel name' });
  await user.clear(field);
  await user.type(field, `${q}{Enter}`);
}

describe('Onboarding: session and competitors', () => {
  it('creates the session id once, sends it with every call and resumes after a reload', async () => {
    const first = renderOnboarding();
    await stepHeading('Who are your competitors?');
    const sessionId = sessionStorage.getItem(ONBOARDING_SESSION_STORAGE_KEY);
    expect(sessionId).toMatch(UUID);
    expect(calls('newOnboarding').map((r) => r.body)).toEqual([{ sessionId }]);
    expect(sessionStorage.getItem(ONBOARDING_ID_STORAGE_KEY)).toBe(onboardingApi.onboarding?.id);

    await search(first.user, 'Bread');
    await first.user.click(await screen.findByRole('button', { name: 'Choose Bread Channel 1' }));
    await first.user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Which keywords matter to you?');
    expect(calls('updateOnboarding')[0]?.body).toMatchObject({ sessionId });
    first.unmount();

    // A reload: the same session id, the stored onboarding read back, none created.
    renderOnboarding();
    await stepHeading('Which keywords matter to you?');
    expect(sessionStorage.getItem(ONBOARDING_SESSION_STORAGE_KEY)).toBe(sessionId);
    expect(calls('newOnboarding')).toHaveLength(1);
    expect(calls('getOnboarding').map((r) => r.query)).toEqual([{ sessionId }]);
  });

  it('starts afresh when the stored onboarding is gone (404)', async () => {
    resumeWith({});
    onboardingApi.onboarding = null;
    renderOnboarding();
    await stepHeading('Who are your competitors?');
    expect(calls('getOnboarding')).toHaveLength(1);
    expect(calls('newOnboarding').map((r) => r.body)).toEqual([{ sessionId: SESSION_ID }]);
  });

  it('shows the start call failing, and tries again', async () => {
    let fail = true;
    server.use(
      handle('newOnboarding', (body) => {
        if (fail) return { status: 500, body: errorBody('internal') };
        const { sessionId } = body as { sessionId: string };
        onboardingApi.onboarding = buildOnboarding({ sessionId });
        return { status: 201, body: onboardingApi.onboarding };
      }),
    );
    const { user } = renderOnboarding();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not start your onboarding. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await stepHeading('Who are your competitors?');
  });

  it('searches, pages with "Show more channels", and says when nothing is found', async () => {
    const { user } = renderOnboarding();
    expect(
      await screen.findByText('Search for the YouTube channels you compete with, by name.'),
    ).toBeInTheDocument();
    await search(user, 'Bread');
    const list = await screen.findByRole('list', { name: 'Channels found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('3 channels found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more channels' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Show more channels' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(8));
    expect(screen.queryByRole('button', { name: 'Show more channels' })).not.toBeInTheDocument();
    expect(calls('publicChannelSearch').map((r) => r.query)).toEqual([
      { q: 'Bread' },
      { q: 'Bread', page_token: '3' },
      { q: 'Bread', page_token: '6' },
    ]);

    await search(user, 'Pottery');
    expect(
      await screen.findByText('No channels found for “Pottery”. Try another name.'),
    ).toBeInTheDocument();
  });

  it("says 'Channel search failed' when the search fails", async () => {
    onboardingApi.searchFails = true;
    const { user } = renderOnboarding();
    await search(user, 'Bread');
    expect(await screen.findByRole('alert')).toHaveTextContent(CHANNEL_SEARCH_FAILED_TEXT);
  });

  it('needs at least 1 competitor and allows at most 5', async () => {
    const { user } = renderOnboarding();
    await stepHeading('Who are your competitors?');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COMPETITORS_TOO_FEW_TEXT);
    expect(calls('updateOnboarding')).toHaveLength(0);

    onboardingApi.searchPageSize = 8;
    await search(user, 'Bread');
    for (const n of [1, 2, 3, 4, 5]) {
      await user.click(await screen.findByRole('button', { name: `Choose Bread Channel ${n}` }));
    }
    expect(screen.getByText('5 of 5 chosen')).toBeInTheDocument();
    expect(screen.getByText(COMPETITORS_FULL_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Bread Channel 6' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Choose Bread Channel 1' })).toBeNull();
    // Focus went to what replaced the last "Choose".
    expect(document.activeElement).toHaveTextContent('Bread Channel 5: Chosen');

    await user.click(screen.getByRole('button', { name: 'Remove Bread Channel 2' }));
    expect(screen.getByText('4 of 5 chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Bread Channel 6' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await stepHeading('Which keywords matter to you?');
    expect(heading).toHaveFocus();
    expect(calls('updateOnboarding')[0]?.body).toMatchObject({
      competitors: [1, 3, 4, 5].map(buildCompetitor),
    });
  });
});
