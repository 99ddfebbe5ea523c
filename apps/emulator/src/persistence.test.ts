// With dataDir, edits, uploaded thumbnails, tokens and the quota ledger survive a restart.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { apiGet, authorize, startEmulator, tokenRequest } from './testing/harness.ts';

describe('persistence', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tubewise-emulator-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what users published across a restart', async () => {
    const first = await startEmulator({ dataDir });
    const tokens = await authorize(first.app, { channelId: 'UCtw0demo00000000000005' });
    const id = first.emulator.state.corpus.uploads('UCtw0demo00000000000005')[2]!;
    const put = await first.app.inject({
      method: 'PUT',
      url: '/emulator/youtube/v3/videos?part=snippet',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { id, snippet: { title: 'Persisted title', categoryId: '28', tags: ['kept'] } },
    });
    expect(put.statusCode).toBe(200);
    const jpeg = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer();
    await first.app.inject({
      method: 'POST',
      url: `/emulator/upload/youtube/v3/thumbnails/set?videoId=${id}&uploadType=media`,
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    await first.app.close();
    expect(readdirSync(dataDir)).toContain('emulator-state.json');

    const second = await startEmulator({ dataDir });
    const video = (
      await apiGet(second.app, `/youtube/v3/videos?part=snippet&id=${id}`, tokens.access_token)
    ).body.items![0] as {
      snippet: { title: string; tags: string[]; thumbnails: { maxres: { url: string } } };
    };
    expect(video.snippet.title).toBe('Persisted title');
    expect(video.snippet.tags).toEqual(['kept']);
    const image = await second.app.inject({
      url: new URL(video.snippet.thumbnails.maxres.url).pathname,
    });
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1280);
    const refreshed = await tokenRequest(second.app, {
      client_id: 'tubewise-emulator-client',
      client_secret: 'tubewise-emulator-secret',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(second.emulator.control.quotaLedger().today.unitsByMethod['videos.update']).toBe(50);
    await second.app.close();
  });
});
