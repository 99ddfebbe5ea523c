// The Search Console connection and the Google search section through the real app and the
// emulator (its consent, token, revoke, Search Console and YouTube Analytics), on PGlite and
// PostgreSQL: the consent round trip, state misuse, missing scope, tokens encrypted at rest,
// refresh and invalid_grant, the property list, choosing a property, the report against the
// emulator's own answers (cached per day), embedding pages, disconnect, another tenant's channel.
import { DEMO_ACCOUNT_CREATOR, DEMO_ACCOUNT_NO_CHANNEL } from '@tubewise/emulator';
import type { ChannelSearchConsole, SearchConsoleConnection } from '@tubewise/contract';
import { DELETE_ACCOUNT_CONFIRMATION } from '@tubewise/contract/billing-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelCredentials,
  channelMembers,
  channelSearchConsole,
  searchConsoleGrants,
  users,
} from '../../db/schema/index.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { connectEmulatorChannel, syncChannel } from '../../testing/connect-channel.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { PlatformError } from '../video-platform/index.ts';
import {
  SCOPE_SEARCH_CONSOLE_READONLY,
  SEARCH_CONSOLE_CALLBACK_PATH,
  SearchConsoleAdapter,
  type SearchConsole,
} from './index.ts';

const DOMAIN = 'sc-domain:alex-rivera.test';
const PREFIX = 'https://www.alex-rivera.test/trailside-kitchen/';
const UNVERIFIED = 'https://sam-lee.test/';

