import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResponseOf } from '@tubewise/contract';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';
import {
  buildChannels,
  buildChannelSettings,
  buildPublicConfig,
  buildUser,
} from '../../../testing/data.ts';
import { setViewport } from '../../../testing/viewport.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../../lib/channels/synced-channels.ts';
import { KEYWORD_DATA_UNAVAILABLE_TEXT } from './idea-errors.ts';
import { tooManySeedsText } from './idea-format.ts';
import { buildDiscoverPage, buildFolder, buildIdea, TEST_SOURCE } from './testing/idea-data.ts';
import { buildSavedIdea } from '../saved/testing/saved-server.ts';

interface Setup {
  total?: number;
  suggested?: ResponseOf<'suggestedIdeas'>;
  discover?: (page: number) => { status?: number; body: object };
}

function setup(entry = '/video-idea/discover', options: Setup = {}) {
  const channels = buildChannels(1);
  api.user = buildUser();
  api.myChannels = channels;
  api.channelSettings['ch-1'] = buildChannelSettings({ language: 'de-de' });
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([channels[0]!.youtubeId]));
  server.use(
    handle('discoverIdeas', (body) => {
      const { page } = body as { page: number };
      return options.discover?.(page) ?? { body: buildDiscoverPage(page, options.total ?? 25) };
    }),
    handle('suggestedIdeas', () => ({
      body: options.suggested ?? {
        seeds: ['baking', 'bread'],
        topicsInferred: false,
        items: [buildIdea(1, { phrase: 'easy bread recipe' })],
        languageId: 'en-us',
        source: TEST_SOURCE,
      },
    })),
  );
  return renderApp(entry);
}

const discoverBodies = () =>
  api.requests.filter((r) => r.route === 'discoverIdeas').map((r) => r.body);
const loadedTable = (name = 'Video ideas') =>
  waitFor(() => {
    const table = screen.getByRole('table', { name });
    expect(table).not.toHaveAttribute('aria-busy');
    return table;
  });
const ideaRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const seedInput = () => screen.getByRole('combobox', { name: 'Seed keywords' });

