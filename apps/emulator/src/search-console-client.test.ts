// The official Search Console client (@googleapis/searchconsole) against the emulator, pointed
// at it by configuration only: OAuth2Client with the emulator's endpoints, a per-call rootUrl.
import { searchconsole, type searchconsole_v1 } from '@googleapis/searchconsole';
import Fastify, { type FastifyInstance } from 'fastify';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREATOR } from './accounts.ts';
import { createEmulator } from './emulator.ts';
import { pstDay } from './search-console.ts';
import { REDIRECT_URI } from './testing/harness.ts';

const SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';
const DAY_MS = 86_400_000;

describe('@googleapis/searchconsole against the emulator', () => {
  let app: FastifyInstance;
  let base: string;
  let client: OAuth2Client;

  beforeAll(async () => {
    const emulator = createEmulator({ otherChannels: 20 });
    app = Fastify();
    await app.register(emulator.plugin, { prefix: '/emulator' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/emulator`;
    client = new OAuth2Client({
      clientId: 'tubewise-emulator-client',
      clientSecret: 'tubewise-emulator-secret',
      redirectUri: REDIRECT_URI,
      endpoints: {
        oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
        oauth2TokenUrl: `${base}/token`,
        oauth2RevokeUrl: `${base}/revoke`,
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('consents to webmasters.readonly, lists sites and queries Search Analytics', async () => {
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const authUrl = client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: [SCOPE],
      state: 'xsrf-sc',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
    });
    const page = await fetch(
      `${authUrl}&login_hint=${encodeURIComponent(DEMO_ACCOUNT_CREATOR.email)}`,
    );
    const html = await page.text();
    expect(html).toContain('View Search Console data for your verified sites');
    expect(html).not.toContain('Choose a channel');
    const form = new URLSearchParams(new URL(authUrl).searchParams);
    form.set('authuser', DEMO_ACCOUNT_CREATOR.id);
    form.append('granted_scope', SCOPE);
    form.set('decision', 'allow');
    const decided = await fetch(`${base}/o/oauth2/v2/auth`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const code = new URL(decided.headers.get('location')!).searchParams.get('code')!;
    const { tokens } = await client.getToken({ code, codeVerifier });
    expect(tokens.scope).toBe(SCOPE);
    client.setCredentials(tokens);

    // googleapis-common nests its own google-auth-library: the cast is for the compiler only.
    const sc = searchconsole({
      version: 'v1',
      auth: client as unknown as searchconsole_v1.Options['auth'],
    });
    const rootUrl = `${base}/`;
    const sites = await sc.sites.list({}, { rootUrl });
    expect(sites.data.siteEntry?.map((s) => s.siteUrl)).toEqual([
      'sc-domain:alex-rivera.test',
      'https://www.alex-rivera.test/trailside-kitchen/',
    ]);
    const today = pstDay(Date.now());
    const day = (ago: number) => new Date((today - ago) * DAY_MS).toISOString().slice(0, 10);
    for (const siteUrl of sites.data.siteEntry!.map((s) => s.siteUrl!)) {
      const res = await sc.searchanalytics.query(
        {
          siteUrl,
          requestBody: {
            startDate: day(30),
            endDate: day(3),
            dimensions: ['query', 'page'],
            rowLimit: 10,
          },
        },
        { rootUrl },
      );
      expect(res.data.responseAggregationType).toBe('byPage');
      expect(res.data.rows).toHaveLength(10);
      const row = res.data.rows![0]!;
      expect(row.keys).toHaveLength(2);
      expect(row.ctr).toBeCloseTo(row.clicks! / row.impressions!, 12);
    }
    await expect(
      sc.searchanalytics.query(
        { siteUrl: 'https://example.com/', requestBody: { startDate: day(30), endDate: day(3) } },
        { rootUrl },
      ),
    ).rejects.toMatchObject({ status: 403 });
  });
});
