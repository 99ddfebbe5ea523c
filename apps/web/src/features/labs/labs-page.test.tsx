import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THUMBNAIL_TEST_METHOD } from '@tubewise/contract/labs-constants';
import { renderApp } from '../../testing/render-app.tsx';
import { api, server } from '../../testing/server.ts';
import { buildChannel, buildUser } from '../../testing/data.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../lib/channels/synced-channels.ts';
import { RUNNING_POLL_MS } from './api/labs.ts';
import { NO_CLEAR_WINNER, ORIGINAL_RESTORED, STOP_QUESTION } from './labs-format.ts';
import { NO_TESTS_TITLE } from './labs-page.tsx';
import {
  buildTest,
  buildUpload,
  buildVariant,
  buildVideo,
  labsApi,
  labsHandlers,
  resetLabsApi,
} from './testing/labs-server.ts';

vi.setConfig({ testTimeout: 40_000 });

const CHANNEL_ID = '7d4c8a52-1f0e-4b7a-9c3d-2e5f6a7b8c9d';

function setup(flags = 'labs_user') {
  resetLabsApi();
  const channel = buildChannel({ id: CHANNEL_ID, youtubeId: 'UC-yt-1', name: 'Channel 1' });
  api.user = buildUser({ flags });
  api.myChannels = [channel];
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, CHANNEL_ID);
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify(['UC-yt-1']));
  server.use(...labsHandlers());
}

const png = (name: string, bytes = 2000) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

afterEach(() => vi.useRealTimers());

