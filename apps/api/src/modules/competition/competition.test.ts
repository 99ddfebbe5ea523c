// The competition view through the real app on PGlite and PostgreSQL. Stored search results
// (serp_checks), tracked keywords, cached volumes (keyword_metrics), synced videos and the
// competitors' public data (public_channels, fresh, so no platform read) are seeded directly,
// and the answers are checked against hand-computed figures: share of voice (keywords without
// weight left out, shallower checks counted over their depth), the gap list (tracked keywords,
// and untracked ones only when a competitor's public video uses the phrase — never another
// account's checked keyword; the channel present → no gap; the latest results decide; other
// markets and old results left out), activity, the flag gate after the channel check, and
// managing competitors (the platform must know the id, never the channel itself, at most five
// even when added at once), and which competitors the daily refresh reads again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CompetitionReport, CompetitorsResponse } from '@tubewise/contract';
import {
  channelCompetitors,
  channelMembers,
  channels,
  keywordMetrics,
  publicChannels,
  serpChecks,
  trackedKeywords,
  users,
  videos,
  type StoredPublicVideo,
  type StoredSerpVideo,
} from '../../db/schema/index.ts';
import { addDays } from '../../lib/days.ts';
import { CompetitorsService, DAILY_REFRESH_AGE_MS } from './competitors.service.ts';
import { FakePlatform } from '../../testing/fake-platform.ts';
import {
  createTestApp,
  TestClock,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';

const TODAY = '2037-11-20'; // a Friday (the calendar of 2026), after the real clock: cookies stay valid
const NOW = Date.parse(`${TODAY}T12:00:00Z`);
const day = (back: number) => addDays(TODAY, -back);
const at = (back: number, time = '10:00:00') => `${day(back)}T${time}Z`;

const OWN = 'UCownaaaaaaaaaaaaaaaaaaa';
const RA = 'UCrivalaaaaaaaaaaaaaaaaa';
const RB = 'UCrivalbbbbbbbbbbbbbbbbb';
const RC = 'UCrivalccccccccccccccccc';
const FILLER = 'UCfilleraaaaaaaaaaaaaaaa';
const US = { locationCode: 2840, languageCode: 'en' };
const UK = { locationCode: 2826, languageCode: 'en' };

/** 30 results of FILLER with the given channels at the given 1-based positions. */
function results(keyword: string, at: Record<number, string>): StoredSerpVideo[] {
  return Array.from({ length: 30 }, (_, i) => {
    const channel = at[i + 1] ?? FILLER;
    return [
      `${keyword.replace(/ /g, '-')}-${i + 1}`,
      channel,
      `${keyword} ${i + 1}`,
      'x',
      10,
      null,
    ];
  });
}

/** A done check row. */
const check = (
  keyword: string,
  back: number,
  at: Record<number, string>,
  market = US,
  status: 'done' | 'pending' = 'done',
) => ({
  keyword,
  ...market,
  day: day(back),
  depth: 30,
  status,
  videos: status === 'done' ? results(keyword, at) : null,
  totalResults: 1000,
  checkedAt: new Date(`${day(back)}T06:00:00Z`),
  source: 'test',
});

const publicVideo = (
  videoId: string,
  back: number,
  views: number | null,
  tags: string[],
): StoredPublicVideo => ({
  videoId,
  title: `Rival video ${videoId}`,
  thumbnailUrl: `https://i.example/${videoId}.jpg`,
  publishedAt: at(back),
  views,
  likes: null,
  comments: null,
  tags,
});

describe.each(testBackends())('competition view (%s)', (backend) => {
  let t: TestApp;
  let channelId: string;
  let secondChannelId: string;
  let owner: string;
  let member: string;
  let unflagged: string;
  let stranger: string;

  const call = async (
    cookie: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie,
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const add = (cookie: string, channel: string, youtubeId: string) =>
    call(cookie, 'POST', `/api/channels/${channel}/competitors`, { youtubeId });
  const report = async (cookie = owner) => {
    const res = await call(cookie, 'GET', `/api/channels/${channelId}/competition`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CompetitionReport;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {
      clock: new TestClock(NOW),
      // Knows no channel: an id without stored public data is unknown to the platform.
      platform: new FakePlatform([]),
    });
    const db = t.database.db;
    const person = async (email: string, flags: string) => {
      const id = await t.createUser(email, TEST_PASSWORD, { flags });
      return { id, cookie: await t.login(email, TEST_PASSWORD) };
    };
    const o = await person('owner@example.com', 'competition_user');
    const m = await person('member@example.com', 'labs_user,competition_user');
    const u = await person('unflagged@example.com', 'labs_user');
    const s = await person('stranger@example.com', 'competition_user');
    [owner, member, unflagged, stranger] = [o.cookie, m.cookie, u.cookie, s.cookie];
    const [channel, second] = await db
      .insert(channels)
      .values([
        { youtubeId: OWN, name: 'Camp Kitchen', thumbnailUrl: 'https://i.example/own.jpg' },
        { youtubeId: 'UCsecondaaaaaaaaaaaaaaaa', name: 'Second' },
      ])
      .returning();
    channelId = channel!.id;
    secondChannelId = second!.id;
    await db.insert(channelMembers).values([
      { channelId, userId: o.id, role: 'owner' },
      { channelId, userId: m.id, role: 'member' },
      { channelId, userId: u.id, role: 'member' },
      { channelId: secondChannelId, userId: o.id, role: 'owner' },
    ]);

    await db
      .insert(trackedKeywords)
      .values(
        ['camp cooking', 'dutch oven', 'cast iron', 'old keyword', 'never checked'].map(
          (keyword) => ({ channelId, keyword, language: 'en-us' }),
        ),
      );
    await db.insert(serpChecks).values([
      // Tracked. The latest row counts: three days ago A was first and the channel absent.
      check('camp cooking', 3, { 1: RA }),
      check('camp cooking', 1, { 1: OWN, 5: OWN, 2: RA, 21: RB }),
      check('dutch oven', 0, { 1: RA, 3: RA, 20: RA, 4: RB, 21: OWN }),
      check('cast iron', 2, { 7: RB }),
      check('old keyword', 7, { 1: OWN, 2: RA }), // eight days ago: not counted
      check('never checked', 0, {}, US, 'pending'),
      // Not tracked, in the channel's market.
      check('campfire stew', 1, { 3: RB }),
      check('tent pegs', 0, { 10: RA, 15: OWN }), // the channel is there: no gap
      check('river fishing', 2, { 1: RA }),
      check('river fishing', 0, {}), // the latest results have no competitor
      // A keyword some other account checked: A ranks, but none of A's public videos uses it.
      check('lake trout', 1, { 12: RA }),
      check('stale search', 7, { 1: RA }),
      check('kayak', 0, { 1: RA }, UK), // another market
      check('deep results', 0, { 21: RA }), // beyond the top 20
    ]);
    await db.insert(keywordMetrics).values(
      [
        ['camp cooking', 1000],
        ['dutch oven', 3000],
        ['campfire stew', 5000],
        ['tent pegs', 9000],
        ['old keyword', 99999],
      ].map(([keyword, volume]) => ({
        keyword: keyword as string,
        ...US,
        volume: volume as number,
        competition: 0.2,
        cpc: 0.4,
        source: 'test',
        fetchedAt: new Date(NOW),
      })),
    );
    const video = (
      youtubeId: string,
      title: string,
      tags: string[],
      views: number,
      back: number,
      privacyStatus = 'public',
    ) => ({
      channelId,
      youtubeId,
      title,
      description: '',
      tags,
      thumbnails: {
        medium: { url: `https://i.example/${youtubeId}.jpg`, width: 320, height: 180 },
      },
      localizations: {},
      viewCount: views,
      publishedAt: new Date(at(back)),
      privacyStatus,
    });
    await db
      .insert(videos)
      .values([
        video('v1', 'Dutch oven bread for beginners', ['baking'], 500, 10),
        video('v2', 'Cast iron care', ['cast iron', 'skillet'], 2000, 40),
        video('v3', 'Camping vlog', ['camp', 'stew'], 100, 100),
        video('v4', 'Behind the scenes', ['secret'], 0, 5, 'private'),
      ]);
    const fresh = (
      youtubeId: string,
      title: string,
      hoursAgo: number,
      list: StoredPublicVideo[],
    ) => ({
      youtubeId,
      title,
      thumbnailUrl: `https://i.example/${youtubeId}.jpg`,
      customUrl: `@${title.toLowerCase().replace(/ /g, '')}`,
      subscriberCount: 1234,
      videoCount: list.length,
      viewCount: 99999,
      videos: list,
      refreshedAt: new Date(NOW - hoursAgo * 3_600_000),
    });
    await db.insert(publicChannels).values([
      fresh(RA, 'Rival A', 2, [
        publicVideo('a1', 1, 900, ['Dutch Oven', 'camping']),
        publicVideo('a4', 20, 200, ['dutch oven']),
        publicVideo('a2', 8, 100, ['dutch oven']),
        // Older than the period: no activity, but its tags are gap candidates.
        publicVideo('a3', 95, 99999, [
          'old',
          'Tent Pegs',
          'river fishing',
          'stale search',
          'kayak',
          'deep results',
        ]),
      ]),
      fresh(RB, 'Rival B', 5, [publicVideo('b1', 120, 50, ['campfire stew'])]),
      // Seven more, for the limit.
      ...Array.from({ length: 7 }, (_, i) =>
        fresh(`UCmany${String(i).padStart(18, '0')}`, `Many ${i}`, 1, []),
      ),
    ]);
  }, 60_000);
  afterAll(() => t?.close());

  describe('the flag and the channel check', () => {
    const urls = () =>
      [
        ['GET', `/api/channels/${channelId}/competitors`],
        ['POST', `/api/channels/${channelId}/competitors`, { youtubeId: RA }],
        ['DELETE', `/api/channels/${channelId}/competitors/${RA}`],
        ['GET', `/api/channels/${channelId}/competition`],
      ] as const;

    it('refuses a member without competition_user on every route (403), changing nothing', async () => {
      for (const [method, url, body] of urls()) {
        const res = await call(unflagged, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error).toMatchObject({
          code: 'feature-not-enabled',
          message: 'Competition is not enabled for your account.',
        });
      }
      const rows = await t.database.db
        .select()
        .from(channelCompetitors)
        .where(eq(channelCompetitors.channelId, channelId));
      expect(rows).toEqual([]);
    });

    it('answers 404 to a flagged person who is not on the channel, as without the flag', async () => {
      for (const [method, url, body] of urls()) {
        const res = await call(stranger, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.code).toBe('not-found');
      }
    });
  });

  describe('competitors', () => {
    it('lets any member add competitors the platform knows, with their public figures', async () => {
      const first = await add(member, channelId, RA);
      expect(first.statusCode, first.body).toBe(201);
      const res = await add(owner, channelId, RB);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as CompetitorsResponse;
      expect(body.max).toBe(5);
      expect(body.competitors.map((c) => c.youtubeId)).toEqual([RA, RB]);
      expect(body.competitors[0]).toMatchObject({
        title: 'Rival A',
        thumbnailUrl: `https://i.example/${RA}.jpg`,
        customUrl: '@rivala',
        subscriberCount: 1234,
        videoCount: 4,
        viewCount: 99999,
        refreshedAt: new Date(NOW - 2 * 3_600_000).toISOString(),
      });
      const list = await call(member, 'GET', `/api/channels/${channelId}/competitors`);
      expect(list.json()).toEqual(body);
    });

    it('adds an existing competitor once (idempotent)', async () => {
      const res = await add(owner, channelId, RA);
      expect(res.statusCode).toBe(201);
      expect((res.json() as CompetitorsResponse).competitors.map((c) => c.youtubeId)).toEqual([
        RA,
        RB,
      ]);
    });

    it('refuses the channel itself (400) and an id the platform does not know (404)', async () => {
      const self = await add(owner, channelId, OWN);
      expect(self.statusCode).toBe(400);
      expect(self.json().error.code).toBe('bad-request');
      const unknown = await add(owner, channelId, 'UCnobodyaaaaaaaaaaaaaaaa');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toMatchObject({
        code: 'not-found',
        message: 'No YouTube channel with this id.',
      });
      const invalid = await add(owner, channelId, 'not a channel id');
      expect(invalid.statusCode).toBe(400);
    });

    it('answers 503 when the platform could not be asked about a new id, storing nothing', async () => {
      const failed = 'UCunreachableaaaaaaaaaaa';
      // Its first read failed a minute ago (quota, outage): not asked again yet.
      await t.database.db
        .insert(publicChannels)
        .values({ youtubeId: failed, title: '', failedAt: new Date(NOW - 60_000) });
      const res = await add(owner, channelId, failed);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('platform-unavailable');
      const rows = await t.database.db
        .select()
        .from(channelCompetitors)
        .where(eq(channelCompetitors.youtubeId, failed));
      expect(rows).toEqual([]);
    });

    it('keeps at most five when seven are added at once', async () => {
      const ids = Array.from({ length: 7 }, (_, i) => `UCmany${String(i).padStart(18, '0')}`);
      const answers = await Promise.all(ids.map((id) => add(owner, secondChannelId, id)));
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409]);
      for (const r of answers.filter((r) => r.statusCode === 409))
        expect(r.json().error.code).toBe('competitors-limit');
      const rows = await t.database.db
        .select()
        .from(channelCompetitors)
        .where(eq(channelCompetitors.channelId, secondChannelId));
      expect(rows).toHaveLength(5);
      // Full: even a known one is refused; one already followed is still fine.
      expect((await add(owner, secondChannelId, RA)).statusCode).toBe(409);
      expect((await add(owner, secondChannelId, rows[0]!.youtubeId)).statusCode).toBe(201);
    });

    it('removes a competitor (and answers the same again)', async () => {
      const victim = (
        await t.database.db
          .select()
          .from(channelCompetitors)
          .where(eq(channelCompetitors.channelId, secondChannelId))
      )[0]!.youtubeId;
      for (let i = 0; i < 2; i += 1) {
        const res = await call(
          owner,
          'DELETE',
          `/api/channels/${secondChannelId}/competitors/${victim}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as CompetitorsResponse;
        expect(body.competitors).toHaveLength(4);
        expect(body.competitors.some((c) => c.youtubeId === victim)).toBe(false);
      }
      // The other channel's competitors are untouched.
      const other = await call(owner, 'GET', `/api/channels/${channelId}/competitors`);
      expect((other.json() as CompetitorsResponse).competitors).toHaveLength(2);
    });
  });

  describe('the report', () => {
    it('covers the 90 days ending today, own channel first', async () => {
      const body = await report(member);
      expect(body.period).toEqual({ from: '2037-08-23', to: TODAY, days: 90 });
      expect(body.channels).toEqual([
        {
          youtubeId: OWN,
          title: 'Camp Kitchen',
          thumbnailUrl: 'https://i.example/own.jpg',
          isOwn: true,
        },
        {
          youtubeId: RA,
          title: 'Rival A',
          thumbnailUrl: `https://i.example/${RA}.jpg`,
          isOwn: false,
        },
        {
          youtubeId: RB,
          title: 'Rival B',
          thumbnailUrl: `https://i.example/${RB}.jpg`,
          isOwn: false,
        },
      ]);
      // RB's data is the older one (5 h); none is being read for the first time.
      expect(body.refreshedAt).toBe(new Date(NOW - 5 * 3_600_000).toISOString());
      expect(body.refreshing).toBe(false);
    });

    it('computes share of voice from the latest results of the last 7 days, volume-weighted', async () => {
      const { shareOfVoice } = await report();
      // Counted: camp cooking (1000), dutch oven (3000); cast iron has no volume while others
      // have one (weight 0): not counted, its slots neither. Σ volume × 20 = 80,000.
      // Own: 2 slots × 1000. A: 1 × 1000 + 3 × 3000. B: 1 × 3000.
      expect(shareOfVoice).toEqual({
        keywords: 2,
        trackedKeywords: 5,
        day: TODAY,
        depth: 20,
        equalWeights: false,
        entries: [
          { youtubeId: OWN, share: 2000 / 80000, positions: 2, keywords: 1 },
          { youtubeId: RA, share: 10000 / 80000, positions: 4, keywords: 2 },
          { youtubeId: RB, share: 3000 / 80000, positions: 1, keywords: 1 },
        ],
      });
    });

    it("lists the gaps: tracked keywords and competitors' phrases where a competitor ranks and the channel does not", async () => {
      const { gaps } = await report();
      // 'campfire stew' is a tag of B's; 'lake trout' (A at 12) is in no competitor's public
      // data, so it is not listed however it was checked.
      expect(gaps).toEqual([
        {
          keyword: 'campfire stew',
          language: 'en-us',
          volume: 5000,
          tracked: false,
          competitors: [{ youtubeId: RB, position: 3 }],
          day: day(1),
          videoToOptimise: { youtubeId: 'v3', title: 'Camping vlog' }, // "stew" in its tags
        },
        {
          keyword: 'dutch oven',
          language: 'en-us',
          volume: 3000,
          tracked: true,
          competitors: [
            { youtubeId: RA, position: 1 },
            { youtubeId: RB, position: 4 },
          ],
          day: TODAY,
          videoToOptimise: { youtubeId: 'v1', title: 'Dutch oven bread for beginners' },
        },
        {
          keyword: 'cast iron',
          language: 'en-us',
          volume: null,
          tracked: true,
          competitors: [{ youtubeId: RB, position: 7 }],
          day: day(2),
          videoToOptimise: { youtubeId: 'v2', title: 'Cast iron care' },
        },
      ]);
    });

    it("measures each channel's activity over the period", async () => {
      const { activity } = await report();
      expect(activity.map((a) => a.youtubeId)).toEqual([OWN, RA, RB]);
      const [own, a, b] = activity;
      // Own: v1 and v2 (v3 is older, v4 private).
      expect(own).toMatchObject({
        uploads: 2,
        viewsPerVideo: 1250,
        unavailable: false,
        topTags: [
          { tag: 'baking', videos: 1 },
          { tag: 'cast iron', videos: 1 },
          { tag: 'skillet', videos: 1 },
        ],
      });
      expect(own!.topVideos.map((v) => [v.videoId, v.views])).toEqual([
        ['v2', 2000],
        ['v1', 500],
      ]);
      expect(own!.topVideos[0]!.thumbnailUrl).toBe('https://i.example/v2.jpg');
      // A: a1, a4, a2 in the period (a3 is 95 days old).
      expect(a).toMatchObject({
        uploads: 3,
        viewsPerVideo: 400,
        unavailable: false,
        topTags: [
          { tag: 'dutch oven', videos: 3 },
          { tag: 'camping', videos: 1 },
        ],
      });
      expect(a!.topVideos.map((v) => v.videoId)).toEqual(['a1', 'a4', 'a2']);
      // Monday weeks from 2037-08-17 to 2037-11-16: a1 (Thu 19th), a2 (Thu 12th), a4 (Sat 31 Oct).
      expect(a!.weeks).toHaveLength(14);
      expect(a!.weeks[0]!.weekStart).toBe('2037-08-17');
      expect(a!.weeks.filter((w) => w.uploads > 0)).toEqual([
        { weekStart: '2037-10-26', uploads: 1, views: 200 },
        { weekStart: '2037-11-09', uploads: 1, views: 100 },
        { weekStart: '2037-11-16', uploads: 1, views: 900 },
      ]);
      expect(b).toMatchObject({ uploads: 0, viewsPerVideo: null, topVideos: [], topTags: [] });
    });

    it('says from which day a competitor counts when its read stopped short of the period', async () => {
      const db = t.database.db;
      const from = new Date(NOW - 21 * 86_400_000 + 3_600_000);
      await db
        .update(publicChannels)
        .set({ uploadsCountedFrom: from })
        .where(eq(publicChannels.youtubeId, RA));
      try {
        const { activity } = await report();
        expect(activity.map((a) => a.countedFrom)).toEqual([
          null,
          from.toISOString().slice(0, 10),
          null,
        ]);
        // From the afternoon of the period's first day: that morning is missing.
        const { period } = await report();
        const firstAfternoon = new Date(`${period.from}T15:00:00Z`);
        await db
          .update(publicChannels)
          .set({ uploadsCountedFrom: firstAfternoon })
          .where(eq(publicChannels.youtubeId, RA));
        expect((await report()).activity[1]!.countedFrom).toBe(period.from);
        // From its very start (or earlier): the period is whole.
        await db
          .update(publicChannels)
          .set({ uploadsCountedFrom: new Date(`${period.from}T00:00:00Z`) })
          .where(eq(publicChannels.youtubeId, RA));
        expect((await report()).activity[1]!.countedFrom).toBeNull();
      } finally {
        await db
          .update(publicChannels)
          .set({ uploadsCountedFrom: null })
          .where(eq(publicChannels.youtubeId, RA));
      }
    });

    it('says when a competitor could not be read (unavailable, not refreshing)', async () => {
      const db = t.database.db;
      // A failed first read: the row holds no data and is not tried again for a while.
      await db.insert(publicChannels).values({
        youtubeId: RC,
        title: '',
        failedAt: new Date(NOW - 60_000),
        lastError: 'quota',
      });
      await db.insert(channelCompetitors).values({ channelId, youtubeId: RC });
      try {
        const body = await report();
        // Its read failed: unavailable, not "being read" (it would stay so until it is removed).
        expect(body.refreshing).toBe(false);
        expect(body.refreshedAt).toBe(new Date(NOW - 5 * 3_600_000).toISOString());
        expect(body.channels.at(-1)).toEqual({
          youtubeId: RC,
          title: RC,
          thumbnailUrl: '',
          isOwn: false,
        });
        expect(body.activity.at(-1)).toMatchObject({
          youtubeId: RC,
          uploads: 0,
          unavailable: true,
        });
        expect(body.shareOfVoice.entries.at(-1)).toEqual({
          youtubeId: RC,
          share: 0,
          positions: 0,
          keywords: 0,
        });
      } finally {
        await db
          .delete(channelCompetitors)
          .where(
            and(eq(channelCompetitors.channelId, channelId), eq(channelCompetitors.youtubeId, RC)),
          );
      }
    });

    it('weighs every keyword the same while none has a volume, and is empty without results', async () => {
      const db = t.database.db;
      const [channel] = await db
        .insert(channels)
        .values({ youtubeId: 'UCequalaaaaaaaaaaaaaaaaa', name: 'Equal' })
        .returning();
      const [ownerRow] = await db
        .select({ userId: channelMembers.userId })
        .from(channelMembers)
        .where(eq(channelMembers.channelId, channelId));
      await db
        .insert(channelMembers)
        .values({ channelId: channel!.id, userId: ownerRow!.userId, role: 'owner' });
      const get = async () => {
        const res = await call(owner, 'GET', `/api/channels/${channel!.id}/competition`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as CompetitionReport;
      };
      const empty = await get();
      expect(empty.shareOfVoice).toEqual({
        keywords: 0,
        trackedKeywords: 0,
        day: null,
        depth: 20,
        equalWeights: false,
        entries: [{ youtubeId: 'UCequalaaaaaaaaaaaaaaaaa', share: 0, positions: 0, keywords: 0 }],
      });
      expect(empty.gaps).toEqual([]);
      expect(empty.refreshedAt).toBeNull();
      expect(empty.refreshing).toBe(false);

      // No volume for any: equal weights. 'shallow check' was checked 10 deep (A holds all 10):
      // its 10 slots count, not 20. A holds 1 + 10 of 20 + 20 + 10 slots.
      const shallow = check(
        'shallow check',
        0,
        Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i + 1, RA])),
      );
      await db
        .insert(serpChecks)
        .values({ ...shallow, depth: 10, videos: shallow.videos!.slice(0, 10) });
      await db.insert(trackedKeywords).values(
        ['cast iron', 'lake trout', 'shallow check'].map((keyword) => ({
          channelId: channel!.id,
          keyword,
          language: 'en-us',
        })),
      );
      await db.insert(channelCompetitors).values({ channelId: channel!.id, youtubeId: RA });
      const body = await get();
      expect(body.shareOfVoice.equalWeights).toBe(true);
      expect(body.shareOfVoice.entries.find((e) => e.youtubeId === RA)).toEqual({
        youtubeId: RA,
        share: 11 / 50,
        positions: 11,
        keywords: 2,
      });
      // A's phrases where it ranks count for this channel too (these results hold the first
      // channel, not this one); 'camp cooking' (A at 2) is none of A's phrases. 'shallow check'
      // and 'lake trout' are its own tracked gaps.
      expect(body.gaps.map((g) => [g.keyword, g.volume, g.tracked])).toEqual([
        ['tent pegs', 9000, false],
        ['dutch oven', 3000, false],
        ['shallow check', null, true],
        ['lake trout', null, true],
      ]);
    });
  });
  describe('the daily refresh', () => {
    it('reads again only competitors of channels someone with the flag can use, oldest first', async () => {
      const db = t.database.db;
      const id = (name: string) => `UCdue${name.padEnd(19, 'x')}`;
      const person = (email: string, flags: string) =>
        t.createUser(email, TEST_PASSWORD, { flags });
      const flagged = await person('refresh-flagged@example.com', 'competition_user');
      const plain = await person('refresh-plain@example.com', 'labs_user');
      const expired = await person('refresh-expired@example.com', 'labs_user, competition_user');
      const helper = await person('refresh-member@example.com', 'competition_user');
      await db
        .update(users)
        .set({ trialEndsAt: new Date(NOW - 86_400_000) })
        .where(eq(users.id, expired));
      const made = await db
        .insert(channels)
        .values(
          ['Used', 'Unflagged', 'Expired', 'Member'].map((name) => ({
            youtubeId: `UCrefresh${name.padEnd(15, 'x')}`,
            name,
          })),
        )
        .returning();
      const [used, unflagged, lapsed, viaMember] = made.map((c) => c.id);
      await db.insert(channelMembers).values([
        { channelId: used!, userId: flagged, role: 'owner' },
        { channelId: unflagged!, userId: plain, role: 'owner' },
        { channelId: lapsed!, userId: expired, role: 'owner' },
        // Its owner has no flag, but a member with it uses the view on the owner's plan.
        { channelId: viaMember!, userId: plain, role: 'owner' },
        { channelId: viaMember!, userId: helper, role: 'member' },
      ]);
      const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000);
      await db.insert(publicChannels).values([
        { youtubeId: id('old'), title: 'Old', refreshedAt: hoursAgo(30) },
        { youtubeId: id('older'), title: 'Older', refreshedAt: hoursAgo(50) },
        { youtubeId: id('fresh'), title: 'Fresh', refreshedAt: hoursAgo(2) },
        // A fresh light read (an onboarding's one page of uploads): due, after the never read.
        { youtubeId: id('light'), title: 'Light', refreshedAt: hoursAgo(1), lightRead: true },
        { youtubeId: id('plain'), title: 'Plain', refreshedAt: hoursAgo(30) },
        { youtubeId: id('lapsed'), title: 'Lapsed', refreshedAt: hoursAgo(30) },
      ]);
      await db.insert(channelCompetitors).values([
        { channelId: used!, youtubeId: id('old') },
        { channelId: used!, youtubeId: id('fresh') },
        { channelId: used!, youtubeId: id('never') }, // never read: first
        { channelId: used!, youtubeId: id('light') },
        { channelId: unflagged!, youtubeId: id('plain') },
        { channelId: lapsed!, youtubeId: id('lapsed') },
        { channelId: viaMember!, youtubeId: id('older') },
        { channelId: viaMember!, youtubeId: id('old') }, // followed twice, read once
      ]);
      const due = (await t.services.competitors.dueForRefresh()).filter((d) =>
        d.startsWith('UCdue'),
      );
      expect(due).toEqual([id('never'), id('light'), id('older'), id('old')]);

      // The job reads exactly those, 50 at a time, as data older than 20 hours.
      const calls: { ids: string[]; maxAgeMs: number | undefined }[] = [];
      const competitors = new CompetitorsService({
        db,
        clock: new TestClock(NOW),
        publicChannels: {
          get: async (ids, options) => {
            calls.push({ ids: [...ids], maxAgeMs: options?.maxAgeMs });
            return [];
          },
        },
      });
      const all = await competitors.dueForRefresh();
      expect(await competitors.refreshDue()).toEqual({ refreshed: 0, failed: all.length });
      expect(calls.flatMap((c) => c.ids)).toEqual(all);
      for (const c of calls) {
        expect(c.ids.length).toBeLessThanOrEqual(50);
        expect(c.maxAgeMs).toBe(DAILY_REFRESH_AGE_MS);
      }
      expect(DAILY_REFRESH_AGE_MS).toBe(20 * 3_600_000);
    });
  });
});
