// The demo's keyword rankings on first start: the first demo channel tracks keywords with
// DEMO_HISTORY_DAYS days of history, every rank made through a done check of its day that the
// emulator's SERP queue answered (counted in its ledger), ending yesterday; a second start
// checks nothing again. The demo account is on the free trial.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { channels, keywordRanks, serpChecks, trackedKeywords, users } from './db/schema/index.ts';
import { createTestApp, testBackends, type TestApp } from './testing/test-app.ts';
import { freePort } from './testing/processes.ts';
import { DEMO_CHANNEL_IDS, seedDemo } from './seed.ts';
import {
  DEMO_HISTORY_DAYS,
  DEMO_RANKED_KEYWORDS,
  DEMO_UNRANKED_KEYWORDS,
  seedRankings,
} from './seed-rankings.ts';

const TASK_POST = '/v3/serp/youtube/organic/task_post';
const DAY_MS = 86_400_000;

describe.each(testBackends())("the demo's keyword rankings (%s)", (backend) => {
  let t: TestApp;
  let seconds = 0;
  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp(backend, {
      emulator: true,
      env: {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DEMO_CONNECTED_CHANNELS: '1',
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    const started = performance.now();
    const seeded = await seedDemo(t, t.config);
    seconds = (performance.now() - started) / 1000;
    expect(seeded).toEqual({ created: true, connectedChannels: 1 });
  }, 120_000);

  it('starts the demo account on the free trial', async () => {
    const [demo] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, t.config.env.DEMO_USER_EMAIL));
    const overview = await t.services.billing.overview(demo!.id);
    expect(overview).toMatchObject({ plan: { id: 'trial' }, standing: 'trialing' });
  });
  afterAll(async () => {
    if (!t) return;
    // The demo's first sync runs in this process (no job system): let it end before closing.
    const connected = await t.database.db.select({ id: channels.id }).from(channels);
    for (let i = 0; i < 100; i += 1) {
      const busy = await Promise.all(
        connected.map(async (c) => (await t.services.sync.status(c.id)).isSyncing),
      );
      if (!busy.some(Boolean)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await t.close();
  });

  it('tracks keywords with 90 days of ranks, each made by a done check of its day', async () => {
    const { db } = t.database;
    const tracked = await db.select().from(trackedKeywords);
    expect(tracked.length).toBe(DEMO_RANKED_KEYWORDS + DEMO_UNRANKED_KEYWORDS);
    expect(new Set(tracked.map((k) => k.channelId)).size).toBe(1);
    const channelId = tracked[0]!.channelId;
    expect(new Set(tracked.map((k) => k.language))).toEqual(new Set(['en-us']));

    // Every keyword has a rank row on each of the 90 days ending yesterday, and none today.
    const today = t.services.serpChecks.today();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS)
      .toISOString()
      .slice(0, 10);
    const first = new Date(Date.parse(`${today}T00:00:00Z`) - DEMO_HISTORY_DAYS * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const ranks = await db.select().from(keywordRanks).where(eq(keywordRanks.channelId, channelId));
    expect(ranks.length).toBe(tracked.length * DEMO_HISTORY_DAYS);
    const days = [...new Set(ranks.map((r) => r.day))].sort();
    expect(days.length).toBe(DEMO_HISTORY_DAYS);
    expect(days[0]).toBe(first);
    expect(days.at(-1)).toBe(yesterday);

    // Each rank is the channel's position in its day's done check (one per keyword and day).
    const checks = await db.select().from(serpChecks);
    expect(checks.every((c) => c.status === 'done')).toBe(true);
    expect(checks.length).toBe(tracked.length * DEMO_HISTORY_DAYS);
    const checkOf = new Map(checks.map((c) => [`${c.keyword}|${c.day}`, c]));
    for (const rank of ranks) {
      const check = checkOf.get(`${rank.keyword}|${rank.day}`);
      expect(check, `${rank.keyword} on ${rank.day}`).toBeDefined();
      const index = check!.videos!.findIndex((v) => v[1] === DEMO_CHANNEL_IDS[0]);
      expect(rank.position).toBe(index >= 0 ? index + 1 : null);
    }
    // Most keywords rank (the channel's own phrases), a few do not.
    const latest = ranks.filter((r) => r.day === yesterday);
    expect(latest.filter((r) => r.position !== null).length).toBe(DEMO_RANKED_KEYWORDS);
    expect(latest.filter((r) => r.position === null).length).toBe(DEMO_UNRANKED_KEYWORDS);

    // Paid through the emulator's SERP queue: each check posted once, nothing live.
    const calls = t.emulator!.keywordData.calls();
    const posted = calls.filter((c) => c.path === TASK_POST).flatMap((c) => c.keywords);
    expect(posted.length).toBe(checks.length);
    expect(calls.some((c) => c.path.endsWith('/live/advanced'))).toBe(false);
    // How long it took (a figure, not a check: it depends on the machine's load).
    console.log(`demo seeded with ${checks.length} checks in ${seconds.toFixed(1)} s (${backend})`);
  });

  it('a second start checks nothing again', async () => {
    const before = t.emulator!.keywordData.calls().length;
    const { db } = t.database;
    const count = async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(keywordRanks))[0]!.n;
    const ranks = await count();
    expect(await seedDemo(t, t.config)).toEqual({ created: false, connectedChannels: 0 });
    // Even asked directly, the rankings seed sees the channel already tracks keywords.
    const [channel] = await db.select().from(trackedKeywords).limit(1);
    expect(
      await seedRankings(t, t.config, {
        userId: channel!.addedBy!,
        channelId: channel!.channelId,
        youtubeId: DEMO_CHANNEL_IDS[0],
        language: 'en-us',
      }),
    ).toBeNull();
    expect(t.emulator!.keywordData.calls().length).toBe(before);
    expect(await count()).toBe(ranks);
  });
});
