// The real trending files of ../shared/data/youtube/trending-2020, read in place: every file
// imports (its truncated last record skipped), and an imported channel can be connected through
// the consent flow and shows exactly the file's latest figures through the Data API.
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../emulator.ts';
import { apiGet, authorize, startEmulator } from '../testing/harness.ts';
import { describeWithShared, youtubeData } from '../testing/shared-data.ts';
import { ImportedWorld } from './imported-world.ts';
import { importFiles } from './importer.ts';

const KEY = 'tubewise-emulator-key';

type FileRow = Record<string, string>;

/** The file's latest record of each video, read independently of the importer. */
function latestRows(path: string): Map<string, FileRow> {
  const records = parse(readFileSync(path, 'utf8'), {
    columns: true,
    bom: true,
    skip_records_with_error: true,
  }) as FileRow[];
  const latest = new Map<string, FileRow>();
  for (const r of records) {
    const seen = latest.get(r.video_id!);
    if (!seen || Date.parse(r.trending_date!) > Date.parse(seen.trending_date!))
      latest.set(r.video_id!, r);
  }
  return latest;
}

describeWithShared('importing the shared trending data', () => {
  it('imports all 11 files: every record counted, exactly the truncated last ones skipped', () => {
    const files = readdirSync(youtubeData('trending-2020'))
      .filter((f) => f.endsWith('.csv'))
      .sort();
    expect(files).toHaveLength(11);
    const world = new ImportedWorld();
    const summary = importFiles(
      world,
      files.map((f) => youtubeData('trending-2020', f)),
    );
    for (const f of summary.files) expect(f.malformed, f.file).toBe(1);
    // data/README.md: 9,204 rows, 3,139 videos, 2,411 channel ids (the truncated rows included).
    expect(summary.files.reduce((n, f) => n + f.records, 0)).toBe(9204);
    expect(world.videos.size).toBeGreaterThan(3000);
    expect(world.videos.size).toBeLessThanOrEqual(3139);
    expect(world.channels.size).toBeGreaterThan(2300);
    expect(world.channels.size).toBeLessThanOrEqual(2411);
    // One account per channel by default.
    expect(world.accounts).toHaveLength(world.channels.size);
    expect(new Set(world.accounts.map((a) => a.email)).size).toBe(world.accounts.length);
  });

  describe('a channel of the US file', () => {
    const file = () => youtubeData('trending-2020', 'US_youtube_trending_data.csv');
    let app: FastifyInstance;
    let emulator: Emulator;
    let expected: Map<string, FileRow>;

    beforeAll(async () => {
      ({ app, emulator } = await startEmulator({ importFiles: [file()] }));
      expected = latestRows(file());
    });

    it("serves every video with the file's latest views, likes and comments", async () => {
      const ids = [...expected.keys()];
      expect(ids.length).toBeGreaterThan(300);
      let compared = 0;
      for (let i = 0; i < ids.length; i += 50) {
        const res = await apiGet(
          app,
          `/youtube/v3/videos?part=statistics,snippet,contentDetails&id=${ids.slice(i, i + 50).join(',')}&key=${KEY}`,
        );
        expect(res.status).toBe(200);
        for (const item of res.body.items as {
          id: string;
          statistics: Record<string, string>;
          snippet: { channelId: string; title: string };
          contentDetails: { duration: string };
        }[]) {
          const row = expected.get(item.id)!;
          expect(item.snippet).toMatchObject({ channelId: row.channelId, title: row.title });
          expect(item.statistics.viewCount, item.id).toBe(row.view_count);
          if (row.ratings_disabled === 'True') expect(item.statistics.likeCount).toBeUndefined();
          else expect(item.statistics.likeCount, item.id).toBe(row.likes);
          if (row.comments_disabled === 'True')
            expect(item.statistics.commentCount).toBeUndefined();
          else expect(item.statistics.commentCount, item.id).toBe(row.comment_count);
          expect(item.contentDetails.duration).toMatch(/^PT/);
          compared++;
        }
      }
      expect(compared).toBe(ids.length);
      // The file has videos with comments off: their statistics leave the count out.
      expect([...expected.values()].some((r) => r.comments_disabled === 'True')).toBe(true);
    });

    it("connects a channel through its account's consent and lists the file's figures", async () => {
      // The channel with the most trending videos in the file.
      const counts = new Map<string, number>();
      for (const r of expected.values())
        counts.set(r.channelId!, (counts.get(r.channelId!) ?? 0) + 1);
      const [channelId] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
      const channel = emulator.state.corpus.getChannel(channelId)!;
      const account = emulator.state.accounts.find(channel.ownerAccountId!)!;
      expect(account.email).toMatch(/@imported\.tubewise\.test$/);
      // The account chooser offers the imported accounts.
      const chooser = await app.inject({
        url: `/emulator/o/oauth2/v2/auth?client_id=tubewise-emulator-client&redirect_uri=${encodeURIComponent('http://127.0.0.1:3000/api/oauth/callback')}&response_type=code&scope=${encodeURIComponent('https://www.googleapis.com/auth/youtube.readonly')}`,
      });
      expect(chooser.body).toContain('Use another account');
      expect(chooser.body).toContain('more account(s) of imported channels');
      const tokens = await authorize(app, { accountId: account.id, channelId });
      const mine = await apiGet(
        app,
        '/youtube/v3/channels?part=snippet&mine=true',
        tokens.access_token,
      );
      expect((mine.body.items as { id: string }[]).map((c) => c.id)).toEqual([channelId]);
      const uploads = await apiGet(
        app,
        `/youtube/v3/playlistItems?part=contentDetails&maxResults=50&playlistId=UU${channelId.slice(2)}`,
        tokens.access_token,
      );
      const videoIds = (uploads.body.items as { contentDetails: { videoId: string } }[]).map(
        (i) => i.contentDetails.videoId,
      );
      expect(videoIds.sort()).toEqual(
        [...expected.values()]
          .filter((r) => r.channelId === channelId)
          .map((r) => r.video_id)
          .sort(),
      );
    });

    it('finds an unlisted imported account by e-mail on the account chooser', async () => {
      const params = new URLSearchParams({
        client_id: 'tubewise-emulator-client',
        redirect_uri: 'http://127.0.0.1:3000/api/oauth/callback',
        response_type: 'code',
        scope: 'https://www.googleapis.com/auth/youtube.readonly',
      });
      const everyone = emulator.state.accounts.all();
      expect(everyone.length).toBeGreaterThan(60);
      const last = everyone.at(-1)!;
      const chooser = await app.inject({ url: `/emulator/o/oauth2/v2/auth?${params}` });
      expect(chooser.body).not.toContain(last.email);
      params.set('login_hint', last.email.toUpperCase());
      const consentPage = await app.inject({ url: `/emulator/o/oauth2/v2/auth?${params}` });
      expect(consentPage.body).toContain('wants access to your Google Account');
      expect(consentPage.body).toContain(last.email);
      params.set('login_hint', 'nobody@imported.tubewise.test');
      const unknown = await app.inject({ url: `/emulator/o/oauth2/v2/auth?${params}` });
      expect(unknown.body).toContain(
        'Couldn’t find a Google Account for nobody@imported.tubewise.test',
      );
    });

    it('keeps imported channels through a reset', () => {
      const some = [...expected.values()][0]!;
      emulator.control.reset();
      expect(emulator.state.corpus.getVideo(some.video_id!)!.viewCount).toBe(
        Number(some.view_count),
      );
    });
  });
});
