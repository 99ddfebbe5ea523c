/**
 * Real trending data through the whole product: the shared US trending file (read in place) is
 * imported into the emulator, two of its channels are connected through the product's OAuth
 * path as the accounts the import gave them, synced, and the optimisation list shows the file's
 * latest views while the stored likes and comments equal the file's (none where the file says
 * comments are disabled). EMULATOR_IMPORT reaches the embedded emulator, and a missing file is
 * a configuration error.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeywordMetrics } from '@tubewise/contract';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { videos } from '../../db/schema/index.ts';
import { connectEmulatorChannel, syncChannel } from '../../testing/connect-channel.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import { sharedDataAvailable, sharedDataDir } from '../../testing/shared-data.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import type { KeywordFigures } from './keyword-figures.ts';

const run = sharedDataAvailable('imported trending data end to end') ? describe : describe.skip;
const file = () =>
  path.join(sharedDataDir()!, 'youtube/trending-2020/US_youtube_trending_data.csv');

/** Two channels of the file: the one with most trending videos, and one with comments off. */
const CHANNELS = ['UCET00YnetHT7tOpu12v8jxg', 'UCYv8VkKxvmfYIRbowQALwCw'];

const figures: KeywordFigures = {
  async metrics(keywords) {
    return {
      items: keywords.map((keyword): KeywordMetrics => ({
        keyword,
        volume: 1000,
        competition: 0.5,
        cpc: 1,
      })),
      source: { name: 'Test figures', fetchedAt: new Date(0).toISOString() },
    };
  },
  async related() {
    return { items: [], source: { name: 'Test figures', fetchedAt: new Date(0).toISOString() } };
  },
};

type FileRow = Record<string, string>;

/** The file's latest record of each video of a channel, read without the importer. */
function latestRows(channelId: string): Map<string, FileRow> {
  const records = parse(readFileSync(file(), 'utf8'), {
    columns: true,
    bom: true,
    skip_records_with_error: true,
  }) as FileRow[];
  const latest = new Map<string, FileRow>();
  for (const r of records) {
    if (r.channelId !== channelId) continue;
    const seen = latest.get(r.video_id!);
    if (!seen || Date.parse(r.trending_date!) > Date.parse(seen.trending_date!))
      latest.set(r.video_id!, r);
  }
  return latest;
}

run.each(testBackends())('an imported trending channel in the product (%s)', (backend) => {
  let server: EmulatorServer;
  let t: TestApp;
  let cookie: string;
  const productIds = new Map<string, string>();

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 1, importFiles: [file()] });
    t = await createTestApp(backend, {
      platform: server.adapter,
      keywordFigures: figures,
      env: { YOUTUBE_API_KEY: 'tubewise-emulator-key' },
    });
    const email = 'imported-owner@example.com';
    const userId = await t.createUser(email);
    for (const youtubeChannelId of CHANNELS) {
      const owner = server.emulator.state.corpus.getChannel(youtubeChannelId)!.ownerAccountId!;
      const account = server.emulator.state.accounts.find(owner)!.email;
      const id = await connectEmulatorChannel(t.services, server.emulator, {
        userId,
        youtubeChannelId,
        account,
      });
      await syncChannel(t.services, id);
      productIds.set(youtubeChannelId, id);
    }
    cookie = await t.login(email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it.each(CHANNELS)("lists %s with the file's figures", async (youtubeChannelId) => {
    const expected = latestRows(youtubeChannelId);
    expect(expected.size).toBeGreaterThan(0);
    const channelId = productIds.get(youtubeChannelId)!;
    const res = await t.app.inject({
      url: `/optimization/channels/${channelId}/videos?sort=date&order=desc`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const rows = (
      res.json() as {
        items: {
          videoId: string;
          views: number | null;
          durationSeconds: number | null;
          isShort: boolean;
        }[];
      }
    ).items;
    expect(rows.map((r) => r.videoId).sort()).toEqual([...expected.keys()].sort());
    for (const row of rows) {
      const file = expected.get(row.videoId)!;
      expect(row.views, row.videoId).toBe(Number(file.view_count));
      // No durations in the file: long-form ones from the documented distribution.
      expect(row.durationSeconds).toBeGreaterThanOrEqual(120);
      expect(row.isShort).toBe(false);
      const stored = (await t.database.db.query.videos.findFirst({
        where: and(eq(videos.channelId, channelId), eq(videos.youtubeId, row.videoId)),
      }))!;
      expect(stored.likeCount).toBe(file.ratings_disabled === 'True' ? null : Number(file.likes));
      expect(stored.commentCount).toBe(
        file.comments_disabled === 'True' ? null : Number(file.comment_count),
      );
    }
  });

  it('has a channel with comments disabled among them, stored without a comment count', () => {
    expect([...latestRows(CHANNELS[1]!).values()].some((r) => r.comments_disabled === 'True')).toBe(
      true,
    );
  });
});

run('EMULATOR_IMPORT', () => {
  it('is loaded into the embedded emulator, and a missing file stops the start', async () => {
    const t = await createTestApp('pglite', {
      env: { EMULATOR_IMPORT: ` ${file()} ` },
      emulator: true,
    });
    try {
      expect(t.config.emulatorImport).toEqual([file()]);
      expect(t.emulator!.state.corpus.getChannel(CHANNELS[0]!)!.title).toBe(
        'Champions League on CBS Sports',
      );
    } finally {
      await t.close();
    }
    const missing = path.join(path.dirname(file()), 'nope.csv');
    expect(() =>
      loadConfig({ EMULATOR_IMPORT: `${file()},${missing}`, DATA_DIR: t.config.dataDir }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ EMULATOR_IMPORT: missing, DATA_DIR: t.config.dataDir });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        `EMULATOR_IMPORT: no such file: ${missing}`,
      ]);
    }
  });
});
