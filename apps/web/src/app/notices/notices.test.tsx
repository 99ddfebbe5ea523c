import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { GlobalEventNotices } from './global-event-notices.tsx';
import OAuthReturnToasts from './oauth-return-toasts.tsx';
import {
  OAUTH_SUCCESS_TEXTS,
  oauthReturnError,
  oauthReturnSuccess,
  stripOAuthParams,
} from './oauth-return.ts';
import {
  activeChannelStore,
  ACTIVE_CHANNEL_STORAGE_KEY,
  CHANNEL_CHANGED_EVENT,
} from '../../lib/channels/active-channel.ts';
import {
  INVALID_GRANT_EVENT,
  SESSION_EXPIRED_EVENT,
  YT_ACCESS_FORBIDDEN_EVENT,
} from '../../lib/api-client.ts';
import { registerNotifier, type NoticeOptions } from '../../lib/notify.ts';
import * as timings from '../../config/notifications.ts';
import { OAUTH_TEXTS } from '../../config/oauth-texts.ts';
import {
  ACCESS_FORBIDDEN_TEXT,
  INVALID_GRANT_TEXT,
  SESSION_EXPIRED_TEXT,
} from '../../config/texts.ts';
import { currentLocation, renderApp, renderWithProviders } from '../../testing/render-app.tsx';
import { api } from '../../testing/server.ts';
import { buildChannels, buildUser } from '../../testing/data.ts';

let shown: { message: ReactNode; options: NoticeOptions }[] = [];
let unregister: () => void = () => undefined;
beforeEach(() => {
  shown = [];
});
afterEach(() => unregister());

const captureNotices = () => {
  unregister = registerNotifier({
    show: (message, options) => shown.push({ message, options }),
    close: () => undefined,
  });
};

const textOf = (node: ReactNode): string => {
  const { container, unmount } = render(<MemoryRouter>{node}</MemoryRouter>);
  const text = container.textContent ?? '';
  unmount();
  return text;
};

describe('notice timings (spec section 9)', () => {
  it('are the spec values', () => {
    expect(timings).toMatchObject({
      SNACKBAR_DURATION_MS: 3000,
      SNACKBAR_MAX_STACK: 3,
      SNACKBAR_SHORT_DURATION_MS: 2000,
      ALERT_DURATION_MS: 6000,
      TOAST_MAX_VISIBLE: 3,
      TOAST_DURATION_MS: 5000,
      TOAST_ANCHOR: { vertical: 'bottom', horizontal: 'left' },
      SESSION_EXPIRED_DURATION_MS: 5000,
      PLATFORM_ERROR_DURATION_MS: 15000,
    });
  });
});

describe('global event notices', () => {
  const setup = async () => {
    captureNotices();
    renderWithProviders(<GlobalEventNotices />);
    // The config gate renders children once the public config is in.
    await waitFor(() => expect(api.requests.some((r) => r.route === 'publicConfig')).toBe(true));
    await act(async () => undefined);
  };

  it('session expired: exact text, 5 s', async () => {
    await setup();
    act(() => void window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT)));
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(textOf(shown[0]!.message)).toBe(SESSION_EXPIRED_TEXT);
    expect(SESSION_EXPIRED_TEXT).toBe('Your session has expired. Please click here to login');
    expect(shown[0]!.options.autoHideDuration).toBe(5000);
  });

  it('invalid grant: exact text, 15 s, with a reconnect link', async () => {
    await setup();
    act(() => void window.dispatchEvent(new Event(INVALID_GRANT_EVENT)));
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]!.message).toBe(INVALID_GRANT_TEXT);
    expect(INVALID_GRANT_TEXT).toBe(
      'Failed to connect to the video platform API. In order to continue using this feature you need to reconnect your channel.',
    );
    expect(shown[0]!.options).toMatchObject({ variant: 'error', autoHideDuration: 15000 });
    expect(shown[0]!.options.action).toBeTypeOf('function');
  });

  it('access forbidden: exact text, 15 s', async () => {
    await setup();
    act(() => void window.dispatchEvent(new Event(YT_ACCESS_FORBIDDEN_EVENT)));
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]!.message).toBe(
      "It seems your connected account doesn't have the permission to retrieve data. Please contact your channel administrator.",
    );
    expect(shown[0]!.message).toBe(ACCESS_FORBIDDEN_TEXT);
    expect(shown[0]!.options.autoHideDuration).toBe(15000);
  });
});

describe('notices in the running app', () => {
  it('"click here" in the session-expired notice leads to login and back', async () => {
    api.user = buildUser({ flags: 'labs_user' });
    api.myChannels = buildChannels(1);
    renderApp('/labs');
    await screen.findByRole('heading', { level: 1, name: 'Labs' });
    api.user = null; // the server no longer knows the session
    act(() => void window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT)));
    const link = await screen.findByRole('link', { name: 'click here' });
    expect(link).toHaveAttribute('href', '/login');
    expect(link.closest('#notistack-snackbar') ?? link.parentElement).toHaveTextContent(
      SESSION_EXPIRED_TEXT,
    );
    await userEvent.click(link);
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(currentLocation().state).toEqual({ from: '/labs' });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('the invalid-grant notice links to the reconnect page', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    act(() => void window.dispatchEvent(new Event(INVALID_GRANT_EVENT)));
    const reconnect = await screen.findByRole('link', { name: 'Reconnect' });
    expect(reconnect).toHaveAttribute('href', '/reconnect-channel');
    expect(screen.getByText(INVALID_GRANT_TEXT)).toBeInTheDocument();
  });
});

