// Account exports through the real app on PGlite and PostgreSQL: request → build (in process,
// and through the pg-boss job) → ready row → e-mail with the link → download → unzip with fflate;
// the archive's files and contents, no secret anywhere in it, CSV formulas neutralised; one open
// export at a time, the day's limit, someone else's / expired / unknown exports, the purge, and
// an account too large for an archive.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { errorEnvelope, type AccountExport } from '@tubewise/contract';
import {
  accountExports,
  channelCredentials,
  channelMembers,
  channelSearchConsole,
  channels,
  emailOutbox,
  keywordRanks,
  oauthStates,
  onboardings,
  passwordTokens,
  rateLimits,
  savedIdeas,
  ideaFolders,
  searchConsoleGrants,
  sessionTokens,
  sharedInsights,
  thumbnailTestDays,
  thumbnailTestSwaps,
  thumbnailTests,
  thumbnailTestVariants,
  thumbnailUploads,
  trackedKeywords,
  users,
  videos,
} from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { EXPORT_FILES } from './export-contents.ts';

const FORMULA_TITLE = '=HYPERLINK("http://evil.example","click")';
const SECRET_REFRESH = 'enc-refresh-secret-marker-5k2';
const SECRET_ACCESS = 'enc-access-secret-marker-9p4';
const SC_REFRESH = 'enc-sc-grant-marker-r7q';
const SC_ACCESS = 'enc-sc-grant-marker-a3w';
const STRANGER_SC_REFRESH = 'enc-sc-stranger-marker-z1x';
const SWAP_LEASE = '7e57ab1e-0000-4000-8000-0000000001ea';

/** The file names the archive holds (EXPORT_FILES writes "a / b" for a JSON and CSV pair). */
const EXPECTED_FILES = EXPORT_FILES.flatMap((f) => f.name.split(' / ')).sort();

