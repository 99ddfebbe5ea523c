// A thumbnail A/B test as the product runs it: thumbnails.set swaps a video's thumbnail once a day
// at midnight Pacific (08:00 UTC in winter), Analytics by day shows each image's effect on the
// days it was live, the history survives a restart and reset forgets it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReportQuery, runReport } from './analytics.ts';
import type { Emulator } from './emulator.ts';
import { authorize, startEmulator } from './testing/harness.ts';

const CHANNEL = 'UCtw0demo00000000000001';
const DAY_MS = 86_400_000;

describe('thumbnail history in YouTube Analytics', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tubewise-emulator-thumbs-'));
  const clock = { ms: Date.parse('2026-01-10T08:00:00Z') };
  const options = { dataDir, now: () => clock.ms, accessTokenTtlSeconds: 90 * 86_400 };
  let app: FastifyInstance;
  let emulator: Emulator;
  let token: string;
  let videoId: string;
  let grey: Buffer;
  let vivid: Buffer;

  beforeAll(async () => {
    ({ app, emulator } = await startEmulator(options));
    token = (await authorize(app, { channelId: CHANNEL })).access_token;
    videoId = emulator.state.corpus
      .uploads(CHANNEL)
      .find((id) => emulator.state.corpus.getVideo(id)!.publishedAt < Date.parse('2025-12-01'))!;
    grey = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    // Yellow and deep blue halves: vivid and contrasted.
    vivid = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: '#ffe600' },
    })
      .composite([
        {
          input: {
            create: { width: 640, height: 720, channels: 3, background: '#0000a0' },
          },
          left: 640,
          top: 0,
        },
      ])
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const setThumbnail = async (image: Buffer) => {
    const res = await app.inject({
      method: 'POST',
      url: `/emulator/upload/youtube/v3/thumbnails/set?videoId=${videoId}&uploadType=media`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      payload: image,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const params = {
    startDate: '2026-01-05',
    endDate: '2026-01-19',
    metrics: 'views,estimatedMinutesWatched,averageViewPercentage',
    dimensions: 'day',
  };
  const report = async () => {
    const res = await app.inject({
      url: `/emulator/v2/reports?${new URLSearchParams({ ids: 'channel==MINE', ...params, filters: `video==${videoId}` })}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rows as [string, number, number, number][];
  };
  /** The figures of the video's own thumbnail: the report with no history. */
  const baseline = () => {
    const parsed = parseReportQuery({ ...params, filters: `video==${videoId}` });
    if (!parsed.ok) throw new Error('bad query');
    return runReport([emulator.state.corpus.getVideo(videoId)!], parsed.query, clock.ms).rows as [
      string,
      number,
      number,
      number,
    ][];
  };

  let first: [string, number, number, number][];

  it('shows each image on the days it owned, from its measured appeal and promise', async () => {
    // Grey, vivid, grey, vivid: one swap a day at midnight Pacific (08:00 UTC in January).
    for (const image of [grey, vivid, grey, vivid]) {
      await setThumbnail(image);
      clock.ms += DAY_MS;
    }
    clock.ms = Date.parse('2026-01-20T12:00:00Z');
    const history = emulator.state.thumbnails.history(videoId);
    expect(history.map((h) => new Date(h.at).toISOString())).toEqual([
      '2026-01-10T08:00:00.000Z',
      '2026-01-11T08:00:00.000Z',
      '2026-01-12T08:00:00.000Z',
      '2026-01-13T08:00:00.000Z',
    ]);
    const [greyEffect, vividEffect] = history;
    expect(greyEffect!.appeal).toBeLessThan(0.8);
    expect(vividEffect!.appeal).toBeGreaterThan(1.2);
    expect(vividEffect!.promise).toBeGreaterThan(greyEffect!.promise);

    first = await report();
    const base = baseline();
    expect(first.map((r) => r[0])).toEqual(base.map((r) => r[0]));
    expect(first).toHaveLength(15);
    first.forEach((row, i) => {
      const own = base[i]!;
      const effect =
        row[0] < '2026-01-10'
          ? undefined
          : row[0] === '2026-01-10' || row[0] === '2026-01-12'
            ? greyEffect!
            : vividEffect!;
      if (!effect) return expect(row).toEqual(own);
      expect(row[1]).toBe(Math.round(own[1] * effect.appeal));
      expect(row[3] / own[3]).toBeCloseTo(effect.promise, 2);
    });
    // The product's measure: views per day relative to the video's own, per variant.
    const lift = (day: string) => {
      const i = first.findIndex((r) => r[0] === day);
      return first[i]![1] / base[i]![1];
    };
    expect(lift('2026-01-11')).toBeGreaterThan(lift('2026-01-10') * 1.4);
    expect(lift('2026-01-13')).toBeGreaterThan(lift('2026-01-12') * 1.4);
  });

  it('keeps the history across a restart', async () => {
    await app.close();
    ({ app, emulator } = await startEmulator(options));
    expect(emulator.state.thumbnails.history(videoId)).toHaveLength(4);
    expect(await report()).toEqual(first);
  });

  it('forgets the history on reset', async () => {
    emulator.control.reset();
    token = (await authorize(app, { channelId: CHANNEL })).access_token;
    expect(emulator.state.thumbnails.history(videoId)).toEqual([]);
    expect(await report()).toEqual(baseline());
  });
});