describe.each(testBackends())('Search Console through the app and the emulator (%s)', (backend) => {
  let server: EmulatorServer;
  let t: TestApp;
  let adapter: SearchConsoleAdapter;
  const calls: string[] = [];
  /** While set, a query filtered by page answers Google's 400 (an expression it refuses). */
  const refuseFiltered = { on: false, asked: 0 };
  let ownerId: string;
  let owner: string;
  let channelId: string;

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 1 });
    adapter = new SearchConsoleAdapter({ apiRootUrl: `${server.root}/` });
    // Counts Search Console calls made through the real adapter.
    const counted: SearchConsole = {
      listSites: (token) => {
        calls.push('sites');
        return adapter.listSites(token);
      },
      query: (token, site, q) => {
        calls.push(`query:${q.dimensions.join(',')}`);
        if (refuseFiltered.on && q.filters?.some((f) => f.dimension === 'page')) {
          refuseFiltered.asked++;
          return Promise.reject(
            new PlatformError('bad-request', 'Invalid regular expression.', { status: 400 }),
          );
        }
        return adapter.query(token, site, q);
      },
    };
    t = await createTestApp(backend, {
      platform: server.adapter,
      // Search Console's own OAuth client: a grant independent of the channel's.
      searchConsoleOAuth: server.searchConsoleAdapter,
      searchConsole: counted,
    });
    ownerId = await t.createUser('sc-owner@example.com');
    await t.database.db.update(users).set({ name: 'Alex Owner' }).where(eq(users.id, ownerId));
    const demo = server.emulator.state.corpus.channelsOwnedBy(DEMO_ACCOUNT_CREATOR.id)[0]!;
    channelId = await connectEmulatorChannel(t.services, server.emulator, {
      userId: ownerId,
      youtubeChannelId: demo.id,
      account: DEMO_ACCOUNT_CREATOR.email,
    });
    await syncChannel(t.services, channelId, 120_000);
    owner = await t.login('sc-owner@example.com', TEST_PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const put = (id: string, cookie: string, siteUrl: string | null, days = 28) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/reporting/channels/${id}/search-console?days=${days}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ siteUrl }),
    });
  const section = (id: string, cookie: string, days = 28) =>
    get(`/api/reporting/channels/${id}/search-console?days=${days}`, cookie);

  /** The consent URL the app gives this session. */
  async function authUrl(cookie: string, returnTo?: string): Promise<URL> {
    const res = await get(
      `/api/search-console/auth-url${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`,
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return new URL((res.json() as { url: string }).url);
  }
  /** Approves a consent URL as `account` and follows the callback with `cookie`; the Location. */
  async function consent(url: URL, account: string, cookie: string): Promise<URL> {
    const back = new URL(server.emulator.control.approveConsent(url.toString(), account));
    return callback(back.search, cookie);
  }
  async function callback(search: string, cookie: string): Promise<URL> {
    const res = await get(`${SEARCH_CONSOLE_CALLBACK_PATH}${search}`, cookie);
    expect(res.statusCode, res.body).toBe(302);
    return new URL(res.headers.location as string, 'http://app.invalid');
  }
  async function grantRow(userId: string) {
    const [row] = await t.database.db
      .select()
      .from(searchConsoleGrants)
      .where(eq(searchConsoleGrants.userId, userId));
    return row;
  }

  it('asks Google for webmasters.readonly alone, in a grant of its own, with PKCE', async () => {
    const url = await authUrl(owner);
    const p = url.searchParams;
    expect(p.get('scope')).toBe(SCOPE_SEARCH_CONSOLE_READONLY);
    expect(p.get('client_id')).toBe('tubewise-emulator-search-console');
    expect(p.get('access_type')).toBe('offline');
    expect(p.get('prompt')).toBe('consent');
    expect(p.has('include_granted_scopes')).toBe(false);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('redirect_uri')).toMatch(/\/oauth\/search-console\/callback$/);
    // The channel connection still merges its YouTube scopes into the account's grants.
    const yt = await get(`/api/users/youtube-auth-url?user_id=${ownerId}`, owner);
    const ytUrl = new URL((yt.json() as { authUrl: string }).authUrl);
    expect(ytUrl.searchParams.get('include_granted_scopes')).toBe('true');
    expect(ytUrl.searchParams.get('scope')).not.toContain('webmasters');
  });

  it('refuses a misused state: another session, reused, a channel connection state and vice versa', async () => {
    const other = await t.login('sc-owner@example.com', TEST_PASSWORD);
    const url = await authUrl(owner);
    const back = new URL(
      server.emulator.control.approveConsent(url.toString(), DEMO_ACCOUNT_CREATOR.email),
    );
    const elsewhere = await callback(back.search, other);
    expect(elsewhere.searchParams.get('searchConsole')).toBe('error');
    expect(elsewhere.pathname).toBe('/reporting/overview');
    // Consumed by that try: the right session cannot use it now either.
    expect((await callback(back.search, owner)).searchParams.get('searchConsole')).toBe('error');
    expect(await grantRow(ownerId)).toBeUndefined();

    // A channel connection's state at this callback, and this one's at the channel callback.
    const yt = await get(`/api/users/youtube-auth-url?user_id=${ownerId}`, owner);
    const ytBack = new URL(
      server.emulator.control.approveConsent(
        (yt.json() as { authUrl: string }).authUrl,
        DEMO_ACCOUNT_CREATOR.email,
      ),
    );
    expect((await callback(ytBack.search, owner)).searchParams.get('searchConsole')).toBe('error');
    const scBack = new URL(
      server.emulator.control.approveConsent(
        (await authUrl(owner)).toString(),
        DEMO_ACCOUNT_CREATOR.email,
      ),
    );
    const atYoutube = await get(`/oauth/youtube/callback${scBack.search}`, owner);
    expect(atYoutube.statusCode).toBe(302);
    const ytLocation = new URL(atYoutube.headers.location as string, 'http://app.invalid');
    expect(ytLocation.searchParams.get('xsrf')).toBe('false');
    expect(ytLocation.searchParams.get('oauth-success')).toBe('false');
    expect(await grantRow(ownerId)).toBeUndefined();
  });

  it('says denied and missing-scope, and stores nothing', async () => {
    const url = await authUrl(owner, '/reporting/overview?tab=search#google');
    const denied = await callback(
      `?error=access_denied&state=${url.searchParams.get('state')}`,
      owner,
    );
    expect(denied.pathname).toBe('/reporting/overview');
    expect(denied.searchParams.get('searchConsole')).toBe('denied');
    expect(denied.searchParams.get('tab')).toBe('search');
    expect(denied.hash).toBe('#google');

    const unticked = await authUrl(owner);
    unticked.searchParams.set('scope', 'openid');
    const missing = await consent(unticked, DEMO_ACCOUNT_CREATOR.email, owner);
    expect(missing.searchParams.get('searchConsole')).toBe('missing-scope');
    expect(await grantRow(ownerId)).toBeUndefined();
    const notConnected = await put(channelId, owner, DOMAIN);
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json()).toMatchObject({ error: { code: 'search-console-not-connected' } });
    const res = await get('/api/search-console', owner);
    expect(res.json()).toEqual({
      connected: false,
      connectedAt: null,
      needsReconnect: false,
      sites: [],
      separateGrant: true,
    });
  });

  it('connects, keeps the tokens encrypted, and lists the properties (cached)', async () => {
    const url = await authUrl(owner, '/reporting/overview?searchConsole=error');
    const back = await consent(url, DEMO_ACCOUNT_CREATOR.email, owner);
    expect(`${back.pathname}${back.search}`).toBe('/reporting/overview?searchConsole=connected');

    const row = (await grantRow(ownerId))!;
    const refresh = decryptSecret(t.config.encryptionKey, row.refreshTokenEnc);
    const access = decryptSecret(t.config.encryptionKey, row.accessTokenEnc!);
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(refresh);
    expect(raw).not.toContain(access);
    expect(row.scopes).toBe(SCOPE_SEARCH_CONSOLE_READONLY);
    expect(row.needsReconnect).toBe(false);
    calls.length = 0;
    const res = await get('/api/search-console', owner);
    expect(res.statusCode, res.body).toBe(200);
    const connection = res.json() as SearchConsoleConnection;
    expect(connection.connected).toBe(true);
    expect(connection.needsReconnect).toBe(false);
    expect(connection.sites).toEqual([
      { siteUrl: DOMAIN, permissionLevel: 'siteOwner', readable: true },
      { siteUrl: PREFIX, permissionLevel: 'siteFullUser', readable: true },
    ]);
    await get('/api/search-console', owner);
    expect(calls).toEqual(['sites']);
  });

  it('chooses a property only among the caller’s readable ones', async () => {
    const refused = await put(channelId, owner, 'https://example.com/');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'validation-failed', issues: [{ path: 'siteUrl' }] },
    });
    const ok = await put(channelId, owner, DOMAIN);
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json() as ChannelSearchConsole;
    expect(body.siteUrl).toBe(DOMAIN);
    expect(body.connectedBy).toBe('Alex Owner');
    expect(body.needsReconnect).toBe(false);
    expect(body.report).not.toBeNull();
  });

  it('reports what Search Console answers for the final days, cached for the day', async () => {
    calls.length = 0;
    const res = await section(channelId, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(calls).toEqual([]); // built by the PUT's answer, cached since
    const { report } = res.json() as ChannelSearchConsole;
    const r = report!;
    const pstToday = new Date(Date.now() - 8 * 3_600_000).toISOString().slice(0, 10);
    const lag = (Date.parse(pstToday) - Date.parse(r.endDate)) / 86_400_000;
    expect(lag).toBe(3);
    expect((Date.parse(r.endDate) - Date.parse(r.startDate)) / 86_400_000).toBe(27);

    const token = decryptSecret(t.config.encryptionKey, (await grantRow(ownerId))!.accessTokenEnc!);
    const period = { startDate: r.startDate, endDate: r.endDate, dataState: 'final' as const };
    const [total] = (await adapter.query(token, DOMAIN, { ...period, dimensions: [] })).rows;
    expect(r.totals.clicks).toBe(total!.clicks);
    expect(r.totals.impressions).toBe(total!.impressions);
    expect(r.totals.ctr).toBeCloseTo(total!.ctr, 10);
    expect(r.totals.position).toBeCloseTo(total!.position, 8);
    const top = await adapter.query(token, DOMAIN, {
      ...period,
      dimensions: ['query'],
      rowLimit: 25,
    });
    expect(r.queries).toEqual(
      top.rows.map((row) => ({
        query: row.keys[0],
        clicks: row.clicks,
        impressions: row.impressions,
        ctr: row.ctr,
        position: row.position,
      })),
    );
    expect(r.queries).toHaveLength(25);
    expect(r.pages).toHaveLength(25);
    const pages = await adapter.query(token, DOMAIN, {
      ...period,
      dimensions: ['page'],
      rowLimit: 25,
    });
    expect(r.pages.map((p) => [p.page, p.clicks])).toEqual(
      pages.rows.map((row) => [row.keys[0], row.clicks]),
    );

    // The pages embedding the channel's videos (YouTube Analytics) and the queries leading there.
    const embedding = r.pages.filter((p) => p.embeddedViews > 0);
    expect(embedding.length).toBeGreaterThan(0);
    expect(r.pages.some((p) => p.embeddedVideoIds.length > 0)).toBe(true);
    expect(r.embedQueries.length).toBeGreaterThan(0);
    const first = r.embedQueries[0]!;
    const direct = await adapter.query(token, DOMAIN, {
      ...period,
      dimensions: ['page'],
      filters: [{ dimension: 'query', operator: 'equals', expression: first.query }],
    });
    // Its clicks are those of the embedding pages it lands on.
    expect(first.clicks).toBeLessThanOrEqual(direct.rows.reduce((s, row) => s + row.clicks, 0));
    expect(first.clicks).toBeGreaterThan(0);

    const ninety = await section(channelId, owner, 90);
    const r90 = (ninety.json() as ChannelSearchConsole).report!;
    expect(r90.days).toBe(90);
    expect(r90.endDate).toBe(r.endDate);
    expect((Date.parse(r90.endDate) - Date.parse(r90.startDate)) / 86_400_000).toBe(89);
    expect(r90.totals.clicks).toBeGreaterThan(r.totals.clicks);
    calls.length = 0;
    await Promise.all([section(channelId, owner, 90), section(channelId, owner)]);
    expect(calls).toEqual([]);
  });

  it('answers a property its grant cannot read without a report', async () => {
    await t.database.db
      .update(channelSearchConsole)
      .set({ siteUrl: 'https://example.com/' })
      .where(eq(channelSearchConsole.channelId, channelId));
    const res = await section(channelId, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      siteUrl: 'https://example.com/',
      connectedBy: 'Alex Owner',
      needsReconnect: false,
      report: null,
    });
    expect((await put(channelId, owner, DOMAIN)).statusCode).toBe(200);
  });

  it('refreshes an expiring token, and asks for a reconnection after invalid_grant', async () => {
    const before = (await grantRow(ownerId))!;
    const oldAccess = decryptSecret(t.config.encryptionKey, before.accessTokenEnc!);
    await t.database.db
      .update(searchConsoleGrants)
      .set({ accessExpiresAt: new Date(Date.now() + 30_000) })
      .where(eq(searchConsoleGrants.userId, ownerId));
    t.services.searchConsole.forgetSites(ownerId);
    expect((await get('/api/search-console', owner)).json()).toMatchObject({
      needsReconnect: false,
    });
    const after = (await grantRow(ownerId))!;
    expect(decryptSecret(t.config.encryptionKey, after.accessTokenEnc!)).not.toBe(oldAccess);
    expect(after.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);

    // Google refuses the refresh token (revoked elsewhere): reconnect, said everywhere.
    const refresh = decryptSecret(t.config.encryptionKey, after.refreshTokenEnc);
    expect(server.emulator.control.revokeRefreshToken(refresh)).toBe(true);
    await t.database.db
      .update(searchConsoleGrants)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(searchConsoleGrants.userId, ownerId));
    t.services.searchConsole.forgetSites(ownerId);
    const connection = (await get('/api/search-console', owner)).json() as SearchConsoleConnection;
    expect(connection).toMatchObject({ connected: true, needsReconnect: true, sites: [] });
    expect((await grantRow(ownerId))!.needsReconnect).toBe(true);
    expect((await section(channelId, owner)).json()).toEqual({
      siteUrl: DOMAIN,
      connectedBy: 'Alex Owner',
      needsReconnect: true,
      report: null,
    });
    const refused = await put(channelId, owner, PREFIX);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'search-console-not-connected' } });

    // A new consent replaces the tokens and clears the flag; the choice stays.
    const back = await consent(await authUrl(owner), DEMO_ACCOUNT_CREATOR.email, owner);
    expect(back.searchParams.get('searchConsole')).toBe('connected');
    expect((await grantRow(ownerId))!.needsReconnect).toBe(false);
    const again = (await section(channelId, owner)).json() as ChannelSearchConsole;
    expect(again.needsReconnect).toBe(false);
    expect(again.report).not.toBeNull();
  });

  it('refuses an unverified property and a person not connected (409)', async () => {
    const samId = await t.createUser('sam@example.com');
    await t.database.db.insert(channelMembers).values({ channelId, userId: samId, role: 'member' });
    const sam = await t.login('sam@example.com', TEST_PASSWORD);
    const notConnected = await put(channelId, sam, DOMAIN);
    expect(notConnected.statusCode, notConnected.body).toBe(409);
    expect(notConnected.json()).toMatchObject({ error: { code: 'search-console-not-connected' } });
    const back = await consent(await authUrl(sam), DEMO_ACCOUNT_NO_CHANNEL.email, sam);
    expect(back.searchParams.get('searchConsole')).toBe('connected');
    const sites = (await get('/api/search-console', sam)).json() as SearchConsoleConnection;
    expect(sites.sites).toEqual([
      { siteUrl: UNVERIFIED, permissionLevel: 'siteUnverifiedUser', readable: false },
    ]);
    const unverified = await put(channelId, sam, UNVERIFIED);
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json()).toMatchObject({ error: { code: 'validation-failed' } });
    // Another person's property is not theirs to choose.
    expect((await put(channelId, sam, DOMAIN)).statusCode).toBe(400);
    // Sam sees the section read with the owner's grant.
    expect(((await section(channelId, sam)).json() as ChannelSearchConsole).connectedBy).toBe(
      'Alex Owner',
    );
  });

  it("lets only the chooser or the channel's owners replace a choice; drops a former member's", async () => {
    const sam = await t.login('sam@example.com', TEST_PASSWORD);
    const samId = (
      await t.database.db.select().from(users).where(eq(users.email, 'sam@example.com'))
    )[0]!.id;
    // Sam connects the Google account that can read the owner's properties too.
    expect(
      (await consent(await authUrl(sam), DEMO_ACCOUNT_CREATOR.email, sam)).searchParams.get(
        'searchConsole',
      ),
    ).toBe('connected');
    const taken = await put(channelId, sam, PREFIX);
    expect(taken.statusCode, taken.body).toBe(403);
    expect(taken.json()).toMatchObject({
      error: { code: 'forbidden', message: expect.stringContaining('Alex Owner') },
    });
    expect((await put(channelId, sam, null)).statusCode).toBe(403);
    expect((await put(channelId, owner, null)).statusCode).toBe(200);

    // Sam's own choice; its report stands without embed queries when Google refuses the filter.
    refuseFiltered.on = true;
    try {
      const mine = await put(channelId, sam, PREFIX);
      expect(mine.statusCode, mine.body).toBe(200);
      const body = mine.json() as ChannelSearchConsole;
      expect(body.connectedBy).toBe('Test User');
      expect(body.report).not.toBeNull();
      expect(refuseFiltered.asked).toBe(1);
      expect(body.report!.embedQueries).toEqual([]);
      expect(body.report!.queries.length).toBeGreaterThan(0);
    } finally {
      refuseFiltered.on = false;
    }
    expect((await put(channelId, sam, PREFIX)).statusCode).toBe(200);

    // Sam leaves the channel: their grant no longer serves it, and the choice is gone.
    await t.database.db.delete(channelMembers).where(eq(channelMembers.userId, samId));
    expect((await section(channelId, owner)).json()).toEqual({
      siteUrl: null,
      connectedBy: null,
      needsReconnect: false,
      report: null,
    });
    expect(
      await t.database.db
        .select()
        .from(channelSearchConsole)
        .where(eq(channelSearchConsole.channelId, channelId)),
    ).toEqual([]);
    expect((await put(channelId, owner, DOMAIN)).statusCode).toBe(200);
  });

  it('revokes the Search Console grant at Google when the account is deleted', async () => {
    const grants = await t.database.db
      .select({ userId: searchConsoleGrants.userId })
      .from(searchConsoleGrants);
    const samId = grants.find((g) => g.userId !== ownerId)!.userId;
    const refresh = decryptSecret(t.config.encryptionKey, (await grantRow(samId))!.refreshTokenEnc);
    const sam = await t.login('sam@example.com', TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/delete',
      headers: { cookie: sam, 'content-type': 'application/json' },
      payload: JSON.stringify({
        password: TEST_PASSWORD,
        confirmation: DELETE_ACCOUNT_CONFIRMATION,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await grantRow(samId)).toBeUndefined();
    await expect(server.searchConsoleAdapter.refreshAccessToken(refresh)).rejects.toMatchObject({
      kind: 'invalid-grant',
    });
  });

  it("answers 404 for another tenant's channel", async () => {
    await t.createUser('stranger@example.com');
    const stranger = await t.login('stranger@example.com', TEST_PASSWORD);
    expect((await section(channelId, stranger)).statusCode).toBe(404);
    expect((await put(channelId, stranger, null)).statusCode).toBe(404);
  });

  it('answers 503 platform-unavailable while Search Console is down (the day’s report stays)', async () => {
    server.emulator.control.setFailureRate(1);
    try {
      t.services.searchConsole.forgetSites(ownerId);
      const down = await get('/api/search-console', owner);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        error: { code: 'platform-unavailable', message: expect.stringContaining('Search Console') },
      });
      expect((await put(channelId, owner, PREFIX)).statusCode).toBe(503);
      const cached = await section(channelId, owner);
      expect(cached.statusCode).toBe(200);
      expect((cached.json() as ChannelSearchConsole).report).not.toBeNull();
    } finally {
      server.emulator.control.setFailureRate(0);
    }
  });

  it('disconnects: revoked at Google, forgotten with the channel choice', async () => {
    const refresh = decryptSecret(
      t.config.encryptionKey,
      (await grantRow(ownerId))!.refreshTokenEnc,
    );
    expect(
      ((await get('/api/search-console', owner)).json() as SearchConsoleConnection).separateGrant,
    ).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/search-console',
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      connected: false,
      connectedAt: null,
      needsReconnect: false,
      sites: [],
      separateGrant: true,
    });
    expect(await grantRow(ownerId)).toBeUndefined();
    expect((await section(channelId, owner)).json()).toEqual({
      siteUrl: null,
      connectedBy: null,
      needsReconnect: false,
      report: null,
    });
    await expect(server.searchConsoleAdapter.refreshAccessToken(refresh)).rejects.toMatchObject({
      kind: 'invalid-grant',
    });
    // The channel's YouTube grant is of the other client: it keeps working, refreshed anew.
    await t.database.db
      .update(channelCredentials)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(channelCredentials.channelId, channelId));
    expect(
      await t.services.credentials.withToken(channelId, async (token) => token.length > 0),
    ).toBe(true);
    expect((await get(`/api/reporting/channels/${channelId}/organic`, owner)).statusCode).toBe(200);
  });

  it('with a shared OAuth client, disconnecting only forgets the grant (nothing revoked at Google)', async () => {
    const shared = await createTestApp(backend, {
      platform: server.adapter,
      searchConsole: adapter,
    });
    try {
      const userId = await shared.createUser('sc-shared@example.com');
      const sharedChannel = await connectEmulatorChannel(shared.services, server.emulator, {
        userId,
        youtubeChannelId: server.emulator.state.corpus.channelsOwnedBy(DEMO_ACCOUNT_CREATOR.id)[1]!
          .id,
        account: DEMO_ACCOUNT_CREATOR.email,
      });
      const cookie = await shared.login('sc-shared@example.com', TEST_PASSWORD);
      const start = await shared.app.inject({
        url: '/api/search-console/auth-url',
        headers: { cookie },
      });
      const url = new URL((start.json() as { url: string }).url);
      expect(url.searchParams.get('client_id')).toBe('tubewise-emulator-client');
      const back = new URL(
        server.emulator.control.approveConsent(url.toString(), DEMO_ACCOUNT_CREATOR.email),
      );
      const done = await shared.app.inject({
        url: `${SEARCH_CONSOLE_CALLBACK_PATH}${back.search}`,
        headers: { cookie },
      });
      expect(String(done.headers.location)).toContain('searchConsole=connected');
      const [row] = await shared.database.db
        .select()
        .from(searchConsoleGrants)
        .where(eq(searchConsoleGrants.userId, userId));
      const refresh = decryptSecret(shared.config.encryptionKey, row!.refreshTokenEnc);
      const connection = await shared.app.inject({
        url: '/api/search-console',
        headers: { cookie },
      });
      expect(connection.statusCode, connection.body).toBe(200);
      expect((connection.json() as SearchConsoleConnection).separateGrant).toBe(false);
      const res = await shared.app.inject({
        method: 'DELETE',
        url: '/api/search-console',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ connected: false, separateGrant: false });
      const [gone] = await shared.database.db
        .select()
        .from(searchConsoleGrants)
        .where(eq(searchConsoleGrants.userId, userId));
      expect(gone).toBeUndefined();
      // Not revoked at Google: the token still refreshes (the person removes the access on
      // their Google Account's page), and the channel's grant works.
      await expect(server.adapter.refreshAccessToken(refresh)).resolves.toMatchObject({
        accessToken: expect.any(String),
      });
      expect(
        await shared.services.credentials.withToken(
          sharedChannel,
          async (token) => token.length > 0,
        ),
      ).toBe(true);
    } finally {
      await shared.close();
    }
  });
});
