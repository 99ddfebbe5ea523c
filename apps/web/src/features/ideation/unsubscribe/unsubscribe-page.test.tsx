import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSUBSCRIBE_PAGE_PATH } from '@tubewise/contract';
import { paths } from '../../../config/paths.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';

vi.setConfig({ testTimeout: 20_000 });

const TOKEN = 'signed-token-0123456789';

function setup(answer: { status?: number; body: object }) {
  server.use(handle('unsubscribeWeeklyIdeas', () => answer as { body: { channelName: string } }));
  return renderApp(`${UNSUBSCRIBE_PAGE_PATH}?token=${TOKEN}`);
}

describe('unsubscribe page', () => {
  it('is the contract path', () => {
    expect(paths.videoIdeaUnsubscribe).toBe(UNSUBSCRIBE_PAGE_PATH);
  });

  it('works signed out, posts the token only on the button, then names the channel', async () => {
    setup({ body: { channelName: 'Baking' } });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    // Opening the link (a mail scanner does) changes nothing.
    expect(api.requests.some((r) => r.route === 'unsubscribeWeeklyIdeas')).toBe(false);
    expect(api.requests.some((r) => r.route === 'me')).toBe(false);
    await userEvent.setup().click(button);
    expect(
      await screen.findByText(/You will no longer receive weekly video ideas for Baking/),
    ).toBeInTheDocument();
    expect(api.requests.find((r) => r.route === 'unsubscribeWeeklyIdeas')?.body).toEqual({
      token: TOKEN,
    });
  });

  it('an invalid token says so clearly', async () => {
    setup({ status: 400, body: errorBody('invalid-token', 'Invalid token') });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('a link without a token is invalid at once', async () => {
    renderApp(UNSUBSCRIBE_PAGE_PATH);
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeInTheDocument();
  });

  it('a server failure keeps the button to try again', async () => {
    setup({ status: 503, body: errorBody('unavailable', 'The server is busy.') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are not unsubscribed yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled());
  });
});
