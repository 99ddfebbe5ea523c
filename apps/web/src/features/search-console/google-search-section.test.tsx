import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ChannelSearchConsole,
  OrganicStats,
  SearchConsoleConnection,
  SearchConsoleSite,
} from '@tubewise/contract';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../testing/server.ts';
import { buildChannels, buildUser } from '../../testing/data.ts';
import { browser } from '../../lib/browser.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../lib/channels/synced-channels.ts';
import { SEARCH_CONSOLE_OAUTH_TEXTS } from '../../config/oauth-texts.ts';
import { DISCONNECT_TEXT, DISCONNECTED_TEXT, FORGET_TEXT } from './disconnect-dialog.tsx';
import { NO_SEARCHES_TEXT, SC_RECONNECT_TEXT } from './google-search-section.tsx';
import { UNVERIFIED_TEXT } from './property-chooser.tsx';
import {
  ctrText,
  pageText,
  permissionText,
  positionText,
  searchPeriodOf,
  siteName,
} from './search-console-format.ts';

const DOMAIN = 'sc-domain:alex-rivera.test';
const PREFIX = 'https://www.alex-rivera.test/trailside-kitchen/';
const UNVERIFIED = 'https://blog.example.test/';

const sites: SearchConsoleSite[] = [
  { siteUrl: DOMAIN, permissionLevel: 'siteOwner', readable: true },
  { siteUrl: PREFIX, permissionLevel: 'siteFullUser', readable: true },
  { siteUrl: UNVERIFIED, permissionLevel: 'siteUnverifiedUser', readable: false },
];

const connected = (over: Partial<SearchConsoleConnection> = {}): SearchConsoleConnection => ({
  connected: true,
  connectedAt: '2026-11-20T10:00:00.000Z',
  needsReconnect: false,
  sites,
  ...over,
});
const notConnected: SearchConsoleConnection = {
  connected: false,
  connectedAt: null,
  needsReconnect: false,
  sites: [],
};

function buildReport(days: number): NonNullable<ChannelSearchConsole['report']> {
  const f = days === 90 ? 3 : 1;
  return {
    days,
    startDate: days === 90 ? '2026-08-27' : '2026-10-27',
    endDate: '2026-11-23',
    totals: { clicks: 1234 * f, impressions: 56789 * f, ctr: 0.0217, position: 8.44 },
    queries: [
      { query: 'dutch oven bread', clicks: 300 * f, impressions: 4000, ctr: 0.075, position: 2.1 },
      { query: 'alex rivera', clicks: 200 * f, impressions: 900, ctr: 0.2222, position: 1 },
    ],
    pages: [
      {
        page: 'https://www.alex-rivera.test/trailside-kitchen/dutch-oven-bread/',
        clicks: 400 * f,
        impressions: 5000,
        ctr: 0.08,
        position: 3.26,
        embeddedVideoIds: ['vid-1', 'vid-2'],
        embeddedViews: 2345,
      },
      {
        page: 'https://www.alex-rivera.test/',
        clicks: 100,
        impressions: 3000,
        ctr: 0.0333,
        position: 5,
        embeddedVideoIds: [],
        embeddedViews: 0,
      },
    ],
    embedQueries: [
      { query: 'dutch oven bread', clicks: 300 * f, impressions: 4000, ctr: 0.075, position: 2.1 },
      { query: 'camp bread <recipe>', clicks: 12, impressions: 700, ctr: 0.0171, position: 9.3 },
    ],
  };
}

const stats = {
  days: 28,
  state: 'empty',
  period: { start: '2026-10-27', end: '2026-11-23' },
  previousPeriod: { start: '2026-09-29', end: '2026-10-26' },
  views: { current: 0, previous: 0, changePercent: null },
  watchMinutes: { current: 0, previous: 0, changePercent: null },
  searchShare: { current: 0, previous: 0, changePercent: null },
  totalViews: 0,
  subscribersFromSearchAvailable: false,
  daily: [],
  topTerms: [],
  monetaryValue: {
    currency: 'USD',
    total: { current: 0, previous: 0, changePercent: null },
    method: {
      cpcViews: 0,
      cpcValue: 0,
      cpcTerms: [],
      defaultViews: 0,
      defaultValue: 0,
      costPerView: {
        costPerView: 0.026,
        source: 'location',
        locationDefault: 0.026,
        locationName: 'United States',
        override: null,
      },
    },
  },
  fetchedAt: '2026-11-24T08:00:00.000Z',
} satisfies OrganicStats;

