/**
 * The video platform side of the journeys: the emulator's Google accounts and demo channels, its
 * consent page (driven like a person would), its test switches, and a few steps done over HTTP
 * when a journey only needs their outcome (connecting or reconnecting a channel without a browser).
 */
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO } from './app.ts';

/** The seeded account without a channel (the guard sends it to /setup-step1). */
export const NEWCOMER = {
  email: 'newcomer@tubewise.local',
  password: 'tubewise-demo',
} as const;

/** Google accounts of the emulator (apps/emulator/src/accounts.ts). */
export const GOOGLE_ACCOUNTS = {
  /** Owns the eight demo channels. */
  creator: {
    id: '108200000000000000001',
    name: 'Alex Rivera',
    email: 'alex.creator@tubewise.test',
  },
  /** Owns no channel. */
  noChannel: { id: '108200000000000000002', name: 'Sam Lee', email: 'sam.nochannel@tubewise.test' },
} as const;

/** Platform ids (youtubeId) of the demo channels, by title. */
export const DEMO_CHANNEL_IDS = {
  'Trailside Kitchen': 'UCtw0demo00000000000001',
  'Pixel Forge Tutorials': 'UCtw0demo00000000000002',
  'Budget Van Life': 'UCtw0demo00000000000003',
  'Daily Calm Yoga': 'UCtw0demo00000000000004',
  'Garage Science': 'UCtw0demo00000000000005',
  'Lena Learns Languages': 'UCtw0demo00000000000006',
  'Retro Console Repair': 'UCtw0demo00000000000007',
  'Small Garden Big Harvest': 'UCtw0demo00000000000008',
} as const;

/** The consent page's label of the scope the product cannot work without. */
export const MANAGE_SCOPE = 'Manage your YouTube account';

/** Spec section 8, quoted exactly. */
export const OAUTH_TOASTS = {
  invalidChannel:
    'The account you selected does not appear to be a valid video-platform channel. Please select a different account.',
  invalidChannelReconnect:
    'The channel you tried to reconnect does not appear to be a valid video-platform channel. Please select a different channel.',
  wrongChannel:
    'The channel you tried to reconnect does not match your selected channel. Please try to reconnect again and make sure to select the correct channel.',
  missingPermissions:
    "It seems that you did not give sufficient permissions. Please try again and click on the 'Manage your account' checkbox when prompted.",
  xsrf: 'Something went wrong while we tried to connect your channel. Please try again.',
} as const;

/** Spec section 8, quoted exactly. */
export const PLATFORM_NOTICES = {
  invalidGrant:
    'Failed to connect to the video platform API. In order to continue using this feature you need to reconnect your channel.',
  accessForbidden:
    "It seems your connected account doesn't have the permission to retrieve data. Please contact your channel administrator.",
} as const;

/** The product's success toasts of the OAuth return (its own wording). */
export const CONNECT_TOASTS = {
  connected: 'Channel connected.',
  reconnected: 'Channel reconnected.',
} as const;

/** Accessible name of the sync progress bar. */
export const SYNC_PROGRESS = 'Channel sync progress';

/** The query parameters an OAuth return adds; none may stay in the address bar. */
const OAUTH_RETURN_PARAMS = [
  'oauth-success',
  'valid-channel',
  'channel-reconnect',
  'correct-channel',
  'yt-permissions-given',
  'xsrf',
  'channel',
];

/** A toast / notice (notistack renders them as alerts) with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Expects the error toast of an OAuth return, and the address bar cleaned of its parameters. */
export async function expectOAuthToast(page: Page, text: string, path: string): Promise<void> {
  const notice = toast(page, text);
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(text);
  await expectOAuthParamsStripped(page, path);
}

/** Expects the page at `path` with no OAuth return parameter left in the query. */
export async function expectOAuthParamsStripped(page: Page, path: string): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      const leftover = OAUTH_RETURN_PARAMS.filter((p) => url.searchParams.has(p));
      return `${url.pathname} ${leftover.join(',')}`.trim();
    })
    .toBe(path);
}

/**
 * Waits until the automatic first sync of the active channel (every fresh browser runs one) has
 * finished, i.e. the browser lists the channel as synced.
 */
