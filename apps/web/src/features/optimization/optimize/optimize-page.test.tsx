import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VideoRow } from '@tubewise/contract';
import { buildChannel, buildUser } from '../../../testing/data.ts';
import { renderWithProviders } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';
import {
  buildPublishRecord,
  buildPublishResponse,
  buildVideoDetails,
  buildVideoRow,
} from '../editor/testing/editor-data.ts';
import { editorHandlers, requestsOf, resetEditorApi } from '../editor/testing/editor-server.ts';
import { OptimizePage } from './optimize-page.tsx';
import { queueStorageKey } from './queue-state.ts';
import { setViewport } from '../../../testing/viewport.ts';

// Whole-editor tests type into real fields: slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** The channel's videos as the fake API holds them (in upload order, not by impact). */
let videos: VideoRow[] = [];
/** How many of the next publishes fail. */
let failingPublishes = 0;
/** While set, publishes answer only once it resolves. */
let heldPublish: Promise<void> | null = null;

/** A video of the channel; the newest uploads are not the ones with the most impact. */
const video = (videoId: string, title: string, impact: number, level = 30) =>
  buildVideoRow({ videoId, title, impact, level, date: `2026-01-${30 - impact / 5}T00:00:00Z` });

/**
 * GET …/videos as the server answers it: "needs-work" keeps the videos below the optimised
 * level; the sort is the one asked for (the server's default for the tab otherwise).
 */
const listHandler = handle('videoList', (_b, { query }) => {
  const needsWork = query.tab === 'needs-work';
  const sort = query.sort ?? (needsWork ? 'impact' : 'date');
  const rows = videos
    .filter((v) => !needsWork || v.level < 80)
    .sort((a, b) =>
      sort === 'impact' ? b.impact - a.impact : (b.date ?? '').localeCompare(a.date ?? ''),
    );
  if (query.order === 'asc') rows.reverse();
  return {
    body: { items: rows, page: 1, pageSize: 50, total: rows.length, shortsEnabled: false },
  };
});

const detailsHandler = handle('videoDetails', (_b, { params }) => {
  const row = videos.find((v) => v.videoId === params.videoId);
  if (!row) return { status: 404, body: errorBody('not-found', 'Video not found') };
  return { body: buildVideoDetails({ videoId: row.videoId, live: { title: row.title } }) };
});

const publishHandler = handle('publish', async (body, { params }) => {
  if (heldPublish) await heldPublish;
  if (failingPublishes > 0) {
    failingPublishes -= 1;
    return {
      status: 429,
      body: errorBody('platform-quota-exceeded', 'The YouTube quota is used up for today.'),
    };
  }
  const b = body as { title: string; description: string; tags: string[] };
  const id = params.videoId ?? '';
  // Publishing raises the level and lowers the impact: the list's order changes.
  videos = videos.map((v) =>
    v.videoId === id ? { ...v, title: b.title, level: 90, impact: 5 } : v,
  );
  return {
    body: buildPublishResponse({
      video: buildVideoDetails({ videoId: id, live: { title: b.title } }),
      publish: buildPublishRecord({ id: `pub-${id}`, after: { ...b } }),
      next: null,
    }),
  };
});

beforeEach(() => {
  resetEditorApi();
  failingPublishes = 0;
  heldPublish = null;
  videos = [
    video('v-low', 'Low impact video', 20),
    video('v-high', 'High impact video', 90),
    video('v-done', 'Already optimized', 40, 85),
    video('v-mid', 'Mid impact video', 50),
  ];
});

function renderPage() {
  const user = buildUser();
  const channel = buildChannel({ id: 'ch-1', name: 'Baking' });
  api.user = user;
  api.myChannels = [channel];
  server.use(...editorHandlers);
  server.use(listHandler, detailsHandler, publishHandler);
  return renderWithProviders(<OptimizePage />, '/optimize', {
    user,
    channels: { myChannels: [channel], invitedTo: [] },
  });
}

/** The editor of `title` is loaded (its h1 and title field, recommendations in). */
async function editorOf(title: string) {
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title));
  const field = await screen.findByRole('textbox', { name: 'Title' });
  await waitFor(() => expect(field).toHaveValue(title));
  await waitFor(() =>
    expect(screen.queryByRole('progressbar', { name: 'Loading recommendations' })).toBeNull(),
  );
  return field;
}

const progress = () => screen.getByRole('region', { name: 'Queue progress' });
const queueItems = () =>
  within(screen.getByRole('list', { name: 'Videos of the queue' })).getAllByRole('button');
