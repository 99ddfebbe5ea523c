// A verified onboarding's insights report and account through the real app and the emulator
// (YouTube Data API, keyword data and SERP), on PGlite and PostgreSQL: suggestions from the
// competitors' videos, a report made from real checks under the cost rule (a second report of
// the same keywords calls no provider), shared signed out with noindex and without the visitor's
// data, revoked by its owner token only, expired after 90 days; "Create my account" starts the
// trial and signs in once; the first connected channel gets the keywords and competitors, once.
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS, type Emulator } from '@tubewise/emulator';
import {
  INSIGHTS_BEST_VIDEOS,
  INSIGHTS_TOP_RESULTS,
  INSIGHTS_TTL_DAYS,
} from '@tubewise/contract/onboarding-constants';
import {
  channelCompetitors,
  channels,
  onboardings,
  rateLimits,
  serpChecks,
  sharedInsights,
  trackedKeywords,
  users,
} from '../../db/schema/index.ts';
import {
  cookieHeader,
  createTestApp,
  testBackends,
  TestClock,
  type TestApp,
} from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { connectEmulatorChannel } from '../../testing/connect-channel.ts';
import { PublicChannelsService } from '../competition/index.ts';
import { DataForSeoAdapter, marketOf } from '../keywords/index.ts';
import { DataForSeoSerpAdapter } from '../rankings/index.ts';
import { RateLimitService, DEFAULT_AUTH_LIMITS } from '../rate-limit/index.ts';
import { InsightsService } from './insights.service.ts';
import { OnboardingRepository } from './onboarding.repository.ts';
import { OnboardingSecrets } from './onboarding-secrets.ts';

const BASE = '/api/public/onboarding';
const ACCOUNT = 'alex.creator@tubewise.test';
const DAY_S = 86_400;