describe('/video-idea/discover', () => {
  it('the /video-idea route redirects to discover', async () => {
    setup('/video-idea');
    await waitFor(() => expect(currentLocation().pathname).toBe('/video-idea/discover'));
  });

  it('shows suggested ideas from the channel settings while nothing is typed', async () => {
    const user = userEvent.setup();
    setup();
    const table = await loadedTable('Suggested ideas');
    expect(within(table).getByRole('link', { name: 'easy bread recipe' })).toHaveAttribute(
      'href',
      '/video-idea/details?phrase=easy+bread+recipe&language=en-us',
    );
    expect(screen.getByText(/estimates from Test Keyword Data/)).toBeInTheDocument();
    expect(discoverBodies()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Find ideas for “baking”' }));
    await waitFor(() => expect(currentLocation().search).toBe('?seed=baking&language=de-de'));
    await waitFor(() =>
      expect(discoverBodies()).toEqual([
        { channelId: 'ch-1', seeds: ['baking'], language: 'de-de', page: 1 },
      ]),
    );
  });

  it('asks for channel settings when the channel has no topics', async () => {
    setup('/video-idea/discover', {
      suggested: {
        seeds: [],
        topicsInferred: false,
        items: [],
        languageId: 'en-us',
        source: TEST_SOURCE,
      },
    });
    expect(await screen.findByText('No topics for suggestions yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open channel settings' })).toHaveAttribute(
      'href',
      '/settings/channels',
    );
  });

  it('says when the topics were inferred from the videos and links to channel settings', async () => {
    setup('/video-idea/discover', {
      suggested: {
        seeds: ['sourdough bread', 'bagel recipe'],
        topicsInferred: true,
        items: [buildIdea(1, { phrase: 'sourdough bread for beginners', seed: 'sourdough bread' })],
        languageId: 'en-us',
        source: TEST_SOURCE,
      },
    });
    await loadedTable('Suggested ideas');
    expect(screen.getByText('From topics inferred from your videos:')).toBeInTheDocument();
    expect(screen.queryByText('No topics for suggestions yet')).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit topics in channel settings' })).toHaveAttribute(
      'href',
      '/settings/channels',
    );
  });

  it('saves an idea from the list in one click, or into a folder chosen from a menu', async () => {
    const user = userEvent.setup();
    server.use(
      handle('ideaFolders', () => ({
        body: {
          items: [
            buildFolder(),
            buildFolder({ id: 'f-recipes', name: 'Recipes', isDefault: false }),
          ],
        },
      })),
      handle('saveIdea', (body) => {
        const { phrase, folderId } = body as { phrase: string; folderId?: string };
        return {
          status: 201,
          body: buildSavedIdea({ phrase, folderId: folderId ?? 'f-default' }),
        };
      }),
    );
    setup('/video-idea/discover?seed=bread');
    const table = await loadedTable();
    await user.click(
      within(table).getByRole('button', { name: 'Save “idea 1” to your saved ideas' }),
    );
    await waitFor(() => expect(within(ideaRows(table)[0]!).getByText('Saved')).toBeInTheDocument());
    await user.click(within(table).getByRole('button', { name: 'Save “idea 2” to a folder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Recipes' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.route === 'saveIdea').map((r) => r.body)).toEqual([
        { channelId: 'ch-1', phrase: 'idea 1', language: 'en-us' },
        { channelId: 'ch-1', phrase: 'idea 2', language: 'en-us', folderId: 'f-recipes' },
      ]),
    );
  });

  it('sorts by each column and filters by minimum volume and maximum competition', async () => {
    const user = userEvent.setup();
    const items = [
      buildIdea(1, {
        phrase: 'b idea',
        volume: 500,
        competition: 0.9,
        opportunity: 90,
        trendChange: 5,
      }),
      buildIdea(2, {
        phrase: 'a idea',
        volume: 9000,
        competition: 0.5,
        opportunity: 70,
        trendChange: -20,
      }),
      buildIdea(3, {
        phrase: 'c idea',
        volume: 3000,
        competition: 0.1,
        opportunity: 60,
        trendChange: 80,
      }),
    ];
    setup('/video-idea/discover?seed=bread', {
      discover: () => ({
        body: { ...buildDiscoverPage(1, 3), items, total: 3, hasMore: false },
      }),
    });
    const table = await loadedTable();
    const order = () =>
      ideaRows(table).map((row) => within(row).getAllByRole('link')[0]!.textContent);
    expect(order()).toEqual(['b idea', 'a idea', 'c idea']);
    const header = (name: string) => within(table).getByRole('button', { name });
    await user.click(header('Est. monthly searches'));
    expect(order()).toEqual(['a idea', 'c idea', 'b idea']);
    await user.click(header('Est. monthly searches'));
    expect(order()).toEqual(['b idea', 'c idea', 'a idea']);
    await user.click(header('Idea'));
    expect(order()).toEqual(['a idea', 'b idea', 'c idea']);
    await user.click(header('Competition'));
    expect(order()).toEqual(['c idea', 'a idea', 'b idea']);
    await user.click(header('Trend'));
    expect(order()).toEqual(['c idea', 'b idea', 'a idea']);
    await user.click(header('Opportunity'));
    expect(order()).toEqual(['b idea', 'a idea', 'c idea']);
    expect(within(table).getByRole('columnheader', { name: 'Opportunity' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.type(screen.getByRole('spinbutton', { name: 'Min. monthly searches' }), '1000');
    expect(order()).toEqual(['a idea', 'c idea']);
    await user.click(screen.getByRole('combobox', { name: 'Max. competition' }));
    await user.click(screen.getByRole('option', { name: 'Low' }));
    expect(order()).toEqual(['c idea']);
    expect(screen.getByText(/1 match the filters/)).toBeInTheDocument();
  });

  it('adds seeds with Enter, removes the last with Backspace, and searches in the channel language', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Suggested ideas' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Keyword language' })).toHaveValue('de-de'),
    );
    await user.type(seedInput(), 'bread{Enter}cake{Enter}pie{Enter}');
    const form = screen.getByRole('search', { name: 'Discover video ideas' });
    expect(within(form).getByRole('button', { name: 'pie' })).toBeInTheDocument();
    await user.type(seedInput(), '{Backspace}');
    expect(within(form).queryByRole('button', { name: 'pie' })).toBeNull();
    expect(screen.getByText(/2 of 10 seeds/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Find ideas' }));
    await waitFor(() =>
      expect(currentLocation().search).toBe('?seed=bread&seed=cake&language=de-de'),
    );
    const table = await loadedTable();
    expect(ideaRows(table)).toHaveLength(11);
    expect(discoverBodies()).toEqual([
      { channelId: 'ch-1', seeds: ['bread', 'cake'], language: 'de-de', page: 1 },
    ]);
  });

  it('refuses an 11th seed with a message and keeps what was typed', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Suggested ideas' });
    for (let i = 1; i <= 10; i++) await user.type(seedInput(), `seed ${i}{Enter}`);
    expect(screen.getByText(/10 of 10 seeds/)).toBeInTheDocument();
    await user.type(seedInput(), 'seed 11{Enter}');
    expect(screen.getByText(tooManySeedsText(10))).toBeInTheDocument();
    expect(seedInput()).toHaveValue('seed 11');
    const form = screen.getByRole('search', { name: 'Discover video ideas' });
    expect(within(form).queryByRole('button', { name: 'seed 11' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Find ideas' }));
    expect(discoverBodies()).toEqual([]);
  });

  it('follows the server’s seed limit from the public config', async () => {
    const user = userEvent.setup();
    api.config = buildPublicConfig({ limits: { ideaSeedsMax: 3, thumbnailMaxBytes: 2_000_000 } });
    setup();
    await screen.findByRole('table', { name: 'Suggested ideas' });
    await screen.findByText(/Enter up to 3 seed keywords/);
    for (let i = 1; i <= 3; i++) await user.type(seedInput(), `seed ${i}{Enter}`);
    await user.type(seedInput(), 'seed 4{Enter}');
    expect(screen.getByText(tooManySeedsText(3))).toBeInTheDocument();
    expect(seedInput()).toHaveValue('seed 4');
  });

  it('pages through ideas: 11, then 10 more, in order, without duplicates', async () => {
    const user = userEvent.setup();
    setup('/video-idea/discover?seed=bread&language=en-us', { total: 25 });
    let table = await loadedTable();
    expect(ideaRows(table)).toHaveLength(11);
    expect(screen.getByText('Showing 11 of 25 ideas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More ideas' }));
    await waitFor(() => expect(ideaRows(screen.getByRole('table'))).toHaveLength(21));
    expect(ideaRows(await loadedTable())).toHaveLength(21);
    expect(screen.getByText('Showing 21 of 25 ideas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More ideas' }));
    await waitFor(() => expect(screen.getByText('Showing 25 of 25 ideas')).toBeInTheDocument());
    table = await loadedTable();
    const names = ideaRows(table).map((r) => within(r).getAllByRole('link')[0]!.textContent);
    expect(names).toEqual(Array.from({ length: 25 }, (_, i) => `idea ${i + 1}`));
    expect(screen.queryByRole('button', { name: 'More ideas' })).toBeNull();
    expect(discoverBodies().map((b) => (b as { page: number }).page)).toEqual([1, 2, 3]);
    // Later pages come from the list page 1 answered.
    expect(discoverBodies().map((b) => (b as { listId?: string }).listId)).toEqual([
      undefined,
      'list-1',
      'list-1',
    ]);
  });

  it('starts again from page 1 when the list of the later pages has expired', async () => {
    const user = userEvent.setup();
    let expired = true;
    setup('/video-idea/discover?seed=bread&language=en-us', {
      discover: (page) =>
        page > 1 && expired
          ? { status: 409, body: errorBody('ideas-list-expired', 'Expired') }
          : { body: buildDiscoverPage(page, 25) },
    });
    expect(ideaRows(await loadedTable())).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'More ideas' }));
    expect(await screen.findByText(/have been refreshed since/)).toBeInTheDocument();
    expired = false;
    await user.click(screen.getByRole('button', { name: 'Search again' }));
    await waitFor(() => expect(ideaRows(screen.getByRole('table'))).toHaveLength(11));
    expect(screen.queryByText(/have been refreshed since/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More ideas' }));
    await waitFor(() => expect(ideaRows(screen.getByRole('table'))).toHaveLength(21));
  });

  it('shows each idea’s figures, trend, opportunity and reason', async () => {
    setup('/video-idea/discover?seed=bread&language=en-us', { total: 1 });
    const table = await loadedTable();
    const row = ideaRows(table)[0]!;
    expect(within(row).getByText('1K')).toBeInTheDocument();
    expect(within(row).getByText('Low')).toBeInTheDocument();
    expect(
      within(row).getByRole('img', { name: 'Rising, +40% over the last three months' }),
    ).toBeInTheDocument();
    expect(within(row).getByLabelText('Opportunity 80 of 100, High')).toBeInTheDocument();
    expect(
      within(row).getByText('High demand, weak videos in the top results (1)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Est. monthly searches' })).toBeVisible();
    expect(screen.getByText(/estimates from Test Keyword Data/)).toBeInTheDocument();
  });

  it('shows the server’s refusal of too many seeds in the form', async () => {
    setup('/video-idea/discover?seed=a&seed=b&language=en-us', {
      discover: () => ({
        status: 400,
        body: errorBody('too-many-seeds', 'Use at most 1 seed keyword.'),
      }),
    });
    expect(await screen.findByText('Use at most 1 seed keyword.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Video ideas' })).toBeNull();
  });

  it('says when keyword data is unavailable and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    setup('/video-idea/discover?seed=bread&language=en-us', {
      discover: (page) =>
        fail
          ? { status: 503, body: errorBody('platform-unavailable', 'down') }
          : { body: buildDiscoverPage(page, 3) },
    });
    expect(await screen.findByText(KEYWORD_DATA_UNAVAILABLE_TEXT)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(ideaRows(await loadedTable())).toHaveLength(3);
  });

  it('says when no ideas were found', async () => {
    setup('/video-idea/discover?seed=zzzz&language=en-us', { total: 0 });
    expect(await screen.findByText('No ideas for these seeds')).toBeInTheDocument();
  });

  it('shows compact cards below the sm breakpoint', async () => {
    setViewport({ width: 400 });
    setup('/video-idea/discover?seed=bread&language=en-us', { total: 3 });
    const list = await screen.findByRole('list', { name: 'Video ideas' });
    await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
