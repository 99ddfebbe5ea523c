import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel } from '@tubewise/contract';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../testing/server.ts';
import {
  buildChannel,
  buildChannelSettings,
  buildChannels,
  buildSyncStatus,
  buildUser,
} from '../../testing/data.ts';
import {
  activeChannelStore,
  ACTIVE_CHANNEL_STORAGE_KEY,
} from '../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../lib/channels/synced-channels.ts';
import { CHANNEL_PLACEHOLDER_SRC } from '../../features/channels/components/channel-thumbnail.tsx';

const PAGE = '/settings/channels';

/** Signs in with owned and shared channels, all already synced (no automatic sync). */
function setup({ owned = buildChannels(3), shared = [] as Channel[], active = 'ch-1' } = {}) {
  api.user = buildUser({ id: 'me', email: 'me@example.com', name: 'Me' });
  api.myChannels = owned;
  api.invitedTo = shared;
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, active);
  localStorage.setItem(
    SYNCED_CHANNELS_STORAGE_KEY,
    JSON.stringify([...owned, ...shared].map((c) => c.youtubeId)),
  );
  return renderApp(PAGE);
}

const list = (name: 'My channels' | 'Shared with me') => screen.findByRole('list', { name });
const row = (name: string) =>
  waitFor(() => {
    const item = screen
      .getAllByRole('listitem')
      .find((li) => within(li).queryByText(name, { exact: true }));
    if (!item) throw new Error(`No row for ${name}`);
    return item;
  });
const requests = (route: string) => api.requests.filter((r) => r.route === route);

