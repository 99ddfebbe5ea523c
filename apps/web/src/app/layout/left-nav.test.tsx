import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '../provider.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { publicConfigQueryOptions } from '../../lib/public-config.ts';
import { userQueryKey } from '../../lib/user.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LeftNav } from './left-nav.tsx';
import { renderWithProviders } from '../../testing/render-app.tsx';
import { buildPublicConfig, buildUser } from '../../testing/data.ts';
import { setViewport } from '../../testing/viewport.ts';
import { api } from '../../testing/server.ts';

const renderNav = (path = '/video-idea/discover', flags = '') =>
  renderWithProviders(<LeftNav />, path, {
    user: buildUser({ flags }),
    config: buildPublicConfig(),
  });

describe('LeftNav', () => {
  it('renders its items only after the first client mount (not in a server render)', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(userQueryKey, buildUser({ flags: 'labs_user' }));
    queryClient.setQueryData(publicConfigQueryOptions().queryKey, buildPublicConfig());
    const html = renderToString(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={['/video-idea/discover']}>
          <LeftNav />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(html).toContain('aria-label="Main"');
    expect(html).not.toContain('Ideation');
    expect(html).not.toContain('BETA');
  });

  it('is a "Main" navigation landmark with a home logo link', async () => {
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Tubewise home' })).toHaveAttribute('href', '/');
    expect(await within(nav).findByRole('link', { name: 'Ideation' })).toBeInTheDocument();
  });

  it('marks the item of the current path as the current page', async () => {
    renderNav('/reporting/keywords');
    const current = await screen.findByRole('link', { name: 'Keywords ranking' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Reporting' })).not.toHaveAttribute('aria-current');
  });

  it('shows Competition and Labs (with BETA) only with their flags', async () => {
    renderNav('/labs', 'competition_user,labs_user');
    expect(await screen.findByRole('link', { name: 'Competition' })).toBeInTheDocument();
    const labs = screen.getByRole('link', { name: 'Labs BETA' });
    expect(within(labs).getByText('BETA')).toBeInTheDocument();
  });

  it.each([
    ['with labels', 771],
    ['compact', 770],
  ])('names every link with its visible text word for word (%s)', async (_mode, height) => {
    setViewport({ height });
    renderNav('/labs', 'competition_user,labs_user');
    await screen.findByRole('link', { name: 'Labs BETA' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const link of within(nav).getAllByRole('link')) {
      const visible = (link.textContent ?? '').replace(/\s+/g, ' ').trim();
      expect(link).toHaveAccessibleName(expect.stringContaining(visible));
    }
  });

  it('hides Competition and Labs without flags', async () => {
    renderNav('/labs', 'weekly_video_ideas');
    await screen.findByRole('link', { name: 'Ideation' });
    expect(screen.queryByRole('link', { name: 'Competition' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Labs/ })).not.toBeInTheDocument();
  });

  it('is 120px wide with visible labels above 770px of height', async () => {
    setViewport({ height: 771 });
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Ideation' });
    expect(nav).toHaveAttribute('data-compact', 'false');
    expect(nav).toHaveStyle({ width: '120px' });
    expect(within(nav).getByText('Ideation')).toBeVisible();
  });

  it('is 80px wide, hides labels and shows left tooltips at 770px of height', async () => {
    setViewport({ height: 770 });
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const link = await within(nav).findByRole('link', { name: 'Optimization' });
    expect(nav).toHaveAttribute('data-compact', 'true');
    expect(nav).toHaveStyle({ width: '80px' });
    expect(within(nav).queryByText('Optimization')).not.toBeInTheDocument();
    await userEvent.hover(link);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Optimization');
    expect(tooltip.getAttribute('data-popper-placement') ?? 'left').toMatch(/left|right/);
  });

  it('sends a usage event when an item is clicked', async () => {
    renderNav();
    await userEvent.click(await screen.findByRole('link', { name: 'Saved ideas' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.route === 'event')?.body).toMatchObject({
        data: { event: 'navigation_click', payload: { item: 'saved-ideas' } },
      }),
    );
  });
});
