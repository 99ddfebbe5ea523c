import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KeywordMove, RankingsMovement } from '@tubewise/contract';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../testing/server.ts';
import { buildChannels, buildUser } from '../../testing/data.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../lib/channels/synced-channels.ts';
import { changeText, dayText, periodOf, pointsText, rankText } from './movement-format.ts';
import { NO_RANKS_TITLE } from './movement-page.tsx';

const move = (keyword: string, from: number | null, to: number | null): KeywordMove => ({
  keyword,
  language: 'en-us',
  from,
  fromDay: '2026-10-21',
  to,
  change: (from ?? 51) - (to ?? 51),
  volume: 1000,
});

function buildMovement(overrides: Partial<RankingsMovement> = {}): RankingsMovement {
  return {
    days: 30,
    from: '2026-10-21',
    to: '2026-11-20',
    state: 'loaded',
    depth: 50,
    tracked: 4,
    volumeWeighted: true,
    visibility: [
      { day: '2026-10-21', score: 40.1, checked: 3, ranked: 3 },
      { day: '2026-11-10', score: 35, checked: 4, ranked: 3 },
      { day: '2026-11-20', score: 28.4, checked: 4, ranked: 3 },
    ],
    winners: [move('campfire bread', 30, 8), move('camp cooking', 12, 2)],
    losers: [move('dutch oven', 3, 15), move('cast iron', 40, null)],
    enteredTop10: [move('camp cooking', 12, 2), move('campfire bread', 30, 8)],
    leftTop10: [move('dutch oven', 3, 15)],
    top20Share: { day: '2026-11-20', slots: 80, own: 4, share: 5 },
    top20ShareHistory: [
      { day: '2026-10-21', slots: 60, own: 2, share: 3.3 },
      { day: '2026-11-20', slots: 80, own: 4, share: 5 },
    ],
    ...overrides,
  };
}

function setup(answer: (days: string | undefined) => { status?: number; body: object }) {
  const channels = buildChannels(1);
  api.user = buildUser();
  api.myChannels = channels;
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([channels[0]!.youtubeId]));
  server.use(handle('rankingsMovement', (_body, { query }) => answer(query.days)));
}

describe('movement formats', () => {
  it('reads the period from the URL, 30 days otherwise', () => {
    expect([null, '30', '90', '365', '7', 'abc'].map(periodOf)).toEqual([30, 30, 90, 365, 30, 30]);
  });
  it('writes ranks, changes and points', () => {
    expect([rankText(3), rankText(null)]).toEqual(['#3', 'Not ranked']);
    expect([changeText(5), changeText(-12), changeText(0)]).toEqual(['+5', '−12', '0']);
    expect([pointsText(2.54), pointsText(-0.4), pointsText(0)]).toEqual([
      '+2.5 points',
      '−0.4 points',
      'no change',
    ]);
    // A UTC day stays that day whatever the time zone.
    expect(dayText('2026-11-20')).toBe('Nov 20, 2026');
  });
});

describe('/new-rankings', () => {
  it('shows visibility, the top-20 share, winners, losers and the top-10 moves', async () => {
    setup(() => ({ body: buildMovement() }));
    renderApp('/new-rankings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rankings' })).toBeVisible();
    const visibility = await screen.findByRole('group', { name: 'Visibility' });
    expect(visibility).toHaveTextContent('28.4%');
    expect(visibility).toHaveTextContent('−11.7 points since Oct 21, 2026');
    expect(screen.getByRole('group', { name: 'Share of the top 20' })).toHaveTextContent(
      '5%4 of 80 results',
    );
    expect(screen.getByText(/Visibility went from 40.1% on Oct 21, 2026 to 28.4%/)).toBeVisible();
    expect(screen.getByRole('group', { name: 'Keywords ranked' })).toHaveTextContent(
      '3of 4 checked, 4 tracked',
    );

    const winners = within(screen.getByRole('region', { name: 'Winners' })).getByRole('table');
    const rows = within(winners).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'campfire bread#30#8+22',
      'camp cooking#12#2+10',
    ]);
    const losers = within(screen.getByRole('region', { name: 'Losers' })).getByRole('table');
    expect(within(losers).getByRole('row', { name: /cast iron/ })).toHaveTextContent(
      'cast iron#40Not ranked−11',
    );
    const entered = screen.getByRole('list', { name: 'Keywords that entered the top 10' });
    expect(
      within(entered)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['camp cooking (#12 → #2)', 'campfire bread (#30 → #8)']);
    expect(
      within(screen.getByRole('list', { name: 'Keywords that left the top 10' })).getByText(
        'dutch oven',
      ),
    ).toBeVisible();
  });

  it('keeps the period in the URL and asks for it', async () => {
    setup((days) => ({ body: buildMovement({ days: Number(days ?? 30) }) }));
    renderApp('/new-rankings?days=90');
    const period = await screen.findByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: '90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await screen.findByRole('region', { name: 'Winners' });
    await userEvent.click(within(period).getByRole('button', { name: '12 months' }));
    await waitFor(() => expect(currentLocation().search).toBe('?days=365'));
    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.route === 'rankingsMovement').map((r) => r.query.days),
      ).toEqual(['90', '365']),
    );
    await userEvent.click(within(period).getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(currentLocation().search).toBe(''));
  });

  it('says there are no ranks yet and links to the Keywords page', async () => {
    setup(() => ({
      body: buildMovement({
        from: null,
        to: null,
        tracked: 0,
        visibility: [],
        winners: [],
        losers: [],
        enteredTop10: [],
        leftTop10: [],
        top20Share: null,
        top20ShareHistory: [],
      }),
    }));
    renderApp('/new-rankings');
    expect(await screen.findByRole('heading', { name: NO_RANKS_TITLE })).toBeVisible();
    expect(screen.getByText(/Add keywords on the Keywords page and run the checks/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Keywords' })).toHaveAttribute(
      'href',
      '/reporting/keywords',
    );
  });

  it("says when no keyword moved, and while today's checks run", async () => {
    setup(() => ({
      body: buildMovement({
        state: 'updating',
        winners: [],
        losers: [],
        enteredTop10: [],
        leftTop10: [],
      }),
    }));
    renderApp('/new-rankings');
    expect(await screen.findByText(/Today's checks are still running/)).toBeVisible();
    expect(screen.getByText('No keyword moved up in this period.')).toBeVisible();
    expect(screen.getByText('No keyword left the top 10 in this period.')).toBeVisible();
  });

  it('offers a retry when the movement cannot be loaded', async () => {
    let fail = true;
    setup(() => (fail ? { status: 500, body: errorBody('internal') } : { body: buildMovement() }));
    renderApp('/new-rankings');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('We could not load the movement of your rankings.')).toBeVisible();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Winners' })).toBeVisible();
  });
});
