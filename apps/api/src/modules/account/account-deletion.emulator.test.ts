// Account deletion through the real app, the emulator's Google (OAuth grants, channels, sync) on
// PGlite and PostgreSQL. A rich account (two connected and synced channels, drafts, ideas,
// scripts, tracked keywords and ranks, an AI generation, people it invited, work in someone
// else's channel, sessions, mail, counters, usage events, an export, billing rows) is deleted,
// then EVERY column of EVERY table that can hold text, a uuid or JSON is scanned for the
// person's id, e-mail and channel ids: only invoices (without the person) may remain (the
// goodbye e-mail's outbox row is deleted when it is delivered). Also: a wrong password or
// confirmation deletes nothing, a billing failure deletes nothing, a grant that cannot be
// revoked does not block deletion, another person's data is untouched (names replaced on what
// the person wrote there), and the person's sessions are refused everywhere afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Emulator } from '@tubewise/emulator';
import { errorEnvelope } from '@tubewise/contract';
import { rowsOf } from '../../db/rows.ts';
import {
  accountExports,
  aiGenerations,
  authThrottles,
  billingInvoices,
  billingSubscriptions,
  channelCredentials,
  channelSearchConsole,
  channels,
  customPlanRequests,
  emailOutbox,
  ideaFolders,
  keywordRanks,
  onboardings,
  pageViews,
  rateLimits,
  savedIdeas,
  searchConsoleGrants,
  sharedInsights,
  stripeEvents,
  thumbnailTests,
  thumbnailTestVariants,
  thumbnailUploads,
  trackedKeywords,
  usageEvents,
  users,
  videoDrafts,
  videoPublishes,
  videoScripts,
  videoScriptVersions,
  videos,
} from '../../db/schema/index.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import {
  cookieHeader,
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { startSmtp } from '../../testing/smtp.ts';
import { connectEmulatorChannel, syncChannel } from '../../testing/connect-channel.ts';
import type { VideoPlatform } from '../video-platform/index.ts';
import type { AccountBilling } from './index.ts';
import { DELETED_PERSON_NAME } from './index.ts';

const GOOGLE = 'alex.creator@tubewise.test';
const ALICE = 'alice.deletes@example.com';
const ALICE_NAME = 'Alice Quillfeather-Zu';
const BOB = 'bob.keeps@example.com';
const DAVE = 'dave.member@example.com';
const CAROL = 'carol.invited@example.com';

/** Billing as the deletion sees it: records the accounts closed, fails when told to. */
class RecordingBilling implements AccountBilling {
  closed: string[] = [];
  fail = false;
  async closeAccount(userId: string): Promise<void> {
    if (this.fail) throw new Error('Stripe is down');
    this.closed.push(userId);
  }
}