describe('/settings/channels: lists', () => {
  it('shows my channels and shared channels with thumbnails, reconnect marks and actions', async () => {
    setup({
      owned: [
        buildChannel({ id: 'ch-1', name: 'Alpha', thumbnailUrl: '' }),
        buildChannel({ id: 'ch-2', name: 'Bravo', needsReconnect: true }),
      ],
      shared: [buildChannel({ id: 'ch-9', name: 'Shared Sierra' })],
    });
    const mine = await list('My channels');
    expect(within(mine).getAllByRole('listitem')).toHaveLength(2);
    expect(within(await list('Shared with me')).getAllByRole('listitem')).toHaveLength(1);
    const alpha = await row('Alpha');
    expect(within(alpha).getByTestId('channel-thumbnail')).toHaveAttribute(
      'src',
      CHANNEL_PLACEHOLDER_SRC,
    );
    expect(within(alpha).queryByText('Needs reconnection')).toBeNull();
    expect(within(alpha).queryByRole('button', { name: 'Reconnect' })).toBeNull();
    const bravo = await row('Bravo');
    expect(within(bravo).getByText('Needs reconnection')).toBeInTheDocument();
    const remove = within(bravo).getByRole('button', { name: 'Remove' });
    expect(remove).toHaveAccessibleDescription('Bravo');
    const sierra = await row('Shared Sierra');
    expect(within(sierra).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(within(sierra).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(sierra).getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('reconnects a flagged channel and connects another one', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    setup({ owned: [buildChannel({ id: 'ch-2', name: 'Bravo', needsReconnect: true })] });
    await userEvent.click(within(await row('Bravo')).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(requests('youtubeAuthUrl')[0]?.query).toEqual({
      user_id: 'me',
      reconnect: 'true',
      first_channel: 'false',
      channel_id: 'ch-2',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Connect another channel' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
    expect(requests('youtubeAuthUrl')[1]?.query).toEqual({
      user_id: 'me',
      reconnect: 'false',
      first_channel: 'false',
    });
  });

  it('shows the last sync and starts one with "Sync now"', async () => {
    api.syncStatus['ch-1'] = buildSyncStatus({
      state: 'succeeded',
      lastSyncedAt: '2026-01-02T10:01:00.000Z',
      finishedAt: '2026-01-02T10:01:00.000Z',
    });
    setup();
    const first = await row('Channel 1');
    expect(await within(first).findByText(/^Last synced/)).toBeInTheDocument();
    expect(within(await row('Channel 2')).getByText('Not synced yet')).toBeInTheDocument();
    await userEvent.click(within(await row('Channel 2')).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(requests('startSync')).toHaveLength(1));
    expect(requests('startSync')[0]?.params).toEqual({ id: 'ch-2' });
    expect(within(await row('Channel 2')).getByRole('button', { name: 'Sync now' })).toBeDisabled();
  });
});

describe('/settings/channels: removal', () => {
  const openRemove = async (name: string, button = 'Remove') => {
    await userEvent.click(within(await row(name)).getByRole('button', { name: button }));
    return screen.findByRole('dialog');
  };

  it('confirms, removes, refetches and makes the next channel active', async () => {
    setup({ active: 'ch-2' });
    const dialog = await openRemove('Channel 2');
    expect(dialog).toHaveAccessibleName('Remove Channel 2?');
    expect(dialog).toHaveTextContent(/deletes its data .* for everyone it is shared with/);
    const before = { me: requests('me').length, channels: requests('myChannels').length };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests('removeChannel')[0]?.params).toEqual({ youtubeId: 'UC-yt-2' });
    expect(requests('me').length).toBeGreaterThan(before.me);
    expect(requests('myChannels').length).toBeGreaterThan(before.channels);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'My channels' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
    // The next channel after the removed one, not the first.
    expect(activeChannelStore.get()).toBe('ch-3');
    expect(localStorage.getItem(ACTIVE_CHANNEL_STORAGE_KEY)).toBe('ch-3');
    expect(screen.getByRole('button', { name: /choose channel/i })).toHaveTextContent('Channel 3');
  });

  it('keeps the active channel when another one is removed', async () => {
    setup({ active: 'ch-1' });
    const dialog = await openRemove('Channel 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(activeChannelStore.get()).toBe('ch-1');
  });

  it("shows 'Failed to remove channel' and keeps everything on failure", async () => {
    server.use(handle('removeChannel', () => ({ status: 500, body: errorBody('internal') })));
    setup({ active: 'ch-2' });
    const dialog = await openRemove('Channel 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to remove channel');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await list('My channels')).getAllByRole('listitem')).toHaveLength(3);
    expect(activeChannelStore.get()).toBe('ch-2');
  });

  it('leaves a shared channel with the same call', async () => {
    const shared = buildChannel({ id: 'ch-s', name: 'Their Show' });
    setup({ owned: buildChannels(1), shared: [shared] });
    const dialog = await openRemove('Their Show', 'Leave');
    expect(dialog).toHaveAccessibleName('Leave Their Show?');
    expect(dialog).toHaveTextContent(/no longer have access/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests('removeChannel')[0]?.params).toEqual({ youtubeId: shared.youtubeId });
    expect(await screen.findByText('No channels are shared with you.')).toBeInTheDocument();
  });
});

describe('/settings/channels: sharing', () => {
  const openShare = async (name: string) => {
    await userEvent.click(within(await row(name)).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: `Share ${name}` });
    await within(dialog).findByRole('list', { name: 'People with access' });
    return dialog;
  };
  const people = (dialog: HTMLElement) =>
    within(within(dialog).getByRole('list', { name: 'People with access' })).getAllByRole(
      'listitem',
    );

  it('lists the owner first, marks pending invitations, invites and removes people', async () => {
    setup();
    api.members['ch-1'] = [
      {
        userId: 'u2',
        email: 'joined@example.com',
        name: 'Joined Person',
        role: 'member',
        joined: true,
      },
      { userId: 'me', email: 'me@example.com', name: 'Me', role: 'owner', joined: true },
      { userId: null, email: 'pending@example.com', name: '', role: 'member', joined: false },
    ];
    const dialog = await openShare('Channel 1');
    const items = people(dialog);
    expect(items[0]).toHaveTextContent(/Me.*Owner/);
    expect(within(items[2]!).getByText('Invited')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Invited')).toBeNull();
    expect(within(items[0]!).queryByRole('button', { name: /Remove/ })).toBeNull();

    await userEvent.type(within(dialog).getByLabelText('E-mail address'), ' New@Example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(people(dialog)).toHaveLength(4));
    expect(requests('inviteMember')[0]).toMatchObject({
      params: { id: 'ch-1' },
      body: { email: 'new@example.com' },
    });
    expect(within(people(dialog)[3]!).getByText('Invited')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail address')).toHaveValue('');

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Remove pending@example.com' }),
    );
    await waitFor(() => expect(people(dialog)).toHaveLength(3));
    expect(requests('removeMember')[0]?.params).toEqual({
      id: 'ch-1',
      email: 'pending@example.com',
    });
  });

  it("says 'This person already has access.' on 409 and shows other errors", async () => {
    setup();
    server.use(
      handle('inviteMember', () => ({
        status: 409,
        body: errorBody('conflict', 'This person already has access to the channel.'),
      })),
    );
    const dialog = await openShare('Channel 1');
    const input = within(dialog).getByLabelText('E-mail address');
    await userEvent.type(input, 'friend@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('This person already has access.'),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');

    server.use(
      handle('inviteMember', () => ({
        status: 429,
        body: errorBody(
          'too-many-invitations',
          'You have sent too many invitations today. Please try again tomorrow.',
        ),
      })),
    );
    await userEvent.type(input, 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have sent too many invitations today. Please try again tomorrow.',
    );
  });

  it('checks the e-mail before inviting', async () => {
    setup();
    const dialog = await openShare('Channel 1');
    await userEvent.type(within(dialog).getByLabelText('E-mail address'), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(within(dialog).getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter a valid e-mail address',
    );
    expect(requests('inviteMember')).toHaveLength(0);
  });

  it('hides invite and remove controls from non-owners', async () => {
    setup({
      owned: [],
      shared: [buildChannel({ id: 'ch-s', name: 'Their Show' })],
      active: 'ch-s',
    });
    api.members['ch-s'] = [
      { userId: 'owner', email: 'owner@example.com', name: 'Owner', role: 'owner', joined: true },
      { userId: 'me', email: 'me@example.com', name: 'Me', role: 'member', joined: true },
    ];
    const dialog = await openShare('Their Show');
    expect(people(dialog)).toHaveLength(2);
    expect(within(dialog).queryByLabelText('E-mail address')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(dialog).toHaveTextContent('Only its owner can invite or remove people.');
  });
});

describe('/settings/channels: channel settings', () => {
  const openSettings = async (name: string) => {
    await userEvent.click(within(await row(name)).getByRole('button', { name: 'Settings' }));
    return screen.findByRole('form', { name: `Settings for ${name}` });
  };

  // Much typing: slow on a busy machine.
  it('edits every field and saves, with a success snackbar', { timeout: 20_000 }, async () => {
    setup();
    api.channelSettings['ch-1'] = buildChannelSettings({ topics: ['cooking'] });
    const form = await openSettings('Channel 1');
    const user = userEvent.setup();
    const topics = within(form).getByRole('combobox', { name: 'Topics' });
    expect(within(form).getByRole('button', { name: 'cooking' })).toBeInTheDocument();
    expect(form).toHaveTextContent('left empty, they are inferred from your synced videos');
    await user.type(topics, 'camping{Enter}  hiking {Enter}Camping{Enter}');
    const language = await within(form).findByRole('combobox', { name: 'Keyword language' });
    await waitFor(() => expect(language).toBeEnabled());
    expect(language).toHaveValue('en-us');
    await user.selectOptions(language, 'German (Germany)');
    await user.type(within(form).getByLabelText('E-E-A-T statement'), 'Chef for 20 years.');
    await user.type(within(form).getByLabelText('Tone of voice'), 'Warm');
    // Typed but not confirmed with Enter: kept when the field is left.
    await user.type(within(form).getByRole('combobox', { name: 'Industries' }), 'Food');
    await user.type(within(form).getByLabelText('Company name'), 'Trail Co');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Channel settings saved.')).toBeInTheDocument();
    expect(requests('updateChannelSettings')[0]).toMatchObject({
      params: { id: 'ch-1' },
      body: {
        topics: ['cooking', 'camping', 'hiking'],
        language: 'de-de',
        eeatStatement: 'Chef for 20 years.',
        toneOfVoice: 'Warm',
        industries: ['Food'],
        companyName: 'Trail Co',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests('locales')[0]?.query).toEqual({ sortBy: 'name' });
  });

  it("shows 'Failed to get Keyword Language' when the languages cannot be loaded", async () => {
    server.use(handle('locales', () => ({ status: 500, body: errorBody('internal') })));
    setup();
    const form = await openSettings('Channel 1');
    expect(await within(form).findByText('Failed to get Keyword Language')).toBeInTheDocument();
    // The stored language stays and can still be saved.
    const language = within(form).getByRole('combobox', { name: 'Keyword language' });
    expect(language).toHaveValue('en-us');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Channel settings saved.')).toBeInTheDocument();
  });

  it('shows the reason when saving fails and keeps the dialog', async () => {
    server.use(
      handle('updateChannelSettings', () => ({
        status: 400,
        body: errorBody('validation-failed', 'Topics: at most 20.'),
      })),
    );
    setup();
    await openSettings('Channel 1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Topics: at most 20.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
