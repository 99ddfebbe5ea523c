import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  videoRow,
  type ResponseOf,
  type VideoListResponse,
  type VideoRow,
} from '@tubewise/contract';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';
import { buildChannels, buildSyncStatus, buildUser } from '../../../testing/data.ts';
import { setViewport } from '../../../testing/viewport.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../../lib/channels/synced-channels.ts';
import { http, HttpResponse } from 'msw';
import { routeUrl } from '../../../testing/server.ts';
import { IMPACT_EXPLANATION } from './format.ts';
import { COLUMN_TOOLTIPS } from './video-table.tsx';
import { EXPORT_CSV_LABEL, VIDEO_SYNC_PROGRESS_LABEL } from './video-list.tsx';

/** A list row (validated with the contract schema). */
function buildVideo(n: number, overrides: Partial<VideoRow> = {}): VideoRow {
  return videoRow.parse({
    videoId: `vid-${n}`,
    title: `Video ${n}`,
    thumbnailUrl: `https://i.example.com/${n}.jpg`,
    privacyStatus: 'public',
    date: '2026-01-15T12:00:00.000Z',
    scheduled: false,
    views: 1000 + n,
    durationSeconds: 300,
    isShort: false,
    searchTerm: null,
    level: 50,
    impact: 50,
    lastUpdate: null,
    hasDraft: false,
    updatedOnPlatform: false,
    ...overrides,
  });
}

interface ListSetup {
  items?: VideoRow[];
  total?: number;
  shortsEnabled?: boolean;
  changed?: string[];
  playlists?: ResponseOf<'playlists'>['items'];
}

/** Signs in with one synced channel and serves the list, check and playlist calls. */
function setup(entry = '/optimization', options: ListSetup = {}) {
  const items = options.items ?? [buildVideo(1), buildVideo(2), buildVideo(3)];
  const channels = buildChannels(1);
  api.user = buildUser();
  api.myChannels = channels;
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([channels[0]!.youtubeId]));
  let changed = options.changed ?? [];
  server.use(
    handle('videoList', (_body, { query }) => {
      const body: VideoListResponse = {
        items,
        page: Number(query.page ?? 1),
        pageSize: 50,
        total: options.total ?? items.length,
        shortsEnabled: options.shortsEnabled ?? false,
      };
      return { body };
    }),
    handle('checkVideos', () => {
      const body = { changed, missing: [], checkedAt: '2026-03-01T00:00:00.000Z' };
      changed = [];
      return { body };
    }),
    handle('playlists', () => ({
      body: {
        items: options.playlists ?? [
          { id: 'PL1', title: 'Tutorials', itemCount: 12 },
          { id: 'PL2', title: 'Vlogs', itemCount: 4 },
        ],
      },
    })),
  );
  return renderApp(entry);
}

const listRequests = () => api.requests.filter((r) => r.route === 'videoList');
const lastListQuery = () => listRequests().at(-1)?.query;
const waitForListQuery = (expected: Record<string, string>) =>
  waitFor(() => expect(lastListQuery()).toEqual(expected));
/** The loaded table (not its skeleton). */
const table = () =>
  waitFor(() => {
    const found = screen.getByRole('table', { name: 'Videos' });
    expect(found).not.toHaveAttribute('aria-busy');
    return found;
  });
const row = async (title: string) => {
  const link = await screen.findByRole('link', { name: title });
  return link.closest('tr') as HTMLElement;
};
const BASE = { page: '1', tab: 'all', sort: 'date', order: 'desc' };