/** The emulator-backed platform, whose token revocation can be made to fail. */
function revocablePlatform(adapter: VideoPlatform, state: { failRevoke: boolean }) {
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      if (prop === 'revokeToken' && state.failRevoke) {
        return async () => {
          throw new Error('The platform is unreachable');
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** Every place a value may sit: columns of text, uuid, JSON, arrays, in every schema. */
async function scanDatabase(
  t: TestApp,
  needles: string[],
): Promise<{ table: string; column: string; rows: number }[]> {
  const { db } = t.database;
  const columns = rowsOf<{ schema: string; table: string; column: string }>(
    await db.execute(sql`
      select c.table_schema as schema, c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema not in ('pg_catalog', 'information_schema')
        and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'uuid', 'jsonb', 'json', 'character varying', 'character', 'ARRAY', 'USER-DEFINED')
      order by 1, 2, 3`),
  );
  expect(columns.length).toBeGreaterThan(100);
  const patterns = needles.map((n) => `%${n.toLowerCase()}%`);
  const hits: { table: string; column: string; rows: number }[] = [];
  for (const c of columns) {
    const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql.raw(
          `select count(*)::int as n from ${ident(c.schema)}.${ident(c.table)}
           where lower(${ident(c.column)}::text) like any (array[${patterns.map((p) => `'${p.replaceAll("'", "''")}'`).join(',')}])`,
        ),
      ),
    );
    if (Number(row?.n ?? 0) > 0)
      hits.push({ table: `${c.schema}.${c.table}`, column: c.column, rows: Number(row!.n) });
  }
  return hits;
}

describe.each(testBackends())('account deletion (%s)', (backend) => {
  let server: EmulatorServer;
  let emulator: Emulator;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  const billing = new RecordingBilling();
  const platformState = { failRevoke: false };
  let alice: string;
  let bob: string;
  let dave: string;
  let aliceCookie: string;
  let aliceOtherDevice: string;
  let bobCookie: string;
  let aliceChannels: string[];
  let bobChannel: string;
  let aliceTokens: string[];
  let bobVideoRowId: string;
  let bobVideoCount: number;

  const call = (options: InjectOptions & { cookie?: string }) =>
    t.app.inject({
      ...options,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.payload !== undefined ? { payload: JSON.stringify(options.payload) } : {}),
    });
  const ok = async (options: InjectOptions & { cookie?: string }) => {
    const res = await call(options);
    if (res.statusCode >= 300)
      throw new Error(`${options.method} ${options.url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  const deleteAs = (cookie: string, password: string, confirmation = 'DELETE') =>
    call({
      method: 'POST',
      url: '/api/users/me/delete',
      cookie,
      payload: { password, confirmation },
    });
  const expectEnvelope = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(errorEnvelope.parse(res.json()).error.code).toBe(code);
  };

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 1 });
    emulator = server.emulator;
    // Real SMTP: the goodbye e-mail is delivered, and its outbox row goes with the delivery.
    smtp = await startSmtp();
    t = await createTestApp(backend, {
      platform: revocablePlatform(server.adapter, platformState),
      accountBilling: billing,
      env: { YOUTUBE_API_KEY: 'tubewise-emulator-key', SMTP_URL: smtp.url },
    });
    const { db } = t.database;
    alice = await t.createUser(ALICE);
    await db.update(users).set({ name: ALICE_NAME }).where(eq(users.id, alice));
    bob = await t.createUser(BOB);
    dave = await t.createUser(DAVE);

    // Alice connects two channels through the emulator's consent; Bob one. All synced.
    const connect = async (userId: string) => {
      const record = emulator.control.addChannel({ videoCount: 6, owner: GOOGLE });
      const id = await connectEmulatorChannel(t.services, emulator, {
        userId,
        youtubeChannelId: record.id,
        account: GOOGLE,
      });
      await syncChannel(t.services, id);
      return id;
    };
    aliceChannels = [await connect(alice), await connect(alice)];
    bobChannel = await connect(bob);
    const creds = await db.select().from(channelCredentials);
    aliceTokens = creds
      .filter((c) => aliceChannels.includes(c.channelId))
      .map((c) => decryptSecret(t.config.encryptionKey, c.refreshTokenEnc));
    expect(aliceTokens).toHaveLength(2);

    aliceCookie = await t.login(ALICE, TEST_PASSWORD);
    aliceOtherDevice = await t.login(ALICE, TEST_PASSWORD);
    bobCookie = await t.login(BOB, TEST_PASSWORD);
    const [a1] = aliceChannels;

    // Sharing: Bob shares his channel with Alice; Alice shares hers with Dave and Carol (new).
    await ok({
      method: 'POST',
      url: `/api/channels/${bobChannel}/members`,
      cookie: bobCookie,
      payload: { email: ALICE },
    });
    await ok({ method: 'GET', url: '/api/users/me/channels', cookie: aliceCookie });
    for (const email of [DAVE, CAROL]) {
      await ok({
        method: 'POST',
        url: `/api/channels/${a1}/members`,
        cookie: aliceCookie,
        payload: { email },
      });
    }

    const firstVideo = async (channelId: string) => {
      const [v] = await db
        .select({ id: videos.id, youtubeId: videos.youtubeId })
        .from(videos)
        .where(eq(videos.channelId, channelId))
        .orderBy(videos.youtubeId)
        .limit(1);
      return v!;
    };
    const aliceVideo = await firstVideo(a1!);
    const bobVideo = await firstVideo(bobChannel);
    bobVideoRowId = bobVideo.id;
    bobVideoCount = (await db.select().from(videos).where(eq(videos.channelId, bobChannel))).length;

    // Drafts in her channel and in Bob's (his shows her name until she is gone).
    const draft = {
      title: 'Camp cooking for beginners',
      description: 'Camp cooking made simple.',
      tags: ['camp cooking'],
      searchTerm: 'camp cooking',
      language: 'en',
      thumbnailId: null,
      baseRevision: null,
    };
    await ok({
      method: 'PUT',
      url: `/optimization/channels/${a1}/videos/${aliceVideo.youtubeId}/draft`,
      cookie: aliceCookie,
      payload: draft,
    });
    await ok({
      method: 'PUT',
      url: `/optimization/channels/${bobChannel}/videos/${bobVideo.youtubeId}/draft`,
      cookie: aliceCookie,
      payload: draft,
    });
    await ok({
      method: 'POST',
      url: `/optimization/channels/${a1}/templates`,
      cookie: aliceCookie,
      payload: { title: 'Links', content: `Mail me: ${ALICE}` },
    });
    await ok({
      method: 'POST',
      url: `/optimization/channels/${a1}/videos/${aliceVideo.youtubeId}/keywords`,
      cookie: aliceCookie,
      payload: { keyword: 'camp cooking' },
    });
    await ok({
      method: 'PUT',
      url: `/api/reporting/channels/${a1}/cost-per-view`,
      cookie: aliceCookie,
      payload: { costPerView: 0.03 },
    });
    await ok({
      method: 'POST',
      url: `/api/rankings/channels/${a1}/keywords`,
      cookie: aliceCookie,
      payload: { text: 'camp cooking\ndutch oven' },
    });
    await db.insert(keywordRanks).values([
      {
        channelId: a1!,
        keyword: 'camp cooking',
        language: 'en-us',
        day: '2025-03-01',
        position: 5,
      },
      {
        channelId: a1!,
        keyword: 'camp cooking',
        language: 'en-us',
        day: '2025-03-02',
        position: 4,
      },
    ]);

    // Ideas and scripts in her channel and in Bob's.
    for (const channelId of [a1!, bobChannel]) {
      const idea = await ok({
        method: 'POST',
        url: '/api/ideas/saved',
        cookie: aliceCookie,
        payload: { channelId, phrase: `dutch oven bread ${channelId.slice(0, 4)}` },
      });
      await db.insert(videoScripts).values({
        savedIdeaId: idea.id as string,
        content: '<p>Hook</p>',
        revision: 2,
        updatedBy: alice,
        updatedByName: ALICE_NAME,
      });
      await db.insert(videoScriptVersions).values({
        savedIdeaId: idea.id as string,
        revision: 1,
        content: '<p>First</p>',
        updatedByName: ALICE,
        updatedAt: new Date(),
      });
    }
    await ok({
      method: 'PUT',
      url: '/api/ideas/inbox-settings',
      cookie: aliceCookie,
      payload: { channelId: a1, weeklyIdeas: true },
    }).catch(() => undefined);

    // An AI generation she asked for in her channel and in Bob's; a publish in Bob's.
    for (const [channelId, videoId] of [
      [a1!, aliceVideo.youtubeId],
      [bobChannel, bobVideo.youtubeId],
    ] as const) {
      await db.insert(aiGenerations).values({
        channelId,
        videoId,
        requestedBy: alice,
        status: 'done',
        titles: [{ text: 'A title', feedback: 'up' }],
        createdAt: new Date(),
      });
    }
    const copy = { title: 'Before', description: '', tags: [], defaultLanguage: null };
    await db.insert(videoPublishes).values({
      videoId: bobVideo.id,
      channelId: bobChannel,
      userId: alice,
      userName: ALICE,
      before: copy,
      after: { ...copy, title: 'After' },
      thumbnailChanged: false,
      quotaUnits: 51,
    });
    // A thumbnail test she started in her channel and one in Bob's (his keeps it, not her name).
    for (const [channelId, video] of [
      [a1!, aliceVideo],
      [bobChannel, bobVideo],
    ] as const) {
      const uploads = await db
        .insert(thumbnailUploads)
        .values(
          [1, 2].map(() => ({
            channelId,
            videoYoutubeId: video.youtubeId,
            mimeType: 'image/png' as const,
            data: Buffer.from('not really a png'),
            width: 1280,
            height: 720,
            bytes: 16,
            createdBy: alice,
          })),
        )
        .returning({ id: thumbnailUploads.id });
      const now = new Date();
      const [test] = await db
        .insert(thumbnailTests)
        .values({
          channelId,
          videoId: video.id,
          videoYoutubeId: video.youtubeId,
          metric: 'viewsPerDay',
          durationDays: 7,
          status: 'completed',
          startedBy: alice,
          startedByName: ALICE_NAME,
          startedAt: now,
          endsAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: thumbnailTests.id });
      await db
        .insert(thumbnailTestVariants)
        .values(uploads.map((u, position) => ({ testId: test!.id, position, thumbnailId: u.id })));
    }
    // Her Search Console connection, read for her channel's and Bob's Reporting.
    await db.insert(searchConsoleGrants).values({
      userId: alice,
      refreshTokenEnc: 'alice-search-console-refresh-enc',
      scopes: 'https://www.googleapis.com/auth/webmasters.readonly',
      connectedAt: new Date(),
      updatedAt: new Date(),
    });
    await db.insert(channelSearchConsole).values(
      [a1!, bobChannel].map((channelId) => ({
        channelId,
        siteUrl: 'sc-domain:alice-kitchen.example',
        userId: alice,
        chosenAt: new Date(),
      })),
    );

    // Usage events (signed in and, from the same browser, before), mail, counters, an OAuth
    // state, a reset link, a failed sign-in, an export, a custom-plan request, billing rows.
    await call({
      method: 'POST',
      url: '/api/users/event',
      cookie: aliceCookie,
      payload: {
        anonymousId: 'anon-alice',
        data: { event: 'navigation.click', payload: { channelId: a1 } },
      },
    });
    await call({
      method: 'POST',
      url: '/api/users/event/page',
      payload: { url: '/login', title: 'Log in', anonymousId: 'anon-alice', data: {} },
    });
    await call({
      method: 'POST',
      url: '/api/users/event/page',
      cookie: aliceCookie,
      payload: { url: '/home', title: 'Home', anonymousId: 'anon-alice', data: {} },
    });
    await t.services.events.flush();
    await call({ method: 'POST', url: '/api/users/forget', payload: { email: ALICE } });
    await t.services.users.settled();
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: ALICE, password: 'nope-nope' },
        })
      ).statusCode,
    ).toBe(401);
    const session = await t.services.sessions.create(alice, {});
    await t.services.connect.authorizationUrl({
      userId: alice,
      familyId: session.familyId,
      reconnect: false,
      firstChannel: false,
    });
    await ok({ method: 'POST', url: '/api/users/me/exports', cookie: aliceCookie });
    await t.services.accountExports.settled();
    await db.insert(customPlanRequests).values({
      userId: alice,
      email: ALICE,
      name: ALICE_NAME,
      channels: 20,
      people: 5,
      keywords: 5000,
      message: 'A plan for my studio',
    });
    // A public onboarding the account was made from, and an earlier one with the same e-mail.
    const sessionId = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';
    const [made] = await db
      .insert(onboardings)
      .values([
        { sessionId, locale: 'en-us', email: ALICE, userId: alice, keywords: ['camp cooking'] },
        { sessionId, locale: 'en-us', email: ALICE, keywords: ['trail food'] },
      ])
      .returning();
    await db.insert(sharedInsights).values({
      id: 'Alice-shared-report-0001',
      onboardingId: made!.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await db.update(users).set({ stripeCustomerId: 'cus_alice123' }).where(eq(users.id, alice));
    await db.insert(billingSubscriptions).values({
      userId: alice,
      stripeCustomerId: 'cus_alice123',
      stripeSubscriptionId: 'sub_alice123',
      priceId: 'price_tubewise_pro_month',
      planId: 'pro',
      interval: 'month',
      status: 'active',
      stripeStateAt: 1,
    });
    await db.insert(billingInvoices).values({
      id: 'in_alice123',
      userId: alice,
      stripeCustomerId: 'cus_alice123',
      stripeSubscriptionId: 'sub_alice123',
      number: 'TW-0001',
      status: 'paid',
      amountDue: 4900,
      amountPaid: 4900,
      currency: 'usd',
      stripeCreated: new Date(),
    });
    await db.insert(stripeEvents).values([
      {
        id: 'evt_alice_1',
        type: 'customer.updated',
        stripeCreated: 1,
        userId: alice,
        payload: { data: { object: { id: 'cus_alice123', email: ALICE, name: ALICE_NAME } } },
      },
      {
        // Received before the customer was linked to the account.
        id: 'evt_alice_2',
        type: 'checkout.session.completed',
        stripeCreated: 2,
        payload: { data: { object: { customer: 'cus_alice123' } } },
      },
    ]);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await server?.close();
    await smtp?.stop();
  });

  it('holds the rich account before deletion (the scan finds it everywhere)', async () => {
    const hits = await scanDatabase(t, [alice, ALICE, ...aliceChannels]);
    const tables = new Set(hits.map((h) => h.table));
    for (const table of [
      'public.users',
      'public.channels',
      'public.channel_members',
      'public.channel_credentials',
      'public.videos',
      'public.video_drafts',
      'public.saved_ideas',
      'public.tracked_keywords',
      'public.keyword_ranks',
      'public.ai_generations',
      'public.session_families',
      'public.email_outbox',
      'public.auth_throttles',
      'public.rate_limits',
      'public.usage_events',
      'public.page_views',
      'public.account_exports',
      'public.onboardings',
      'public.billing_invoices',
      'public.stripe_events',
      'public.oauth_states',
      'public.password_tokens',
      'public.custom_plan_requests',
      'public.video_publishes',
      'public.video_script_versions',
      'public.thumbnail_tests',
      'public.search_console_grants',
      'public.channel_search_console',
    ]) {
      expect(tables, table).toContain(table);
    }
  });

  it('refuses a wrong password (wrong-password) and a missing confirmation, deleting nothing', async () => {
    expectEnvelope(await deleteAs(aliceCookie, 'not her password'), 400, 'wrong-password');
    expectEnvelope(await deleteAs(aliceCookie, TEST_PASSWORD, 'delete'), 400, 'validation-failed');
    expectEnvelope(
      await call({
        method: 'POST',
        url: '/api/users/me/delete',
        cookie: aliceCookie,
        payload: { password: TEST_PASSWORD },
      }),
      400,
      'validation-failed',
    );
    expect(billing.closed).toEqual([]);
    const { db } = t.database;
    expect(await db.select().from(users).where(eq(users.id, alice))).toHaveLength(1);
    expect(await db.select().from(channels).where(eq(channels.id, aliceChannels[0]!))).toHaveLength(
      1,
    );
    expect(
      (await call({ method: 'GET', url: '/api/users/me', cookie: aliceCookie })).statusCode,
    ).toBe(200);
    // The grants still work.
    for (const token of aliceTokens) await server.adapter.refreshAccessToken(token);
  });

  it('deletes nothing when the subscription cannot be cancelled', async () => {
    billing.fail = true;
    try {
      expectEnvelope(await deleteAs(aliceCookie, TEST_PASSWORD), 503, 'billing-unavailable');
    } finally {
      billing.fail = false;
    }
    expect(await t.database.db.select().from(users).where(eq(users.id, alice))).toHaveLength(1);
    expect(
      (await call({ method: 'GET', url: '/api/users/me', cookie: aliceCookie })).statusCode,
    ).toBe(200);
  });

  it('deletes the account: grants revoked, subscription cancelled, signed out everywhere, goodbye mailed', async () => {
    const bobBefore = await t.database.db
      .select()
      .from(videos)
      .where(eq(videos.channelId, bobChannel));
    const res = await deleteAs(aliceCookie, TEST_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    // The answer clears the session cookies.
    const cleared = (res.cookies as { name: string; value: string; expires?: Date }[]).filter(
      (c) => c.name === 'tw_session' || c.name === 'tw_refresh',
    );
    expect(cleared.map((c) => c.name).sort()).toEqual(['tw_refresh', 'tw_session']);
    expect(cleared.every((c) => !c.value || (c.expires && c.expires.getTime() <= Date.now()))).toBe(
      true,
    );
    expect(billing.closed).toEqual([alice]);

    // Every session of hers is refused, the other device's too; she cannot sign in again.
    for (const cookie of [aliceCookie, aliceOtherDevice, cookieHeader(res, aliceCookie)]) {
      expect((await call({ method: 'GET', url: '/api/users/me', cookie })).statusCode).toBe(401);
      expect(
        (await call({ method: 'POST', url: '/api/users/refresh-token', cookie })).statusCode,
      ).toBe(401);
    }

    // The platform grants of her channels are revoked at Google.
    for (const token of aliceTokens) {
      await expect(server.adapter.refreshAccessToken(token)).rejects.toThrow();
    }

    // Goodbye, delivered; its outbox row went with the delivery, so no trace of her is kept.
    const goodbye = smtp.inbox.filter((m) => m.to.includes(ALICE));
    expect(goodbye.at(-1)?.raw).toContain('Subject: Your Tubewise account was deleted');
    const mail = await t.database.db
      .select()
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.to}) = ${ALICE}`);
    expect(mail).toEqual([]);

    // Bob's channel, videos and session are untouched.
    expect(
      await t.database.db.select().from(videos).where(eq(videos.channelId, bobChannel)),
    ).toHaveLength(bobBefore.length);
    expect(bobBefore.length).toBe(bobVideoCount);
    expect(
      (await call({ method: 'GET', url: '/api/users/me', cookie: bobCookie })).statusCode,
    ).toBe(200);
  });

  it('leaves no row of the account behind but invoices (without her)', async () => {
    const hits = await scanDatabase(t, [alice, ALICE, ALICE_NAME, ...aliceChannels]);
    expect(hits).toEqual([]);
    // The invoice stays (tax law), without the person.
    const invoices = await t.database.db.select().from(billingInvoices);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ id: 'in_alice123', userId: null, number: 'TW-0001' });
    const { db } = t.database;
    expect(await db.select().from(stripeEvents)).toEqual([]);
    expect(await db.select().from(accountExports)).toEqual([]);
    expect(await db.select().from(customPlanRequests)).toEqual([]);
    expect(await db.select().from(billingSubscriptions)).toEqual([]);
    expect(
      await db.select().from(usageEvents).where(eq(usageEvents.anonymousId, 'anon-alice')),
    ).toEqual([]);
    expect(
      await db.select().from(pageViews).where(eq(pageViews.anonymousId, 'anon-alice')),
    ).toEqual([]);
    expect(await db.select().from(authThrottles).where(eq(authThrottles.account, ALICE))).toEqual(
      [],
    );
    expect((await db.select().from(rateLimits)).filter((r) => r.key.includes(alice))).toEqual([]);
    // Signing in again fails like for any unknown address (checked after the scan: the attempt
    // itself counts against the address for a while, as it would for anyone's).
    expectEnvelope(
      await call({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: ALICE, password: TEST_PASSWORD },
      }),
      401,
      'invalid-credentials',
    );
  });

  it("keeps other people's data; what she wrote in Bob's channel no longer names her", async () => {
    const { db } = t.database;
    expect(await db.select().from(channels).where(eq(channels.id, bobChannel))).toHaveLength(1);
    const [draft] = await db
      .select()
      .from(videoDrafts)
      .where(eq(videoDrafts.videoId, bobVideoRowId));
    expect(draft).toMatchObject({ updatedBy: null, updatedByName: DELETED_PERSON_NAME });
    const [publish] = await db
      .select()
      .from(videoPublishes)
      .where(eq(videoPublishes.channelId, bobChannel));
    expect(publish).toMatchObject({ userId: null, userName: DELETED_PERSON_NAME });
    const ideas = await db.select().from(savedIdeas).where(eq(savedIdeas.channelId, bobChannel));
    expect(ideas).toHaveLength(1);
    expect(ideas[0]).toMatchObject({ savedBy: null, savedByName: DELETED_PERSON_NAME });
    const versions = await db
      .select()
      .from(videoScriptVersions)
      .where(eq(videoScriptVersions.savedIdeaId, ideas[0]!.id));
    expect(versions.map((v) => v.updatedByName)).toEqual([DELETED_PERSON_NAME]);
    // Bob's thumbnail test stays, no longer naming her; the property read with her grant goes.
    const bobTests = await db
      .select()
      .from(thumbnailTests)
      .where(eq(thumbnailTests.channelId, bobChannel));
    expect(bobTests).toHaveLength(1);
    expect(bobTests[0]).toMatchObject({ startedBy: null, startedByName: DELETED_PERSON_NAME });
    expect(
      await db
        .select()
        .from(thumbnailTestVariants)
        .where(eq(thumbnailTestVariants.testId, bobTests[0]!.id)),
    ).toHaveLength(2);
    expect(await db.select().from(channelSearchConsole)).toEqual([]);
    expect(await db.select().from(searchConsoleGrants)).toEqual([]);
    expect(
      await db.select().from(ideaFolders).where(eq(ideaFolders.channelId, bobChannel)),
    ).not.toHaveLength(0);
    expect(
      await db
        .select()
        .from(aiGenerations)
        .where(and(eq(aiGenerations.channelId, bobChannel))),
    ).toHaveLength(1);
    // Bob's grant still works; Dave (a member of her deleted channel) keeps his account;
    // Carol's account, created only for her invitation, is gone.
    const [bobCreds] = await db
      .select()
      .from(channelCredentials)
      .where(eq(channelCredentials.channelId, bobChannel));
    await server.adapter.refreshAccessToken(
      decryptSecret(t.config.encryptionKey, bobCreds!.refreshTokenEnc),
    );
    expect(await db.select().from(users).where(eq(users.id, dave))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.email, CAROL))).toEqual([]);
    expect(await db.select().from(trackedKeywords)).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, bob))).toHaveLength(1);
  });

  it('does not let a grant that cannot be revoked block the deletion (logged)', async () => {
    const erin = await t.createUser('erin.down@example.com');
    const record = emulator.control.addChannel({ videoCount: 2, owner: GOOGLE });
    const channelId = await connectEmulatorChannel(t.services, emulator, {
      userId: erin,
      youtubeChannelId: record.id,
      account: GOOGLE,
    });
    const cookie = await t.login('erin.down@example.com', TEST_PASSWORD);
    platformState.failRevoke = true;
    try {
      const res = await deleteAs(cookie, TEST_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      platformState.failRevoke = false;
    }
    const { db } = t.database;
    expect(await db.select().from(users).where(eq(users.id, erin))).toEqual([]);
    expect(await db.select().from(channels).where(eq(channels.id, channelId))).toEqual([]);
    expect(
      await db.select().from(channelCredentials).where(eq(channelCredentials.channelId, channelId)),
    ).toEqual([]);
  });
});
