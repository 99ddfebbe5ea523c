// Captions for AI metadata through the real adapter and the emulator's captions.list and
// captions.download, on PGlite and PostgreSQL: read only with a grant that allows them, counted
// against the channel's daily unit budget (skipped when it says no), kept per track so a second
// generation does not download again, and sent to the model only inside the data block.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS, type Emulator } from '@tubewise/emulator';
import type { AiGeneration } from '@tubewise/contract';
import { aiGenerations, platformUnitSpend, videoCaptions, videos } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { connectEmulatorChannel, syncChannel } from '../../testing/connect-channel.ts';
import { FakeWriter } from '../../testing/fake-writer.ts';
import { DataForSeoAdapter } from '../keywords/index.ts';
import { quotaDayOf, SCOPE_FORCE_SSL } from '../video-platform/index.ts';

const ACCOUNT = 'alex.creator@tubewise.test';

describe.each(testBackends())('AI metadata captions (%s)', (backend) => {
  let server: EmulatorServer;
  let emulator: Emulator;
  let t: TestApp;
  let writer: FakeWriter;
  let cookie: string;
  let granted: { channelId: string; videoId: string };
  let plain: { channelId: string; videoId: string };

  const calls = (method: 'captions.list' | 'captions.download') =>
    emulator.control.quotaLedger().today.callsByMethod[method] ?? 0;
  const generateAndWait = async (target: { channelId: string; videoId: string }) => {
    const base = `/optimization/channels/${target.channelId}/videos/${target.videoId}/ai`;
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/generations`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ searchTerm: 'camp cooking' }),
    });
    expect(res.statusCode, res.body).toBe(202);
    for (let i = 0; i < 500; i++) {
      const g = (
        await t.app.inject({
          method: 'GET',
          url: `${base}/generations/latest`,
          headers: { cookie },
        })
      ).json().generation as AiGeneration;
      if (g.status === 'done' || g.status === 'failed') return g;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('generation did not settle');
  };

  /** Connects a new emulator channel (some scopes unticked) and picks a captioned video of it. */
  async function captionedChannel(userId: string, untickedScopes: string[]) {
    const record = emulator.control.addChannel({ videoCount: 12, owner: ACCOUNT });
    const channelId = await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId: record.id,
      account: ACCOUNT,
      untickedScopes,
    });
    await syncChannel(t.services, channelId);
    const captioned = await t.database.db.query.videos.findFirst({
      where: and(eq(videos.channelId, channelId), eq(videos.hasCaptions, true)),
    });
    if (!captioned) throw new Error('no captioned video in the channel');
    return { channelId, videoId: captioned.youtubeId };
  }

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 1 });
    emulator = server.emulator;
    writer = new FakeWriter();
    t = await createTestApp(backend, {
      platform: server.adapter,
      keywordData: new DataForSeoAdapter({
        baseUrl: server.root,
        ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
        name: 'Emulated keyword data',
      }),
      writer,
      env: { YOUTUBE_API_KEY: 'tubewise-emulator-key', CHANNEL_DAILY_UNIT_BUDGET: '500' },
    });
    const email = 'ai-captions@example.com';
    const userId = await t.createUser(email);
    cookie = await t.login(email, TEST_PASSWORD);
    // The product asks for youtube.force-ssl (captions); the second person unticks it.
    granted = await captionedChannel(userId, []);
    plain = await captionedChannel(userId, [SCOPE_FORCE_SSL]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  beforeEach(async () => {
    writer.prompts.length = 0;
    await t.database.db.delete(aiGenerations);
    await t.database.db.delete(videoCaptions);
    await t.database.db.delete(platformUnitSpend);
  });

  it('reads captions with a grant that allows them, counts their units and keeps the text', async () => {
    const [list, download] = [calls('captions.list'), calls('captions.download')];
    const g = await generateAndWait(granted);
    expect(g.status).toBe('done');
    expect(g.inputs.captions).toBe('used');
    expect(calls('captions.list') - list).toBe(1);
    expect(calls('captions.download') - download).toBe(1);
    const spend = await t.database.db.query.platformUnitSpend.findFirst({
      where: eq(platformUnitSpend.channelId, granted.channelId),
    });
    expect(spend).toMatchObject({ units: 250, day: quotaDayOf(new Date()) });
    // The transcript goes in the data block as timed lines, nowhere else.
    const { system, user } = writer.prompts[0]!;
    const block = JSON.parse(/<video_data>\n([\s\S]*)\n<\/video_data>$/.exec(user)![1]!);
    expect(block.captions).toMatch(/^\[00:00:\d\d\] \S/);
    expect(system).not.toContain(block.captions.slice(11, 40));
    // A second generation lists the tracks (50) but does not download the same track again.
    const again = await generateAndWait(granted);
    expect(again.inputs.captions).toBe('used');
    expect(calls('captions.download') - download).toBe(1);
    expect(calls('captions.list') - list).toBe(2);
  });

  it('does not read captions without the grant, or past the daily budget', async () => {
    const [list, download] = [calls('captions.list'), calls('captions.download')];
    expect((await generateAndWait(plain)).inputs.captions).toBe('not-allowed');
    await t.database.db
      .insert(platformUnitSpend)
      .values({ channelId: granted.channelId, day: quotaDayOf(new Date()), units: 300 });
    // 300 + 50 fits the budget of 500; the 200 of the download would not.
    expect((await generateAndWait(granted)).inputs.captions).toBe('over-budget');
    expect(calls('captions.list') - list).toBe(1);
    expect(calls('captions.download') - download).toBe(0);
    const spend = await t.database.db.query.platformUnitSpend.findFirst({
      where: eq(platformUnitSpend.channelId, granted.channelId),
    });
    expect(spend?.units).toBe(350);
  });
});
