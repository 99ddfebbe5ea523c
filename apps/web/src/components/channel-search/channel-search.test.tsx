import { useState } from 'react';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, handle, server } from '../../testing/server.ts';
import {
  onboardingApi,
  onboardingHandlers,
  resetOnboardingApi,
} from '../../testing/onboarding-server.ts';
import { buildPublicConfig } from '../../testing/data.ts';
import { renderWithProviders } from '../../testing/render-app.tsx';
import { CHANNEL_SEARCH_EMPTY_TEXT, ChannelSearch } from './channel-search.tsx';

const HINT = 'Find the channels you compete with.';
const searches = () => api.requests.filter((r) => r.route === 'publicChannelSearch');

/** A page that takes found channels at once, up to `max`. */
function Picker({ max = 5 }: { max?: number }) {
  const [taken, setTaken] = useState<string[]>([]);
  return (
    <ChannelSearch
      searchLabel="Search channels"
      fieldLabel="Channel name"
      hint={HINT}
      actionLabel="Choose"
      blockedReason={(id) => (taken.includes(id) ? 'Chosen' : null)}
      full={taken.length >= max}
      onPick={(c) => setTaken((list) => [...list, c.youtubeId])}
    />
  );
}

async function renderPicker(max?: number) {
  const user = userEvent.setup();
  renderWithProviders(<Picker max={max} />, '/', { user: null, config: buildPublicConfig() });
  return { user, field: await screen.findByRole('textbox', { name: 'Channel name' }) };
}

beforeEach(() => {
  resetOnboardingApi();
  server.use(...onboardingHandlers());
});

describe('ChannelSearch', () => {
  it('asks nothing for an empty or blank name and says to type one', async () => {
    // Every request to the search, even one the fake API's schema would refuse (q='').
    const sent: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.url.includes('/channels/search')) sent.push(new URL(request.url).search);
    };
    server.events.on('request:start', listener);
    onTestFinished(() => server.events.removeListener('request:start', listener));
    const { user, field } = await renderPicker();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(HINT);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(status).toHaveTextContent(CHANNEL_SEARCH_EMPTY_TEXT);
    expect(field).toHaveFocus();
    await user.type(field, '   {Enter}');
    expect(status).toHaveTextContent(CHANNEL_SEARCH_EMPTY_TEXT);
    // A search, then the field emptied and submitted again: still nothing asked for ''.
    await user.clear(field);
    await user.type(field, 'Bread{Enter}');
    await screen.findByText('3 channels found');
    await user.clear(field);
    await user.type(field, '{Enter}');
    expect(status).toHaveTextContent(CHANNEL_SEARCH_EMPTY_TEXT);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual(['?q=Bread']);
    expect(searches().map((r) => r.query)).toEqual([{ q: 'Bread' }]);
  });

  it('says searching, found and none in one status region that stays in the page', async () => {
    const { user, field } = await renderPicker();
    const status = screen.getByRole('status');
    await user.type(field, 'Bread{Enter}');
    await waitFor(() => expect(status).toHaveTextContent('3 channels found'));
    // The same element all along: a live region announces changes of its text only.
    expect(screen.getByRole('status')).toBe(status);
    await user.click(screen.getByRole('button', { name: 'Show more channels' }));
    await waitFor(() => expect(status).toHaveTextContent('6 channels found'));
    await user.clear(field);
    await user.type(field, 'Pottery{Enter}');
    await waitFor(() =>
      expect(status).toHaveTextContent('No channels found for “Pottery”. Try another name.'),
    );
    expect(screen.getByRole('status')).toBe(status);
  });

  it('says Searching… while the search runs', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      handle('publicChannelSearch', async () => {
        await answered;
        return { body: { channels: [], nextPageToken: null } };
      }),
    );
    const { user, field } = await renderPicker();
    const status = screen.getByRole('status');
    await user.type(field, 'Bread{Enter}');
    await waitFor(() => expect(status).toHaveTextContent('Searching…'));
    expect(screen.getByRole('status')).toBe(status);
    answer();
    await waitFor(() => expect(status).toHaveTextContent('No channels found for “Bread”.'));
  });

  it('moves focus to what replaces "Choose", and to the first new channel after "Show more"', async () => {
    const { user, field } = await renderPicker();
    await user.type(field, 'Bread{Enter}');
    const list = await screen.findByRole('list', { name: 'Channels found' });
    await user.click(screen.getByRole('button', { name: 'Choose Bread Channel 2' }));
    const chosen = within(list).getAllByRole('listitem')[1]!;
    expect(within(chosen).queryByRole('button')).toBeNull();
    expect(within(chosen).getByText('Chosen')).toHaveFocus();
    expect(document.activeElement).toHaveTextContent('Bread Channel 2: Chosen');

    await user.click(screen.getByRole('button', { name: 'Show more channels' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6));
    expect(within(list).getAllByRole('listitem')[3]).toHaveFocus();
    // The last page: the button goes, focus lands on its first channel, not on the page.
    await user.click(screen.getByRole('button', { name: 'Show more channels' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(8));
    expect(within(list).getAllByRole('listitem')[6]).toHaveFocus();
  });

  it('turns the action off for every channel once the limit is reached', async () => {
    onboardingApi.searchPageSize = 8;
    const { user, field } = await renderPicker(2);
    await user.type(field, 'Bread{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Choose Bread Channel 1' }));
    await user.click(screen.getByRole('button', { name: 'Choose Bread Channel 2' }));
    expect(screen.getByRole('button', { name: 'Choose Bread Channel 3' })).toBeDisabled();
    expect(screen.getAllByText('Chosen')).toHaveLength(2);
  });
});