/** The fake Search Console side of the API: one connection, the channels' chosen properties. */
function setup(state: {
  connection: SearchConsoleConnection;
  siteUrl?: string | null;
  needsReconnect?: boolean;
  report?: (days: number) => ChannelSearchConsole['report'];
}) {
  const channels = buildChannels(1);
  api.user = buildUser();
  api.myChannels = channels;
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([channels[0]!.youtubeId]));
  let siteUrl = state.siteUrl ?? null;
  const section = (days: number): ChannelSearchConsole => ({
    siteUrl,
    connectedBy: siteUrl ? 'Alex Rivera' : null,
    needsReconnect: Boolean(siteUrl && state.needsReconnect),
    report: siteUrl && !state.needsReconnect ? (state.report ?? buildReport)(days) : null,
  });
  server.use(
    handle('organicStats', () => ({ body: stats })),
    handle('searchConsoleConnection', () => ({ body: state.connection })),
    handle('channelSearchConsole', (_b, { query }) => ({ body: section(Number(query.days)) })),
    handle('setChannelSearchConsole', (body, { query }) => {
      siteUrl = (body as { siteUrl: string | null }).siteUrl;
      return { body: section(Number(query.days)) };
    }),
    handle('disconnectSearchConsole', () => {
      state.connection = notConnected;
      siteUrl = null;
      return { body: notConnected };
    }),
    handle('searchConsoleAuthUrl', () => ({
      body: { url: 'https://accounts.example.com/o/oauth2/v2/auth?state=sc' },
    })),
  );
}

const section = () => screen.findByRole('region', { name: 'Google search' });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
const sectionsOf = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.restoreAllMocks());

describe('Google search formats', () => {
  it('reads the period, writes click-through, positions, properties and pages', () => {
    expect([null, '28', '90', '365', 'x'].map(searchPeriodOf)).toEqual([28, 28, 90, 28, 28]);
    expect([ctrText(0.0217), ctrText(0), ctrText(1)]).toEqual(['2.2%', '0%', '100%']);
    expect([positionText(8.44), positionText(1), positionText(0)]).toEqual(['8.4', '1.0', '–']);
    expect(siteName(DOMAIN)).toBe('alex-rivera.test');
    expect(siteName(PREFIX)).toBe(PREFIX);
    expect(permissionText({ permissionLevel: 'siteFullUser' })).toBe('Full user');
    expect(pageText('https://www.a.test/x/')).toBe('www.a.test/x/');
  });
});

