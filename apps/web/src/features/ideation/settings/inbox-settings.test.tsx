import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdeaInboxSettings } from '@tubewise/contract';
import { buildChannel, buildUser } from '../../../testing/data.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';

vi.setConfig({ testTimeout: 20_000 });

function setup(flags: string, settings: IdeaInboxSettings, failUpdate = false) {
  api.user = buildUser({ flags });
  api.myChannels = [buildChannel({ id: 'ch-1', name: 'Baking' })];
  server.use(
    handle('ideaInboxSettings', () => ({ body: settings })),
    handle('updateIdeaInboxSettings', (body) => {
      if (failUpdate) return { status: 503, body: errorBody('unavailable', 'Try later') };
      const change = body as { channelId: string; weeklyIdeas: boolean };
      settings = {
        items: settings.items.map((i) =>
          i.channelId === change.channelId ? { ...i, weeklyIdeas: change.weeklyIdeas } : i,
        ),
      };
      return { body: settings };
    }),
  );
  return renderApp('/video-idea/settings');
}

const twoChannels: IdeaInboxSettings = {
  items: [
    { channelId: 'ch-1', channelName: 'Baking', weeklyIdeas: true },
    { channelId: 'ch-2', channelName: 'Travel', weeklyIdeas: false },
  ],
};

describe('inbox settings', () => {
  it('people with weekly_video_ideas switch the e-mail per channel', async () => {
    setup('labs_user,weekly_video_ideas', twoChannels);
    const baking = await screen.findByRole('switch', { name: 'Weekly ideas e-mail for Baking' });
    const travel = screen.getByRole('switch', { name: 'Weekly ideas e-mail for Travel' });
    expect(baking).toBeChecked();
    expect(travel).not.toBeChecked();
    await userEvent.setup().click(travel);
    expect(travel).toBeChecked();
    await waitFor(() =>
      expect(api.requests.find((r) => r.route === 'updateIdeaInboxSettings')?.body).toEqual({
        channelId: 'ch-2',
        weeklyIdeas: true,
      }),
    );
    expect(travel).toBeChecked();
  });

  it('a refused change puts the switch back', async () => {
    setup('weekly_video_ideas', twoChannels, true);
    const baking = await screen.findByRole('switch', { name: 'Weekly ideas e-mail for Baking' });
    await userEvent.setup().click(baking);
    expect(await screen.findByText('Try later')).toBeInTheDocument();
    expect(api.requests.some((r) => r.route === 'updateIdeaInboxSettings')).toBe(true);
    expect(baking).toBeChecked();
  });

  it('others read that it is not available and nothing is loaded', async () => {
    setup('labs_user', twoChannels);
    expect(
      await screen.findByText('Weekly video ideas are not available on your account'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(api.requests.some((r) => r.route === 'ideaInboxSettings')).toBe(false);
  });
});
