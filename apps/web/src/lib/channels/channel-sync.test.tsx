import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SyncStatus } from '@tubewise/contract';
import { renderApp } from '../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../testing/server.ts';
import { buildChannels, buildSyncStatus, buildUser } from '../../testing/data.ts';
import { channelVideosQueryKey } from '../video-queries.ts';
import { getSyncedChannelIds, SYNCED_CHANNELS_STORAGE_KEY } from './synced-channels.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from './active-channel.ts';
import { syncTracker } from './channel-sync.ts';
import { SYNC_POLL_INTERVAL_MS } from './get-sync-status.ts';
import { syncProgressText } from '../../components/sync-banner.tsx';

const PAGE = '/video-idea/discover';
const running = (done: number, total: number | null) =>
  buildSyncStatus({
    state: 'running',
    isSyncing: true,
    videosDone: done,
    videosTotal: total,
    startedAt: '2026-01-02T10:00:00.000Z',
  });
const finished = (state: 'succeeded' | 'failed', error: string | null = null) =>
  buildSyncStatus({
    state,
    videosDone: 400,
    videosTotal: 400,
    startedAt: '2026-01-02T10:00:00.000Z',
    finishedAt: '2026-01-02T10:01:00.000Z',
    lastSyncedAt: state === 'succeeded' ? '2026-01-02T10:01:00.000Z' : null,
    error,
  });

/** The status calls answer these in turn (the last one repeats). */
function statusSequence(...statuses: SyncStatus[]) {
  let i = 0;
  server.use(handle('syncStatus', () => ({ body: statuses[Math.min(i++, statuses.length - 1)]! })));
}

const signIn = (count = 2) => {
  api.user = buildUser();
  api.myChannels = buildChannels(count);
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
};
const startCalls = () => api.requests.filter((r) => r.route === 'startSync');
/** Waits until the header shows the active channel (ch-1), i.e. the app acted on it. */
const activeChannelShown = () => screen.findByRole('button', { name: 'Channel 1, choose channel' });

describe('automatic channel sync', () => {
  it('starts once for an active channel that is not in the synced list', async () => {
    signIn();
    statusSequence(running(0, null));
    const { unmount } = renderApp(PAGE);
    await waitFor(() => expect(startCalls()).toHaveLength(1));
    expect(startCalls()[0]?.params).toEqual({ id: 'ch-1' });
    await screen.findByRole('progressbar', { name: 'Channel sync progress' });
    // Another page (or a remount) does not start it again.
    unmount();
    renderApp('/reporting/overview');
    await screen.findByRole('progressbar', { name: 'Channel sync progress' });
    expect(startCalls()).toHaveLength(1);
  });

  it('does not start for a channel already in the synced list', async () => {
    signIn();
    localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify(['UC-yt-1']));
    renderApp(PAGE);
    await activeChannelShown();
    // A sync starts in the same commit that shows the channel: it would be tracked by now.
    expect(syncTracker.get('ch-1')).toBeUndefined();
    expect(startCalls()).toHaveLength(0);
    expect(screen.queryByRole('progressbar', { name: 'Channel sync progress' })).toBeNull();
  });

  it('does not start for a channel that needs reconnecting', async () => {
    signIn(1);
    api.myChannels = [{ ...api.myChannels[0]!, needsReconnect: true }];
    renderApp(PAGE);
    await activeChannelShown();
    expect(syncTracker.get('ch-1')).toBeUndefined();
    expect(startCalls()).toHaveLength(0);
  });

  it('shows an indeterminate bar until the total is known, then videos done / total', async () => {
    signIn();
    statusSequence(running(0, null), running(150, 400));
    renderApp(PAGE);
    const bar = await screen.findByRole('progressbar', { name: 'Channel sync progress' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Syncing videos…')).toBeInTheDocument();
    await screen.findByText('Syncing videos… 150 / 400', undefined, {
      timeout: SYNC_POLL_INTERVAL_MS * 3,
    });
    const determinate = screen.getByRole('progressbar', { name: 'Channel sync progress' });
    expect(determinate).toHaveAttribute('aria-valuenow', '150');
    expect(determinate).toHaveAttribute('aria-valuemin', '0');
    expect(determinate).toHaveAttribute('aria-valuemax', '400');
    expect(determinate).toHaveAttribute('aria-valuetext', '150 of 400 videos');
  });

  it('on success adds the youtubeId to the synced list, refreshes video data and hides the bar', async () => {
    signIn();
    statusSequence(running(150, 400), finished('succeeded'));
    const { queryClient } = renderApp(PAGE);
    queryClient.setQueryData(channelVideosQueryKey('ch-1'), { videos: [] });
    await screen.findByRole('progressbar', { name: 'Channel sync progress' });
    await waitFor(() => expect(getSyncedChannelIds()).toEqual(['UC-yt-1']), {
      timeout: SYNC_POLL_INTERVAL_MS * 4,
    });
    expect(queryClient.getQueryState(channelVideosQueryKey('ch-1'))?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Channel sync progress' })).toBeNull(),
    );
  });

  it("on failure logs 'Error syncing channel: {id}', shows the reason and retries", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    statusSequence(finished('failed', 'YouTube quota exhausted, try again tomorrow.'));
    renderApp(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'YouTube quota exhausted, try again tomorrow.',
    );
    expect(error).toHaveBeenCalledWith('Error syncing channel: UC-yt-1');
    expect(getSyncedChannelIds()).toEqual([]);
    statusSequence(running(10, 400));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(startCalls()).toHaveLength(2));
    expect(await screen.findByText('Syncing videos… 10 / 400')).toBeInTheDocument();
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('logs and offers Retry when the sync cannot even start', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      handle('startSync', () => ({
        status: 500,
        body: errorBody('internal', 'The server is having a moment.'),
      })),
    );
    signIn();
    renderApp(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is having a moment.');
    expect(error).toHaveBeenCalledWith('Error syncing channel: UC-yt-1');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('words the progress', () => {
    expect(syncProgressText(undefined)).toBe('Syncing videos…');
    expect(syncProgressText(running(0, null))).toBe('Syncing videos…');
    expect(syncProgressText(running(150, 400))).toBe('Syncing videos… 150 / 400');
  });
});