describe('/optimization: tabs and URL state', () => {
  it('selects the first tab by default and asks for it', async () => {
    setup();
    await table();
    expect(screen.getByRole('tab', { name: 'All videos' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitForListQuery(BASE);
  });

  it('falls back to the first tab for an unknown slug', async () => {
    setup('/optimization?tab=whatever');
    await table();
    expect(screen.getByRole('tab', { name: 'All videos' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitForListQuery(BASE);
  });

  it('reads tab, sort, filters and page from the URL', async () => {
    setup('/optimization?tab=needs-work&sort=impact&order=desc&visibility=public&page=2', {
      total: 120,
    });
    await table();
    expect(screen.getByRole('tab', { name: 'Needs work' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitForListQuery({
      page: '2',
      tab: 'needs-work',
      sort: 'impact',
      order: 'desc',
      visibility: 'public',
    });
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveValue('public');
  });

  it('sorts "Needs work" by impact, most room to improve first, by default', async () => {
    setup();
    await table();
    const tab = screen.getByRole('tab', { name: 'Needs work' });
    // The default sort of "All videos" becomes the default of "Needs work": nothing in the URL.
    expect(tab).toHaveAttribute('href', '/optimization?tab=needs-work');
    await userEvent.click(tab);
    await waitForListQuery({ page: '1', tab: 'needs-work', sort: 'impact', order: 'desc' });
    const impactHeader = screen.getByRole('columnheader', { name: /^Optimization impact/ });
    await waitFor(() => expect(impactHeader).toHaveAttribute('aria-sort', 'descending'));
    // And back: "All videos" is newest first again.
    expect(screen.getByRole('tab', { name: 'All videos' })).toHaveAttribute(
      'href',
      '/optimization',
    );
  });

  it('keeps an explicit sort of "Needs work" in the URL', async () => {
    setup('/optimization?tab=needs-work&sort=date&order=desc');
    await table();
    await waitForListQuery({ page: '1', tab: 'needs-work', sort: 'date', order: 'desc' });
  });

  it('tabs are links that keep sort and filters and go back to page 1', async () => {
    setup('/optimization?sort=level&order=asc&drafts=true&page=3', { total: 200 });
    await table();
    const tab = screen.getByRole('tab', { name: 'Optimized' });
    expect(tab.tagName).toBe('A');
    expect(tab).toHaveAttribute(
      'href',
      '/optimization?tab=optimized&sort=level&order=asc&drafts=true',
    );
    await userEvent.click(tab);
    await waitFor(() =>
      expect(currentLocation().search).toBe('?tab=optimized&sort=level&order=asc&drafts=true'),
    );
    await waitForListQuery({
      page: '1',
      tab: 'optimized',
      sort: 'level',
      order: 'asc',
      drafts: 'true',
    });
    expect(screen.getByRole('tab', { name: 'Optimized' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('/optimization: sorting', () => {
  it('sorts a column descending, then ascending, with aria-sort on its header', async () => {
    const user = userEvent.setup();
    setup();
    await table();
    const dateHeader = screen.getByRole('columnheader', { name: /^Date/ });
    expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /^Videos/ })).not.toHaveAttribute('aria-sort');
    expect(
      within(screen.getByRole('columnheader', { name: /^Videos/ })).queryByRole('button'),
    ).toBeNull();
    expect(
      within(screen.getByRole('columnheader', { name: /^Views/ })).queryByRole('button'),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Optimization impact' }));
    await waitForListQuery({ ...BASE, sort: 'impact', order: 'desc' });
    expect(currentLocation().search).toBe('?sort=impact&order=desc');
    const impactHeader = screen.getByRole('columnheader', { name: /^Optimization impact/ });
    await waitFor(() => expect(impactHeader).toHaveAttribute('aria-sort', 'descending'));
    expect(dateHeader).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Optimization impact' }));
    await waitForListQuery({ ...BASE, sort: 'impact', order: 'asc' });
    await waitFor(() => expect(impactHeader).toHaveAttribute('aria-sort', 'ascending'));

    for (const [name, sort] of [
      ['Optimization level', 'level'],
      ['Last update via Tubewise', 'lastUpdate'],
      ['Date', 'date'],
    ] as const) {
      await user.click(screen.getByRole('button', { name }));
      await waitForListQuery({ ...BASE, sort, order: 'desc' });
    }
  });

  it('explains level, impact and date in header tooltips', async () => {
    const user = userEvent.setup();
    setup();
    await table();
    for (const [name, text] of [
      ['Optimization level', 'Level is the share of recommended tips applied.'],
      ['Optimization impact', IMPACT_EXPLANATION],
      ['Date', 'Date is the uploaded, scheduled or published date.'],
    ] as const) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAccessibleDescription(text);
      await user.hover(button);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(text);
      await user.unhover(button);
      await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    }
    expect(Object.values(COLUMN_TOOLTIPS)).toHaveLength(3);
  });
});

describe('/optimization: filters', () => {
  it('sends visibility and time from their selects, with the spec labels', async () => {
    const user = userEvent.setup();
    setup();
    await table();
    const visibility = screen.getByRole('combobox', { name: 'Visibility' });
    expect(
      within(visibility)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Visibility (All)', 'Public', 'Private', 'Unlisted']);
    await user.selectOptions(visibility, 'private');
    await waitForListQuery({ ...BASE, visibility: 'private' });

    const time = screen.getByRole('combobox', { name: 'Time' });
    expect(
      within(time)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any time', 'Last month', 'Last week']);
    await user.selectOptions(time, 'lastWeek');
    await waitForListQuery({ ...BASE, visibility: 'private', time: 'lastWeek' });
    expect(currentLocation().search).toBe('?visibility=private&time=lastWeek');

    await user.selectOptions(visibility, 'Visibility (All)');
    await waitForListQuery({ ...BASE, time: 'lastWeek' });
  });

  it('sends the toggles and goes back to page 1', async () => {
    const user = userEvent.setup();
    setup('/optimization?page=2', { total: 80, shortsEnabled: true });
    await table();
    await user.click(screen.getByRole('switch', { name: 'Updated on YouTube' }));
    await waitForListQuery({ ...BASE, updated: 'true' });
    await user.click(screen.getByRole('switch', { name: 'Drafts' }));
    await waitForListQuery({ ...BASE, updated: 'true', drafts: 'true' });
    await user.click(await screen.findByRole('switch', { name: 'Shorts' }));
    await waitForListQuery({ ...BASE, updated: 'true', drafts: 'true', shorts: 'true' });
    await user.click(screen.getByRole('switch', { name: 'Drafts' }));
    await waitForListQuery({ ...BASE, updated: 'true', shorts: 'true' });
  });

  it('hides the shorts toggle when the shorts feature is off', async () => {
    setup('/optimization', { shortsEnabled: false });
    await table();
    expect(screen.getByRole('switch', { name: 'Drafts' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Shorts' })).toBeNull();
  });

  it('sends the playlist chosen in the autocomplete as `playlist`', async () => {
    const user = userEvent.setup();
    setup();
    await table();
    const input = screen.getByRole('combobox', { name: 'Playlist' });
    await user.click(input);
    await user.type(input, 'Vl');
    await user.click(await screen.findByRole('option', { name: 'Vlogs' }));
    await waitForListQuery({ ...BASE, playlist: 'PL2' });
    expect(currentLocation().search).toBe('?playlist=PL2');
    expect(input).toHaveValue('Vlogs');
  });

  it('shows the playlist of the URL by its title', async () => {
    setup('/optimization?playlist=PL1');
    await table();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Playlist' })).toHaveValue('Tutorials'),
    );
    await waitForListQuery({ ...BASE, playlist: 'PL1' });
  });

  it('searches titles after a pause in typing', async () => {
    const user = userEvent.setup();
    setup();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search titles' }), 'guitar');
    await waitForListQuery({ ...BASE, q: 'guitar' });
    // One request for the whole word, not one per letter.
    expect(listRequests().filter((r) => r.query.q !== undefined)).toHaveLength(1);
    // The list asks for the chosen state at once; the router commits the URL in its transition.
    await waitFor(() => expect(currentLocation().search).toBe('?q=guitar'));
  });
});

describe('/optimization: rows', () => {
  it('shows title link, chips, search term, level, impact, last update, views and date', async () => {
    const now = Date.now();
    setup('/optimization', {
      items: [
        buildVideo(1, {
          title: 'How to tune a guitar',
          hasDraft: true,
          isShort: true,
          privacyStatus: 'unlisted',
          updatedOnPlatform: true,
          searchTerm: 'tune guitar',
          level: 25,
          impact: 72,
          views: 12_345,
          lastUpdate: new Date(now - 3 * 86_400_000 - 60_000).toISOString(),
        }),
        buildVideo(2, {
          title: 'Coming soon',
          privacyStatus: 'private',
          scheduled: true,
          date: '2026-07-01T12:00:00.000Z',
          level: 90,
          impact: 10,
          views: null,
        }),
      ],
    });
    const first = await row('How to tune a guitar');
    expect(within(first).getByRole('link', { name: 'How to tune a guitar' })).toHaveAttribute(
      'href',
      '/optimization/videos/vid-1',
    );
    for (const chip of ['Draft', 'Short', 'Unlisted', 'Updated on YouTube']) {
      expect(within(first).getByText(chip)).toBeInTheDocument();
    }
    expect(within(first).getByText('Search term: tune guitar')).toBeInTheDocument();
    // The level is progress: a bar in the brand colour (not red) with its share of tips.
    const level = within(first).getByRole('progressbar', { name: 'Optimization level' });
    expect(level).toHaveAttribute('aria-valuenow', '25');
    expect(level).toHaveAttribute('aria-valuetext', '25% of tips applied');
    expect(level).toHaveClass('MuiLinearProgress-colorPrimary');
    expect(within(first).getByText('25%')).toBeInTheDocument();
    // The impact is what is left to gain, in a neutral colour and with no grade.
    const impact = within(first).getByRole('progressbar', { name: 'Room to improve' });
    expect(impact).toHaveAttribute('aria-valuenow', '72');
    expect(impact).toHaveAttribute('aria-valuetext', '72 of 100 left to gain');
    expect(impact).toHaveClass('MuiLinearProgress-colorInherit');
    for (const colour of ['Error', 'Warning', 'Success'])
      expect(impact).not.toHaveClass(`MuiLinearProgress-color${colour}`);
    expect(within(first).getByText('/100')).toBeInTheDocument();
    for (const grade of ['High', 'Medium', 'Low'])
      expect(within(first).queryByText(grade)).toBeNull();
    const updated = within(first).getByText('3 days ago');
    expect(updated.getAttribute('title')).toMatch(/\d{4}/);
    expect(within(first).getByText('12.3K')).toHaveAttribute('title', '12,345 views');

    const second = await row('Coming soon');
    expect(within(second).getAllByText('Scheduled')).toHaveLength(2); // chip and date mark
    expect(within(second).queryByText('Private')).toBeNull();
    expect(within(second).getByText('Jul 1, 2026')).toBeInTheDocument();
    const optimised = within(second).getByRole('progressbar', { name: 'Optimization level' });
    expect(optimised).toHaveAttribute('aria-valuetext', '90% of tips applied');
    expect(optimised).toHaveClass('MuiLinearProgress-colorSuccess');
    expect(within(second).getByTitle('Never updated')).toHaveTextContent('—');
  });

  it('replaces a broken thumbnail by a placeholder', async () => {
    setup('/optimization', { items: [buildVideo(1), buildVideo(2, { thumbnailUrl: null })] });
    const first = await row('Video 1');
    const second = await row('Video 2');
    expect(within(second).getByTestId('video-thumbnail-placeholder')).toBeInTheDocument();
    const img = within(first).getByTestId('video-thumbnail');
    expect(img).toHaveAttribute('src', 'https://i.example.com/1.jpg');
    fireEvent.error(img);
    expect(within(first).queryByTestId('video-thumbnail')).toBeNull();
    expect(within(first).getByTestId('video-thumbnail-placeholder')).toBeInTheDocument();
  });

  it('links "Work on next video" to the highest-impact video not yet optimised', async () => {
    setup('/optimization', {
      items: [
        buildVideo(1, { impact: 40, level: 30 }),
        buildVideo(2, { impact: 95, level: 85 }),
        buildVideo(3, { impact: 70, level: 50 }),
      ],
    });
    await table();
    expect(screen.getByRole('link', { name: 'Work on next video' })).toHaveAttribute(
      'href',
      '/optimization/videos/vid-3',
    );
  });
});

describe('/optimization: paging and the platform check', () => {
  it('shows "1–50 of 1,234" and pages through the URL', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 50 }, (_, i) => buildVideo(i + 1));
    setup('/optimization', { items, total: 1234 });
    await table();
    expect(screen.getByText('1–50 of 1,234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitForListQuery({ ...BASE, page: '2' });
    expect(currentLocation().search).toBe('?page=2');
    expect(await screen.findByText('51–100 of 1,234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitForListQuery(BASE);
    expect(currentLocation().search).toBe('');
  });

  it("checks the page's videos once and refetches the list when some changed", async () => {
    setup('/optimization', { changed: ['vid-2'] });
    await table();
    await waitFor(() =>
      expect(api.requests.filter((r) => r.route === 'checkVideos')).toHaveLength(1),
    );
    const check = api.requests.find((r) => r.route === 'checkVideos');
    expect(check?.params).toEqual({ id: 'ch-1' });
    expect(check?.body).toEqual({ videosToCheck: ['vid-1', 'vid-2', 'vid-3'] });
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    // The refetched page has the same videos: no second check, no loop.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(api.requests.filter((r) => r.route === 'checkVideos')).toHaveLength(1);
    expect(listRequests()).toHaveLength(2);
  });

  it('does not refetch the list when nothing changed', async () => {
    setup();
    await table();
    await waitFor(() =>
      expect(api.requests.filter((r) => r.route === 'checkVideos')).toHaveLength(1),
    );
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(listRequests()).toHaveLength(1);
  });
});

describe('/optimization: empty, loading and error states', () => {
  it('shows skeleton rows while the first page loads', async () => {
    setup();
    server.use(handle('videoList', () => new Promise(() => undefined)));
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    expect(screen.getByRole('table', { name: 'Videos' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading videos…')).toBeInTheDocument();
  });

  it('says there are no videos yet and offers a sync', async () => {
    const user = userEvent.setup();
    setup('/optimization', { items: [] });
    expect(await screen.findByRole('heading', { name: 'No videos yet' })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.route === 'checkVideos')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(api.requests.some((r) => r.route === 'startSync')).toBe(true));
  });

  it('shows the sync progress while the channel is still syncing', async () => {
    api.syncStatus['ch-1'] = buildSyncStatus({
      state: 'running',
      isSyncing: true,
      videosDone: 20,
      videosTotal: 80,
      startedAt: '2026-03-01T00:00:00.000Z',
    });
    setup('/optimization', { items: [] });
    const progress = await screen.findByRole('progressbar', { name: VIDEO_SYNC_PROGRESS_LABEL });
    expect(progress).toHaveAttribute('aria-valuetext', '20 of 80 videos');
    expect(
      screen.getByRole('heading', { name: 'Your videos are on their way' }),
    ).toBeInTheDocument();
  });

  it('offers to clear filters when they match nothing', async () => {
    const user = userEvent.setup();
    setup('/optimization?tab=needs-work&visibility=unlisted&drafts=true&sort=level&order=asc', {
      items: [],
    });
    const panel = await screen.findByRole('heading', { name: 'No videos match these filters' });
    expect(panel).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(buttons.at(-1)!);
    await waitFor(() =>
      expect(currentLocation().search).toBe('?tab=needs-work&sort=level&order=asc'),
    );
    await waitForListQuery({ page: '1', tab: 'needs-work', sort: 'level', order: 'asc' });
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Drafts' })).not.toBeChecked();
  });

  it('shows an error with retry', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    setup();
    server.use(
      handle('videoList', () =>
        fail
          ? { status: 500, body: errorBody('internal', 'Boom') }
          : {
              body: {
                items: [buildVideo(7)],
                page: 1,
                pageSize: 50,
                total: 1,
                shortsEnabled: false,
              },
            },
      ),
    );
    expect(await screen.findByText('We could not load your videos.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Video 7' })).toBeInTheDocument();
    expect(screen.queryByText('We could not load your videos.')).toBeNull();
  });
});

describe('/optimization: responsive', () => {
  it('hides views and last update below md', async () => {
    setViewport({ width: 800 });
    setup();
    await table();
    expect(screen.getByRole('columnheader', { name: /^Optimization level/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /^Views/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /^Last update/ })).toBeNull();
  });

  it('shows compact cards with a sort select below sm', async () => {
    const user = userEvent.setup();
    setViewport({ width: 400 });
    setup();
    await screen.findByRole('link', { name: 'Video 1' });
    const list = screen.getByRole('list', { name: 'Videos' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: 'Video 1' })).toHaveAttribute(
      'href',
      '/optimization/videos/vid-1',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'level:asc');
    await waitForListQuery({ ...BASE, sort: 'level', order: 'asc' });
  });
});

describe('/optimization: CSV export', () => {
  it('downloads every page of the current tab, sort, filters and search as CSV', async () => {
    const user = userEvent.setup();
    const csv = '\uFEFFVideo ID,Title\r\nvid-1,"Video 1, part ""one"""\r\n';
    const exports: URLSearchParams[] = [];
    server.use(
      http.get(routeUrl('videoExport'), ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        return new HttpResponse(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:videos';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    try {
      setup('/optimization?tab=needs-work&visibility=public&q=guitar&page=3', { total: 180 });
      await table();
      await user.click(screen.getByRole('button', { name: EXPORT_CSV_LABEL }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(exports).toHaveLength(1);
      // Every page: the query has no page, the tab's default sort is sent explicitly.
      expect(Object.fromEntries(exports[0]!)).toEqual({
        tab: 'needs-work',
        sort: 'impact',
        order: 'desc',
        visibility: 'public',
        q: 'guitar',
      });
      expect(clicked[0]!.download).toMatch(/^Channel-1-videos-needs-work-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(clicked[0]!.href).toBe('blob:videos');
      expect(saved[0]!.type).toBe('text/csv;charset=utf-8');
      // The byte order mark Excel needs survives fetch's text decoding (EF BB BF).
      const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes)).toBe(csv.slice(1));
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:videos'));
    } finally {
      click.mockRestore();
    }
  });

  it('says so when the export fails', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(routeUrl('videoExport'), () =>
        HttpResponse.json(errorBody('internal', 'boom'), { status: 500 }),
      ),
    );
    setup();
    await table();
    await user.click(screen.getByRole('button', { name: EXPORT_CSV_LABEL }));
    expect(
      await screen.findByText('We could not export your videos. Please try again.'),
    ).toBeInTheDocument();
  });
});
