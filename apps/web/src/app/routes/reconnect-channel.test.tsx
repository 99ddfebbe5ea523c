import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { api, handle, server } from '../../testing/server.ts';
import { buildChannel, buildChannels, buildUser } from '../../testing/data.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../lib/channels/active-channel.ts';
import { channelsToReconnect } from './reconnect-channel.tsx';

const list = () => screen.findByRole('list', { name: 'Channels to reconnect' });

describe('/reconnect-channel', () => {
  it('lists only the channels that need reconnecting and reconnects the chosen one', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    api.user = buildUser({ id: 'user-7' });
    api.myChannels = [
      buildChannel({ id: 'ch-a', name: 'Fine Channel' }),
      buildChannel({ id: 'ch-b', name: 'Broken One', needsReconnect: true }),
    ];
    api.invitedTo = [buildChannel({ id: 'ch-c', name: 'Broken Shared', needsReconnect: true })];
    renderApp('/reconnect-channel');
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Broken One'),
      expect.stringContaining('Broken Shared'),
    ]);
    expect(within(items[0]!).getByText('Needs reconnection')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Reconnect' });
    expect(buttons[1]).toHaveAccessibleDescription(/Broken Shared/);
    await userEvent.click(buttons[1]!);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(api.authUrl));
    expect(api.requests.find((r) => r.route === 'youtubeAuthUrl')?.query).toEqual({
      user_id: 'user-7',
      reconnect: 'true',
      first_channel: 'false',
      channel_id: 'ch-c',
    });
  });

  it('offers the active channel when none is flagged', async () => {
    api.user = buildUser();
    api.myChannels = buildChannels(3);
    localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-2');
    renderApp('/reconnect-channel');
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Channel 2');
  });

  it("shows 'Could not fetch OAuth2 URL' when no URL comes back", async () => {
    server.use(handle('youtubeAuthUrl', () => ({ body: { authUrl: '' } })));
    api.user = buildUser();
    api.myChannels = [buildChannel({ needsReconnect: true })];
    renderApp('/reconnect-channel');
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByText('Could not fetch OAuth2 URL')).toBeInTheDocument();
  });

  it('picks flagged channels, else the active one, else none', () => {
    const [a, b] = buildChannels(2) as [
      ReturnType<typeof buildChannel>,
      ReturnType<typeof buildChannel>,
    ];
    expect(channelsToReconnect([a, { ...b, needsReconnect: true }], a)).toEqual([
      { ...b, needsReconnect: true },
    ]);
    expect(channelsToReconnect([a, b], b)).toEqual([b]);
    expect(channelsToReconnect([], null)).toEqual([]);
  });
});
