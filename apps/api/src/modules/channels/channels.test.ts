import type { InjectOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelCredentials, channels as channelsTable, videos } from '../../db/schema/index.ts';
import { FakePlatform } from '../../testing/fake-platform.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { SCOPE_READONLY } from '../video-platform/index.ts';

const CHANNEL_A = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const CHANNEL_B = 'UCbbbbbbbbbbbbbbbbbbbbbb';
const CHANNEL_C = 'UCcccccccccccccccccccccc';

describe.each(testBackends())('channels (%s)', (backend) => {
  let t: TestApp;
  let platform: FakePlatform;
  let owner: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  /** Connects only channel C (return-path tests), so the other tests' channels stay as they are. */
  let third: { id: string; cookie: string };

  beforeAll(async () => {
    platform = new FakePlatform([
      {
        code: 'code-a',
        channel: {
          youtubeId: CHANNEL_A,
          title: 'Alpha Cooking',
          videos: 120,
          playlists: [3, 0, 75],
        },
      },
      {
        code: 'code-b',
        channel: { youtubeId: CHANNEL_B, title: 'Beta Bikes', videos: 7, playlists: [2] },
      },
      {
        code: 'code-c',
        channel: { youtubeId: CHANNEL_C, title: 'Gamma Games', videos: 3, playlists: [] },
      },
      { code: 'code-none', channel: null },
      {
        code: 'code-readonly',
        channel: { youtubeId: 'UCrrrrrrrrrrrrrrrrrrrrrr', title: 'R', videos: 1, playlists: [] },
        scopes: [SCOPE_READONLY],
      },
    ]);
    t = await createTestApp(backend, { platform });
    owner = { id: await t.createUser('owner@example.com'), cookie: '' };
    owner.cookie = await t.login('owner@example.com', TEST_PASSWORD);
    other = { id: await t.createUser('other@example.com'), cookie: '' };
    other.cookie = await t.login('other@example.com', TEST_PASSWORD);
    third = { id: await t.createUser('third@example.com'), cookie: '' };
    third.cookie = await t.login('third@example.com', TEST_PASSWORD);
  });
  afterAll(() => t.close());

  const inject = (options: InjectOptions) => t.app.inject(options);
  const write = (cookie: string) => ({ cookie, 'content-type': 'application/json' });

  async function authUrl(who: { id: string; cookie: string }, query = '') {
    const res = await inject({
      method: 'GET',
      url: `/api/users/youtube-auth-url?user_id=${who.id}${query}`,
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().authUrl as string);
  }

  /** Runs the consent round trip and returns where the browser lands. */
  async function connect(
    who: { id: string; cookie: string },
    code: string | null,
    query = '',
    state?: string,
  ) {
    const url = await authUrl(who, query);
    const params = new URLSearchParams({ state: state ?? url.searchParams.get('state')! });
    if (code) params.set('code', code);
    else params.set('error', 'access_denied');
    const res = await inject({
      method: 'GET',
      url: `/oauth/youtube/callback?${params}`,
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode).toBe(302);
    return new URL(res.headers.location as string, 'http://localhost');
  }

  async function myChannels(cookie: string) {
    return (
      await inject({ method: 'GET', url: '/api/users/me/channels', headers: { cookie } })
    ).json();
  }

  it('builds a consent URL with a one-time state and a PKCE S256 challenge, for oneself only', async () => {
    const url = await authUrl(owner, '&first_channel=true');
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/oauth/youtube/callback',
    );
    const forOther = await inject({
      method: 'GET',
      url: `/api/users/youtube-auth-url?user_id=${other.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(forOther.statusCode).toBe(403);
  });

  it('connects a channel, stores its tokens encrypted, and lists it', async () => {
    const landing = await connect(owner, 'code-a', '&first_channel=true');
    // A first channel lands on the optimisation list (its videos), not on Ideation's empty topics.
    expect(landing.pathname).toBe('/optimization');
    expect(landing.searchParams.get('oauth-success')).toBe('true');
    const list = await myChannels(owner.cookie);
    expect(list.myChannels).toEqual([
      expect.objectContaining({
        youtubeId: CHANNEL_A,
        name: 'Alpha Cooking',
        needsReconnect: false,
      }),
    ]);
    const [stored] = await t.database.db.select().from(channelCredentials);
    expect(stored!.refreshTokenEnc).not.toContain('refresh-code-a');
    expect(stored!.refreshTokenEnc.startsWith('v1.')).toBe(true);
  });

  it('refuses a reused, forged or other-session state with xsrf=false', async () => {
    const url = await authUrl(owner);
    const state = url.searchParams.get('state')!;
    const first = await inject({
      method: 'GET',
      url: `/oauth/youtube/callback?state=${state}&code=code-a`,
      headers: { cookie: owner.cookie },
    });
    expect(
      new URL(first.headers.location as string, 'http://x').searchParams.get('oauth-success'),
    ).toBe('true');
    const reused = await inject({
      method: 'GET',
      url: `/oauth/youtube/callback?state=${state}&code=code-a`,
      headers: { cookie: owner.cookie },
    });
    expect(new URL(reused.headers.location as string, 'http://x').searchParams.get('xsrf')).toBe(
      'false',
    );
    const forged = await connect(owner, 'code-a', '', 'forged-state');
    expect(forged.searchParams.get('xsrf')).toBe('false');
    const otherUrl = await authUrl(other);
    const stolen = await inject({
      method: 'GET',
      url: `/oauth/youtube/callback?state=${otherUrl.searchParams.get('state')}&code=code-a`,
      headers: { cookie: owner.cookie },
    });
    expect(new URL(stolen.headers.location as string, 'http://x').searchParams.get('xsrf')).toBe(
      'false',
    );
  });

  it('answers each failed consent with the spec parameters', async () => {
    const denied = await connect(other, null);
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({
      'oauth-success': 'false',
      'yt-permissions-given': 'false',
    });
    const revokedBefore = platform.revoked.length;
    const readonly = await connect(other, 'code-readonly');
    expect(readonly.searchParams.get('yt-permissions-given')).toBe('false');
    expect(platform.revoked.length).toBe(revokedBefore + 1);
    const noChannel = await connect(other, 'code-none');
    expect(noChannel.searchParams.get('valid-channel')).toBe('false');
    expect(noChannel.searchParams.get('channel-reconnect')).toBeNull();
    const noChannelReconnect = await connect(other, 'code-none', '&reconnect=true');
    expect(noChannelReconnect.pathname).toBe('/reconnect-channel');
    expect(noChannelReconnect.searchParams.get('valid-channel')).toBe('false');
    expect(noChannelReconnect.searchParams.get('channel-reconnect')).toBe('true');
    expect((await myChannels(other.cookie)).myChannels).toEqual([]);
  });

  it('checks on reconnect that the same channel was chosen', async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    const wrong = await connect(owner, 'code-b', `&reconnect=true&channel_id=${channelId}`);
    expect(Object.fromEntries(wrong.searchParams)).toMatchObject({
      'oauth-success': 'false',
      'correct-channel': 'false',
      'channel-reconnect': 'true',
    });
    const right = await connect(owner, 'code-a', `&reconnect=true&channel_id=${CHANNEL_A}`);
    expect(Object.fromEntries(right.searchParams)).toMatchObject({
      'oauth-success': 'true',
      'channel-reconnect': 'true',
    });
  });

  it('returns to the page the reconnect started from, kept with the state, with the usual parameters', async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    const editor = '/optimization/video/abc123?tab=tags#title';
    const back = await connect(
      owner,
      'code-a',
      `&reconnect=true&channel_id=${channelId}&return_to=${encodeURIComponent(editor)}`,
    );
    expect(back.pathname).toBe('/optimization/video/abc123');
    expect(back.hash).toBe('#title');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      tab: 'tags',
      'oauth-success': 'true',
      'channel-reconnect': 'true',
      channel: CHANNEL_A,
    });
    // A failure comes back there too (its toast shows on that page, the edit waits there).
    const wrong = await connect(
      owner,
      'code-b',
      `&reconnect=true&channel_id=${channelId}&return_to=${encodeURIComponent('/optimization/video/abc123')}`,
    );
    expect(wrong.pathname).toBe('/optimization/video/abc123');
    expect(wrong.searchParams.get('correct-channel')).toBe('false');
    // Return parameters planted in the path are dropped: the callback sets its own.
    const planted = await connect(
      third,
      'code-c',
      `&return_to=${encodeURIComponent('/optimization?oauth-success=false&xsrf=false&page=2')}`,
    );
    expect(planted.pathname).toBe('/optimization');
    expect(planted.searchParams.get('page')).toBe('2');
    expect(planted.searchParams.get('oauth-success')).toBe('true');
    expect(planted.searchParams.get('xsrf')).toBeNull();
  });

  it('never sends the browser off the app: unsafe return paths fall back to the default page', async () => {
    const attempts = [
      '//evil.com',
      '//evil.com/optimization',
      'https://evil.com',
      'evil.com',
      '/\\evil.com',
      '/\\/evil.com',
      '/%2F%2Fevil.com',
      '/%2f/evil.com',
      '/%5Cevil.com',
      '/%252F%252Fevil.com',
      '/..//evil.com',
      '/https://evil.com',
      '/javascript:alert(1)',
      'javascript:alert(1)',
      '/\tevil',
      '/api/users/logout',
      '/oauth/youtube/callback?code=x',
      '/emulator/_emulator/reset',
    ];
    for (const attempt of attempts) {
      const landing = await connect(third, 'code-c', `&return_to=${encodeURIComponent(attempt)}`);
      expect(landing.host, attempt).toBe('localhost');
      expect(landing.pathname, attempt).toBe('/settings/channels');
      expect(landing.searchParams.get('oauth-success'), attempt).toBe('true');
    }
    // The callback's own query cannot name a destination: only the stored state does.
    const url = await authUrl(third);
    const res = await inject({
      method: 'GET',
      url: `/oauth/youtube/callback?state=${url.searchParams.get('state')}&code=code-c&return_to=%2F%2Fevil.com&returnTo=%2F%2Fevil.com`,
      headers: { cookie: third.cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location as string, 'http://localhost').pathname).toBe(
      '/settings/channels',
    );
    // An over-long return path is refused by the contract, before any state is created.
    const tooLong = await inject({
      method: 'GET',
      url: `/api/users/youtube-auth-url?user_id=${third.id}&return_to=/${'a'.repeat(2001)}`,
      headers: { cookie: third.cookie },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('marks the channel for reconnection when its refresh token dies, and answers invalid-grant', async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    await t.database.db.update(channelCredentials).set({ accessExpiresAt: new Date(0) });
    platform.refreshDead = true;
    try {
      await expect(
        t.services.credentials.withToken(channelId, async () => 'never'),
      ).rejects.toMatchObject({ code: 'invalid-grant', status: 403 });
      expect((await myChannels(owner.cookie)).myChannels[0].needsReconnect).toBe(true);
    } finally {
      platform.refreshDead = false;
    }
    await connect(owner, 'code-a', `&reconnect=true&channel_id=${channelId}`);
    expect((await myChannels(owner.cookie)).myChannels[0].needsReconnect).toBe(false);
  });

  it("hides another user's channel behind 404 on every channel call", async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    const calls: InjectOptions[] = [
      { method: 'GET', url: `/api/channels/${channelId}/members` },
      {
        method: 'POST',
        url: `/api/channels/${channelId}/members`,
        payload: { email: 'x@example.com' },
      },
      { method: 'DELETE', url: `/api/channels/${channelId}/members/owner@example.com` },
      { method: 'GET', url: `/api/channels/${channelId}/settings` },
      {
        method: 'PUT',
        url: `/api/channels/${channelId}/settings`,
        payload: {
          topics: [],
          language: 'en-us',
          eeatStatement: '',
          toneOfVoice: '',
          industries: [],
          companyName: '',
        },
      },
      { method: 'POST', url: `/optimization/channels/${channelId}/sync` },
      { method: 'GET', url: `/optimization/channels/${channelId}/sync/status` },
      { method: 'DELETE', url: `/accounts/users/channels/${CHANNEL_A}/` },
      { method: 'GET', url: `/api/channels/not-a-uuid/settings` },
    ];
    for (const call of calls) {
      const res = await inject({ ...call, headers: write(other.cookie) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json().error.code).toBe('not-found');
    }
  });

  it('shares a channel: invitees see it under invitedTo; new people get a set-password e-mail', async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    const invited = await inject({
      method: 'POST',
      url: `/api/channels/${channelId}/members`,
      headers: write(owner.cookie),
      payload: { email: 'Other@Example.com' },
    });
    expect(invited.statusCode).toBe(201);
    expect(
      invited.json().members.map((m: { email: string; role: string }) => `${m.role}:${m.email}`),
    ).toEqual(['owner:owner@example.com', 'member:other@example.com']);
    expect((await myChannels(other.cookie)).invitedTo).toEqual([
      expect.objectContaining({ youtubeId: CHANNEL_A }),
    ]);
    const again = await inject({
      method: 'POST',
      url: `/api/channels/${channelId}/members`,
      headers: write(owner.cookie),
      payload: { email: 'other@example.com' },
    });
    expect(again.statusCode).toBe(409);
    const memberCannotInvite = await inject({
      method: 'POST',
      url: `/api/channels/${channelId}/members`,
      headers: write(other.cookie),
      payload: { email: 'z@example.com' },
    });
    expect(memberCannotInvite.statusCode).toBe(403);

    const newcomer = await inject({
      method: 'POST',
      url: `/api/channels/${channelId}/members`,
      headers: write(owner.cookie),
      payload: { email: 'newcomer@example.com' },
    });
    expect(newcomer.json().members).toContainEqual(
      expect.objectContaining({ email: 'newcomer@example.com', joined: false }),
    );
    const [mail] = await t.services.mail.recent(1);
    expect(mail!.to).toBe('newcomer@example.com');
    const link = /\/set-password\?token=([\w%-]+)/.exec(mail!.text)![1]!;
    const set = await inject({
      method: 'POST',
      url: '/api/users/set-password',
      headers: { 'content-type': 'application/json' },
      payload: { token: decodeURIComponent(link), password: 'newcomer passphrase' },
    });
    expect(set.statusCode).toBe(200);
    const newcomerCookie = await t.login('newcomer@example.com', 'newcomer passphrase');
    expect((await myChannels(newcomerCookie)).invitedTo).toHaveLength(1);

    const removed = await inject({
      method: 'DELETE',
      url: `/api/channels/${channelId}/members/newcomer@example.com`,
      headers: write(owner.cookie),
    });
    expect(removed.statusCode).toBe(200);
    expect((await myChannels(newcomerCookie)).invitedTo).toHaveLength(0);
  });

  it('keeps channel settings with defaults, refusing unknown languages', async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    const initial = await inject({
      method: 'GET',
      url: `/api/channels/${channelId}/settings`,
      headers: { cookie: owner.cookie },
    });
    expect(initial.json()).toMatchObject({ language: 'en-us', topics: [] });
    const body = {
      topics: ['Cooking', 'cooking', 'Camping'],
      language: 'de-de',
      eeatStatement: 'Chef for 20 years',
      toneOfVoice: 'warm',
      industries: ['Food'],
      companyName: 'Alpha Ltd',
    };
    const saved = await inject({
      method: 'PUT',
      url: `/api/channels/${channelId}/settings`,
      headers: write(other.cookie),
      payload: body,
    });
    expect(saved.json()).toMatchObject({
      topics: ['Cooking', 'Camping'],
      language: 'de-de',
      companyName: 'Alpha Ltd',
    });
    const unknown = await inject({
      method: 'PUT',
      url: `/api/channels/${channelId}/settings`,
      headers: write(owner.cookie),
      payload: { ...body, language: 'xx-yy' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('lists keyword locales by name with the en-us default (code 2840)', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/keywords/locales?sortBy=name',
      headers: { cookie: owner.cookie },
    });
    const list = res.json() as { id: string; name: string; code: number }[];
    expect(list.map((l) => l.name)).toEqual(
      [...list.map((l) => l.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(list.find((l) => l.id === 'en-us')).toMatchObject({ name: 'English (US)', code: 2840 });
  });

  it('syncs with the minimum quota: 1 + 2⌈N/50⌉ for videos, plus playlists and their pages', async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    platform.calls.length = 0;
    await t.database.db.insert(videos).values({
      channelId,
      youtubeId: 'gone0000001',
      title: 'Deleted on YouTube',
      description: '',
      tags: [],
      thumbnails: {},
      localizations: {},
    });
    const start = await inject({
      method: 'POST',
      url: `/optimization/channels/${channelId}/sync`,
      headers: write(owner.cookie),
    });
    expect(start.statusCode).toBe(202);
    expect(start.json().isSyncing).toBe(true);
    const status = await waitForSync(channelId, owner.cookie);
    expect(status).toMatchObject({
      state: 'succeeded',
      videosDone: 120,
      videosTotal: 120,
      error: null,
    });
    // N = 120 videos → 1 + 2·3; P = 3 playlists → 1 page; members 3 and 75 (the empty one costs nothing) → 1 + 2.
    const data = platform.calls.filter((c) => !c.startsWith('oauth.'));
    expect(data.filter((c) => c === 'channels.list')).toHaveLength(1);
    expect(data.filter((c) => c === 'videos.list')).toHaveLength(3);
    expect(data.filter((c) => c === 'playlists.list')).toHaveLength(1);
    expect(data.filter((c) => c === 'playlistItems.list')).toHaveLength(3 + 1 + 2);
    expect(data).toHaveLength(1 + 2 * 3 + 1 + 3);
    const stored = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(videos)
      .where(eq(videos.channelId, channelId));
    expect(stored[0]!.n).toBe(120);
  });

  it('answers a sync request with 403 invalid-grant or video-platform-access-forbidden at once', async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    const start = () =>
      inject({
        method: 'POST',
        url: `/optimization/channels/${channelId}/sync`,
        headers: write(owner.cookie),
      });
    platform.forbidden.add(CHANNEL_A);
    try {
      const forbidden = await start();
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.code).toBe('video-platform-access-forbidden');
      const status = await inject({
        method: 'GET',
        url: `/optimization/channels/${channelId}/sync/status`,
        headers: { cookie: owner.cookie },
      });
      expect(status.json()).toMatchObject({ state: 'failed', isSyncing: false });
      expect(status.json().error).toMatch(/refused access/);
    } finally {
      platform.forbidden.delete(CHANNEL_A);
    }
    await t.database.db.update(channelCredentials).set({ accessExpiresAt: new Date(0) });
    platform.refreshDead = true;
    try {
      const dead = await start();
      expect(dead.statusCode).toBe(403);
      expect(dead.json().error.code).toBe('invalid-grant');
      expect((await myChannels(owner.cookie)).myChannels[0].needsReconnect).toBe(true);
    } finally {
      platform.refreshDead = false;
    }
    await connect(owner, 'code-a', `&reconnect=true&channel_id=${channelId}`);
    expect((await start()).statusCode).toBe(202);
    await waitForSync(channelId, owner.cookie);
  });

  it('resumes a killed sync where it stopped, with no duplicate and no missing video', async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    platform.crashAfter = 4; // channels.list, page 1 (2 calls), then the worker dies during page 2
    const first = await t.services.sync.start(channelId);
    expect(first.isSyncing).toBe(true);
    const stalled = await waitFor(async () => {
      const s = await t.services.sync.status(channelId);
      return s.state === 'failed' ? s : null;
    });
    expect(stalled.videosDone).toBe(50);
    platform.crashAfter = null;
    platform.calls.length = 0;
    await t.services.sync.start(channelId);
    const done = await waitForSync(channelId, owner.cookie);
    expect(done.state).toBe('succeeded');
    // Resumed at page 2 of the uploads: no channels.list, two more video pages, then playlists.
    expect(platform.calls.filter((c) => c === 'videos.list')).toHaveLength(2);
    const rows = await t.database.db
      .select({ youtubeId: videos.youtubeId })
      .from(videos)
      .where(eq(videos.channelId, channelId));
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((r) => r.youtubeId)).size).toBe(120);
  });

  it('searches channels for signed-out visitors, caching answers so repeats spend no quota', async () => {
    const before = platform.calls.filter((c) => c === 'search.list').length;
    const first = await inject({ method: 'GET', url: '/yt/api/public/channels/search?q=Beta' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      channels: [expect.objectContaining({ youtubeId: CHANNEL_B, title: 'Beta Bikes' })],
      nextPageToken: null,
    });
    const again = await inject({
      method: 'GET',
      url: '/yt/api/public/channels/search?q=%20beta%20',
    });
    expect(again.json()).toEqual(first.json());
    expect(platform.calls.filter((c) => c === 'search.list').length).toBe(before + 1);
    const empty = await inject({ method: 'GET', url: '/yt/api/public/channels/search?q=' });
    expect(empty.statusCode).toBe(400);
  });

  it('lets a co-owner remove a channel only for themselves', async () => {
    await connect(other, 'code-a');
    const revoked = platform.revoked.length;
    const res = await inject({
      method: 'DELETE',
      url: `/accounts/users/channels/${CHANNEL_A}/`,
      headers: write(other.cookie),
    });
    expect(res.statusCode).toBe(200);
    const theirs = await myChannels(other.cookie);
    expect([...theirs.myChannels, ...theirs.invitedTo]).toEqual([]);
    // The token the co-owner connected is revoked; the remaining owner must reconnect.
    expect(platform.revoked.length).toBe(revoked + 1);
    expect((await myChannels(owner.cookie)).myChannels).toEqual([
      expect.objectContaining({ youtubeId: CHANNEL_A, needsReconnect: true }),
    ]);
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    await connect(owner, 'code-a', `&reconnect=true&channel_id=${channelId}`);
    expect((await myChannels(owner.cookie)).myChannels[0].needsReconnect).toBe(false);
  });

  it('removes a channel: revokes its token and deletes its data', async () => {
    const channelId = (await myChannels(owner.cookie)).myChannels[0].id as string;
    const revoked = platform.revoked.length;
    const res = await inject({
      method: 'DELETE',
      url: `/accounts/users/channels/${CHANNEL_A}/`,
      headers: write(owner.cookie),
    });
    expect(res.statusCode).toBe(200);
    expect(platform.revoked.length).toBe(revoked + 1);
    expect((await myChannels(owner.cookie)).myChannels).toEqual([]);
    expect((await myChannels(other.cookie)).invitedTo).toEqual([]);
    expect(
      await t.database.db.select().from(channelsTable).where(eq(channelsTable.id, channelId)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(videos).where(eq(videos.channelId, channelId)),
    ).toEqual([]);
  });

  async function waitForSync(channelId: string, cookie: string) {
    return waitFor(async () => {
      const res = await inject({
        method: 'GET',
        url: `/optimization/channels/${channelId}/sync/status`,
        headers: { cookie },
      });
      const body = res.json();
      return body.isSyncing ? null : body;
    });
  }
});

async function waitFor<T>(check: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}