describe.each(testBackends())('account export (%s)', (backend) => {
  let t: TestApp;
  const clock = new TestClock();
  let cookie: string;
  let userId: string;
  let otherCookie: string;
  let channelId: string;

  const call = (options: InjectOptions & { as?: string }) =>
    t.app.inject({
      ...options,
      headers: {
        cookie: options.as ?? cookie,
        ...(options.method === 'GET' || options.method === 'HEAD'
          ? {}
          : { 'content-type': 'application/json' }),
        ...options.headers,
      },
    });
  const request = (as?: string) => call({ method: 'POST', url: '/api/users/me/exports', as });
  const list = async (as?: string) =>
    (await call({ method: 'GET', url: '/api/users/me/exports', as })).json()
      .exports as AccountExport[];
  const download = (exportId: string, as?: string) =>
    call({ method: 'GET', url: `/api/users/me/exports/${exportId}/archive`, as });
  const expectEnvelope = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    const parsed = errorEnvelope.parse(res.json());
    expect(parsed.error.code).toBe(code);
    expect(parsed.error.requestId).toBe(res.headers['x-request-id']);
    return parsed.error;
  };
  /** Waits (bounded) until the newest export is ready or failed. */
  const settled = async (as?: string): Promise<AccountExport> => {
    await t.services.accountExports.settled();
    for (let i = 0; i < 600; i++) {
      const [latest] = await list(as);
      if (latest && latest.status !== 'pending' && latest.status !== 'running') return latest;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('export did not settle');
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { clock });
    userId = await t.createUser('exporter@example.com');
    const strangerId = await t.createUser('stranger@example.com');
    cookie = await t.login('exporter@example.com', TEST_PASSWORD);
    otherCookie = await t.login('stranger@example.com', TEST_PASSWORD);
    const { db } = t.database;
    const [channel] = await db
      .insert(channels)
      .values({ youtubeId: 'UCexport000000000000000', name: 'Export Kitchen' })
      .returning();
    channelId = channel!.id;
    await db.insert(channelMembers).values({ channelId, userId, role: 'owner' });
    await db.insert(channelCredentials).values({
      channelId,
      refreshTokenEnc: SECRET_REFRESH,
      accessTokenEnc: SECRET_ACCESS,
      connectedBy: userId,
    });
    const [testedVideo] = await db
      .insert(videos)
      .values([
        {
          channelId,
          youtubeId: 'vid-formula',
          title: FORMULA_TITLE,
          description: 'Line one\nLine "two", with a comma',
          tags: ['camp', 'cooking'],
          thumbnails: {},
          localizations: {},
        },
        {
          channelId,
          youtubeId: 'vid-plain',
          title: 'Dutch oven bread — über easy',
          description: '',
          tags: [],
          thumbnails: {},
          localizations: {},
        },
      ])
      .returning();
    // A decided thumbnail test of two uploads, with a swap still leased by a worker.
    const uploads = await db
      .insert(thumbnailUploads)
      .values(
        [1, 2].map((n) => ({
          channelId,
          videoYoutubeId: 'vid-formula',
          mimeType: 'image/png' as const,
          data: Buffer.from(`image-bytes-marker-${n}`),
          width: 1280,
          height: 720,
          bytes: 20,
          createdBy: userId,
        })),
      )
      .returning({ id: thumbnailUploads.id });
    const started = new Date('2025-02-01T08:00:00Z');
    const [test] = await db
      .insert(thumbnailTests)
      .values({
        channelId,
        videoId: testedVideo!.id,
        videoYoutubeId: 'vid-formula',
        metric: 'viewsPerDay',
        durationDays: 14,
        status: 'completed',
        startedBy: userId,
        startedByName: 'Test User',
        startedAt: started,
        endsAt: new Date('2025-02-15T08:00:00Z'),
        endedAt: new Date('2025-02-15T09:00:00Z'),
        measuredThrough: '2025-02-14',
        notice: 'The winner was set on the video.',
        createdAt: started,
        updatedAt: started,
      })
      .returning();
    const variantRows = await db
      .insert(thumbnailTestVariants)
      .values(uploads.map((u, position) => ({ testId: test!.id, position, thumbnailId: u.id })))
      .returning();
    await db
      .update(thumbnailTests)
      .set({
        decision: {
          winnerVariantId: variantRows[1]!.id,
          probability: 0.97,
          reason: 'confident',
          applied: 'winner',
          decidedAt: '2025-02-15T08:30:00.000Z',
        },
      })
      .where(eq(thumbnailTests.id, test!.id));
    await db.insert(thumbnailTestSwaps).values([
      {
        testId: test!.id,
        kind: 'rotate',
        variantId: variantRows[0]!.id,
        quotaDay: '2025-02-01',
        status: 'done',
        quotaUnits: 50,
        attempts: 1,
        createdAt: started,
        appliedAt: started,
      },
      {
        testId: test!.id,
        kind: 'winner',
        variantId: variantRows[1]!.id,
        quotaDay: '2025-02-15',
        status: 'skipped',
        reason: 'budget',
        leaseOwner: SWAP_LEASE,
        leaseUntil: new Date('2025-02-15T08:31:00Z'),
        createdAt: new Date('2025-02-15T08:30:00Z'),
      },
    ]);
    await db.insert(thumbnailTestDays).values({
      testId: test!.id,
      day: '2025-02-02',
      variantId: variantRows[0]!.id,
      views: 321,
      watchMinutes: 900,
      averageViewPercentage: 41.5,
    });
    // Search Console: their connection and their channel's property; the stranger's connection.
    await db.insert(searchConsoleGrants).values([
      {
        userId,
        refreshTokenEnc: SC_REFRESH,
        accessTokenEnc: SC_ACCESS,
        accessExpiresAt: new Date('2025-03-01T00:00:00Z'),
        scopes: 'https://www.googleapis.com/auth/webmasters.readonly openid',
        connectedAt: new Date('2025-01-10T10:00:00Z'),
        updatedAt: new Date('2025-01-10T10:00:00Z'),
      },
      {
        userId: strangerId,
        refreshTokenEnc: STRANGER_SC_REFRESH,
        scopes: 'https://www.googleapis.com/auth/webmasters.readonly',
        connectedAt: new Date('2025-01-11T10:00:00Z'),
        updatedAt: new Date('2025-01-11T10:00:00Z'),
      },
    ]);
    await db.insert(channelSearchConsole).values({
      channelId,
      siteUrl: 'sc-domain:export-kitchen.example',
      userId,
      chosenAt: new Date('2025-01-10T10:05:00Z'),
    });
    const [folder] = await db
      .insert(ideaFolders)
      .values({ channelId, name: 'Your saved ideas', isDefault: true })
      .returning();
    await db.insert(savedIdeas).values({
      channelId,
      folderId: folder!.id,
      phrase: 'camp cooking',
      phraseKey: 'camp cooking',
      languageId: 'en-us',
      savedBy: userId,
      savedByName: 'Test User',
    });
    await db
      .insert(trackedKeywords)
      .values({ channelId, keyword: 'camp cooking', language: 'en-us', addedBy: userId });
    await db.insert(keywordRanks).values([
      { channelId, keyword: 'camp cooking', language: 'en-us', day: '2025-01-01', position: 4 },
      { channelId, keyword: 'camp cooking', language: 'en-us', day: '2025-01-02', position: 3 },
    ]);
    // A pending reset link: its hash must never be exported.
    await t.services.users.createPasswordToken(userId, 'reset');
    // The public onboarding the account was made from (its code and token hashes are secrets).
    const [onboarding] = await db
      .insert(onboardings)
      .values({
        sessionId: '0b8e8f3a-6c1d-4f2a-9b3e-1c2d3e4f5a6b',
        locale: 'en-us',
        email: 'exporter@example.com',
        userId,
        keywords: ['dutch oven bread'],
        competitors: [{ youtubeId: 'UCrival', title: 'Rival Kitchen', thumbnailUrl: '' }],
        codeHash: 'onboarding-code-hash-secret',
        tokenHash: 'onboarding-owner-token-hash-secret',
      })
      .returning();
    // Someone else typed the address into an onboarding and never verified it: not theirs.
    await db.insert(onboardings).values({
      sessionId: '9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
      locale: 'en-us',
      email: 'exporter@example.com',
      keywords: ['stranger typed this'],
      competitors: [{ youtubeId: 'UCstranger', title: 'Stranger Pick', thumbnailUrl: '' }],
      createdAt: new Date(clock.now().getTime() + 3_600_000),
    });
    // A verified onboarding of the address that made no account: it proved the mailbox.
    await db.insert(onboardings).values({
      sessionId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e',
      locale: 'en-us',
      email: 'exporter@example.com',
      keywords: ['verified later'],
      verifiedAt: clock.now(),
      createdAt: new Date(clock.now().getTime() + 7_200_000),
    });
    await db.insert(sharedInsights).values({
      id: 'exporter-shared-report-0001',
      onboardingId: onboarding!.id,
      expiresAt: new Date(clock.now().getTime() + 90 * 86_400_000),
    });
  });
  afterAll(() => t?.close());

  beforeEach(async () => {
    // Each test starts without open exports or counters.
    await t.database.db.delete(accountExports);
    await t.database.db.delete(rateLimits);
  });

  it('builds the export, mails the link and serves the ZIP with every file and no secret', async () => {
    const asked = await request();
    expect(asked.statusCode).toBe(202);
    const pending = asked.json() as AccountExport;
    expect(pending.status).toBe('pending');
    expect(pending.downloadUrl).toBeNull();

    const ready = await settled();
    expect(ready.id).toBe(pending.id);
    expect(ready.status).toBe('ready');
    expect(ready.bytes).toBeGreaterThan(100);
    expect(ready.downloadUrl).toBe(`/api/users/me/exports/${ready.id}/archive`);
    const days = (Date.parse(ready.expiresAt!) - clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);

    // The e-mail links to the account page (download needs sign-in), never to the file.
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'exporter@example.com'))
      .orderBy(sql`${emailOutbox.createdAt} desc`)
      .limit(1);
    expect(mail!.subject).toMatch(/export is ready/);
    expect(mail!.text).toContain(`/settings/account?export=${ready.id}`);
    expect(mail!.text).not.toContain('/archive');

    const res = await download(ready.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tubewise-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.length).toBe(ready.bytes);

    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(EXPECTED_FILES);
    // Buffer keeps the BOM (TextDecoder would drop it).
    const text = (name: string) => Buffer.from(files[name]!).toString('utf8');
    const json = (name: string) => JSON.parse(text(name)) as unknown;

    for (const name of Object.keys(files).filter((n) => n.endsWith('.json'))) {
      expect(() => json(name), name).not.toThrow();
    }
    expect(text('README.txt')).toContain('videos.json / videos.csv');
    expect(json('profile.json')).toMatchObject({
      id: userId,
      email: 'exporter@example.com',
      name: 'Test User',
    });
    expect(json('channels.json')).toMatchObject([
      { id: channelId, name: 'Export Kitchen', yourRole: 'owner' },
    ]);
    expect((json('videos.json') as unknown[]).length).toBe(2);
    expect((json('sessions.json') as { userAgent: unknown }[]).length).toBeGreaterThan(0);
    expect(json('keyword-ranks.json')).toHaveLength(2);
    expect(json('onboardings.json')).toMatchObject([
      {
        keywords: ['dutch oven bread'],
        competitors: [{ youtubeId: 'UCrival', title: 'Rival Kitchen' }],
        sharedReports: [{ id: 'exporter-shared-report-0001', status: 'pending' }],
      },
      { keywords: ['verified later'], sharedReports: [] },
    ]);
    expect(JSON.stringify(json('onboardings.json'))).not.toMatch(/stranger|Stranger/);
    expect(json('tracked-keywords.json')).toMatchObject([
      { keyword: 'camp cooking', latestDay: '2025-01-02', latestPosition: 3 },
    ]);

    // Thumbnail tests: thumbnails by upload id (listed in thumbnails.json), swaps, days, decision.
    const uploadIds = (json('thumbnails.json') as { id: string }[]).map((u) => u.id);
    const tests = json('thumbnail-tests.json') as {
      variants: { id: string; thumbnailId: string; label: string }[];
      swaps: Record<string, unknown>[];
      decision: { winnerVariantId: string };
    }[];
    expect(tests).toHaveLength(1);
    expect(tests[0]).toMatchObject({
      channelId,
      videoYoutubeId: 'vid-formula',
      metric: 'viewsPerDay',
      durationDays: 14,
      status: 'completed',
      startedByName: 'Test User',
      startedByYou: true,
      measuredThrough: '2025-02-14',
      notice: 'The winner was set on the video.',
      decision: { probability: 0.97, reason: 'confident', applied: 'winner' },
      days: [{ day: '2025-02-02', views: 321, watchMinutes: 900, averageViewPercentage: 41.5 }],
    });
    const [a, b] = tests[0]!.variants;
    expect(tests[0]!.variants.map((v) => v.label)).toEqual(['A', 'B']);
    expect(uploadIds).toEqual(expect.arrayContaining([a!.thumbnailId, b!.thumbnailId]));
    expect(tests[0]!.decision.winnerVariantId).toBe(b!.id);
    expect(tests[0]!.swaps).toMatchObject([
      { kind: 'rotate', variantId: a!.id, quotaDay: '2025-02-01', status: 'done', quotaUnits: 50 },
      { kind: 'winner', variantId: b!.id, status: 'skipped', reason: 'budget', appliedAt: null },
    ]);
    for (const swap of tests[0]!.swaps) {
      expect(Object.keys(swap)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/lease|thumbnailsBefore/)]),
      );
    }
    expect(text('thumbnail-tests.json')).not.toContain(SWAP_LEASE);
    // The images themselves are not in the archive.
    expect(Object.keys(files).map(text).join('\n')).not.toContain('image-bytes-marker');

    // Search Console: the connection without its tokens, and the channel's property.
    expect(json('search-console.json')).toEqual({
      connection: {
        connectedAt: '2025-01-10T10:00:00.000Z',
        scopes: ['https://www.googleapis.com/auth/webmasters.readonly', 'openid'],
        needsReconnect: false,
        updatedAt: '2025-01-10T10:00:00.000Z',
      },
      channelProperties: [
        {
          channelId,
          siteUrl: 'sc-domain:export-kitchen.example',
          chosenAt: '2025-01-10T10:05:00.000Z',
          chosenByYou: true,
        },
      ],
    });

    // CSV: the shared writer's quoting, BOM and formula guard.
    const csv = text('videos.csv');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(csv).toContain('"Line one\nLine ""two"", with a comma"');
    expect(csv).toContain('Dutch oven bread — über easy');
    expect(text('saved-ideas.csv')).toContain('camp cooking');
    expect(text('keyword-ranks.csv')).toContain('Export Kitchen,camp cooking,en-us,2025-01-02,3');

    // No secret: password hash, platform tokens, session and reset token hashes, OAuth state.
    const { db } = t.database;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const secrets = [
      user!.passwordHash!,
      SECRET_REFRESH,
      SECRET_ACCESS,
      SC_REFRESH,
      SC_ACCESS,
      STRANGER_SC_REFRESH,
      ...(await db.select({ h: sessionTokens.tokenHash }).from(sessionTokens)).map((r) => r.h),
      ...(await db.select({ h: passwordTokens.tokenHash }).from(passwordTokens)).map((r) => r.h),
      ...(await db.select({ h: oauthStates.stateHash }).from(oauthStates)).map((r) => r.h),
      'onboarding-code-hash-secret',
      'onboarding-owner-token-hash-secret',
    ];
    expect(secrets.length).toBeGreaterThan(4);
    const everything = Object.keys(files).map(text).join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/passwordHash|password_hash|refreshToken|tokenHash/i);
    expect(everything).not.toMatch(/refresh|accessToken|accessExpires/i);
  });

  it('allows one open export at a time (409 export-in-progress), then another', async () => {
    // Two at once: one is accepted, the other refused.
    const both = await Promise.all([request(), request()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    expectEnvelope(
      both.find((r) => r.statusCode === 409)!,
      409,
      'export-in-progress',
    );
    await settled();
    // While one is being built (a job that has not finished yet), another is refused.
    const [open] = await t.database.db
      .insert(accountExports)
      .values({ userId, status: 'running', createdAt: clock.now() })
      .returning();
    expectEnvelope(await request(), 409, 'export-in-progress');
    // A job lost for an hour no longer blocks the person.
    clock.advance(61 * 60);
    try {
      const fresh = await t.login('exporter@example.com', TEST_PASSWORD);
      expect((await request(fresh)).statusCode).toBe(202);
      await settled(fresh);
      const exports = await list(fresh);
      expect(exports.find((e) => e.id === open!.id)?.status).toBe('failed');
      expect(exports.filter((e) => e.status === 'ready')).toHaveLength(2);
    } finally {
      clock.advance(-61 * 60);
    }
  });

  it('limits exports to five a day (429), refusals not counted', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await request()).statusCode).toBe(202);
      await settled();
    }
    const refused = await request();
    expectEnvelope(refused, 429, 'rate-limited');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('never serves an export to anyone but its owner, nor an expired one', async () => {
    expect((await request()).statusCode).toBe(202);
    const ready = await settled();
    // Someone else's export is the same 404 as one that does not exist.
    const theirs = expectEnvelope(await download(ready.id, otherCookie), 404, 'not-found');
    const unknown = expectEnvelope(
      await download('00000000-0000-4000-8000-000000000000'),
      404,
      'not-found',
    );
    expect(theirs.message).toBe(unknown.message);
    expectEnvelope(await download('not-a-uuid'), 404, 'not-found');
    expect(await list(otherCookie)).toEqual([]);
    expectEnvelope(await download(ready.id, ''), 401, 'unauthorized');

    clock.advance(7 * 86_400 + 60);
    try {
      const fresh = await t.login('exporter@example.com', TEST_PASSWORD);
      const [expired] = await list(fresh);
      expect(expired).toMatchObject({ status: 'expired', downloadUrl: null, bytes: null });
      const gone = expectEnvelope(await download(ready.id, fresh), 404, 'not-found');
      expect(gone.message).toMatch(/expired/);
      // The hourly purge drops the bytes.
      expect((await t.services.accountExports.purgeExpired()).expired).toBe(1);
      const [row] = await t.database.db
        .select({ status: accountExports.status, archive: accountExports.archive })
        .from(accountExports)
        .where(eq(accountExports.id, ready.id));
      expect(row).toEqual({ status: 'expired', archive: null });
    } finally {
      clock.advance(-(7 * 86_400 + 60));
    }
  });

  it('fails an account too large for an archive with a clear reason, by e-mail too', async () => {
    const small = await createTestApp(backend, {
      database: t.database,
      exportArchive: { maxBytes: 600 },
    });
    try {
      // Its own session secret: sign in there.
      const smallCookie = await small.login('exporter@example.com', TEST_PASSWORD);
      const asked = await small.app.inject({
        method: 'POST',
        url: '/api/users/me/exports',
        headers: { cookie: smallCookie, 'content-type': 'application/json' },
      });
      expect(asked.statusCode).toBe(202);
      await small.services.accountExports.settled();
      const [failed] = await small.services.accountExports.list(userId);
      expect(failed!.status).toBe('failed');
      const [row] = await t.database.db
        .select({ error: accountExports.error, archive: accountExports.archive })
        .from(accountExports)
        .where(eq(accountExports.id, failed!.id));
      expect(row!.error).toMatch(/larger than/);
      expect(row!.archive).toBeNull();
      const mails = await t.database.db
        .select({ subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, 'exporter@example.com'));
      expect(mails.map((m) => m.subject)).toContain(
        'Your Tubewise data export could not be prepared',
      );
      // Not open any more: a new export may be asked for.
      expect((await request()).statusCode).toBe(202);
      await settled();
    } finally {
      await small.close();
    }
  });
});

describe.each(testBackends())('account export through the job queue (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { jobs: true });
  });
  afterAll(() => t?.close());

  it('queues the export as a pg-boss job that builds it', async () => {
    await t.createUser('queued@example.com');
    const cookie = await t.login('queued@example.com', TEST_PASSWORD);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/exports',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(asked.statusCode).toBe(202);
    let latest: AccountExport | undefined;
    for (let i = 0; i < 400; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/me/exports',
        headers: { cookie },
      });
      latest = (res.json().exports as AccountExport[])[0];
      if (latest?.status === 'ready' || latest?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(latest?.status).toBe('ready');
    const res = await t.app.inject({
      method: 'GET',
      url: latest!.downloadUrl!,
      headers: { cookie },
    });
    expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload)))).toContain('profile.json');
  });
});