export async function waitForFirstSync(page: Page, youtubeId: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('syncedChannelIds') ?? ''), {
      timeout: 30_000,
    })
    .toContain(youtubeId);
  await expect(page.getByRole('progressbar', { name: SYNC_PROGRESS })).toBeHidden();
}

/** The emulator's Google pages: account chooser and consent screen. */
export const consentPage = {
  /** Waits for the account chooser and picks an account. */
  async chooseAccount(page: Page, account: { name: string }): Promise<void> {
    await expect(page).toHaveURL(/\/emulator\/o\/oauth2\/v2\/auth\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose an account');
    await page.getByRole('button', { name: new RegExp(`^${account.name}\\b`) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'wants access to your Google Account',
    );
  },

  /** Picks a channel (when the account has several) on the consent screen. */
  async chooseChannel(page: Page, title: string): Promise<void> {
    const channel = page.getByRole('radio', { name: title, exact: true });
    await channel.check();
    await expect(channel).toBeChecked();
  },

  async untickManageScope(page: Page): Promise<void> {
    const scope = page.getByRole('checkbox', { name: MANAGE_SCOPE });
    await expect(scope).toBeChecked();
    await scope.uncheck();
  },

  async allow(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
  },

  async deny(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
  },

  /** Account A, one of its channels, everything ticked, Allow. */
  async approve(page: Page, channelTitle: string): Promise<void> {
    await consentPage.chooseAccount(page, GOOGLE_ACCOUNTS.creator);
    await consentPage.chooseChannel(page, channelTitle);
    await consentPage.allow(page);
  },
};

/** The emulator's test switches (POST {prefix}/_emulator/...). */
export function emulator(api: APIRequestContext) {
  const post = async (path: string, data: unknown): Promise<unknown> => {
    const response = await api.post(`/emulator/_emulator/${path}`, { data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  return {
    setLatency: (ms: number) => post('latency', { ms }),
    forgetGrantedScopes: () => post('forget-granted-scopes', {}),
    /** Holds every call of one method (e.g. playlistItems.list) for `ms` (0 removes it). */
    setMethodLatency: (method: string, ms: number) => post('latency', { ms, method }),
    setForbidden: (channelId: string, forbidden: boolean) =>
      post('forbidden', { channelId, forbidden }),
    /** Revokes every refresh token of a Google account: all its grants, for every product user. */
    revokeAccount: (account: string) => post('revoke', { account }),
    /** Adds a generated channel owned by a Google account; returns its id and title. */
    addChannel: async (options: {
      title: string;
      videoCount: number;
      owner?: string;
    }): Promise<{ id: string; title: string }> =>
      (await post('channels', {
        owner: GOOGLE_ACCOUNTS.creator.id,
        ...options,
      })) as { id: string; title: string },
  };
}

/** A request context signed in to the product as this account (dispose it afterwards). */
export async function apiSession(
  baseURL: string | undefined,
  account: { email: string; password: string } = DEMO,
): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/users/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.ok(), `login ${account.email}: ${await login.text()}`).toBe(true);
  return api;
}

/** A product channel as GET /api/users/me/channels lists it. */
export interface ApiChannel {
  id: string;
  youtubeId: string;
  name: string;
  needsReconnect: boolean;
}

/** The signed-in user's channels: owned and shared. */
export async function myChannels(
  api: APIRequestContext,
): Promise<{ myChannels: ApiChannel[]; invitedTo: ApiChannel[] }> {
  const response = await api.get('/api/users/me/channels');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { myChannels: ApiChannel[]; invitedTo: ApiChannel[] };
}

/**
 * Expects a sync of the channel that started at or after `since` to have finished successfully
 * with all its videos (waits while it runs).
 */
export async function expectCompletedSync(
  api: APIRequestContext,
  youtubeId: string,
  videos: number,
  since: number,
): Promise<void> {
  const { myChannels: owned, invitedTo } = await myChannels(api);
  const channel = [...owned, ...invitedTo].find((c) => c.youtubeId === youtubeId);
  expect(channel, youtubeId).toBeDefined();
  await expect
    .poll(
      async () => {
        const response = await api.get(`/optimization/channels/${channel!.id}/sync/status`);
        const status = (await response.json()) as {
          state: string;
          videosDone: number;
          videosTotal: number | null;
          startedAt: string | null;
        };
        const recent = status.startedAt !== null && Date.parse(status.startedAt) >= since - 1_000;
        return { recent, state: status.state, done: status.videosDone, total: status.videosTotal };
      },
      { timeout: 30_000 },
    )
    .toEqual({ recent: true, state: 'succeeded', done: videos, total: videos });
}

/**
 * Connects (or reconnects) a channel of Google account A without a browser: asks the product for
 * the consent URL, answers the consent form as "Allow, everything ticked", and follows the
 * callback with the session. Returns the path and query the product redirected to.
 */
export async function connectByApi(
  api: APIRequestContext,
  options: {
    youtubeId: string;
    reconnect?: boolean;
    firstChannel?: boolean;
    /** The channel picked on the consent page, when not `youtubeId` (a wrong-channel reconnect). */
    pick?: string;
  },
): Promise<{ callback: string; back: URL }> {
  const me = (await (await api.get('/api/users/me')).json()) as { id: string };
  const query = new URLSearchParams({
    user_id: me.id,
    reconnect: String(Boolean(options.reconnect)),
    first_channel: String(Boolean(options.firstChannel)),
  });
  if (options.reconnect) query.set('channel_id', options.youtubeId);
  const urlResponse = await api.get(`/api/users/youtube-auth-url?${query.toString()}`);
  expect(urlResponse.ok(), await urlResponse.text()).toBe(true);
  const { authUrl } = (await urlResponse.json()) as { authUrl: string };
  const auth = new URL(authUrl);
  const form = new URLSearchParams(auth.searchParams);
  form.set('authuser', GOOGLE_ACCOUNTS.creator.id);
  form.set('channel', options.pick ?? options.youtubeId);
  for (const scope of (auth.searchParams.get('scope') ?? '').split(/\s+/).filter(Boolean))
    form.append('granted_scope', scope);
  form.set('decision', 'allow');
  const consent = await api.post(`${auth.origin}${auth.pathname}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: form.toString(),
    maxRedirects: 0,
  });
  expect(consent.status(), await consent.text()).toBe(302);
  const callbackUrl = consent.headers().location!;
  const callback = await api.get(callbackUrl, { maxRedirects: 0 });
  expect(callback.status()).toBe(302);
  return { callback: callbackUrl, back: new URL(callback.headers().location!, auth.origin) };
}

/**
 * Makes the emulated Google forget the scopes granted before. The product asks for
 * include_granted_scopes=true, so while account A still has a grant with "Manage your YouTube
 * account", unticking that box changes nothing (as on Google). A revocation would forget them
 * too, but it ends the channel's stored grant as well (Google revokes a whole grant), so the
 * emulator's switch forgets them and keeps every token valid.
 */
export async function forgetGrantedScopes(api: APIRequestContext): Promise<void> {
  await emulator(api).forgetGrantedScopes();
}

/**
 * Gives every channel of the demo and newcomer accounts a fresh grant from Google account A
 * (after the revoke switch killed them all), and checks none is left needing reconnection.
 */
export async function restoreGrants(baseURL: string | undefined): Promise<void> {
  const done = new Set<string>();
  for (const account of [DEMO, NEWCOMER]) {
    const api = await apiSession(baseURL, account);
    try {
      for (const channel of (await myChannels(api)).myChannels) {
        if (done.has(channel.youtubeId)) continue;
        const { back } = await connectByApi(api, {
          youtubeId: channel.youtubeId,
          reconnect: true,
        });
        expect(back.searchParams.get('oauth-success'), `${channel.name}: ${back.href}`).toBe(
          'true',
        );
        done.add(channel.youtubeId);
      }
      const after = await myChannels(api);
      expect(after.myChannels.filter((c) => c.needsReconnect).map((c) => c.name)).toEqual([]);
    } finally {
      await api.dispose();
    }
  }
}