describe('/labs', () => {
  it('shows the not-found page to a person without the labs flag', async () => {
    setup('competition_user');
    renderApp('/labs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Page not found'));
    expect(screen.queryByRole('link', { name: /Labs/ })).toBeNull();
    expect(api.requests.some((r) => r.route === 'thumbnailTests')).toBe(false);
  });

  it('explains a test and its cost before the first one', async () => {
    setup();
    labsApi.budget = { dailyUnits: 2000, spentToday: 150 };
    renderApp('/labs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Labs' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Thumbnail tests' })).toBeVisible();
    expect(await screen.findByText(NO_TESTS_TITLE)).toBeVisible();
    expect(
      screen.getByText(/puts 2 or 3 thumbnails of one video on YouTube in turn/),
    ).toBeVisible();
    expect(
      screen.getByText(
        /50 quota units from this channel’s daily budget of 2,000 units .*150 used today/,
      ),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/Labs/));
  });

  it('lists running tests first, then ended ones, and opens one', async () => {
    setup();
    labsApi.tests = [
      buildTest({ id: 'test-1', videoTitle: 'Sourdough basics' }),
      buildTest({
        id: 'test-2',
        videoTitle: 'Rye bread',
        status: 'completed',
        endedAt: '2026-11-10T08:00:00.000Z',
        nextSwapAt: null,
        decision: {
          winnerVariantId: 'variant-B',
          probability: 0.97,
          reason: 'duration-ended',
          applied: 'winner',
          decidedAt: '2026-11-10T08:00:00.000Z',
        },
      }),
    ];
    renderApp('/labs');
    const running = await screen.findByRole('region', { name: 'Running' });
    expect(within(running).getByRole('link', { name: 'Sourdough basics' })).toBeVisible();
    expect(within(running).getByText(/C live now/)).toBeVisible();
    const ended = screen.getByRole('region', { name: 'Ended' });
    expect(within(ended).getByText('Completed')).toBeVisible();
    expect(running.compareDocumentPosition(ended) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(within(ended).getByRole('link', { name: 'Rye bread' }));
    expect(await screen.findByText('Winner: B')).toBeVisible();
    expect(
      screen.getByText(
        /Thumbnail B won with a 97% probability of being best and is applied to the video/,
      ),
    ).toBeVisible();
  });

  it('a test past its end that waits for its last figures says so, with no next swap', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
    setup();
    const notice =
      'The test has run its course. The winner is chosen once YouTube Analytics has the figures of its last day (November 30 at the latest); the last thumbnail stays live until then.';
    labsApi.tests = [buildTest({ nextSwapAt: null, notice })];
    renderApp('/labs?test=test-1');
    await screen.findByRole('heading', { level: 2, name: 'How to bake sourdough bread' });
    expect(screen.getByText(/ran until/)).toBeVisible();
    expect(screen.getByText(notice)).toBeVisible();
    expect(screen.queryByText(/Next swap/)).toBeNull();
  });

  it('shows a running test: thumbnails, figures, chances, rotation, skipped swaps and the method', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T20:00:00.000Z'));
    setup();
    labsApi.tests = [buildTest()];
    renderApp('/labs?test=test-1');

    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'How to bake sourdough bread',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('test-status')).toHaveTextContent('Running');
    const cards = screen.getByRole('list', { name: 'Thumbnails in this test' });
    const [a, , c] = within(cards).getAllByRole('article');
    expect(within(c!).getByText('Live now')).toBeVisible();
    expect(within(a!).queryByText('Live now')).toBeNull();
    expect(within(a!).getByRole('img', { name: 'Thumbnail A' })).toHaveAttribute(
      'src',
      '/optimization/thumbnails/thumb-A',
    );
    expect(within(a!).getByText('Watch minutes').nextSibling).toHaveTextContent('2,400');
    expect(within(a!).getByText('Average percentage viewed').nextSibling).toHaveTextContent(
      '41.5%',
    );
    expect(within(a!).getByText('Views per day').nextSibling).toHaveTextContent('400');
    expect(
      within(c!).getByRole('progressbar', { name: 'Thumbnail C: probability of being best' }),
    ).toHaveAttribute('aria-valuenow', '65');
    expect(
      within(a!).getByText(/95% credible interval of average percentage viewed: 35.0% to 42.0%/),
    ).toBeVisible();
    expect(within(c!).getByText(/Not enough measured days yet/)).toBeVisible();

    const days = within(screen.getByRole('list', { name: 'Thumbnail live each day' }))
      .getAllByRole('listitem')
      .map((d) => d.getAttribute('aria-label'));
    expect(days).toEqual([
      'Nov 20: thumbnail A',
      'Nov 21: thumbnail A',
      'Nov 22: thumbnail B',
      'Nov 23: thumbnail C (today)',
      'Nov 24: to come',
      'Nov 25: to come',
      'Nov 26: to come',
    ]);
    expect(screen.getByRole('table', { name: 'Exposure windows' })).toBeVisible();
    expect(
      screen.getByText(
        /Swap of Nov 21 skipped: the channel's daily quota budget had no 50 units left/,
      ),
    ).toBeVisible();
    expect(screen.getByText(/Next swap:/)).toBeVisible();
    expect(screen.getByText(THUMBNAIL_TEST_METHOD)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Stop test' })).toBeVisible();
  });

  it('says when no thumbnail won and the original is back', async () => {
    setup();
    labsApi.tests = [
      buildTest({
        status: 'completed',
        endedAt: '2026-11-27T08:00:00.000Z',
        nextSwapAt: null,
        variants: [buildVariant('A'), buildVariant('B')],
        windows: [],
        decision: {
          winnerVariantId: null,
          probability: 0.6,
          reason: 'duration-ended',
          applied: 'original',
          decidedAt: '2026-11-27T08:00:00.000Z',
        },
        notice: 'The swap of Nov 24 could not be made: YouTube refused it.',
      }),
    ];
    renderApp('/labs?test=test-1');
    expect(await screen.findByText('No clear winner')).toBeVisible();
    expect(screen.getByText(NO_CLEAR_WINNER)).toBeVisible();
    expect(
      screen.getByText('The swap of Nov 24 could not be made: YouTube refused it.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Stop test' })).toBeNull();
    expect(screen.queryByText(/Next swap/)).toBeNull();
  });

  it('stops a test after confirming, and the original is restored', async () => {
    setup();
    labsApi.tests = [buildTest()];
    renderApp('/labs?test=test-1');
    const stopButton = await screen.findByRole('button', { name: 'Stop test' });
    await userEvent.click(stopButton);
    let dialog = await screen.findByRole('dialog', { name: STOP_QUESTION });
    expect(within(dialog).getByRole('button', { name: 'Keep running' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep running' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.some((r) => r.route === 'stopThumbnailTest')).toBe(false);
    await waitFor(() => expect(stopButton).toHaveFocus());

    await userEvent.click(stopButton);
    dialog = await screen.findByRole('dialog', { name: STOP_QUESTION });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop test' }));
    await waitFor(() => expect(screen.getByTestId('test-status')).toHaveTextContent('Stopped'));
    expect(screen.getByText('Test stopped')).toBeVisible();
    expect(screen.getAllByText(new RegExp(ORIGINAL_RESTORED)).length).toBeGreaterThan(0);
    // The dialog closes (its own "Stop test" goes with it) and the page offers no stop.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop test' })).toBeNull());
    expect(
      screen.getByRole('heading', { level: 2, name: 'How to bake sourdough bread' }),
    ).toHaveFocus();
    expect(api.requests.filter((r) => r.route === 'stopThumbnailTest')).toHaveLength(1);
  });

  it('asks for a running test again every 30 seconds, and no more once it ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    labsApi.tests = [buildTest()];
    renderApp('/labs?test=test-1');
    await screen.findByRole('button', { name: 'Stop test' });
    const asked = () => api.requests.filter((r) => r.route === 'thumbnailTest').length;
    const first = asked();
    await vi.advanceTimersByTimeAsync(RUNNING_POLL_MS);
    await waitFor(() => expect(asked()).toBe(first + 1));
    labsApi.tests = [
      buildTest({ status: 'stopped', endedAt: new Date().toISOString(), nextSwapAt: null }),
    ];
    await vi.advanceTimersByTimeAsync(RUNNING_POLL_MS);
    await waitFor(() => expect(screen.getByTestId('test-status')).toHaveTextContent('Stopped'));
    const settled = asked();
    await vi.advanceTimersByTimeAsync(3 * RUNNING_POLL_MS);
    expect(asked()).toBe(settled);
  });
});

