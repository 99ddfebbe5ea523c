// The competition view against the embedded emulator: a corpus channel is added as competitor
// through the API (its public data read with the product's key from the emulator's Data API),
// and the report's activity equals what the emulator's corpus holds for the last 90 days; a
// tracked keyword checked through the emulator's SERP gives the competitor the share of voice
// its videos hold in those stored results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompetitionReport, CompetitorsResponse } from '@tubewise/contract';
import type { Emulator } from '@tubewise/emulator';
import { eq } from 'drizzle-orm';
import {
  channelCompetitors,
  channelMembers,
  channels,
  trackedKeywords,
} from '../../db/schema/index.ts';
import { addDays } from '../../lib/days.ts';
import { freePort } from '../../testing/processes.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { marketOf, normalizeKeyword } from '../keywords/index.ts';

describe.each(testBackends())('competition view on the emulator (%s)', (backend) => {
  let t: TestApp;
  let emulator: Emulator;
  let cookie: string;
  let channelId: string;
  let rivalId: string;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp(backend, {
      emulator: true,
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    emulator = t.emulator!;
    rivalId = emulator.control.addChannel({ videoCount: 60, title: 'Emulated Rival Kitchen' }).id;
    const userId = await t.createUser('rival-watcher@example.com', TEST_PASSWORD, {
      flags: 'competition_user',
    });
    const [channel] = await t.database.db
      .insert(channels)
      .values({ youtubeId: 'UCwatcheraaaaaaaaaaaaaaa', name: 'Watcher' })
      .returning();
    channelId = channel!.id;
    await t.database.db.insert(channelMembers).values({ channelId, userId, role: 'owner' });
    cookie = await t.login('rival-watcher@example.com', TEST_PASSWORD);
  }, 120_000);
  afterAll(() => t?.close());

  const today = () => t.services.serpChecks.today();
  /** The rival's public uploads of the period, from the emulator's corpus. */
  const corpusUploads = () => {
    const from = addDays(today(), -89);
    return emulator.state.corpus
      .uploads(rivalId)
      .map((id) => emulator.state.corpus.getVideo(id)!)
      .filter((v) => v.privacyStatus === 'public')
      .filter((v) => {
        const day = new Date(v.publishedAt).toISOString().slice(0, 10);
        return day >= from && day <= today();
      });
  };

  it('adds a corpus channel as competitor and reports its activity from the public API', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/channels/${channelId}/competitors`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ youtubeId: rivalId }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const [competitor] = (added.json() as CompetitorsResponse).competitors;
    expect(competitor).toMatchObject({ youtubeId: rivalId, title: 'Emulated Rival Kitchen' });
    expect(competitor!.refreshedAt).not.toBeNull();

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/channels/${channelId}/competition`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as CompetitionReport;
    expect(report.refreshing).toBe(false);
    expect(report.channels.map((c) => c.title)).toEqual(['Watcher', 'Emulated Rival Kitchen']);
    const activity = report.activity.find((a) => a.youtubeId === rivalId)!;
    const expected = corpusUploads();
    expect(expected.length).toBeGreaterThan(0);
    expect(activity.unavailable).toBe(false);
    expect(activity.uploads).toBe(expected.length);
    expect(activity.viewsPerVideo).toBeCloseTo(
      expected.reduce((s, v) => s + v.viewCount, 0) / expected.length,
      6,
    );
    expect(activity.weeks.reduce((s, w) => s + w.uploads, 0)).toBe(expected.length);
    const mostViewed = [...expected].sort((a, b) => b.viewCount - a.viewCount)[0]!;
    expect(activity.topVideos[0]).toMatchObject({
      videoId: mostViewed.id,
      title: mostViewed.title,
      views: mostViewed.viewCount,
    });
    expect(activity.topTags.length).toBeGreaterThan(0);
  });

  it("adds a channel whose visitor's (light) read just failed", async () => {
    const other = emulator.control.addChannel({ videoCount: 5, title: 'Freshly Failed' }).id;
    emulator.control.setFailureRate(1);
    try {
      const [light] = await t.services.publicChannels.get([other], { light: true });
      expect(light!.unavailable).toBe(true);
    } finally {
      emulator.control.setFailureRate(0);
    }
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/channels/${channelId}/competitors`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ youtubeId: other }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const competitor = (added.json() as CompetitorsResponse).competitors.find(
      (c) => c.youtubeId === other,
    );
    expect(competitor).toMatchObject({ title: 'Freshly Failed' });
    await t.database.db.delete(channelCompetitors).where(eq(channelCompetitors.youtubeId, other));
  });

  it("gives the competitor its share of a tracked keyword's stored results", async () => {
    // A keyword the rival's newest upload is about: the emulator's search ranks it.
    const newest = corpusUploads().sort((a, b) => b.publishedAt - a.publishedAt)[0]!;
    const keyword = normalizeKeyword(newest.title.split(/\s+/).slice(0, 4).join(' '));
    await t.database.db.insert(trackedKeywords).values({ channelId, keyword, language: 'en-us' });
    const serp = await t.services.serpChecks.checkNow({ keyword, market: marketOf('en-us') });
    const held = serp.videos.filter((v) => v.position <= 20 && v.channelId === rivalId).length;
    expect(held).toBeGreaterThan(0);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/channels/${channelId}/competition`,
      headers: { cookie },
    });
    const report = res.json() as CompetitionReport;
    // No volume cached: equal weights, one keyword of 20 slots.
    expect(report.shareOfVoice).toMatchObject({ keywords: 1, day: today(), equalWeights: true });
    expect(report.shareOfVoice.entries.find((e) => e.youtubeId === rivalId)).toEqual({
      youtubeId: rivalId,
      share: held / 20,
      positions: held,
      keywords: 1,
    });
    // The watcher has no video there: a tracked gap.
    expect(report.gaps.find((g) => g.keyword === keyword)).toMatchObject({
      tracked: true,
      competitors: [{ youtubeId: rivalId }],
      videoToOptimise: null,
    });
  });
});
