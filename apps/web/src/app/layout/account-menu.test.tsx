import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountMenu, ACCOUNT_MENU_WIDTH } from './account-menu.tsx';
import { renderWithProviders, currentLocation } from '../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../testing/server.ts';
import { buildPublicConfig, buildUser } from '../../testing/data.ts';

const setup = (path = '/labs') => {
  api.user = buildUser();
  return renderWithProviders(<AccountMenu />, path, {
    user: api.user,
    config: buildPublicConfig(),
  });
};

const open = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
  return screen.findByRole('menu');
};

describe('AccountMenu', () => {
  it('offers Account, Channels and Log out in a 160px menu', async () => {
    setup();
    const menu = await open();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Account', 'Channels', 'Log out']);
    expect(ACCOUNT_MENU_WIDTH).toBe(160);
  });

  it('goes to account and channel settings, sending usage events', async () => {
    setup();
    await userEvent.click(within(await open()).getByRole('menuitem', { name: 'Account' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/settings/account'));
    await userEvent.click(within(await open()).getByRole('menuitem', { name: 'Channels' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/settings/channels'));
    await waitFor(() =>
      expect(
        api.requests
          .filter((r) => r.route === 'event')
          .map((r) => (r.body as { data: { payload: { item: string } } }).data.payload.item),
      ).toEqual(['account', 'channels']),
    );
  });

  it('logs out and goes to login', async () => {
    const { queryClient } = setup();
    await userEvent.click(within(await open()).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(queryClient.getQueryData(['me'])).toBeNull();
  });

  it("logs 'Error while signing out:' when logging out fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(handle('logout', () => ({ status: 500, body: errorBody('internal') })));
    setup();
    await userEvent.click(within(await open()).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Error while signing out:', expect.anything()),
    );
    expect(currentLocation().pathname).toBe('/labs');
  });
});
