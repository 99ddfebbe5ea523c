// SearchConsoleAdapter (the official @googleapis/searchconsole client) against the emulator.
import { DEMO_ACCOUNT_CREATOR } from '@tubewise/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { PlatformError, REQUESTED_SCOPES } from '../video-platform/index.ts';
import {
  isMissingScope,
  SEARCH_CONSOLE_REQUESTED_SCOPES,
  SearchConsoleAdapter,
  type SearchAnalyticsQuery,
} from './index.ts';

const REDIRECT_URI = 'http://127.0.0.1:3000/api/oauth/callback';
const DAY_MS = 86_400_000;
const DOMAIN = 'sc-domain:alex-rivera.test';

/** A PST (UTC−8) date `ago` days before now, as Search Console counts days. */
function pstDate(ago: number): string {
  return new Date(Date.now() - 8 * 3_600_000 - ago * DAY_MS).toISOString().slice(0, 10);
}

describe('SearchConsoleAdapter against the emulator', () => {
  let server: EmulatorServer;
  let adapter: SearchConsoleAdapter;
  let token: string;
  let youtubeToken: string;
  const last28: Pick<SearchAnalyticsQuery, 'startDate' | 'endDate'> = {
    startDate: pstDate(30),
    endDate: pstDate(3),
  };

  /** Consents as the demo creator to `scopes` and exchanges the code for an access token. */
  async function grant(scopes: readonly string[]): Promise<string> {
    const authUrl = `${server.root}/o/oauth2/v2/auth?${new URLSearchParams({
      client_id: 'tubewise-emulator-client',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: scopes.join(' '),
      access_type: 'offline',
    })}`;
    const back = new URL(
      server.emulator.control.approveConsent(authUrl, DEMO_ACCOUNT_CREATOR.email),
    );
    const res = await fetch(`${server.root}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: REDIRECT_URI,
        client_id: 'tubewise-emulator-client',
        client_secret: 'tubewise-emulator-secret',
      }),
    });
    const body = (await res.json()) as { access_token: string; scope: string };
    expect(body.scope.split(' ')).toEqual([...scopes]);
    return body.access_token;
  }

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 20 });
    adapter = new SearchConsoleAdapter({ apiRootUrl: `${server.root}/` });
    youtubeToken = await grant(REQUESTED_SCOPES);
    token = await grant(SEARCH_CONSOLE_REQUESTED_SCOPES);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists the properties', async () => {
    expect(await adapter.listSites(token)).toEqual([
      { siteUrl: DOMAIN, permissionLevel: 'siteOwner', verified: true, kind: 'domain' },
      {
        siteUrl: 'https://www.alex-rivera.test/trailside-kitchen/',
        permissionLevel: 'siteFullUser',
        verified: true,
        kind: 'url-prefix',
      },
    ]);
  });

  it('queries 28 days by query and by page', async () => {
    const byQuery = await adapter.query(token, DOMAIN, { ...last28, dimensions: ['query'] });
    expect(byQuery.aggregation).toBe('byProperty');
    expect(byQuery.rows.length).toBeGreaterThan(50);
    expect(byQuery.firstIncompleteDate).toBeNull();
    for (const row of byQuery.rows) {
      expect(row.keys).toHaveLength(1);
      expect(row.ctr).toBeCloseTo(row.clicks / row.impressions, 12);
      expect(row.position).toBeGreaterThanOrEqual(1);
    }
    const byPage = await adapter.query(token, DOMAIN, {
      ...last28,
      dimensions: ['page'],
      rowLimit: 10,
    });
    expect(byPage.aggregation).toBe('byPage');
    expect(byPage.rows).toHaveLength(10);
    for (const row of byPage.rows)
      expect(row.keys[0]).toMatch(/^https:\/\/www\.alex-rivera\.test\//);
    const onePage = await adapter.query(token, DOMAIN, {
      ...last28,
      dimensions: ['query'],
      filters: [{ dimension: 'page', operator: 'equals', expression: byPage.rows[0]!.keys[0]! }],
    });
    expect(onePage.aggregation).toBe('byPage');
    expect(onePage.rows.reduce((s, r) => s + r.clicks, 0)).toBe(byPage.rows[0]!.clicks);
  });

  it('pages with startRow', async () => {
    const query = { ...last28, dimensions: ['query', 'page'] } as const;
    const all = await adapter.query(token, DOMAIN, {
      ...query,
      dimensions: [...query.dimensions],
      rowLimit: 40,
    });
    const first = await adapter.query(token, DOMAIN, {
      ...query,
      dimensions: [...query.dimensions],
      rowLimit: 20,
    });
    const second = await adapter.query(token, DOMAIN, {
      ...query,
      dimensions: [...query.dimensions],
      rowLimit: 20,
      startRow: 20,
    });
    expect([...first.rows, ...second.rows]).toEqual(all.rows);
    const past = await adapter.query(token, DOMAIN, {
      ...last28,
      dimensions: ['query'],
      startRow: 1e6,
    });
    expect(past.rows).toEqual([]);
  });

  it('maps 401, 403 and 400 to PlatformError kinds', async () => {
    const invalid = await adapter.listSites('ya29.unknown').catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(PlatformError);
    expect(invalid).toMatchObject({ kind: 'unauthorized', status: 401 });
    const scope = await adapter.listSites(youtubeToken).catch((e: unknown) => e);
    expect(scope).toMatchObject({
      kind: 'forbidden',
      status: 403,
      reason: 'insufficientPermissions',
    });
    expect(isMissingScope(scope)).toBe(true);
    const site = await adapter
      .query(token, 'https://example.com/', { ...last28, dimensions: [] })
      .catch((e: unknown) => e);
    expect(site).toMatchObject({ kind: 'forbidden', status: 403, reason: 'forbidden' });
    expect(isMissingScope(site)).toBe(false);
    const bad = await adapter
      .query(token, DOMAIN, {
        startDate: last28.endDate,
        endDate: last28.startDate,
        dimensions: [],
      })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: 'bad-request', status: 400 });
  });
});
