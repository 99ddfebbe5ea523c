// The import command: plain one-line errors, and an import into a data directory that an
// emulator started on it serves, connectable as the chosen account, through restarts and resets.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREATOR } from '../accounts.ts';
import { apiGet, authorize, startEmulator } from '../testing/harness.ts';
import { runImportCli } from './cli.ts';
import { IMPORTS_FILE } from './imported-world.ts';
import { channelIdFromTitle } from './trending-2017-format.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const HEADER_2017 =
  'video_id,trending_date,title,channel_title,category_id,publish_time,tags,views,likes,dislikes,comment_count,thumbnail_link,comments_disabled,ratings_disabled,video_error_or_removed,description';

describe('npm run emulator:import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tubewise-import-cli-'));
  const dataDir = join(dir, 'data', 'emulator');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) => runImportCli(args, { INIT_CWD: dir }, dir);

  it('answers a missing file with one line and exit code 1, as a process too', () => {
    expect(run('nope.csv', `--data-dir=${dataDir}`)).toEqual({
      code: 1,
      out: [],
      err: [`${join(dir, 'nope.csv')}: no such file`],
    });
    const child = spawnSync(process.execPath, [CLI, join(dir, 'nope.csv')], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(child.status).toBe(1);
    expect(child.stderr.trim()).toBe(`${join(dir, 'nope.csv')}: no such file`);
    expect(child.stdout).toBe('');
    expect(run()).toMatchObject({ code: 2, err: ['No file to import.', expect.any(String)] });
    expect(run('a.csv', '--account=not-an-email')).toMatchObject({ code: 2 });
  });

  it('refuses a file of another format, naming the expected and found columns', () => {
    const other = join(dir, 'other.csv');
    writeFileSync(other, 'id,name,views\n1,a,2\n');
    const result = run('other.csv', `--data-dir=${dataDir}`);
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toContain(`${other} cannot be imported`);
    expect(result.err[0]).toContain('video_id, trending_date, title, channel_title');
    expect(result.err[0]).toContain('Found 3 column(s): id, name, views');
  });

  it('imports into the data directory an emulator serves, through restarts and resets', async () => {
    const csv = join(dir, 'GBvideos.csv');
    writeFileSync(
      csv,
      `${HEADER_2017}\nabcdefghijk,17.14.11,Campfire bread,Imported Bakers,26,2017-11-13T17:13:01.000Z,"""bread""|""campfire""",1234,56,1,7,x,False,False,False,"Line one\nline two"\n`,
    );
    const result = run(
      'GBvideos.csv',
      `--data-dir=${dataDir}`,
      `--account=${DEMO_ACCOUNT_CREATOR.email}`,
    );
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out.join('\n')).toContain(join(dataDir, IMPORTS_FILE));
    const channelId = channelIdFromTitle('Imported Bakers');

    const first = await startEmulator({ dataDir });
    // The chosen account owns it next to its demo channels, so the consent page offers it.
    const tokens = await authorize(first.app, { channelId });
    const video = await apiGet(
      first.app,
      '/youtube/v3/videos?part=statistics,snippet&id=abcdefghijk',
      tokens.access_token,
    );
    expect(video.body.items![0]).toMatchObject({
      snippet: { channelId, title: 'Campfire bread', tags: ['bread', 'campfire'] },
      statistics: { viewCount: '1234', likeCount: '56', commentCount: '7' },
    });
    first.emulator.control.reset();
    expect(first.emulator.state.corpus.getVideo('abcdefghijk')!.viewCount).toBe(1234);
    await first.app.close();

    const second = await startEmulator({ dataDir });
    expect(second.emulator.state.corpus.getChannel(channelId)!.ownerAccountId).toBe(
      DEMO_ACCOUNT_CREATOR.id,
    );
    await second.app.close();
  });

  it('runs as the npm script', () => {
    const out = execFileSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' });
    expect(out).toContain('Usage: npm run emulator:import -- FILE...');
  });
});