const stored = () =>
  JSON.parse(localStorage.getItem(queueStorageKey('ch-1')) ?? 'null') as {
    position: number;
    published: string[];
    skipped: string[];
    items: { videoId: string }[];
  } | null;

describe('the queue', () => {
  it('takes the videos that need work, highest impact first, and opens the first', async () => {
    renderPage();
    await editorOf('High impact video');
    expect(within(progress()).getByText('Video 1 of 3')).toBeInTheDocument();
    expect(queueItems().map((b) => b.textContent)).toEqual([
      expect.stringContaining('High impact video'),
      expect.stringContaining('Mid impact video'),
      expect.stringContaining('Low impact video'),
    ]);
    expect(queueItems()[0]).toHaveAttribute('aria-current', 'step');
    expect(queueItems()[0]).toHaveTextContent('Level 30%');
    expect(requestsOf('videoList').at(-1)?.query).toMatchObject({
      tab: 'needs-work',
      sort: 'impact',
      order: 'desc',
    });
    expect(stored()?.items.map((i) => i.videoId)).toEqual(['v-high', 'v-mid', 'v-low']);
    const bar = within(progress()).getByRole('progressbar', { name: 'Videos done' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuetext', '0 of 3 videos done');
  });

  it('publish and next moves on only after the publish succeeded', async () => {
    failingPublishes = 1;
    renderPage();
    const title = await editorOf('High impact video');
    const user = userEvent.setup();
    await user.type(title, ' for beginners');

    await user.click(screen.getByRole('button', { name: 'Publish and next' }));
    expect(await screen.findByText('YouTube quota exceeded')).toBeInTheDocument();
    expect(within(progress()).getByText('Video 1 of 3')).toBeInTheDocument();
    expect(within(progress()).getByText('0 published · 0 skipped')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue(
      'High impact video for beginners',
    );
    expect(stored()?.published).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Publish and next' }));
    await editorOf('Mid impact video');
    expect(within(progress()).getByText('Video 2 of 3')).toBeInTheDocument();
    expect(within(progress()).getByText('1 published · 0 skipped')).toBeInTheDocument();
    expect(within(progress()).getByRole('progressbar', { name: 'Videos done' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(requestsOf('publish').map((r) => r.params.videoId)).toEqual(['v-high', 'v-high']);
    // The published video keeps its place (its impact fell) and shows its new title, ticked.
    expect(queueItems()[0]).toHaveTextContent('High impact video for beginners');
    expect(queueItems()[0]).toHaveTextContent('published');
    expect(queueItems()[1]).toHaveAttribute('aria-current', 'step');
    expect(stored()).toMatchObject({ position: 1, published: ['v-high'], skipped: [] });
    // Focus went to the progress, not lost with the previous video's buttons.
    expect(within(progress()).getByText('Video 2 of 3')).toHaveFocus();
  });

  it('a publish that answers after the person moved on counts, but does not move them again', async () => {
    let release = () => {};
    heldPublish = new Promise((resolve) => (release = resolve));
    renderPage();
    const title = await editorOf('High impact video');
    const user = userEvent.setup();
    await user.type(title, ' again');
    await user.click(screen.getByRole('button', { name: 'Publish and next' }));
    await waitFor(() => expect(requestsOf('publish')).toHaveLength(1));
    await user.click(within(progress()).getByRole('button', { name: 'Skip' }));
    await editorOf('Mid impact video');
    release();
    await waitFor(() => expect(stored()?.published).toEqual(['v-high']));
    expect(within(progress()).getByText('Video 2 of 3')).toBeInTheDocument();
    expect(within(progress()).getByText('1 published · 0 skipped')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mid impact video');
  });

  it('the editor’s own Publish marks the video published and stays on it', async () => {
    renderPage();
    const title = await editorOf('High impact video');
    const user = userEvent.setup();
    await user.type(title, ' now');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await within(progress()).findByText('1 published · 0 skipped')).toBeInTheDocument();
    expect(within(progress()).getByText('Video 1 of 3')).toBeInTheDocument();
    // The queue leads on, not the editor's own "Next video" prompt.
    expect(screen.queryByRole('region', { name: 'Next video' })).toBeNull();
    await user.click(within(progress()).getByRole('button', { name: 'Next video' }));
    await editorOf('Mid impact video');
    expect(stored()).toMatchObject({ published: ['v-high'], skipped: [] });
  });

  it('skip moves on and counts the video as skipped; previous and the list go back', async () => {
    renderPage();
    await editorOf('High impact video');
    const user = userEvent.setup();
    await user.click(within(progress()).getByRole('button', { name: 'Skip' }));
    await editorOf('Mid impact video');
    expect(within(progress()).getByText('Video 2 of 3')).toBeInTheDocument();
    expect(within(progress()).getByText('0 published · 1 skipped')).toBeInTheDocument();
    expect(queueItems()[0]).toHaveTextContent('skipped');
    expect(stored()).toMatchObject({ position: 1, skipped: ['v-high'] });
    expect(requestsOf('publish')).toHaveLength(0);

    await user.click(within(progress()).getByRole('button', { name: 'Previous' }));
    await editorOf('High impact video');
    await user.click(queueItems()[2]!);
    await editorOf('Low impact video');
    expect(within(progress()).getByText('Video 3 of 3')).toBeInTheDocument();
  });

  it('Alt+ArrowRight skips, except while typing in a field', async () => {
    renderPage();
    const title = await editorOf('High impact video');
    const user = userEvent.setup();
    await user.click(title);
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(within(progress()).getByText('Video 1 of 3')).toBeInTheDocument();

    await user.click(within(progress()).getByText('Video 1 of 3'));
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await editorOf('Mid impact video');
    expect(within(progress()).getByText('0 published · 1 skipped')).toBeInTheDocument();
  });

  it('resumes after a remount from localStorage, or starts over with a new snapshot', async () => {
    const first = renderPage();
    await editorOf('High impact video');
    const user = userEvent.setup();
    await user.click(within(progress()).getByRole('button', { name: 'Skip' }));
    await editorOf('Mid impact video');
    first.unmount();

    const second = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Resume: video 2 of 3' }));
    await editorOf('Mid impact video');
    expect(within(progress()).getByText('0 published · 1 skipped')).toBeInTheDocument();
    second.unmount();

    // Meanwhile the high-impact video got optimised elsewhere: a new snapshot leaves it out.
    videos = videos.map((v) => (v.videoId === 'v-high' ? { ...v, level: 95, impact: 2 } : v));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    await editorOf('Mid impact video');
    expect(within(progress()).getByText('Video 1 of 2')).toBeInTheDocument();
    expect(stored()).toMatchObject({ position: 0, skipped: [], published: [] });
    expect(stored()?.items.map((i) => i.videoId)).toEqual(['v-mid', 'v-low']);
  });

  it('ends with a summary of what was published and skipped, kept after a remount', async () => {
    const first = renderPage();
    const title = await editorOf('High impact video');
    const user = userEvent.setup();
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Publish and next' }));
    await editorOf('Mid impact video');
    await user.click(within(progress()).getByRole('button', { name: 'Skip' }));
    await editorOf('Low impact video');
    await user.click(within(progress()).getByRole('button', { name: 'Skip' }));

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'You reached the end of the queue',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Published 1 · Skipped 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the video list' })).toHaveAttribute(
      'href',
      '/optimization',
    );
    first.unmount();

    renderPage();
    expect(await screen.findByText('Published 1 · Skipped 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    // The published video no longer needs work; the skipped ones come back, by impact.
    await editorOf('Mid impact video');
    expect(within(progress()).getByText('Video 1 of 2')).toBeInTheDocument();
  });

  it('says all caught up when no video needs work', async () => {
    videos = [video('v-done', 'Already optimized', 10, 90)];
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'All caught up' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the video list' })).toHaveAttribute(
      'href',
      '/optimization',
    );
    expect(screen.queryByRole('region', { name: 'Queue progress' })).toBeNull();
    expect(localStorage.getItem(queueStorageKey('ch-1'))).toBeNull();
  });

  it.each([
    ['phone', 390],
    ['desktop', 1280],
    ['wide desktop', 1600],
  ])('keeps one h1 (the video), then the editor and the queue at h2 (%s)', async (_n, width) => {
    setViewport({ width });
    renderPage();
    await editorOf('High impact video');
    const headings = screen
      .getAllByRole('heading')
      .map((h) => `h${h.tagName.slice(1)} ${h.textContent ?? ''}`);
    expect(headings[0]).toBe('h1 High impact video');
    expect(headings.filter((h) => h.startsWith('h1 '))).toHaveLength(1);
    expect(headings).toContain('h2 Queue');
    expect(screen.getByRole('complementary', { name: 'Queue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jump to the queue list' })).toHaveAttribute(
      'href',
      '#optimize-queue',
    );
  });
});
