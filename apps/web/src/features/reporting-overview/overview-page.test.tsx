import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CostPerViewSetting, OrganicStats } from '@tubewise/contract';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../testing/server.ts';
import { buildChannels, buildUser } from '../../testing/data.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../lib/channels/synced-channels.ts';
import {
  changeText,
  moneyText,
  parseCostPerView,
  periodOf,
  rateText,
  watchTimeText,
} from './overview-format.ts';
import { NO_VIEWS_TITLE } from './overview-page.tsx';

const setting = (override: number | null): CostPerViewSetting => ({
  costPerView: override ?? 0.026,
  source: override === null ? 'location' : 'channel',
  locationDefault: 0.026,
  locationName: 'United States',
  override,
});

function buildStats(days = 28, override: number | null = null): OrganicStats {
  const cpv = override ?? 0.026;
  const daily = Array.from({ length: days }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10),
    views: i === 3 ? 500 : 100,
    watchMinutes: 300,
    totalViews: 400,
    previousViews: 80,
  }));
  const views = daily.reduce((s, d) => s + d.views, 0);
  const defaultViews = views - 1000;
  return {
    days,
    state: 'ready',
    period: { start: daily[0]!.day, end: daily.at(-1)!.day },
    previousPeriod: { start: '2026-09-26', end: '2026-10-23' },
    views: { current: views, previous: 80 * days, changePercent: 12.5 },
    watchMinutes: { current: 300 * days, previous: 290 * days, changePercent: 3.4 },
    searchShare: { current: 27.5, previous: 25, changePercent: 10 },
    totalViews: 400 * days,
    subscribersFromSearchAvailable: false,
    daily,
    topTerms: [
      {
        term: 'dutch oven bread',
        views: 1000,
        watchMinutes: 3000,
        cpc: 0.5,
        value: 500,
        valueSource: 'cpc',
      },
      {
        term: 'camp <cooking> & "more"',
        views: 400,
        watchMinutes: 90,
        cpc: null,
        value: Math.round(400 * cpv * 100) / 100,
        valueSource: 'default',
      },
    ],
    monetaryValue: {
      currency: 'USD',
      total: {
        current: 500 + Math.round(defaultViews * cpv * 100) / 100,
        previous: 400,
        changePercent: 20,
      },
      method: {
        cpcViews: 1000,
        cpcValue: 500,
        cpcTerms: ['dutch oven bread'],
        defaultViews,
        defaultValue: Math.round(defaultViews * cpv * 100) / 100,
        costPerView: setting(override),
      },
    },
    fetchedAt: '2026-11-21T08:00:00.000Z',
  };
}

function setup(answer: (days: string | undefined) => { status?: number; body: object }) {
  const channels = buildChannels(1);
  api.user = buildUser();
  api.myChannels = channels;
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([channels[0]!.youtubeId]));
  server.use(handle('organicStats', (_body, { query }) => answer(query.days)));
}

describe('overview formats', () => {
  it('reads the period from the URL, 28 days otherwise', () => {
    expect([null, '28', '90', '365', '30', 'x'].map(periodOf)).toEqual([28, 28, 90, 365, 28, 28]);
  });
  it('writes changes, money, rates and watch time', () => {
    expect([changeText(12.54), changeText(-3), changeText(0), changeText(null)]).toEqual([
      '+12.5%',
      '−3%',
      'no change',
      null,
    ]);
    expect(moneyText(1234.5)).toBe('$1,234.50');
    expect(rateText(0.026)).toBe('$0.026');
    expect(watchTimeText(45)).toBe('45 minutes');
    expect(watchTimeText(8400)).toBe('140 hours');
  });
  it('accepts a cost per view in dollars and says what is wrong otherwise', () => {
    expect(parseCostPerView('0.05', 10)).toEqual({ ok: true, value: 0.05 });
    expect(parseCostPerView(' $0,04 ', 10)).toEqual({ ok: true, value: 0.04 });
    for (const bad of ['', 'abc', '-1', '0', '11', '1e3', '0.1.2']) {
      expect(parseCostPerView(bad, 10).ok, bad).toBe(false);
    }
  });
});