describe('a new test', () => {
  it('picks a video by search, uploads three images, and starts with the duration and metric', async () => {
    setup();
    labsApi.videos = [
      buildVideo(),
      buildVideo({ videoId: 'vid-2', title: 'Rye bread for beginners', views: 800 }),
    ];
    labsApi.uploads = [
      buildUpload(1),
      buildUpload(2, { width: 800, height: 600, warnings: ['not-16-9', 'below-1280'] }),
      { status: 400, code: 'image-corrupt', message: 'The image could not be read.' },
      buildUpload(4),
    ];
    renderApp('/labs');
    await userEvent.click(await screen.findByRole('button', { name: 'New test' }));
    expect(await screen.findByRole('heading', { name: 'New test' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Choose images' })).toBeDisabled();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your videos' }), 'rye');
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: /How to bake sourdough/ })).toBeNull(),
    );
    await userEvent.click(screen.getByRole('radio', { name: /Rye bread for beginners/ }));

    const input = screen.getByTestId('thumbnail-file-input');
    await userEvent.upload(input, [png('grey.png'), png('mid.png'), png('broken.png')]);
    const chosen = await screen.findByRole('list', { name: 'Chosen thumbnails' });
    expect(
      await within(chosen).findByText(/broken.png: The image could not be read./),
    ).toBeVisible();
    expect(within(chosen).getByText(/Not 16:9 — YouTube will add black bars/)).toBeVisible();
    expect(within(chosen).getByText(/Narrower than 1280 pixels/)).toBeVisible();
    expect(labsApi.uploaded.map((u) => [u.videoId, u.contentType])).toEqual([
      ['vid-2', 'image/png'],
      ['vid-2', 'image/png'],
      ['vid-2', 'image/png'],
    ]);

    // A refused image blocks the start until it is removed.
    await userEvent.click(screen.getByRole('button', { name: 'Start test' }));
    expect(await screen.findByText('Remove the images that were refused.')).toBeVisible();
    expect(api.requests.some((r) => r.route === 'createThumbnailTest')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove thumbnail C (broken.png)' }));
    // A GIF is refused before uploading.
    await userEvent.upload(input, new File(['x'], 'anim.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(await within(chosen).findByText(/anim.gif: Choose a JPEG or PNG image./)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove thumbnail C (anim.gif)' }));
    await userEvent.upload(input, png('vivid.png'));
    await waitFor(() => expect(labsApi.uploaded).toHaveLength(4));

    const duration = screen.getByRole('spinbutton', { name: 'Duration in days' });
    expect(duration).toHaveValue(14);
    await userEvent.clear(duration);
    await userEvent.type(duration, '3');
    expect(duration).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(duration);
    await userEvent.type(duration, '6');
    await userEvent.click(screen.getByRole('radio', { name: /Views per day/ }));
    expect(
      screen.getByText(
        /“Rye bread for beginners”: 3 thumbnails in turn, swapped every day at midnight Pacific \(50 quota units each/,
      ),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Start test' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Rye bread for beginners' }),
    ).toBeVisible();
    expect(api.requests.find((r) => r.route === 'createThumbnailTest')?.body).toEqual({
      videoId: 'vid-2',
      thumbnailIds: ['thumb-1', 'thumb-2', 'thumb-4'],
      durationDays: 6,
      metric: 'viewsPerDay',
    });
    expect(screen.getByTestId('test-status')).toHaveTextContent('Running');
  });

  it('takes images dropped on the drop zone, at most three', async () => {
    setup();
    labsApi.videos = [buildVideo()];
    renderApp('/labs?new=1');
    await userEvent.click(await screen.findByRole('radio', { name: /How to bake sourdough/ }));
    const zone = screen.getByTestId('thumbnail-drop-zone');
    fireEvent.drop(zone, {
      dataTransfer: { files: ['1', '2', '3', '4'].map((n) => png(`dropped-${n}.png`)) },
    });
    const chosen = await screen.findByRole('list', { name: 'Chosen thumbnails' });
    await waitFor(() => expect(labsApi.uploaded).toHaveLength(3));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(3);
    expect(
      screen.getByText(/A test rotates at most 3 thumbnails; the others were left out/),
    ).toBeVisible();
    expect(screen.getByText('3 images chosen. Remove one to choose another.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose images' })).toBeDisabled();
  });

  it('says when the video already has a running test', async () => {
    setup();
    labsApi.videos = [buildVideo()];
    labsApi.startError = {
      status: 409,
      code: 'thumbnail-test-running',
      message: 'A thumbnail test is already running on this video',
    };
    renderApp('/labs?new=1');
    await userEvent.click(await screen.findByRole('radio', { name: /How to bake sourdough/ }));
    await userEvent.upload(screen.getByTestId('thumbnail-file-input'), [
      png('a.png'),
      png('b.png'),
    ]);
    await waitFor(() => expect(labsApi.uploaded).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Start test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This video already has a running test',
    );
  });
});
