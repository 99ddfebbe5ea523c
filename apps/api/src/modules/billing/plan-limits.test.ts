// Plans through the real app on PGlite and PostgreSQL: a new account's trial and its limits, a
// paid plan raising them, the read-only state after the trial (publish, AI and "Check now"
// refused with 402, lists still readable), and every limit held under concurrent requests.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_PLANS, TRIAL_LIMITS } from '@tubewise/contract/billing-constants';
import {
  billingSubscriptions,
  channelMembers,
  channels,
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
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { GENEROUS_AUTH_LIMITS } from '../rate-limit/index.ts';

const KEYWORDS_MAX = 6;
const AI_PER_MONTH = 3;
const agency = PAID_PLANS.find((p) => p.id === 'agency')!;

describe.each(testBackends())('plans and limits (%s)', (backend) => {
  let t: TestApp;
  let clock: TestClock;
  let server: EmulatorServer;
  let seq = 0;

  beforeAll(async () => {
    server = await startEmulatorServer();
    clock = new TestClock();
    t = await createTestApp(backend, {
      clock,
      platform: server.adapter,
      authLimits: GENEROUS_AUTH_LIMITS,
      aiGenerationsPerMonth: AI_PER_MONTH,
      env: {
        TRACKED_KEYWORDS_MAX: String(KEYWORDS_MAX),
        TRIAL_DAYS: '14',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  /** A fresh account with one owned channel and one synced video; returns ids and cookie. */
  async function account() {
    seq += 1;
    const email = `plan-${seq}-${randomBytes(3).toString('hex')}@example.com`;
    const userId = await t.createUser(email, TEST_PASSWORD);
    const db = t.database.db;
    const [channel] = await db
      .insert(channels)
      .values({ youtubeId: `UCplan${seq}${randomBytes(6).toString('hex')}`, name: `Plan ${seq}` })
      .returning();
    await db.insert(channelMembers).values({ channelId: channel!.id, userId, role: 'owner' });
    const [video] = await db
      .insert(videos)
      .values({
        channelId: channel!.id,
        youtubeId: `vid${seq}${randomBytes(4).toString('hex')}`,
        title: 'A video',
        description: '',
        tags: [],
        thumbnails: {},
        localizations: {},
        publishedAt: new Date('2025-01-01T00:00:00Z'),
      })
      .returning();
    const cookie = await t.login(email, TEST_PASSWORD);
    return { email, userId, channelId: channel!.id, videoId: video!.youtubeId, cookie };
  }

  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  /** Gives the account a live subscription to a plan, as a webhook would have stored it. */
  async function subscribe(userId: string, plan: 'creator' | 'pro' | 'agency', status = 'active') {
    await t.database.db
      .insert(billingSubscriptions)
      .values({
        userId,
        stripeCustomerId: `cus_${userId.slice(0, 8)}`,
        stripeSubscriptionId: `sub_${userId}`,
        priceId: PAID_PLANS.find((p) => p.id === plan)!.stripePriceIds.month,
        planId: plan,
        interval: 'month',
        status,
        stripeStateAt: Date.now(),
      })
      .onConflictDoUpdate({
        target: billingSubscriptions.userId,
        set: { planId: plan, status },
      });
  }

  it('starts a new account on a trial of TRIAL_DAYS with the trial limits', async () => {
    const a = await account();
    const res = await get(a.cookie, '/api/billing');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.plan).toEqual({ id: 'trial', name: 'Free trial' });
    expect(body.standing).toBe('trialing');
    expect(body.readOnly).toBe(false);
    expect(body.trialDaysLeft).toBe(14);
    expect(body.subscription).toBeNull();
    expect(body.limits).toEqual({
      ...TRIAL_LIMITS,
      trackedKeywordsPerChannel: KEYWORDS_MAX,
      aiGenerationsPerMonth: AI_PER_MONTH,
    });
    expect(body.usage.channels).toEqual({ used: 1, limit: TRIAL_LIMITS.channels });
    expect(body.usage.perChannel[0]).toMatchObject({
      channelId: a.channelId,
      people: { used: 1, limit: TRIAL_LIMITS.peoplePerChannel },
      trackedKeywords: { used: 0, limit: KEYWORDS_MAX },
      aiGenerations: { used: 0, limit: AI_PER_MONTH },
    });
    expect(body.plans.map((p: { id: string }) => p.id)).toEqual(['creator', 'pro', 'agency']);
  });

  it("raises the limits with a paid plan: the plan's own numbers apply everywhere", async () => {
    const a = await account();
    await subscribe(a.userId, 'agency');
    const overview = (await get(a.cookie, '/api/billing')).json();
    expect(overview.plan.id).toBe('agency');
    expect(overview.standing).toBe('active');
    expect(overview.limits).toEqual(agency.limits);
    expect(overview.trialEndsAt).toBeNull();
    const list = (await get(a.cookie, `/api/rankings/channels/${a.channelId}/keywords`)).json();
    expect(list.limit).toBe(agency.limits.trackedKeywordsPerChannel);
    const quota = (await get(a.cookie, `/optimization/channels/${a.channelId}/ai/quota`)).json();
    expect(quota.limit).toBe(agency.limits.aiGenerationsPerMonth);
  });

  it('makes the account read-only after the trial: publish, AI and checks answer 402, lists stay', async () => {
    const a = await account();
    const shared = await account();
    // A member of a's channel works under a's plan, whatever their own.
    await t.database.db
      .insert(channelMembers)
      .values({ channelId: a.channelId, userId: shared.userId, role: 'member' });
    const base = `/optimization/channels/${a.channelId}/videos/${a.videoId}`;
    // The editor's data says whether publishing waits for a plan, before anyone presses Publish.
    expect((await get(a.cookie, base)).json().publishingPaused).toBe(false);
    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(users.id, a.userId));

    const overview = (await get(a.cookie, '/api/billing')).json();
    expect(overview).toMatchObject({ standing: 'expired', readOnly: true, trialDaysLeft: 0 });

    for (const cookie of [a.cookie, shared.cookie]) {
      expect((await get(cookie, base)).json().publishingPaused).toBe(true);
      const publish = await post(cookie, `${base}/publish`, {
        title: 'New title',
        description: 'New description',
        tags: [],
        searchTerm: 'camp cooking',
        language: null,
        thumbnailId: null,
        fromDraft: false,
      });
      expect(publish.statusCode, publish.body).toBe(402);
      expect(publish.json().error.code).toBe('account-read-only');
      const generate = await post(cookie, `${base}/ai/generations`, {});
      expect(generate.statusCode, generate.body).toBe(402);
      const check = await post(cookie, `/api/rankings/channels/${a.channelId}/checks`);
      expect(check.statusCode, check.body).toBe(402);
      const eligibility = (await get(cookie, `${base}/ai/eligibility`)).json();
      expect(eligibility.reasons.map((r: { code: string }) => r.code)).toContain(
        'account-read-only',
      );
      // Lists and reports stay readable.
      expect((await get(cookie, `/optimization/channels/${a.channelId}/videos`)).statusCode).toBe(
        200,
      );
      expect((await get(cookie, `/api/rankings/channels/${a.channelId}/keywords`)).statusCode).toBe(
        200,
      );
    }

    // Subscribing lifts it at once; a failed renewal (past_due) keeps the plan meanwhile.
    await subscribe(a.userId, 'creator', 'past_due');
    expect((await get(a.cookie, '/api/billing')).json()).toMatchObject({
      standing: 'past-due',
      readOnly: false,
      plan: { id: 'creator' },
    });
    expect((await get(shared.cookie, base)).json().publishingPaused).toBe(false);
    const check = await post(a.cookie, `/api/rankings/channels/${a.channelId}/checks`);
    expect(check.statusCode, check.body).toBe(200);
  });

  it('never lets concurrent invitations pass the people-per-channel limit', async () => {
    const a = await account();
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        post(a.cookie, `/api/channels/${a.channelId}/members`, {
          email: `invitee-${seq}-${i}@example.com`,
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode < 300).length;
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok + refused.length, results.map((r) => r.body).join('\n')).toBe(9);
    expect(ok).toBe(TRIAL_LIMITS.peoplePerChannel - 1);
    expect(refused.length).toBe(9 - ok);
    for (const r of refused) expect(r.json().error.code).toBe('people-limit-reached');
    const members = await t.database.db
      .select()
      .from(channelMembers)
      .where(eq(channelMembers.channelId, a.channelId));
    expect(members).toHaveLength(TRIAL_LIMITS.peoplePerChannel);
  });

  it('never lets concurrent adds pass the tracked-keyword limit', async () => {
    const a = await account();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(a.cookie, `/api/rankings/channels/${a.channelId}/keywords`, {
          text: `kw ${i} one, kw ${i} two`,
        }),
      ),
    );
    for (const r of results) expect([200, 201, 409]).toContain(r.statusCode);
    const list = (await get(a.cookie, `/api/rankings/channels/${a.channelId}/keywords`)).json();
    expect(list.items.length).toBeLessThanOrEqual(KEYWORDS_MAX);
    expect(list.items.length).toBe(KEYWORDS_MAX);
  });

  it('never lets concurrent connections pass the channel limit, and refuses a start at the limit', async () => {
    seq += 1;
    const email = `connect-${seq}@example.com`;
    const userId = await t.createUser(email, TEST_PASSWORD);
    // An emulator account that exists (its channels are added per test).
    const owner = 'alex.creator@tubewise.test';
    const records = Array.from({ length: TRIAL_LIMITS.channels + 2 }, () =>
      server.emulator.control.addChannel({ videoCount: 1, owner }),
    );
    const session = await t.services.sessions.create(userId, {});
    const ids = { userId, familyId: session.familyId };
    // Every consent starts while nothing is connected; the callbacks then race.
    const returns = [];
    for (const record of records) {
      const authUrl = await t.services.connect.authorizationUrl({
        ...ids,
        reconnect: false,
        firstChannel: false,
      });
      const back = new URL(server.emulator.control.approveConsent(authUrl, owner, record.id));
      returns.push({
        code: back.searchParams.get('code')!,
        state: back.searchParams.get('state')!,
      });
    }
    const outcomes = await Promise.all(returns.map((r) => t.services.connect.complete(r, ids)));
    const connected = outcomes.filter((o) => o.params['oauth-success'] === 'true');
    expect(connected).toHaveLength(TRIAL_LIMITS.channels);
    for (const o of outcomes.filter((x) => x.params['oauth-success'] !== 'true')) {
      expect(o.params['within-plan']).toBe('false');
    }
    const mine = await t.services.users.myChannels(userId);
    expect(mine.myChannels).toHaveLength(TRIAL_LIMITS.channels);
    // A "reconnect" names no channel to check against: one the person does not own still
    // counts, so it cannot be a way around the limit.
    const extra = server.emulator.control.addChannel({ videoCount: 1, owner });
    const sneaky = await t.services.connect.authorizationUrl({
      ...ids,
      reconnect: true,
      firstChannel: false,
    });
    const sneakyBack = new URL(server.emulator.control.approveConsent(sneaky, owner, extra.id));
    const refused = await t.services.connect.complete(
      { code: sneakyBack.searchParams.get('code')!, state: sneakyBack.searchParams.get('state')! },
      ids,
    );
    expect(refused.params).toMatchObject({ 'oauth-success': 'false', 'within-plan': 'false' });
    // A real reconnect of a channel the person owns passes at the limit.
    const own = (await t.services.users.myChannels(userId)).myChannels[0]!;
    const again = await t.services.connect.authorizationUrl({
      ...ids,
      reconnect: true,
      firstChannel: false,
      channelYoutubeId: own.youtubeId,
    });
    const againBack = new URL(server.emulator.control.approveConsent(again, owner, own.youtubeId));
    const reconnected = await t.services.connect.complete(
      { code: againBack.searchParams.get('code')!, state: againBack.searchParams.get('state')! },
      ids,
    );
    expect(reconnected.params['oauth-success']).toBe('true');
    // At the limit, a new connection is refused before the consent page.
    const cookie = await t.login(email, TEST_PASSWORD);
    const start = await get(cookie, `/api/users/youtube-auth-url?user_id=${userId}`);
    expect(start.statusCode, start.body).toBe(409);
    expect(start.json().error).toMatchObject({
      code: 'channel-limit-reached',
      details: { limit: TRIAL_LIMITS.channels, used: TRIAL_LIMITS.channels, plan: 'trial' },
    });
  });
});