describe('/reporting/overview', () => {
  it('shows the KPI cards, the chart caption, the top terms and the value with its method', async () => {
    setup(() => ({ body: buildStats() }));
    renderApp('/reporting/overview');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();
    const views = await screen.findByRole('group', { name: 'Views from search' });
    expect(views).toHaveTextContent('3,200');
    expect(views).toHaveTextContent('+12.5% vs the previous 28 days');
    expect(screen.getByRole('group', { name: 'Watch time from search' })).toHaveTextContent(
      '140 hours',
    );
    expect(screen.getByRole('group', { name: 'Search share of views' })).toHaveTextContent(
      '27.5%+2.5 points vs the previous 28 days',
    );
    expect(screen.getByRole('group', { name: 'Monetary value' })).toHaveTextContent('$557.20');
    expect(screen.getByText(/YouTube Analytics does not report subscribers/)).toBeVisible();
    expect(screen.getByText(/the best day was Oct 27, 2026 with 500 views/)).toBeVisible();

    const terms = within(screen.getByRole('region', { name: 'Top search terms' })).getByRole(
      'table',
    );
    const rows = within(terms).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'dutch oven bread1,00050 hours$0.50$500.00 (at its cost per click)',
      'camp <cooking> & "more"40090 minutesUnknown$10.40 (at the cost per view)',
    ]);

    const value = screen.getByRole('region', { name: 'Monetary value' });
    const method = within(value).getByRole('list', { name: 'How the value is computed' });
    expect(method).toHaveTextContent(
      /1,000 views came from 1 search term with a known cost per click \(dutch oven bread\)/,
    );
    expect(method).toHaveTextContent(
      /The other 2,200 views are valued at \$0.026 per view, \$57.20 in all. That is our default for United States/,
    );
  });

  it('keeps the period in the URL and asks for it', async () => {
    setup((days) => ({ body: buildStats(Number(days ?? 28)) }));
    renderApp('/reporting/overview?days=90');
    const period = await screen.findByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: '90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await screen.findByRole('region', { name: 'Top search terms' });
    await userEvent.click(within(period).getByRole('button', { name: '12 months' }));
    await waitFor(() => expect(currentLocation().search).toBe('?days=365'));
    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.route === 'organicStats').map((r) => r.query.days),
      ).toEqual(['90', '365']),
    );
    await userEvent.click(within(period).getByRole('button', { name: '28 days' }));
    await waitFor(() => expect(currentLocation().search).toBe(''));
  });

  it('sets the cost per view from the keyboard and shows the new value', async () => {
    let override: number | null = null;
    setup(() => ({ body: buildStats(28, override) }));
    server.use(
      handle('setCostPerView', (body) => {
        override = (body as { costPerView: number | null }).costPerView;
        return { body: setting(override) };
      }),
    );
    renderApp('/reporting/overview');
    const field = await screen.findByRole('textbox', { name: 'Cost per view (USD)' });
    await userEvent.type(field, 'abc{Enter}');
    expect(await screen.findByText('Enter a number in US dollars, e.g. 0.03.')).toBeVisible();
    expect(api.requests.some((r) => r.route === 'setCostPerView')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '0.1{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Monetary value' })).toHaveTextContent('$720.00'),
    );
    expect(api.requests.find((r) => r.route === 'setCostPerView')?.body).toEqual({
      costPerView: 0.1,
    });
    expect(screen.getByText(/That is your channel's own cost per view/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Use the default' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Monetary value' })).toHaveTextContent('$557.20'),
    );
  });

  it('says when there are no views yet', async () => {
    const empty = buildStats();
    setup(() => ({
      body: {
        ...empty,
        state: 'empty',
        topTerms: [],
        daily: empty.daily.map((d) => ({ ...d, views: 0, totalViews: 0, previousViews: 0 })),
      },
    }));
    renderApp('/reporting/overview');
    expect(await screen.findByRole('heading', { name: NO_VIEWS_TITLE })).toBeVisible();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    let fail = true;
    setup(() => (fail ? { status: 500, body: errorBody('internal') } : { body: buildStats() }));
    renderApp('/reporting/overview');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Top search terms' })).toBeVisible();
  });
});