describe('Reporting: Google search section', () => {
  it('not connected: says what it shows and connects with this page as the way back', async () => {
    setup({ connection: notConnected });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApp('/reporting/overview?days=90');
    const region = await section();
    expect(
      await within(region).findByText(/Google web searches that bring people to the pages/),
    ).toBeVisible();
    await userEvent.click(
      within(region).getByRole('button', { name: 'Connect Google Search Console' }),
    );
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example.com/o/oauth2/v2/auth?state=sc'),
    );
    expect(api.requests.find((r) => r.route === 'searchConsoleAuthUrl')?.query).toEqual({
      returnTo: '/reporting/overview?days=90',
    });
  });

  it('says so when Google cannot be reached to connect', async () => {
    setup({ connection: notConnected });
    server.use(
      handle('searchConsoleAuthUrl', () => ({ status: 503, body: errorBody('unavailable') })),
    );
    renderApp('/reporting/overview');
    const region = await section();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Connect Google Search Console' }),
    );
    expect(await within(region).findByText(/could not reach Google/)).toBeVisible();
  });

  it('connected without a property: unverified ones disabled with why, the choice shared, saved for the channel', async () => {
    setup({ connection: connected() });
    renderApp('/reporting/overview');
    const region = await section();
    const chooser = await within(region).findByRole('radiogroup', {
      name: 'Choose the property for Channel 1',
    });
    expect(chooser).toHaveAccessibleDescription(/shared with its people/);
    const domain = within(chooser).getByRole('radio', { name: 'alex-rivera.test' });
    expect(domain).toHaveAccessibleDescription(/Domain property.*Owner/);
    const unverified = within(chooser).getByRole('radio', { name: UNVERIFIED });
    expect(unverified).toBeDisabled();
    expect(unverified).toHaveAccessibleDescription(new RegExp(UNVERIFIED_TEXT.slice(0, 40)));
    const save = within(region).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(domain);
    await userEvent.click(save);

    expect(await within(region).findByText(/Property: alex-rivera.test/)).toBeVisible();
    expect(api.requests.find((r) => r.route === 'setChannelSearchConsole')).toMatchObject({
      params: { id: 'ch-1' },
      query: { days: '28' },
      body: { siteUrl: DOMAIN },
    });
    expect(
      within(region).getByText(/Connected by Alex Rivera, shared with everyone/),
    ).toBeVisible();
    // Focus goes back to the section, not to the body of the page.
    await waitFor(() =>
      expect(
        within(region).getByRole('heading', { level: 2, name: 'Google search' }),
      ).toHaveFocus(),
    );
  });

  it('connected with no property, or none verified: says what to do in Search Console', async () => {
    setup({ connection: connected({ sites: [sites[2]!] }) });
    const { unmount } = renderApp('/reporting/overview');
    const region = await section();
    expect(await within(region).findByText(/None of your properties is verified/)).toBeVisible();
    expect(within(region).getByRole('radio', { name: UNVERIFIED })).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Save' })).toBeDisabled();
    unmount();

    setup({ connection: connected({ sites: [] }) });
    renderApp('/reporting/overview');
    expect(
      await within(await section()).findByText(/has no property in Search Console yet/),
    ).toBeVisible();
  });

  it('refuses to save when the connection is gone meanwhile, and says so', async () => {
    setup({ connection: connected() });
    server.use(
      handle('setChannelSearchConsole', () => ({
        status: 409,
        body: errorBody('search-console-not-connected'),
      })),
    );
    renderApp('/reporting/overview');
    const region = await section();
    await userEvent.click(await within(region).findByRole('radio', { name: PREFIX }));
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(
      await within(region).findByText(/Search Console is no longer connected for your account/),
    ).toBeVisible();
  });

  it('a property chosen: totals, the embed searches first, pages with videos, top queries and pages', async () => {
    setup({ connection: connected(), siteUrl: DOMAIN });
    renderApp('/reporting/overview');
    const region = await section();
    expect(await within(region).findByRole('group', { name: 'Clicks' })).toHaveTextContent('1,234');
    expect(within(region).getByRole('group', { name: 'Impressions' })).toHaveTextContent('56,789');
    expect(within(region).getByRole('group', { name: 'Click-through rate' })).toHaveTextContent(
      '2.2%',
    );
    expect(within(region).getByRole('group', { name: 'Average position' })).toHaveTextContent(
      '8.4',
    );
    expect(within(region).getByText(/Oct 27, 2026 – Nov 23, 2026/)).toBeVisible();

    const embeds = within(sectionsOf('Searches that lead to pages with your videos')).getByRole(
      'table',
    );
    expect(
      within(embeds)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Query', 'Clicks', 'Impressions', 'CTR', 'Position']);
    expect(rowsOf(embeds)).toEqual([
      'dutch oven bread3004,0007.5%2.1',
      'camp bread <recipe>127001.7%9.3',
    ]);
    const embedding = within(sectionsOf('Pages embedding your videos')).getByRole('table');
    expect(rowsOf(embedding)).toEqual([
      'www.alex-rivera.test/trailside-kitchen/dutch-oven-bread/ (opens in a new tab)22,3454005,0008%3.3',
    ]);
    expect(within(embedding).getByRole('link', { name: /dutch-oven-bread/ })).toHaveAttribute(
      'href',
      'https://www.alex-rivera.test/trailside-kitchen/dutch-oven-bread/',
    );
    expect(rowsOf(within(sectionsOf('Top queries')).getByRole('table'))).toHaveLength(2);
    expect(rowsOf(within(sectionsOf('Top pages')).getByRole('table'))).toHaveLength(2);
    // The overview's own period switch keeps its name; this one has its own.
    expect(screen.getAllByRole('group', { name: 'Period' })).toHaveLength(1);
  });

  it('switches to 90 days in the URL and asks for them', async () => {
    setup({ connection: connected(), siteUrl: DOMAIN });
    renderApp('/reporting/overview');
    const region = await section();
    const range = await within(region).findByRole('group', { name: 'Google search date range' });
    await userEvent.click(within(range).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(currentLocation().search).toBe('?googleDays=90'));
    await waitFor(() =>
      expect(within(region).getByRole('group', { name: 'Clicks' })).toHaveTextContent('3,702'),
    );
    expect(
      api.requests.filter((r) => r.route === 'channelSearchConsole').map((r) => r.query.days),
    ).toEqual(['28', '90']);
    expect(within(range).getByRole('button', { name: '90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says when Google reports no searches, and when no page embeds a video', async () => {
    setup({
      connection: connected(),
      siteUrl: DOMAIN,
      report: (days) => ({
        ...buildReport(days),
        totals: { clicks: 0, impressions: 0, ctr: 0, position: 0 },
        queries: [],
        pages: [],
        embedQueries: [],
      }),
    });
    renderApp('/reporting/overview');
    const region = await section();
    expect(await within(region).findByText(NO_SEARCHES_TEXT)).toBeVisible();
    expect(within(region).queryByRole('table')).toBeNull();
  });

  it('lists no embed searches or pages when none embed a video', async () => {
    setup({
      connection: connected(),
      siteUrl: DOMAIN,
      report: (days) => {
        const r = buildReport(days);
        return {
          ...r,
          embedQueries: [],
          pages: r.pages.map((p) => ({ ...p, embeddedVideoIds: [], embeddedViews: 0 })),
        };
      },
    });
    renderApp('/reporting/overview');
    const region = await section();
    expect(
      await within(region).findByText(/No Google searches in this period led to a page/),
    ).toBeVisible();
    expect(within(region).getByText(/None of the top pages embeds your videos/)).toBeVisible();
  });

  it('changes the property, with Cancel back to the report', async () => {
    setup({ connection: connected(), siteUrl: DOMAIN });
    renderApp('/reporting/overview');
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Change property' }));
    const chooser = within(region).getByRole('radiogroup');
    expect(within(chooser).getByRole('radio', { name: 'alex-rivera.test' })).toBeChecked();
    await userEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(within(region).getByText(/Property: alex-rivera.test/)).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Change property' }));
    await userEvent.click(within(region).getByRole('radio', { name: PREFIX }));
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText(`Property: ${PREFIX}`)).toBeVisible();
  });

  it('disconnects after an honest confirmation (Cancel focused) and offers to connect again', async () => {
    setup({ connection: connected({ separateGrant: true }), siteUrl: DOMAIN });
    renderApp('/reporting/overview');
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google Search Console?' });
    expect(dialog).toHaveAccessibleDescription(DISCONNECT_TEXT);
    expect(DISCONNECT_TEXT).toMatch(
      /revokes Tubewise's access to your Search Console data at Google/,
    );
    expect(DISCONNECT_TEXT).toMatch(/YouTube channels are not affected/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.some((r) => r.route === 'disconnectSearchConsole')).toBe(false);

    await userEvent.click(within(region).getByRole('button', { name: 'Disconnect' }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(DISCONNECTED_TEXT)).toBeVisible();
    expect(
      await within(region).findByRole('button', { name: 'Connect Google Search Console' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        within(region).getByRole('heading', { level: 2, name: 'Google search' }),
      ).toHaveFocus(),
    );
  });

  it('keeps the dialog open with the reason when disconnecting fails', async () => {
    setup({ connection: connected(), siteUrl: DOMAIN });
    server.use(
      handle('disconnectSearchConsole', () => ({ status: 500, body: errorBody('internal') })),
    );
    renderApp('/reporting/overview');
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await within(dialog).findByText(/could not disconnect/)).toBeVisible();
  });

  it('needs reconnecting: the notice with Reconnect, which goes to Google again', async () => {
    setup({
      connection: connected({ needsReconnect: true, sites: [] }),
      siteUrl: DOMAIN,
      needsReconnect: true,
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApp('/reporting/overview');
    const region = await section();
    const notice = await within(region).findByRole('alert');
    expect(notice).toHaveTextContent(SC_RECONNECT_TEXT);
    await userEvent.click(within(notice).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(within(region).queryByRole('button', { name: 'Change property' })).toBeNull();
  });

  it("someone else's grant stopped working: says who must reconnect", async () => {
    setup({ connection: notConnected, siteUrl: DOMAIN, needsReconnect: true });
    renderApp('/reporting/overview');
    const region = await section();
    expect(
      await within(region).findByText(/The Search Console access of Alex Rivera stopped working/),
    ).toBeVisible();
    expect(
      within(region).getByRole('button', { name: 'Connect Google Search Console' }),
    ).toBeVisible();
  });

  it("says Google's own state when Search Console is not answering", async () => {
    setup({ connection: connected(), siteUrl: DOMAIN });
    server.use(
      handle('channelSearchConsole', () => ({
        status: 503,
        body: errorBody(
          'platform-unavailable',
          'Google Search Console is not answering. Please try again shortly.',
        ),
      })),
    );
    renderApp('/reporting/overview');
    const region = await section();
    expect(
      await within(region).findByText(
        'Google Search Console is not answering. Please try again shortly.',
      ),
    ).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('offers a retry when the section cannot be loaded', async () => {
    let fail = true;
    setup({ connection: notConnected });
    server.use(
      handle('searchConsoleConnection', () =>
        fail ? { status: 500, body: errorBody('internal') } : { body: notConnected },
      ),
    );
    renderApp('/reporting/overview');
    const region = await section();
    const retry = await within(region).findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(
      await within(region).findByRole('button', { name: 'Connect Google Search Console' }),
    ).toBeVisible();
  });
});

describe('Search Console OAuth return', () => {
  it.each([
    ['connected', SEARCH_CONSOLE_OAUTH_TEXTS.connected],
    ['missing-scope', SEARCH_CONSOLE_OAUTH_TEXTS.missingScope],
    ['denied', SEARCH_CONSOLE_OAUTH_TEXTS.denied],
    ['error', SEARCH_CONSOLE_OAUTH_TEXTS.error],
    ['something-new', SEARCH_CONSOLE_OAUTH_TEXTS.error],
  ])('searchConsole=%s: its toast, and the parameter leaves the address', async (value, text) => {
    setup({ connection: value === 'connected' ? connected() : notConnected });
    renderApp(`/reporting/overview?googleDays=90&searchConsole=${value}`);
    expect(await screen.findByText(text)).toBeVisible();
    await waitFor(() => expect(currentLocation().search).toBe('?googleDays=90'));
    expect(currentLocation().pathname).toBe('/reporting/overview');
  });

  it('the missing-permission toast names the Search Console checkbox in the channel flow’s words', () => {
    expect(SEARCH_CONSOLE_OAUTH_TEXTS.missingScope).toBe(
      "It seems that you did not give sufficient permissions. Please try again and click on the 'View Search Console data for your verified sites' checkbox when prompted.",
    );
  });
});

describe("disconnecting a Search Console connection that shares the channels' grant", () => {
  it('says Tubewise only forgets it, and where to remove the access at Google', async () => {
    setup({ connection: connected({ separateGrant: false }), siteUrl: DOMAIN });
    renderApp('/reporting/overview');
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google Search Console?' });
    expect(dialog).toHaveAccessibleDescription(FORGET_TEXT);
    expect(FORGET_TEXT).not.toMatch(/revokes/);
    expect(FORGET_TEXT).toMatch(/myaccount\.google\.com\/connections/);
  });
});
