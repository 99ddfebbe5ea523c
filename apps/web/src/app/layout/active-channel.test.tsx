import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACTIVE_CHANNEL_STORAGE_KEY,
  CHANNEL_CHANGED_EVENT,
  reloadUrlAfterChannelSwitch,
  selectActiveChannelId,
} from '../../lib/channels/active-channel.ts';
import {
  addSyncedChannelId,
  getSyncedChannelIds,
  SYNCED_CHANNELS_STORAGE_KEY,
} from '../../lib/channels/synced-channels.ts';
import { pickerChannels } from '../../lib/channels/get-my-channels.ts';
import { buildChannels, buildPublicConfig, buildUser } from '../../testing/data.ts';
import { renderWithProviders } from '../../testing/render-app.tsx';
import { browser } from '../../lib/browser.ts';
import { Header } from './header.tsx';

const channels = buildChannels(3);

describe('selectActiveChannelId', () => {
  it('keeps the in-memory channel while it is still connected', () => {
    expect(selectActiveChannelId(channels, 'ch-2', 'ch-3')).toBe('ch-2');
  });
  it('falls back to the stored channel', () => {
    expect(selectActiveChannelId(channels, 'gone', 'ch-3')).toBe('ch-3');
    expect(selectActiveChannelId(channels, null, 'ch-3')).toBe('ch-3');
  });
  it('falls back to the first channel, or none', () => {
    expect(selectActiveChannelId(channels, 'gone', 'also-gone')).toBe('ch-1');
    expect(selectActiveChannelId([], 'ch-1', 'ch-1')).toBeNull();
  });
});

describe('pickerChannels', () => {
  it('lists my channels first, then channels shared with me', () => {
    const [a, b, c] = channels;
    expect(pickerChannels({ myChannels: [b!], invitedTo: [a!, c!] }).map((x) => x.id)).toEqual([
      'ch-2',
      'ch-1',
      'ch-3',
    ]);
  });
});

describe('reloadUrlAfterChannelSwitch', () => {
  it('drops playlist under the optimization path', () => {
    expect(reloadUrlAfterChannelSwitch('http://x.test/optimization?playlist=p1&sort=date')).toBe(
      'http://x.test/optimization?sort=date',
    );
  });
  it('drops selectedFolder (and the open idea) under the saved ideas path', () => {
    expect(
      reloadUrlAfterChannelSwitch('http://x.test/video-idea/saved?selectedFolder=f1&q=1'),
    ).toBe('http://x.test/video-idea/saved?q=1');
    expect(
      reloadUrlAfterChannelSwitch('http://x.test/video-idea/saved?selectedFolder=f1&idea=i1'),
    ).toBe('http://x.test/video-idea/saved');
  });
  it('does not reload elsewhere', () => {
    expect(reloadUrlAfterChannelSwitch('http://x.test/reporting/overview?playlist=p1')).toBeNull();
  });
});

describe('synced channel ids', () => {
  it('are kept in localStorage without duplicates', () => {
    addSyncedChannelId('UC1');
    addSyncedChannelId('UC1');
    addSyncedChannelId('UC2');
    expect(getSyncedChannelIds()).toEqual(['UC1', 'UC2']);
    expect(JSON.parse(localStorage.getItem(SYNCED_CHANNELS_STORAGE_KEY)!)).toEqual(['UC1', 'UC2']);
  });
  it('survive garbage in storage', () => {
    localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, '{oops');
    expect(getSyncedChannelIds()).toEqual([]);
  });
});

describe('switching channels from the header', () => {
  const renderHeader = (path: string) => {
    window.history.replaceState(null, '', path);
    return renderWithProviders(<Header />, path, {
      user: buildUser(),
      config: buildPublicConfig(),
      channels: { myChannels: channels.slice(0, 2), invitedTo: channels.slice(2) },
    });
  };

  it('starts with the stored channel and stores the one chosen, announcing it', async () => {
    localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-2');
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
    const changed = vi.fn();
    window.addEventListener(CHANNEL_CHANGED_EVENT, changed);
    renderHeader('/reporting/overview');
    const button = await screen.findByRole('button', { name: /choose channel/i });
    expect(button).toHaveTextContent('Channel 2');

    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Channel 3/ }),
    );
    await waitFor(() => expect(button).toHaveTextContent('Channel 3'));
    expect(localStorage.getItem(ACTIVE_CHANNEL_STORAGE_KEY)).toBe('ch-3');
    expect(changed).toHaveBeenCalledTimes(1);
    expect((changed.mock.calls[0]![0] as CustomEvent).detail).toEqual({ channelId: 'ch-3' });
    expect(reload).not.toHaveBeenCalled();
    window.removeEventListener(CHANNEL_CHANGED_EVENT, changed);
  });

  it('reloads the optimization list without its playlist filter', async () => {
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
    renderHeader('/optimization?playlist=PL1&visibility=public');
    await userEvent.click(await screen.findByRole('button', { name: /choose channel/i }));
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Channel 2/ }),
    );
    expect(reload).toHaveBeenCalledWith('http://localhost:3000/optimization?visibility=public');
  });

  it('reloads saved ideas without the selected folder', async () => {
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
    renderHeader('/video-idea/saved?selectedFolder=F1');
    await userEvent.click(await screen.findByRole('button', { name: /choose channel/i }));
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Channel 2/ }),
    );
    expect(reload).toHaveBeenCalledWith('http://localhost:3000/video-idea/saved');
  });

  it('falls back to the first channel when the stored one is gone', async () => {
    localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'removed');
    renderHeader('/reporting/overview');
    expect(await screen.findByRole('button', { name: /choose channel/i })).toHaveTextContent(
      'Channel 1',
    );
    await waitFor(() => expect(localStorage.getItem(ACTIVE_CHANNEL_STORAGE_KEY)).toBe('ch-1'));
  });
});
