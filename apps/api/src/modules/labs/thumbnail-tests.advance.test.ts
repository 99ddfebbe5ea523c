// The embedded demo: the emulator's "advance" control moves the product's clock through each
// quota-day boundary it crosses and runs the thumbnail tests there, so advancing 3 days makes the
// daily swaps of those 3 days (A stays on its first full day, then B, then A) and measures them.
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '@tubewise/emulator';
import { thumbnailTests, thumbnailTestSwaps } from '../../db/schema/index.ts';
import { connectEmulatorChannel, syncChannel } from '../../testing/connect-channel.ts';
import { freePort } from '../../testing/processes.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { quotaDayOf } from '../video-platform/index.ts';
import { addDays } from './exposure.ts';

const ACCOUNT = 'alex.creator@tubewise.test';

describe.each(testBackends())('advancing the demo clock runs the daily swaps (%s)', (backend) => {
  let t: TestApp;
  let emulator: Emulator;
  let cookie: string;
  let channelId: string;
  let youtubeChannelId: string;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp(backend, {
      emulator: true,
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    emulator = t.emulator!;
    youtubeChannelId = emulator.control.addChannel({ videoCount: 8, owner: ACCOUNT }).id;
    const userId = await t.createUser('labs-demo@example.com', TEST_PASSWORD, {
      flags: 'labs_user',
    });
    channelId = await connectEmulatorChannel(t.services, emulator, {
      userId,
      youtubeChannelId,
      account: ACCOUNT,
    });
    await syncChannel(t.services, channelId);
    cookie = await t.login('labs-demo@example.com', TEST_PASSWORD);
  }, 120_000);
  afterAll(() => t?.close());

  it('makes one swap per crossed midnight Pacific, in rotation order', async () => {
    const videoId = emulator.state.corpus
      .uploads(youtubeChannelId)
      .find((id) => emulator.state.corpus.getVideo(id)!.definition === 'hd')!;
    const ids: string[] = [];
    for (const background of [
      { r: 200, g: 40, b: 40 },
      { r: 40, g: 40, b: 200 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/optimization/channels/${channelId}/videos/${videoId}/thumbnail`,
        headers: { cookie, 'content-type': 'image/jpeg' },
        payload: await sharp({ create: { width: 1280, height: 720, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().thumbnailId);
    }
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/labs/channels/${channelId}/thumbnail-tests`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: { videoId, thumbnailIds: ids, durationDays: 6 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const testId = created.json().id;
    const startDay = quotaDayOf(new Date(created.json().startedAt));

    const advanced = await t.app.inject({
      method: 'POST',
      url: '/emulator/_emulator/advance',
      headers: { 'content-type': 'application/json' },
      payload: { days: 3 },
    });
    expect(advanced.statusCode, advanced.body).toBe(200);

    const swaps = await t.database.db
      .select()
      .from(thumbnailTestSwaps)
      .where(eq(thumbnailTestSwaps.testId, testId))
      .orderBy(asc(thumbnailTestSwaps.createdAt));
    const positions = new Map(
      created.json().variants.map((v: { id: string }, i: number) => [v.id, i]),
    );
    expect(swaps.map((s) => [s.kind, s.status, s.quotaDay, positions.get(s.variantId!)])).toEqual([
      ['rotate', 'done', startDay, 0],
      ['rotate', 'done', addDays(startDay, 2), 1],
      ['rotate', 'done', addDays(startDay, 3), 0],
    ]);
    const [test] = await t.database.db
      .select()
      .from(thumbnailTests)
      .where(eq(thumbnailTests.id, testId));
    // Measured on the way: the first and second full days.
    expect(test!.measuredThrough).toBe(addDays(startDay, 2));
    expect(test!.status).toBe('running');
  }, 120_000);
});
