// The movement view through the real app on PGlite and PostgreSQL. Rank history is produced by
// the check path itself: each day the stored SERPs are checked (SerpChecksService.checkNow,
// against a scripted provider whose results put the channel's videos where the test says) and
// the day's ranks recorded (recordRanks), as the daily job does. Then: visibility per day (the
// SQL agrees with visibilityScore), winners and losers, top-10 entries and exits, the share of
// the top 20, the periods, the empty state, and refused periods.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankingsMovement } from '@tubewise/contract';
import { eq } from 'drizzle-orm';
import {
  channelMembers,
  channels,
  keywordMetrics,
  keywordRanks,
  serpChecks,
} from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { marketOf } from '../keywords/index.ts';
import { visibilityScore } from './ctr-curve.ts';
import { movers, shareDays } from './movement.service.ts';
import type { QueuedCheck, Serp, SerpProvider, SerpQuery } from './serp-provider.port.ts';

const DEPTH = 50;
const OWN = 'UCmoveaaaaaaaaaaaaaaaaaa';
const OTHER = 'UCothraaaaaaaaaaaaaaaaaa';
const TODAY = '2026-11-20';
const dayBefore = (days: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Days of the history: before the 30-day period, its first day, inside it, and the last. */
const D_OLD = dayBefore(35);
const D_START = dayBefore(30);
const D_MID = dayBefore(10);
const D_END = dayBefore(0);

/** Where the channel's videos rank per keyword and day (more than one: all count for the share). */
const SCRIPT: Record<string, Record<string, number[]>> = {
  'camp cooking': { [D_OLD]: [20], [D_START]: [12], [D_MID]: [6], [D_END]: [2, 7] },
  'dutch oven': { [D_OLD]: [1], [D_START]: [3], [D_MID]: [9], [D_END]: [15] },
  'cast iron': { [D_OLD]: [], [D_START]: [40], [D_MID]: [], [D_END]: [] },
  'campfire bread': { [D_MID]: [30], [D_END]: [8] },
};
const VOLUMES: Record<string, number> = {
  'camp cooking': 5400,
  'dutch oven': 12000,
  'cast iron': 880,
};

/** A provider answering from SCRIPT: DEPTH results, the channel's where it says, others elsewhere. */
class ScriptedSerpProvider implements SerpProvider {
  readonly name = 'scripted';
  readonly maxChecksPerQueue = 100;
  day = TODAY;
  async check(query: SerpQuery): Promise<Serp> {
    const own = SCRIPT[query.keyword]?.[this.day] ?? [];
    const videos = Array.from({ length: DEPTH }, (_, i) => {
      const position = i + 1;
      const mine = own.includes(position);
      return {
        position,
        videoId: `${mine ? 'own' : 'other'}-${query.keyword.replace(/ /g, '-')}-${position}`,
        title: `${query.keyword} video ${position}`,
        channelId: mine ? OWN : OTHER,
        channelName: mine ? 'Camp Kitchen' : 'Someone else',
        views: 1000,
        publishedAt: null,
        thumbnailUrl: null,
        isShort: false,
      };
    });
    return {
      keyword: query.keyword,
      market: query.market,
      checkedAt: `${this.day}T06:00:00.000Z`,
      totalResults: 1000,
      videos,
    };
  }
  // The daily batch is not used here: every check is on-demand.
  async queue(): Promise<QueuedCheck[]> {
    throw new Error('not used');
  }
  async ready(): Promise<QueuedCheck[]> {
    return [];
  }
  async collect(): Promise<never> {
    throw new Error('not used');
  }
}

describe('shareDays and movers', () => {
  it('takes every day with ranks up to 13, else 13 spread from the first to the last', () => {
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        new Date(Date.parse('2026-01-01T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10),
      );
    expect(shareDays(days(5))).toEqual(days(5));
    const year = shareDays(days(366));
    expect(year).toHaveLength(13);
    expect(year[0]).toBe('2026-01-01');
    expect(year.at(-1)).toBe(days(366).at(-1));
    expect([...year].sort()).toEqual(year);
  });

  it('orders winners by gain and losers by loss, ties by volume', () => {
    const move = (keyword: string, from: number | null, to: number | null, volume = 0) => ({
      keyword,
      language: 'en-us',
      from,
      fromDay: D_START,
      to,
      change: (from ?? DEPTH + 1) - (to ?? DEPTH + 1),
      volume,
    });
    const result = movers(
      [
        move('a', 12, 2, 10),
        move('b', 12, 2, 99),
        move('c', 3, 15),
        move('d', 5, 5),
        move('e', null, 9),
      ],
      2,
    );
    expect(result.winners.map((m) => m.keyword)).toEqual(['e', 'b']);
    expect(result.losers.map((m) => m.keyword)).toEqual(['c']);
    expect(result.enteredTop10.map((m) => m.keyword)).toEqual(['b', 'a', 'e']);
    expect(result.leftTop10.map((m) => m.keyword)).toEqual(['c']);
  });
});

describe.each(testBackends())('rankings movement (%s)', (backend) => {
  let t: TestApp;
  let owner: string;
  let channelId: string;
  let emptyChannelId: string;
  const provider = new ScriptedSerpProvider();

  /** Runs one day's checks of every tracked keyword and records the day's ranks. */
  async function checkDay(day: string) {
    provider.day = day;
    const checks = t.services.serpChecks;
    for (const keyword of Object.keys(SCRIPT)) {
      if (!SCRIPT[keyword]![day]) continue;
      await checks.checkNow({ keyword, market: marketOf('en-us') }, day);
    }
    await checks.recordRanks(day);
  }

  async function track(channel: string, keywords: string[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/rankings/channels/${channel}/keywords`,
      headers: { cookie: owner },
      payload: { text: keywords.join('\n'), language: 'en-us' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp(backend, {
      env: { RANK_CHECK_DEPTH: String(DEPTH) },
      serp: provider,
    });
    const ownerId = await t.createUser('owner@example.com', TEST_PASSWORD);
    const db = t.database.db;
    const [channel, empty] = await db
      .insert(channels)
      .values([
        { youtubeId: OWN, name: 'Camp Kitchen' },
        { youtubeId: 'UCemptyaaaaaaaaaaaaaaaaa', name: 'Nothing Yet' },
      ])
      .returning();
    channelId = channel!.id;
    emptyChannelId = empty!.id;
    await db.insert(channelMembers).values([
      { channelId, userId: ownerId, role: 'owner' },
      { channelId: emptyChannelId, userId: ownerId, role: 'owner' },
    ]);
    await db.insert(keywordMetrics).values(
      Object.entries(VOLUMES).map(([keyword, volume]) => ({
        keyword,
        locationCode: 2840,
        languageCode: 'en',
        volume,
        competition: 0.3,
        cpc: 0.5,
        source: 'test',
        fetchedAt: new Date(`${TODAY}T00:00:00Z`),
      })),
    );
    owner = await t.login('owner@example.com', TEST_PASSWORD);
    await track(channelId, ['camp cooking', 'dutch oven', 'cast iron']);
    await checkDay(D_OLD);
    await checkDay(D_START);
    // Added later: its move starts at its first check.
    await track(channelId, ['campfire bread']);
    await checkDay(D_MID);
    await checkDay(D_END);
  });
  afterAll(() => t?.close());

  const get = async (channel: string, query = '') => {
    const opts: InjectOptions = {
      method: 'GET',
      url: `/api/rankings/channels/${channel}/movement${query}`,
      headers: { cookie: owner },
    };
    const res = await t.app.inject(opts);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RankingsMovement;
  };

  /** The score of a day from SCRIPT, computed in TypeScript. */
  const expectedScore = (day: string) =>
    visibilityScore(
      Object.entries(SCRIPT)
        .filter(([, days]) => days[day])
        .map(([keyword, days]) => ({
          weight: VOLUMES[keyword] ?? 0,
          position: days[day]!.length ? Math.min(...days[day]!) : null,
        })),
      DEPTH,
    );

  it('scores visibility per day over the period (30 days by default)', async () => {
    const body = await get(channelId);
    expect(body).toMatchObject({
      days: 30,
      from: D_START,
      to: D_END,
      depth: DEPTH,
      tracked: 4,
      volumeWeighted: true,
    });
    expect(body.visibility.map((p) => [p.day, p.checked, p.ranked])).toEqual([
      [D_START, 3, 3],
      [D_MID, 4, 3],
      [D_END, 4, 3],
    ]);
    for (const point of body.visibility) {
      expect(point.score, point.day).toBe(expectedScore(point.day));
      expect(point.score).toBeGreaterThan(0);
      expect(point.score).toBeLessThanOrEqual(100);
    }
    // dutch oven (the heaviest) fell from 3 to 15: visibility fell.
    expect(body.visibility[2]!.score).toBeLessThan(body.visibility[0]!.score);
  });

  it('lists winners, losers, and the keywords entering and leaving the top 10', async () => {
    const body = await get(channelId, '?days=30');
    const moves = (list: RankingsMovement['winners']) =>
      list.map((m) => [m.keyword, m.from, m.to, m.change]);
    expect(moves(body.winners)).toEqual([
      ['campfire bread', 30, 8, 22],
      ['camp cooking', 12, 2, 10],
    ]);
    expect(body.winners[0]).toMatchObject({ fromDay: D_MID, volume: null });
    expect(moves(body.losers)).toEqual([
      ['dutch oven', 3, 15, -12],
      ['cast iron', 40, null, -11],
    ]);
    expect(body.enteredTop10.map((m) => m.keyword)).toEqual(['camp cooking', 'campfire bread']);
    expect(body.leftTop10.map((m) => m.keyword)).toEqual(['dutch oven']);
  });

  it('gives the share of the top-20 results held by the channel, from the stored results', async () => {
    const body = await get(channelId);
    // Last day: 4 checks × 20 slots; own: camp cooking 2 (at 2 and 7), dutch oven 1 (15),
    // campfire bread 1 (8). Before: camp cooking and dutch oven (campfire bread at 30 is out).
    expect(body.top20Share).toEqual({ day: D_END, slots: 80, own: 4, share: 5 });
    expect(body.top20ShareHistory.map((p) => [p.day, p.own, p.slots])).toEqual([
      [D_START, 2, 60],
      [D_MID, 2, 80],
      [D_END, 4, 80],
    ]);
  });

  it('takes 90 and 365 days, starting further back', async () => {
    const body = await get(channelId, '?days=90');
    expect(body).toMatchObject({ days: 90, from: dayBefore(90), to: D_END });
    expect(body.visibility.map((p) => p.day)).toEqual([D_OLD, D_START, D_MID, D_END]);
    // From the first check (D_OLD): dutch oven fell from 1; cast iron never ranked then.
    expect(body.losers.map((m) => [m.keyword, m.from, m.change])).toEqual([['dutch oven', 1, -14]]);
    expect((await get(channelId, '?days=365')).from).toBe(dayBefore(365));
  });

  it('answers a new day at once (the cached answer follows the ranks)', async () => {
    const before = await get(channelId);
    const next = dayBefore(-1);
    SCRIPT['camp cooking']![next] = [1];
    SCRIPT['dutch oven']![next] = [2];
    try {
      await checkDay(next);
      const after = await get(channelId);
      expect(after.to).toBe(next);
      expect(after.visibility.at(-1)).toMatchObject({ day: next, checked: 2, ranked: 2 });
      expect(after.visibility.at(-1)!.score).toBeGreaterThan(before.visibility.at(-1)!.score);
    } finally {
      delete SCRIPT['camp cooking']![next];
      delete SCRIPT['dutch oven']![next];
    }
  });

  it("says 'updating' while today's checks of the channel's keywords wait", async () => {
    const checks = t.services.serpChecks;
    const today = checks.today();
    const complete = await get(channelId);
    await checks.plan(today, [{ keyword: 'dutch oven', market: marketOf('en-us') }]);
    // One keyword already checked today, the other still waiting.
    SCRIPT['camp cooking']![today] = [1];
    try {
      await checkDay(today);
      const updating = await get(channelId);
      expect(updating.state).toBe('updating');
      // The view still ends on the last complete day, with every keyword in it.
      expect(updating.to).toBe(complete.to);
      expect(updating.visibility).toEqual(complete.visibility);
      expect(updating.winners).toEqual(complete.winners);
      expect(updating.losers).toEqual(complete.losers);
      // Another channel's keyword waiting does not count.
      expect((await get(emptyChannelId)).state).toBe('loaded');
    } finally {
      delete SCRIPT['camp cooking']![today];
      await t.database.db.delete(serpChecks).where(eq(serpChecks.day, today));
      await t.database.db.delete(keywordRanks).where(eq(keywordRanks.day, today));
    }
    expect((await get(channelId)).state).toBe('loaded');
  });

  it('is empty for a channel without ranks', async () => {
    expect(await get(emptyChannelId)).toEqual({
      days: 30,
      from: null,
      to: null,
      state: 'loaded',
      depth: DEPTH,
      tracked: 0,
      volumeWeighted: false,
      visibility: [],
      winners: [],
      losers: [],
      enteredTop10: [],
      leftTop10: [],
      top20Share: null,
      top20ShareHistory: [],
    });
  });

  it('refuses other periods with validation-failed', async () => {
    for (const days of ['7', 'abc', '30.5', '-30', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/rankings/channels/${channelId}/movement?days=${days}`,
        headers: { cookie: owner },
      });
      expect(res.statusCode, days).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation-failed' } });
    }
  });
});