describe('OAuth return', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('picks the toast from the query', () => {
    expect(oauthReturnError(q('oauth-success=false&valid-channel=false'))).toBe(
      OAUTH_TEXTS.invalidChannel,
    );
    expect(
      oauthReturnError(q('oauth-success=false&valid-channel=false&channel-reconnect=true')),
    ).toBe(OAUTH_TEXTS.invalidChannelReconnect);
    expect(oauthReturnError(q('oauth-success=false&correct-channel=false'))).toBe(
      OAUTH_TEXTS.wrongChannel,
    );
    expect(oauthReturnError(q('oauth-success=false&yt-permissions-given=false'))).toBe(
      OAUTH_TEXTS.missingPermissions,
    );
    expect(oauthReturnError(q('oauth-success=false&xsrf=false'))).toBe(OAUTH_TEXTS.xsrf);
    expect(oauthReturnError(q('oauth-success=false'))).toBe(OAUTH_TEXTS.xsrf);
    expect(oauthReturnError(q('oauth-success=true'))).toBeNull();
    expect(oauthReturnError(q('valid-channel=false'))).toBeNull();
  });

  it('has the exact spec texts', () => {
    expect(OAUTH_TEXTS).toEqual({
      invalidChannel:
        'The account you selected does not appear to be a valid video-platform channel. Please select a different account.',
      invalidChannelReconnect:
        'The channel you tried to reconnect does not appear to be a valid video-platform channel. Please select a different channel.',
      wrongChannel:
        'The channel you tried to reconnect does not match your selected channel. Please try to reconnect again and make sure to select the correct channel.',
      missingPermissions:
        "It seems that you did not give sufficient permissions. Please try again and click on the 'Manage your account' checkbox when prompted.",
      xsrf: 'Something went wrong while we tried to connect your channel. Please try again.',
    });
  });

  it('strips only the OAuth parameters', () => {
    expect(stripOAuthParams('?oauth-success=false&xsrf=false&tab=2')).toBe('?tab=2');
    expect(stripOAuthParams('?oauth-success=true')).toBe('');
    expect(stripOAuthParams('?tab=2')).toBeNull();
    // `channel` belongs to the return only next to oauth-success.
    expect(stripOAuthParams('?oauth-success=true&channel=UC1&channel-reconnect=true')).toBe('');
    expect(stripOAuthParams('?channel=UC1')).toBeNull();
    expect(stripOAuthParams('?xsrf=false&channel=UC1')).toBe('?channel=UC1');
  });

  it('reads a successful return', () => {
    expect(oauthReturnSuccess(q('oauth-success=true&channel=UC1'))).toEqual({
      youtubeId: 'UC1',
      message: 'Channel connected.',
    });
    expect(oauthReturnSuccess(q('oauth-success=true&channel=UC1&channel-reconnect=true'))).toEqual({
      youtubeId: 'UC1',
      message: 'Channel reconnected.',
    });
    expect(oauthReturnSuccess(q('oauth-success=false&channel=UC1'))).toBeNull();
    expect(oauthReturnError(q('oauth-success=true&channel=UC1'))).toBeNull();
  });

  it('on success: toast, channels refetched, the connected channel active, query stripped', async () => {
    api.user = buildUser();
    api.myChannels = buildChannels(3);
    localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
    const changed: unknown[] = [];
    const onChanged = (e: Event) => changed.push((e as CustomEvent).detail);
    window.addEventListener(CHANNEL_CHANGED_EVENT, onChanged);
    renderApp('/settings/channels?oauth-success=true&channel=UC-yt-3&keep=1');
    expect(await screen.findByText(OAUTH_SUCCESS_TEXTS.connected)).toBeInTheDocument();
    await waitFor(() => expect(activeChannelStore.get()).toBe('ch-3'));
    expect(localStorage.getItem(ACTIVE_CHANNEL_STORAGE_KEY)).toBe('ch-3');
    expect(changed).toEqual([{ channelId: 'ch-3' }]);
    await waitFor(() => expect(currentLocation().search).toBe('?keep=1'));
    expect(currentLocation().pathname).toBe('/settings/channels');
    // Loaded by the page, then again after the return (the new channel, the cleared flag).
    await waitFor(() =>
      expect(api.requests.filter((r) => r.route === 'myChannels').length).toBeGreaterThan(1),
    );
    expect(screen.getByRole('button', { name: /choose channel/i })).toHaveTextContent('Channel 3');
    window.removeEventListener(CHANNEL_CHANGED_EVENT, onChanged);
  });

  it('on a successful reconnect says so', async () => {
    api.user = buildUser();
    api.myChannels = buildChannels(2);
    renderApp('/settings/channels?oauth-success=true&channel=UC-yt-2&channel-reconnect=true');
    expect(await screen.findByText(OAUTH_SUCCESS_TEXTS.reconnected)).toBeInTheDocument();
    await waitFor(() => expect(activeChannelStore.get()).toBe('ch-2'));
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(OAUTH_SUCCESS_TEXTS).toEqual({
      connected: 'Channel connected.',
      reconnected: 'Channel reconnected.',
    });
  });

  it('shows an error toast (5 s) on any page and strips the query', async () => {
    captureNotices();
    renderWithProviders(
      <OAuthReturnToasts />,
      '/forget-password?oauth-success=false&valid-channel=false&channel-reconnect=true&keep=1',
    );
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toEqual({
      message: OAUTH_TEXTS.invalidChannelReconnect,
      options: expect.objectContaining({ variant: 'error', autoHideDuration: 5000 }),
    });
    await waitFor(() => expect(currentLocation().search).toBe('?keep=1'));
    expect(currentLocation().pathname).toBe('/forget-password');
  });

  it('shows the toast in the app', async () => {
    renderApp('/login?oauth-success=false&yt-permissions-given=false');
    expect(await screen.findByText(OAUTH_TEXTS.missingPermissions)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().search).toBe(''));
  });
});
