import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { savedIdea, type IdeaDetails, type IdeaFolder, type SavedIdea } from '@tubewise/contract';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';
import { buildChannels, buildUser } from '../../../testing/data.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../../lib/channels/synced-channels.ts';
import { KEYWORD_DATA_UNAVAILABLE_TEXT } from '../discover/idea-errors.ts';
import {
  buildFolder,
  buildIdea,
  buildIdeaDetails,
  TEST_SOURCE,
} from '../discover/testing/idea-data.ts';

const ENTRY = '/video-idea/details?phrase=sourdough+starter&language=en-us';

function buildSaved(overrides: Partial<SavedIdea> = {}): SavedIdea {
  return savedIdea.parse({
    id: 's-1',
    folderId: 'f-default',
    phrase: 'sourdough starter',
    languageId: 'en-us',
    volume: 1000,
    competition: 0.2,
    opportunity: 80,
    reason: 'High demand',
    savedAt: '2026-03-01T00:00:00.000Z',
    savedByName: 'Creator',
    scriptUpdatedAt: null,
    ...overrides,
  });
}

function setup(
  options: { details?: () => { status?: number; body: object }; saved?: SavedIdea[] } = {},
) {
  const channels = buildChannels(1);
  api.user = buildUser();
  api.myChannels = channels;
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([channels[0]!.youtubeId]));
  const folders: IdeaFolder[] = [
    buildFolder({ ideaCount: 2 }),
    buildFolder({ id: 'f-2', name: 'Baking', isDefault: false }),
  ];
  const saved = options.saved ?? [];
  server.use(
    handle('ideaDetails', () => options.details?.() ?? { body: buildIdeaDetails() }),
    handle('ideaFolders', () => ({ body: { items: folders } })),
    handle('createIdeaFolder', (body) => {
      const folder = buildFolder({
        id: `f-${folders.length + 1}`,
        name: (body as { name: string }).name,
        isDefault: false,
      });
      folders.push(folder);
      return { status: 201, body: folder };
    }),
    handle('saveIdea', (body) => {
      const { folderId, phrase } = body as { folderId?: string; phrase: string };
      const item = buildSaved({
        id: `s-${saved.length + 1}`,
        folderId: folderId ?? 'f-default',
        phrase,
      });
      saved.push(item);
      return { status: 201, body: item };
    }),
    handle('savedIdeas', () => ({ body: { items: saved } })),
  );
  return renderApp(ENTRY);
}

const bodiesOf = (route: string) =>
  api.requests.filter((r) => r.route === route).map((r) => r.body);

describe('/video-idea/details', () => {
  it('shows the figures as estimates with their source, the trend, why it scores and the ranking videos', async () => {
    setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'sourdough starter' }),
    ).toBeVisible();
    const volume = await screen.findByRole('group', { name: 'Est. monthly searches' });
    expect(within(volume).getByText('1K')).toBeInTheDocument();
    expect(screen.getByText(/estimates from Test Keyword Data/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search trend' })).toBeInTheDocument();
    expect(
      screen.getByText(/Estimated monthly searches from Oct 2025 to Mar 2026; highest in Mar 2026/),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Demand' })).toHaveAttribute(
      'aria-valuenow',
      '70',
    );
    expect(screen.getByRole('progressbar', { name: 'Low competition' })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );
    expect(screen.getByRole('progressbar', { name: 'Weak top results' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(screen.getByText('High demand, weak videos in the top results (1)')).toBeInTheDocument();
    const ranking = screen.getByRole('list', { name: 'Videos ranking now' });
    const items = within(ranking).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[1]!).getByRole('link', { name: 'Ranking video 2' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=v2',
    );
    expect(within(items[1]!).getByText(/Baker 2 · 24K views · /)).toBeInTheDocument();
    expect(bodiesOf('ideaDetails')).toHaveLength(1);
    expect(api.requests.find((r) => r.route === 'ideaDetails')?.query).toEqual({
      channelId: 'ch-1',
      phrase: 'sourdough starter',
      language: 'en-us',
    });
  });

  it('leaves the chart out without monthly figures', async () => {
    setup({
      details: () => ({
        body: buildIdeaDetails({
          idea: buildIdea(1, { phrase: 'sourdough starter', trend: [], trendChange: null }),
        }),
      }),
    });
    await screen.findByRole('heading', { name: 'Why it scores so' });
    expect(screen.queryByRole('heading', { name: 'Search trend' })).toBeNull();
    expect(screen.getByText('No trend data')).toBeInTheDocument();
  });

  it('copies a suggested title', async () => {
    const user = userEvent.setup();
    setup();
    const button = await screen.findByRole('button', {
      name: 'Copy title “Sourdough starter for beginners”',
    });
    await user.click(button);
    await waitFor(() => expect(button).toHaveTextContent('Copied'));
    expect(button).toHaveAccessibleName('Copied title “Sourdough starter for beginners”');
    expect(await navigator.clipboard.readText()).toBe('Sourdough starter for beginners');
  });

  it('saves the idea into a new folder', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Save to folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save “sourdough starter”' });
    expect(
      await within(dialog).findByRole('radio', { name: 'Your saved ideas (2)' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'New folder' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save idea' }));
    expect(within(dialog).getByText('Enter a name for the new folder.')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'New folder name' }),
      'Bread videos',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save idea' }));
    expect(await screen.findByText('Saved to “Bread videos”.')).toBeInTheDocument();
    expect(bodiesOf('createIdeaFolder')).toEqual([{ channelId: 'ch-1', name: 'Bread videos' }]);
    expect(bodiesOf('saveIdea')).toEqual([
      { channelId: 'ch-1', phrase: 'sourdough starter', language: 'en-us', folderId: 'f-3' },
    ]);
    expect(screen.getByRole('link', { name: 'Open folder' })).toHaveAttribute(
      'href',
      '/video-idea/saved?selectedFolder=f-3',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('saves into an existing folder', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Save to folder' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: 'Baking (0)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save idea' }));
    expect(await screen.findByText('Saved to “Baking”.')).toBeInTheDocument();
    expect(bodiesOf('createIdeaFolder')).toEqual([]);
    expect(bodiesOf('saveIdea')).toEqual([
      { channelId: 'ch-1', phrase: 'sourdough starter', language: 'en-us', folderId: 'f-2' },
    ]);
  });

  it('“Write a script” saves the idea, then opens its script on the saved-ideas page', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Write a script' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/video-idea/saved'));
    expect(currentLocation().search).toBe('?selectedFolder=f-default&idea=s-1');
    expect(bodiesOf('saveIdea')).toEqual([
      { channelId: 'ch-1', phrase: 'sourdough starter', language: 'en-us' },
    ]);
  });

  it('“Write a script” reuses an idea saved before', async () => {
    const user = userEvent.setup();
    const saved = buildSaved({ id: 's-9', folderId: 'f-2' });
    setup({
      saved: [saved],
      details: () => ({
        body: buildIdeaDetails({
          idea: buildIdea(1, { phrase: 'sourdough starter', savedIdeaIds: ['s-9'] }),
          source: TEST_SOURCE,
        } as Partial<IdeaDetails>),
      }),
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Write a script' }));
    await waitFor(() => expect(currentLocation().search).toBe('?selectedFolder=f-2&idea=s-9'));
    expect(bodiesOf('saveIdea')).toEqual([]);
  });

  it('says when keyword data is unavailable', async () => {
    setup({ details: () => ({ status: 503, body: errorBody('platform-unavailable', 'down') }) });
    expect(await screen.findByText(KEYWORD_DATA_UNAVAILABLE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save to folder' })).toBeDisabled();
  });
});
