// Search Console over the emulator: properties, Search Analytics figures and Google's errors.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREATOR, DEMO_ACCOUNT_NO_CHANNEL } from './accounts.ts';
import type { Emulator } from './emulator.ts';
import {
  expectedCtr,
  parseScQuery,
  pstDay,
  SEARCH_CONSOLE_HISTORY_DAYS,
  slugify,
} from './search-console.ts';
import { apiGet, authorize, consent, startEmulator } from './testing/harness.ts';

const WEBMASTERS_READONLY = 'https://www.googleapis.com/auth/webmasters.readonly';
const NOW = Date.parse('2026-11-27T18:00:00Z');
const DAY_MS = 86_400_000;
const iso = (daysAgo: number) =>
  new Date((pstDay(NOW) - daysAgo) * DAY_MS).toISOString().slice(0, 10);

interface Row {
  keys?: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}
interface QueryAnswer {
  rows?: Row[];
  responseAggregationType: string;
  metadata?: { firstIncompleteDate?: string };
}

describe('Search Console', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let token: string;
  /** A grant of YouTube scopes only, made before any Search Console consent. */
  let youtubeOnly: string;
  const domain = 'sc-domain:alex-rivera.test';

  const query = async (site: string, body: unknown, bearer = token) => {
    const res = await app.inject({
      method: 'POST',
      url: `/emulator/webmasters/v3/sites/${encodeURIComponent(site)}/searchAnalytics/query`,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() as QueryAnswer & Record<string, never> };
  };
  const last28 = { startDate: iso(30), endDate: iso(3) };

  beforeAll(async () => {
    ({ app, emulator } = await startEmulator({ now: () => NOW, seed: 'sc-test' }));
    youtubeOnly = (await authorize(app)).access_token;
    token = (await authorize(app, { scopes: [WEBMASTERS_READONLY] })).access_token;
  });
  afterAll(async () => {
    await app.close();
  });

  it('asks for no channel when only Search Console is requested, and grants its scope', async () => {
    const page = await app.inject({
      url: `/emulator/o/oauth2/v2/auth?${new URLSearchParams({
        client_id: 'tubewise-emulator-client',
        redirect_uri: 'http://127.0.0.1:3000/api/oauth/callback',
        response_type: 'code',
        scope: WEBMASTERS_READONLY,
        login_hint: DEMO_ACCOUNT_CREATOR.email,
      })}`,
    });
    expect(page.body).toContain('View Search Console data for your verified sites');
    expect(page.body).not.toContain('Choose a channel');
    const { location } = await consent(app, { scopes: [WEBMASTERS_READONLY], channelId: null });
    expect(location.searchParams.get('scope')!.split(' ')).toContain(WEBMASTERS_READONLY);
  });

  it('lists the properties of each account', async () => {
    const sites = await apiGet(app, '/webmasters/v3/sites', token);
    expect(sites.status).toBe(200);
    expect(sites.body).toEqual({
      siteEntry: [
        { siteUrl: domain, permissionLevel: 'siteOwner' },
        {
          siteUrl: 'https://www.alex-rivera.test/trailside-kitchen/',
          permissionLevel: 'siteFullUser',
        },
      ],
    });
    const sam = await authorize(app, {
      accountId: DEMO_ACCOUNT_NO_CHANNEL.id,
      channelId: null,
      scopes: [WEBMASTERS_READONLY],
    });
    const samSites = await apiGet(app, '/webmasters/v3/sites', sam.access_token);
    expect(samSites.body).toEqual({
      siteEntry: [{ siteUrl: 'https://sam-lee.test/', permissionLevel: 'siteUnverifiedUser' }],
    });
    // Listed but unverified: no data.
    const refused = await query('https://sam-lee.test/', last28, sam.access_token);
    expect(refused.status).toBe(403);
    const got = await apiGet(
      app,
      `/webmasters/v3/sites/${encodeURIComponent('https://sam-lee.test/')}`,
      sam.access_token,
    );
    expect(got.body).toEqual({
      siteUrl: 'https://sam-lee.test/',
      permissionLevel: 'siteUnverifiedUser',
    });
  });

  it('answers queries by query with consistent, deterministic figures', async () => {
    const a = await query(domain, { ...last28, dimensions: ['query'], rowLimit: 100 });
    expect(a.status).toBe(200);
    expect(a.body.responseAggregationType).toBe('byProperty');
    const rows = a.body.rows!;
    expect(rows).toHaveLength(100);
    for (const row of rows) {
      expect(row.keys).toHaveLength(1);
      expect(row.clicks).toBeLessThanOrEqual(row.impressions);
      expect(row.ctr).toBeCloseTo(row.clicks / row.impressions, 12);
      expect(row.position).toBeGreaterThanOrEqual(1);
    }
    // Sorted by clicks, highest first.
    for (let i = 1; i < rows.length; i++)
      expect(rows[i - 1]!.clicks).toBeGreaterThanOrEqual(rows[i]!.clicks);
    const everything = await query(domain, { ...last28, dimensions: ['query'], rowLimit: 25000 });
    expect(everything.body.rows!.map((r) => r.keys![0])).toContain('alex rivera');
    const again = await query(domain, { ...last28, dimensions: ['query'], rowLimit: 100 });
    expect(again.body).toEqual(a.body);
  });

  it('pages embed the channel videos under slugs of their titles', async () => {
    const res = await query(domain, { ...last28, dimensions: ['page'], rowLimit: 25000 });
    expect(res.body.responseAggregationType).toBe('byPage');
    const pages = res.body.rows!.map((r) => r.keys![0]!);
    expect(pages).toContain('https://www.alex-rivera.test/');
    const corpus = emulator.state.corpus;
    const video = corpus
      .uploads('UCtw0demo00000000000007')
      .map((id) => corpus.getVideo(id)!)
      .find((v) => v.privacyStatus === 'public')!;
    const all = emulator.searchConsole.pages(emulator.state.corpus, DEMO_ACCOUNT_CREATOR, domain);
    expect(all.some((u) => u.endsWith(`/retro-console-repair/${slugify(video.title)}`))).toBe(true);
    for (const page of pages) expect(page).toMatch(/^https:\/\/www\.alex-rivera\.test\//);
  });

  it('the URL-prefix property holds only its pages, totals add up across dimensions', async () => {
    const prefix = 'https://www.alex-rivera.test/trailside-kitchen/';
    const byPage = await query(prefix, { ...last28, dimensions: ['page'], rowLimit: 25000 });
    for (const row of byPage.body.rows!) expect(row.keys![0]!.startsWith(prefix)).toBe(true);
    const total = await query(prefix, { ...last28, aggregationType: 'byPage' });
    const sum = (rows: Row[], k: 'clicks' | 'impressions') => rows.reduce((s, r) => s + r[k], 0);
    expect(total.body.rows![0]!.keys).toBeUndefined();
    expect(total.body.rows![0]!.impressions).toBe(sum(byPage.body.rows!, 'impressions'));
    const byDevice = await query(prefix, {
      ...last28,
      dimensions: ['device'],
      aggregationType: 'byPage',
    });
    expect(sum(byDevice.body.rows!, 'clicks')).toBe(total.body.rows![0]!.clicks);
    const byCountry = await query(prefix, {
      ...last28,
      dimensions: ['country'],
      aggregationType: 'byPage',
    });
    expect(sum(byCountry.body.rows!, 'impressions')).toBe(total.body.rows![0]!.impressions);
    expect(sum(byCountry.body.rows!, 'clicks')).toBe(total.body.rows![0]!.clicks);
    expect(byCountry.body.rows![0]!.keys![0]).toBe('usa');
    // Position is the impression-weighted mean.
    const weighted =
      byDevice.body.rows!.reduce((s, r) => s + r.position * r.impressions, 0) /
      sum(byDevice.body.rows!, 'impressions');
    expect(total.body.rows![0]!.position).toBeCloseTo(weighted, 9);
  });

  it('by date: one row per day in order, weekly seasonality, 16 months kept', async () => {
    const res = await query(domain, { startDate: iso(400), endDate: iso(3), dimensions: ['date'] });
    const rows = res.body.rows!;
    expect(rows).toHaveLength(398);
    expect(rows.map((r) => r.keys![0])).toEqual([...rows.map((r) => r.keys![0])].sort());
    const byWeekday = new Array(7).fill(0);
    for (const r of rows) byWeekday[new Date(r.keys![0]!).getUTCDay()] += r.impressions;
    // Tuesdays beat Saturdays.
    expect(byWeekday[2]).toBeGreaterThan(byWeekday[6] * 1.15);
    const old = await query(domain, {
      startDate: iso(SEARCH_CONSOLE_HISTORY_DAYS + 40),
      endDate: iso(SEARCH_CONSOLE_HISTORY_DAYS + 1),
      dimensions: ['date'],
    });
    expect(old.body.rows).toBeUndefined();
    // Final data stops 3 days back; dataState all reaches yesterday and says what is incomplete.
    const fresh = await query(domain, { startDate: iso(6), endDate: iso(0), dimensions: ['date'] });
    expect(fresh.body.rows!.at(-1)!.keys![0]).toBe(iso(3));
    const all = await query(domain, {
      startDate: iso(6),
      endDate: iso(0),
      dimensions: ['date'],
      dataState: 'all',
    });
    expect(all.body.rows!.at(-1)!.keys![0]).toBe(iso(1));
    expect(all.body.metadata).toEqual({ firstIncompleteDate: iso(2) });
  });

  it('pages with startRow and rowLimit, filters by query and page', async () => {
    const full = await query(domain, { ...last28, dimensions: ['query', 'page'], rowLimit: 60 });
    const first = await query(domain, {
      ...last28,
      dimensions: ['query', 'page'],
      rowLimit: 30,
    });
    const second = await query(domain, {
      ...last28,
      dimensions: ['query', 'page'],
      rowLimit: 30,
      startRow: 30,
    });
    expect([...first.body.rows!, ...second.body.rows!]).toEqual(full.body.rows);
    const beyond = await query(domain, { ...last28, dimensions: ['query'], startRow: 1_000_000 });
    expect(beyond.body).toEqual({ responseAggregationType: 'byProperty' });
    const filtered = await query(domain, {
      ...last28,
      dimensions: ['query'],
      dimensionFilterGroups: [
        { filters: [{ dimension: 'query', operator: 'contains', expression: 'RIVERA' }] },
      ],
    });
    expect(filtered.body.rows!.length).toBeGreaterThan(0);
    for (const r of filtered.body.rows!) expect(r.keys![0]).toContain('rivera');
    const onePage = await query(domain, {
      ...last28,
      dimensions: ['query'],
      dimensionFilterGroups: [
        { filters: [{ dimension: 'page', expression: 'https://www.alex-rivera.test/' }] },
      ],
    });
    expect(onePage.body.responseAggregationType).toBe('byPage');
  });

  it("answers Google's errors", async () => {
    expect((await query(domain, last28, 'ya29.unknown')).status).toBe(401);
    const noAuth = await app.inject({ url: '/emulator/webmasters/v3/sites' });
    expect(noAuth.statusCode).toBe(401);
    const scope = await apiGet(app, '/webmasters/v3/sites', youtubeOnly);
    expect(scope.status).toBe(403);
    expect(scope.body).toMatchObject({
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        errors: [{ reason: 'insufficientPermissions' }],
        status: 'PERMISSION_DENIED',
      },
    });
    const other = await query('https://example.com/', last28);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({
      error: {
        message:
          "User does not have sufficient permission for site 'https://example.com/'. See also: https://support.google.com/webmasters/answer/2451999.",
        errors: [{ reason: 'forbidden' }],
      },
    });
    const missing = await query(domain, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: { message: 'startDate field is required.\nendDate field is required.' },
    });
    for (const bad of [
      { startDate: '2026-02-30', endDate: iso(3) },
      { startDate: iso(3), endDate: iso(30) },
      { ...last28, dimensions: ['keyword'] },
      { ...last28, rowLimit: 25001 },
      { ...last28, startRow: -1 },
      { ...last28, dimensions: ['page'], aggregationType: 'byProperty' },
    ]) {
      const res = await query(domain, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    }
  });

  it('the click-through curve falls with position, and parsing applies the defaults', () => {
    expect(expectedCtr(1)).toBeGreaterThan(expectedCtr(3));
    expect(expectedCtr(11)).toBeLessThan(expectedCtr(10));
    const parsed = parseScQuery({ startDate: '2026-01-01', endDate: '2026-01-28' });
    expect(parsed).toMatchObject({
      ok: true,
      query: { rowLimit: 1000, startRow: 0, dataState: 'final', aggregation: 'byProperty' },
    });
  });
});