describe.each(testBackends())('onboarding insights and accounts (%s)', (backend) => {
  let server: EmulatorServer;
  let emulator: Emulator;
  let t: TestApp;
  const clock = new TestClock();
  let rivals: { youtubeId: string; title: string; thumbnailUrl: string }[];
  let keywords: string[];

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 2 });
    emulator = server.emulator;
    const credentials = { baseUrl: server.root, ...EMULATOR_KEYWORD_DATA_CREDENTIALS };
    t = await createTestApp(backend, {
      clock,
      platform: server.adapter,
      keywordData: new DataForSeoAdapter({ ...credentials, name: 'Emulated keyword data' }),
      serp: new DataForSeoSerpAdapter({ ...credentials, name: 'Emulated results' }),
      env: { YOUTUBE_API_KEY: 'tubewise-emulator-key', RANK_CHECK_DEPTH: '50' },
    });
    rivals = ['Rival Camp Kitchen', 'Rival Trail Food'].map((title) => {
      const record = emulator.control.addChannel({ videoCount: 30, title });
      return { youtubeId: record.id, title, thumbnailUrl: '' };
    });
    // Phrases of the first rival's public titles: its videos rank for them.
    const corpus = emulator.state.corpus;
    keywords = [
      ...new Set(
        corpus
          .uploads(rivals[0]!.youtubeId)
          .map((id) => corpus.getVideo(id)!)
          .filter((v) => v.privacyStatus === 'public')
          .map((v) =>
            v.title
              .toLowerCase()
              .replace(/[^a-z ]/g, ' ')
              .split(/\s+/)
              .filter((w) => w.length > 3)
              .slice(0, 3)
              .join(' '),
          )
          .filter((k) => k.split(' ').length >= 2),
      ),
    ].slice(0, 3);
    expect(keywords.length).toBe(3);
  }, 120_000);
  afterAll(async () => {
    await t?.services.onboarding.insights.settled();
    await t?.close();
    await server?.close();
  });

  const call = (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    cookie?: string,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  /** An InsightsService over the app's database, some of its collaborators replaced. */
  const insightsWith = (over: Partial<ConstructorParameters<typeof InsightsService>[0]>) =>
    new InsightsService({
      db: t.database.db,
      repo: new OnboardingRepository(t.database.db),
      secrets: new OnboardingSecrets('test-secret'),
      keywords: t.services.keywords,
      serpChecks: t.services.serpChecks,
      publicChannels: t.services.publicChannels,
      limits: new RateLimitService(t.database.db, clock),
      authLimits: DEFAULT_AUTH_LIMITS,
      clock,
      log: pino({ level: 'silent' }),
      depth: 50,
      checksPerDay: 500,
      sources: { keywordData: 'Emulated keyword data', results: 'Emulated results' },
      ...over,
    });

  /** The onboarding's report row. */
  const reportOf = async (onboardingId: string) =>
    (
      await t.database.db
        .select()
        .from(sharedInsights)
        .where(eq(sharedInsights.onboardingId, onboardingId))
    )[0]!;

  /** Makes the report again with `service`, from pending. */
  const remake = async (service: InsightsService, insightsId: string) => {
    await t.database.db
      .update(sharedInsights)
      .set({ status: 'pending', report: null })
      .where(eq(sharedInsights.id, insightsId));
    await service.run(insightsId, { final: true });
    return (
      await t.database.db.select().from(sharedInsights).where(eq(sharedInsights.id, insightsId))
    )[0]!;
  };

  /** An onboarding of these keywords and rivals, verified by its code; the report made. */
  async function verified(email: string, chosen = keywords) {
    const sessionId = randomUUID();
    const id = (await call('POST', `${BASE}/new`, { sessionId })).json().id as string;
    const saved = await call('PATCH', `${BASE}/${id}`, {
      sessionId,
      competitors: rivals,
      keywords: chosen,
      email,
      tosAccepted: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mail = (await t.services.mail.recent(500)).find((m) => m.to === email)!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const res = await call('POST', `${BASE}/validate-email-code`, { email, code, sessionId });
    const answer = res.json();
    expect(answer.token, res.body).toEqual(expect.any(String));
    await t.services.onboarding.insights.settled();
    return {
      id,
      sessionId,
      token: answer.token as string,
      insightsId: answer.onboarding.insights.id as string,
    };
  }

  it("suggests keywords from the competitors' recent videos, leaving out the chosen ones", async () => {
    const sessionId = randomUUID();
    const id = (await call('POST', `${BASE}/new`, { sessionId })).json().id as string;
    const empty = await call('GET', `${BASE}/${id}/keyword-suggestions?sessionId=${sessionId}`);
    expect(empty.json()).toEqual({ suggestions: [] });
    await call('PATCH', `${BASE}/${id}`, { sessionId, competitors: rivals });
    const res = await call('GET', `${BASE}/${id}/keyword-suggestions?sessionId=${sessionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { suggestions } = res.json() as {
      suggestions: { keyword: string; videos: number; competitors: number }[];
    };
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(20);
    const data = await t.services.publicChannels.get(rivals.map((r) => r.youtubeId));
    const text = data
      .flatMap((c) => c.videos.flatMap((v) => [v.title, ...v.tags]))
      .join('\n')
      .toLowerCase();
    for (const s of suggestions) {
      expect(s.videos).toBeGreaterThanOrEqual(2);
      expect(s.competitors).toBeGreaterThanOrEqual(1);
      for (const word of s.keyword.split(' ')) expect(text).toContain(word);
    }
    // Chosen keywords are not suggested again.
    const first = suggestions[0]!.keyword;
    await call('PATCH', `${BASE}/${id}`, { sessionId, keywords: [first] });
    const again = await call('GET', `${BASE}/${id}/keyword-suggestions?sessionId=${sessionId}`);
    expect(again.json().suggestions.map((s: { keyword: string }) => s.keyword)).not.toContain(
      first,
    );
  });

  it('makes the report from real checks and shares it signed out, noindex, without the visitor', async () => {
    const email = 'sharer@example.com';
    const { id, sessionId, token, insightsId } = await verified(email);
    const res = await call('GET', `/api/public/insights/${insightsId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(res.headers['cache-control']).toBe('no-store');
    const shared = res.json();
    expect(shared).toMatchObject({
      id: insightsId,
      status: 'ready',
      progress: { done: keywords.length, total: keywords.length },
    });
    const report = shared.report;
    expect(report.locale).toBe('en-us');
    expect(report.localeName).toBe('English (US)');
    expect(report.sources).toEqual({
      keywordData: 'Emulated keyword data',
      results: 'Emulated results',
    });
    expect(report.keywords.map((k: { keyword: string }) => k.keyword)).toEqual(keywords);
    expect(report.keywords.some((k: { volume: number | null }) => k.volume !== null)).toBe(true);
    let ranked = 0;
    for (const k of report.keywords) {
      expect(k.checkedAt).toEqual(expect.any(String));
      expect(k.depth).toBe(50);
      expect(k.topResults.length).toBeGreaterThan(0);
      expect(k.topResults.length).toBeLessThanOrEqual(INSIGHTS_TOP_RESULTS);
      if (k.volume !== null) expect(k.opportunity).toEqual(expect.any(Number));
      // Each competitor's rank is its best position in the stored check of the day.
      const [check] = await t.database.db
        .select()
        .from(serpChecks)
        .where(and(eq(serpChecks.keyword, k.keyword), eq(serpChecks.status, 'done')));
      for (const rank of k.competitorRanks) {
        const index = (check!.videos ?? []).findIndex(
          ([, channelId]) => channelId === rank.youtubeId,
        );
        expect(rank.position).toBe(index === -1 ? null : index + 1);
        if (rank.position !== null) ranked += 1;
      }
      for (const result of k.topResults)
        expect(result.isCompetitor).toBe(rivals.some((r) => r.youtubeId === result.channelId));
    }
    expect(ranked).toBeGreaterThan(0);
    const [data] = await t.services.publicChannels.get([rivals[0]!.youtubeId]);
    const rival = report.competitors[0];
    expect(rival).toMatchObject({ youtubeId: rivals[0]!.youtubeId, title: data!.title });
    expect(rival.bestVideos.length).toBe(INSIGHTS_BEST_VIDEOS);
    const mostViewed = [...data!.videos].sort((a, b) => (b.views ?? 0) - (a.views ?? 0));
    expect(rival.bestVideos.map((v: { views: number }) => v.views)).toEqual(
      mostViewed.slice(0, INSIGHTS_BEST_VIDEOS).map((v) => v.views),
    );
    // Nothing of the visitor: no e-mail, session, onboarding id or token.
    for (const secret of [email, sessionId, id, token]) expect(res.body).not.toContain(secret);
  });

  it('costs nothing more for a second report of the same keywords the same day', async () => {
    await verified('first-of-two@example.com');
    const calls = emulator.keywordData.calls().length;
    const checks = (await t.database.db.select().from(serpChecks)).length;
    const second = await verified('second-of-two@example.com');
    expect(emulator.keywordData.calls().length).toBe(calls);
    expect((await t.database.db.select().from(serpChecks)).length).toBe(checks);
    const res = await call('GET', `/api/public/insights/${second.insightsId}`);
    expect(res.json().status).toBe('ready');
  });

  it('stops sharing with the owner token only; a wrong token answers like an unknown id', async () => {
    const { insightsId, token } = await verified('revoker@example.com');
    const wrong = await call('POST', `/api/public/insights/${insightsId}/revoke`, {
      token: 'x'.repeat(43),
    });
    expect(wrong.statusCode).toBe(404);
    const unknown = await call('GET', `/api/public/insights/${'A'.repeat(22)}`);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    expect((await call('GET', `/api/public/insights/${insightsId}`)).statusCode).toBe(200);
    const ok = await call('POST', `/api/public/insights/${insightsId}/revoke`, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    const gone = await call('GET', `/api/public/insights/${insightsId}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.code).toBe('link-expired');
    const [row] = await t.database.db
      .select()
      .from(sharedInsights)
      .where(eq(sharedInsights.id, insightsId));
    expect(row!.report).toBeNull();
  });

  it('makes the report again after a change with the owner token, under the same id', async () => {
    const { id, sessionId, token, insightsId } = await verified('changer@example.com');
    const refused = await call('PATCH', `${BASE}/${id}`, { sessionId, keywords: ['camp stove'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid-token');
    const changed = await call('PATCH', `${BASE}/${id}`, {
      sessionId,
      token,
      keywords: [keywords[0]!, 'camp stove'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().insights).toMatchObject({ id: insightsId, status: 'pending' });
    await t.services.onboarding.insights.settled();
    const res = await call('GET', `/api/public/insights/${insightsId}`);
    expect(res.json().status).toBe('ready');
    expect(res.json().report.keywords.map((k: { keyword: string }) => k.keyword)).toEqual([
      keywords[0],
      'camp stove',
    ]);
  });

  it('keeps a report ready when one check fails, and fails it only when nothing could be read', async () => {
    const { db } = t.database;
    const { id } = await verified('partial@example.com', [keywords[0]!, 'broken check']);
    const [row] = await db.select().from(sharedInsights).where(eq(sharedInsights.onboardingId, id));
    const serp = t.services.serpChecks;
    const service = (failAll: boolean) => {
      // No results of any day for the broken keyword (or, failing all, for any).
      const none = (keyword: string) => failAll || keyword === 'broken check';
      return insightsWith({
        keywords: failAll
          ? { metrics: () => Promise.reject(new Error('keyword data down')) }
          : t.services.keywords,
        serpChecks: {
          today: () => serp.today(),
          stored: (key, day) => (none(key.keyword) ? Promise.resolve(null) : serp.stored(key, day)),
          latestStored: (key) =>
            none(key.keyword) ? Promise.resolve(null) : serp.latestStored(key),
          checkNow: (key) =>
            none(key.keyword) ? Promise.reject(new Error('serp down')) : serp.checkNow(key),
        },
        publicChannels: failAll
          ? { get: () => Promise.reject(new Error('platform down')) }
          : t.services.publicChannels,
        sources: { keywordData: 'kd', results: 'serp' },
      });
    };
    const rerun = async (failAll: boolean) => {
      await db
        .update(sharedInsights)
        .set({ status: 'pending', report: null })
        .where(eq(sharedInsights.id, row!.id));
      await service(failAll).run(row!.id, { final: true });
      const [after] = await db.select().from(sharedInsights).where(eq(sharedInsights.id, row!.id));
      return after!;
    };
    const partial = await rerun(false);
    expect(partial.status).toBe('ready');
    const report = partial.report as { keywords: { checkedAt: string | null; topResults: [] }[] };
    expect(report.keywords[0]!.checkedAt).toEqual(expect.any(String));
    expect(report.keywords[1]).toMatchObject({ checkedAt: null, topResults: [], depth: 0 });
    const failed = await rerun(true);
    expect(failed.status).toBe('failed');
    expect(failed.report).toBeNull();
  });

  it('keeps a verified onboarding complete: no change empties its competitors or keywords', async () => {
    const { id, sessionId, token } = await verified('complete@example.com');
    for (const [field, change] of [
      ['competitors', { competitors: [] }],
      ['keywords', { keywords: [] }],
    ] as const) {
      const res = await call('PATCH', `${BASE}/${id}`, { sessionId, token, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation-failed');
      expect(res.json().error.issues[0].path).toBe(field);
    }
    const [row] = await t.database.db.select().from(onboardings).where(eq(onboardings.id, id));
    expect(row!.keywords).toEqual(keywords);
    expect(row!.competitors.length).toBe(rivals.length);
    // Before verification a list may be emptied while editing.
    const draft = randomUUID();
    const draftId = (await call('POST', `${BASE}/new`, { sessionId: draft })).json().id as string;
    await call('PATCH', `${BASE}/${draftId}`, { sessionId: draft, competitors: rivals });
    const emptied = await call('PATCH', `${BASE}/${draftId}`, {
      sessionId: draft,
      competitors: [],
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().competitors).toEqual([]);
  });

  /** Moves the clock to just after the next UTC midnight: a test of daily counts never crosses one. */
  const toFreshUtcDay = () => {
    const sinceMidnight = (clock.now().getTime() % (DAY_S * 1000)) / 1000;
    clock.advance(DAY_S - sinceMidnight + 600);
  };

  it('makes a report at most 3 times a UTC day per onboarding and per address (429, nothing saved)', async () => {
    toFreshUtcDay();
    const email = 'rebuilder@example.com';
    const edit = async (o: { id: string; sessionId: string; token: string }, chosen: string[]) => {
      const res = await call('PATCH', `${BASE}/${o.id}`, {
        sessionId: o.sessionId,
        token: o.token,
        keywords: chosen,
      });
      await t.services.onboarding.insights.settled();
      return res;
    };
    // Verification made it once; two changes make it again.
    const first = await verified(email);
    expect((await edit(first, [keywords[0]!])).statusCode).toBe(200);
    expect((await edit(first, [keywords[1]!])).statusCode).toBe(200);
    const refused = await edit(first, [keywords[2]!]);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe('rate-limited');
    expect(refused.json().error.message).toMatch(/3 times a day/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [kept] = await t.database.db
      .select()
      .from(onboardings)
      .where(eq(onboardings.id, first.id));
    expect(kept!.keywords).toEqual([keywords[1]]);
    // The address's fourth report (another onboarding's verification) is made; a change of it
    // would be its fifth.
    clock.advance(61);
    const second = await verified(email);
    expect((await reportOf(second.id)).status).toBe('ready');
    expect((await edit(second, [keywords[0]!])).statusCode).toBe(429);
    // The next UTC day counts anew.
    clock.advance(DAY_S);
    expect((await edit(first, [keywords[2]!])).statusCode).toBe(200);
  });

  it('counts changes with a new address and re-verifications against the daily builds, by canonical address', async () => {
    toFreshUtcDay();
    const { db } = t.database;
    const first = await verified('bypass@example.com');
    for (const chosen of [[keywords[0]!], [keywords[1]!]]) {
      const res = await call('PATCH', `${BASE}/${first.id}`, {
        sessionId: first.sessionId,
        token: first.token,
        keywords: chosen,
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.services.onboarding.insights.settled();
    }
    // Made 3 times: a change of the inputs with a new address is refused too, nothing saved.
    const both = await call('PATCH', `${BASE}/${first.id}`, {
      sessionId: first.sessionId,
      token: first.token,
      keywords: [keywords[2]!],
      email: 'bypass+2@example.com',
      tosAccepted: true,
    });
    expect(both.statusCode, both.body).toBe(429);
    const [kept] = await db.select().from(onboardings).where(eq(onboardings.id, first.id));
    expect(kept!.keywords).toEqual([keywords[1]]);
    expect(kept!.email).toBe('bypass@example.com');
    // A new address alone is verified anew, but the report is not made a fourth time.
    const [before] = await db
      .select()
      .from(sharedInsights)
      .where(eq(sharedInsights.id, first.insightsId));
    clock.advance(61);
    const moved = await call('PATCH', `${BASE}/${first.id}`, {
      sessionId: first.sessionId,
      token: first.token,
      email: 'bypass+2@example.com',
      tosAccepted: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const mail = (await t.services.mail.recent(500)).find((m) => m.to === 'bypass+2@example.com')!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const res = await call('POST', `${BASE}/validate-email-code`, {
      email: 'bypass+2@example.com',
      code,
      sessionId: first.sessionId,
    });
    expect(res.json().token, res.body).toEqual(expect.any(String));
    await t.services.onboarding.insights.settled();
    const [after] = await db
      .select()
      .from(sharedInsights)
      .where(eq(sharedInsights.id, first.insightsId));
    expect(after).toEqual(before);
    // The address's limit counts it without its +tag.
    const other = await verified('bypass+3@example.com');
    const edit = await call('PATCH', `${BASE}/${other.id}`, {
      sessionId: other.sessionId,
      token: other.token,
      keywords: [keywords[0]!],
    });
    expect(edit.statusCode, edit.body).toBe(429);
  });

  it("starts at most ONBOARDING_CHECKS_PER_DAY live checks a day; past it a keyword's latest stored results, or none", async () => {
    const { db } = t.database;
    const { id, insightsId } = await verified('budget@example.com', [keywords[0]!]);
    // A new day: nothing is checked today yet.
    clock.advance(DAY_S);
    const chosen = [keywords[1]!, keywords[0]!, 'nobody checked this phrase'];
    await db.update(onboardings).set({ keywords: chosen }).where(eq(onboardings.id, id));
    const day = t.services.serpChecks.today();
    const before = (await db.select().from(serpChecks)).length;
    const after = await remake(insightsWith({ checksPerDay: 1 }), insightsId);
    expect(after.status).toBe('ready');
    // One live check, today's, for the first keyword; the others were not checked.
    expect((await db.select().from(serpChecks)).length).toBe(before + 1);
    const todays = await db.select().from(serpChecks).where(eq(serpChecks.day, day));
    expect(todays.map((c) => c.keyword)).toEqual([keywords[1]]);
    const [counter] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `onboarding-checks:${day}`));
    expect(counter!.count).toBe(1);
    const report = after.report as {
      keywords: { keyword: string; checkedAt: string | null; topResults: unknown[] }[];
    };
    // The second shows its latest stored check (of an earlier day), saying when it was made.
    const earlier = await t.services.serpChecks.latestStored({
      keyword: keywords[0]!,
      market: marketOf('en-us'),
    });
    expect(earlier!.day < day).toBe(true);
    expect(report.keywords[1]).toMatchObject({
      keyword: keywords[0],
      checkedAt: earlier!.checkedAt,
    });
    expect(report.keywords[1]!.topResults.length).toBeGreaterThan(0);
    // Never checked: no results, and no date.
    expect(report.keywords[2]).toMatchObject({ checkedAt: null, topResults: [], depth: 0 });
  });

  it('stops a run between keywords once the onboarding changed, writing nothing', async () => {
    const { db } = t.database;
    const { id, insightsId } = await verified('replaced@example.com', [keywords[0]!, keywords[1]!]);
    const serp = t.services.serpChecks;
    const asked: string[] = [];
    const service = insightsWith({
      serpChecks: {
        today: () => serp.today(),
        stored: () => Promise.resolve(null),
        latestStored: () => Promise.resolve(null),
        checkNow: async (key) => {
          asked.push(key.keyword);
          // The owner changes the keywords while the first one is being checked.
          await db
            .update(onboardings)
            .set({ keywords: ['a newer choice'] })
            .where(eq(onboardings.id, id));
          return serp.checkNow(key);
        },
      },
    });
    const after = await remake(service, insightsId);
    expect(asked).toEqual([keywords[0]]);
    expect(after.status).toBe('pending');
    expect(after.report).toBeNull();
  });

  let account: { id: string; userId: string; cookie: string; chosen: string[] };

  it('creates the account once, on the trial, and signs it in', async () => {
    const email = 'newcomer@example.com';
    const chosen = [keywords[0]!, keywords[1]!];
    const { id, sessionId, token } = await verified(email, chosen);
    const password = 'a fine long passphrase';
    const wrong = await call('POST', `${BASE}/${id}/account`, {
      sessionId,
      token: 'x'.repeat(43),
      password,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid-token');
    const res = await call('POST', `${BASE}/${id}/account`, { sessionId, token, password });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ email, name: 'newcomer' });
    const cookie = cookieHeader(res);
    const me = await call('GET', '/api/users/me', undefined, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const trialDays = (user!.trialEndsAt!.getTime() - clock.now().getTime()) / (DAY_S * 1000);
    expect(trialDays).toBeCloseTo(t.config.env.TRIAL_DAYS, 3);
    const again = await call('POST', `${BASE}/${id}/account`, { sessionId, token, password });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('account-exists');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    account = { id, userId: user!.id, cookie, chosen };
  });

  it('tells the verified owner of an address with an account to sign in (409 account-exists)', async () => {
    await t.createUser('member@example.com');
    const { id, sessionId, token } = await verified('member@example.com');
    const res = await call('POST', `${BASE}/${id}/account`, {
      sessionId,
      token,
      password: 'a fine long passphrase',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'account-exists',
      message: 'This e-mail already has an account. Sign in to continue.',
    });
  });

  it('carries the keywords and competitors to the first connected channel, once', async () => {
    const { db } = t.database;
    const own = emulator.control.addChannel({ videoCount: 3, owner: ACCOUNT });
    // Competitors are added under the usual rules: not the channel itself, not an unknown id.
    const [before] = await db.select().from(onboardings).where(eq(onboardings.id, account.id));
    await db
      .update(onboardings)
      .set({
        competitors: [
          { youtubeId: own.id, title: 'Me', thumbnailUrl: '' },
          ...before!.competitors,
          { youtubeId: 'UCno-such-channel-0000000', title: 'Nobody', thumbnailUrl: '' },
        ],
      })
      .where(eq(onboardings.id, account.id));
    const channelId = await connectEmulatorChannel(t.services, emulator, {
      userId: account.userId,
      youtubeChannelId: own.id,
      account: ACCOUNT,
    });
    const tracked = await db
      .select()
      .from(trackedKeywords)
      .where(eq(trackedKeywords.channelId, channelId));
    expect(tracked.map((k) => k.keyword).sort()).toEqual([...account.chosen].sort());
    expect(new Set(tracked.map((k) => k.language))).toEqual(new Set(['en-us']));
    const followed = await db
      .select()
      .from(channelCompetitors)
      .where(eq(channelCompetitors.channelId, channelId));
    expect(followed.map((c) => c.youtubeId).sort()).toEqual(rivals.map((r) => r.youtubeId).sort());
    const [row] = await db.select().from(onboardings).where(eq(onboardings.id, account.id));
    expect(row!.carriedChannelId).toBe(channelId);

    // A second channel gets nothing: the carry-over happened once.
    const second = emulator.control.addChannel({ videoCount: 2, owner: ACCOUNT });
    const secondId = await connectEmulatorChannel(t.services, emulator, {
      userId: account.userId,
      youtubeChannelId: second.id,
      account: ACCOUNT,
    });
    expect(
      await db.select().from(trackedKeywords).where(eq(trackedKeywords.channelId, secondId)),
    ).toEqual([]);
    expect(
      await db.select().from(channelCompetitors).where(eq(channelCompetitors.channelId, secondId)),
    ).toEqual([]);
  });

  it('carries competitors over only once the lookup worked, keeping those only unavailable', async () => {
    const { db } = t.database;
    const { id, sessionId, token } = await verified('carry-retry@example.com');
    const made = await call('POST', `${BASE}/${id}/account`, {
      sessionId,
      token,
      password: 'a fine long passphrase',
    });
    expect(made.statusCode, made.body).toBe(201);
    const [user] = await db.select().from(users).where(eq(users.email, 'carry-retry@example.com'));
    // A channel never read: with the light budget spent, the platform cannot be asked about it.
    const unread = emulator.control.addChannel({ videoCount: 2, title: 'Never Read Rival' });
    await db
      .update(onboardings)
      .set({ competitors: [{ youtubeId: unread.id, title: 'Never Read', thumbnailUrl: '' }] })
      .where(eq(onboardings.id, id));
    const [channel] = await db
      .insert(channels)
      .values({ youtubeId: 'UCcarry-retryaaaaaaaaaaa', name: 'Carry retry' })
      .returning();
    const accounts = t.services.onboarding.accounts;
    const carried = async () =>
      (await db.select().from(onboardings).where(eq(onboardings.id, id)))[0]!.carriedAt;
    const followed = async () =>
      (
        await db
          .select()
          .from(channelCompetitors)
          .where(eq(channelCompetitors.channelId, channel!.id))
      ).map((c) => c.youtubeId);

    // The lookup fails (not the platform): nothing is claimed, the next connect tries again.
    const spy = vi
      .spyOn(t.services.publicChannels, 'get')
      .mockRejectedValueOnce(new Error('connection terminated'));
    await expect(accounts.onChannelConnected(user!.id, channel!.id)).rejects.toThrow(
      'connection terminated',
    );
    expect(await carried()).toBeNull();
    expect(await followed()).toEqual([]);

    // The light budget is spent: the competitor is unavailable, not unknown, and carried over.
    const spent = new PublicChannelsService({
      db,
      platform: server.adapter,
      clock,
      apiKey: 'tubewise-emulator-key',
      limits: new RateLimitService(db, clock),
      dailyUnits: 1000,
      lightDailyUnits: 0,
    });
    spy.mockImplementationOnce((ids, options) => spent.get(ids, options));
    await accounts.onChannelConnected(user!.id, channel!.id);
    spy.mockRestore();
    expect(await carried()).not.toBeNull();
    expect(await followed()).toEqual([unread.id]);
  });

  it('expires the shared page after 90 days (410), and the purge drops its report', async () => {
    const { insightsId } = await verified('expiring@example.com');
    expect((await call('GET', `/api/public/insights/${insightsId}`)).statusCode).toBe(200);
    clock.advance(INSIGHTS_TTL_DAYS * DAY_S - 60);
    expect((await call('GET', `/api/public/insights/${insightsId}`)).statusCode).toBe(200);
    clock.advance(61);
    const gone = await call('GET', `/api/public/insights/${insightsId}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.code).toBe('link-expired');
    expect(gone.headers['x-robots-tag']).toMatch(/noindex/);
    await t.services.onboarding.insights.purge();
    const [row] = await t.database.db
      .select()
      .from(sharedInsights)
      .where(eq(sharedInsights.id, insightsId));
    expect(row!.report).toBeNull();
    expect((await call('GET', `/api/public/insights/${insightsId}`)).statusCode).toBe(410);
    // Unverified onboardings older than 7 days are gone; verified ones stay.
    const stale = (await call('POST', `${BASE}/new`, { sessionId: randomUUID() })).json().id;
    clock.advance(8 * DAY_S);
    await t.services.onboarding.onboarding.purge();
    const left = await t.database.db.select().from(onboardings).where(eq(onboardings.id, stale));
    expect(left).toEqual([]);
    // The verified one made no account: past its report's time, its e-mail is forgotten while
    // the row keeps the link answering 410.
    const [forgotten] = await t.database.db
      .select()
      .from(onboardings)
      .innerJoin(sharedInsights, eq(sharedInsights.onboardingId, onboardings.id))
      .where(eq(sharedInsights.id, insightsId));
    expect(forgotten!.onboardings.email).toBeNull();
    expect(forgotten!.onboardings.tokenHash).toBeNull();
    expect((await call('GET', `/api/public/insights/${insightsId}`)).statusCode).toBe(410);
  });

  it('answers the token when the report cannot be started, and reading the onboarding starts it', async () => {
    const insights = t.services.onboarding.insights;
    const email = 'queue-down@example.com';
    const sessionId = randomUUID();
    const id = (await call('POST', `${BASE}/new`, { sessionId })).json().id as string;
    await call('PATCH', `${BASE}/${id}`, {
      sessionId,
      competitors: rivals,
      keywords: [keywords[0]!],
      email,
      tosAccepted: true,
    });
    const mail = (await t.services.mail.recent(500)).find((m) => m.to === email)!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    insights.setEnqueue(() => Promise.reject(new Error('queue down')));
    let res: LightMyRequestResponse;
    try {
      res = await call('POST', `${BASE}/validate-email-code`, { email, code, sessionId });
    } finally {
      insights.setEnqueue(null);
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
    const insightsId = res.json().onboarding.insights.id as string;
    expect(res.json().onboarding.insights.status).toBe('failed');
    const read = await call('GET', `${BASE}/${id}?sessionId=${sessionId}`);
    expect(read.json().insights).toMatchObject({ id: insightsId, status: 'pending' });
    await insights.settled();
    const shared = await call('GET', `/api/public/insights/${insightsId}`);
    expect(shared.json().status).toBe('ready');
    // Once made, reading starts nothing more.
    const again = await call('GET', `${BASE}/${id}?sessionId=${sessionId}`);
    expect(again.json().insights.status).toBe('ready');
  });
});
