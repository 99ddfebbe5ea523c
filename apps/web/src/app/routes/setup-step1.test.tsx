import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../lib/browser.ts';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../testing/server.ts';
import { buildUser } from '../../testing/data.ts';

const setup = () => {
  const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  api.user = buildUser({ id: 'user-42' });
  renderApp('/setup-step1');
  return { assign };
};

describe('/setup-step1', () => {
  it('explains the connection and the permission to keep ticked', async () => {
    setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connect your channel' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Manage your YouTube account')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What connecting does' })).toBeInTheDocument();
  });

  it('fetches the consent URL for a first channel and goes there', async () => {
    const { assign } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect channel' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(api.authUrl));
    const request = api.requests.find((r) => r.route === 'youtubeAuthUrl');
    expect(request?.query).toEqual({
      user_id: 'user-42',
      reconnect: 'false',
      first_channel: 'true',
    });
    expect(screen.queryByText('Could not fetch OAuth2 URL')).not.toBeInTheDocument();
  });

  it("shows 'Could not fetch OAuth2 URL' when no URL comes back", async () => {
    server.use(handle('youtubeAuthUrl', () => ({ body: { authUrl: '' } })));
    const { assign } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect channel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch OAuth2 URL');
    expect(assign).not.toHaveBeenCalled();
    // The user can try again.
    expect(screen.getByRole('button', { name: 'Connect channel' })).toBeEnabled();
  });

  it('shows the same text when the call fails', async () => {
    server.use(handle('youtubeAuthUrl', () => ({ status: 500, body: errorBody('internal') })));
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect channel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch OAuth2 URL');
  });

  it('lets a user without channels log out', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(api.requests.some((r) => r.route === 'logout')).toBe(true);
  });
});
