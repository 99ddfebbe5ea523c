import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { buildChannel, buildPublicConfig, buildUser } from '../../testing/data.ts';
import { currentLocation, renderWithProviders } from '../../testing/render-app.tsx';
import { api, handle, server } from '../../testing/server.ts';
import OptimizePage from './optimize.tsx';

function renderAt(newOptimizePage: boolean) {
  const user = buildUser();
  const channel = buildChannel({ id: 'ch-1' });
  api.user = user;
  api.myChannels = [channel];
  server.use(
    handle('videoList', () => ({
      body: { items: [], page: 1, pageSize: 50, total: 0, shortsEnabled: false },
    })),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/optimize" element={<OptimizePage />} />
      <Route path="/optimization" element={<p>The classic list</p>} />
    </Routes>,
    '/optimize',
    {
      user,
      channels: { myChannels: [channel], invitedTo: [] },
      config: buildPublicConfig({ features: { newOptimizePage } }),
    },
  );
}

describe('/optimize', () => {
  it('sends people to the classic list while the new optimize page is off', async () => {
    renderAt(false);
    expect(await screen.findByText('The classic list')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/optimization');
    expect(api.requests.filter((r) => r.route === 'videoList')).toHaveLength(0);
  });

  it('shows the queue when the feature is on', async () => {
    renderAt(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'All caught up' })).toBeVisible();
    expect(currentLocation().pathname).toBe('/optimize');
  });
});
