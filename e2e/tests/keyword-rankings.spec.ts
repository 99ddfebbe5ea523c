import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '../support/test.ts';
import { DEMO_CHANNELS, atPath, channelPicker, signIn } from '../support/app.ts';
import { DEMO_CHANNEL_IDS, myChannels, toast } from '../support/platform.ts';

const channel = DEMO_CHANNELS[0];
/** The emulator's keyword-data login (apps/api config EMULATOR_KEYWORD_DATA). */
const KEYWORD_DATA_AUTH = `Basic ${Buffer.from('tubewise-emulator:tubewise-emulator-secret').toString('base64')}`;

/** A keyword the demo channel ranks for, but not first, and the video that ranks. */
interface Target {
  keyword: string;
  position: number;
  videoId: string;
}

/**
 * YouTube's results for a phrase from the emulator's SERP (the test's own look, not the product's):
 * the demo channel's best position and video, or null.
 */
async function demoRank(
  api: APIRequestContext,
  keyword: string,
): Promise<{ position: number; videoId: string } | null> {
  const response = await api.post('/emulator/v3/serp/youtube/organic/live/advanced', {
    headers: { authorization: KEYWORD_DATA_AUTH },
    data: [{ keyword, location_code: 2840, language_code: 'en', block_depth: 50 }],
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as {
    tasks: { result: { items: { type: string; channel_id: string; video_id: string }[] }[] }[];
  };
  const videos = (body.tasks[0]?.result?.[0]?.items ?? []).filter(
    (i) => i.type === 'youtube_video',
  );
  const index = videos.findIndex((v) => v.channel_id === DEMO_CHANNEL_IDS[channel]);
  return index < 0 ? null : { position: index + 1, videoId: videos[index]!.video_id };
}

/**
 * A two-word phrase of the channel's video titles that it does not track yet and where its best
 * video ranks between #4 and #40: room to move up after optimising.
 */
async function findTarget(api: APIRequestContext, channelId: string): Promise<Target> {
  const tracked = await api.get(`/api/rankings/channels/${channelId}/keywords`);
  expect(tracked.ok()).toBe(true);
  const known = new Set(
    ((await tracked.json()) as { items: { keyword: string }[] }).items.map((k) => k.keyword),
  );
  const videos = await api.get(`/optimization/channels/${channelId}/videos?pageSize=50`);
  expect(videos.ok(), await videos.text()).toBe(true);
  const titles = ((await videos.json()) as { items: { title: string }[] }).items.map(
    (v) => v.title,
  );
  const phrases = new Set<string>();
  for (const title of titles) {
    const words = title
      .toLowerCase()
      .replace(/[^a-z ]/g, ' ')
      .split(/\s+/)
      .filter((w) => w.length > 3);
    for (let i = 0; i + 1 < words.length; i++) phrases.add(`${words[i]} ${words[i + 1]}`);
  }
  for (const keyword of phrases) {
    if (known.has(keyword)) continue;
    const rank = await demoRank(api, keyword);
    if (rank && rank.position >= 4 && rank.position <= 40) return { keyword, ...rank };
  }
  throw new Error(`no phrase of ${titles.length} titles ranks between #4 and #40`);
}

/** Stops tracking a keyword if tracked (so a retry starts clean). */
async function untrack(api: APIRequestContext, channelId: string, keyword: string) {
  const list = await api.get(`/api/rankings/channels/${channelId}/keywords`);
  const ids = ((await list.json()) as { items: { id: string; keyword: string }[] }).items
    .filter((k) => k.keyword === keyword)
    .map((k) => k.id);
  if (ids.length > 0)
    await api.post(`/api/rankings/channels/${channelId}/keywords/delete`, { data: { ids } });
}

test('keyword rankings: track a keyword, check, read the results, optimise the video, see it climb the next day', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await expect(channelPicker(page)).toHaveText(channel);
  const channelId = (await myChannels(page.request)).myChannels.find((c) => c.name === channel)!.id;
  const target = await findTarget(page.request, channelId);
  await untrack(page.request, channelId, target.keyword);

  // ---- Paste the keyword on the Keywords page. ----
  await page.goto('/reporting/keywords');
  const box = page.getByRole('textbox', { name: 'Keywords to track' });
  await box.fill(`${target.keyword}\n`);
  await box.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Added 1 keyword' })).toBeVisible();

  // ---- Rankings: run today's checks; buckets, average and change. ----
  await page.goto('/reporting/rankings');
  await expect(page.getByRole('heading', { level: 1, name: 'Keyword rankings' })).toBeVisible();
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(toast(page, "Today's ranks are in")).toBeVisible({ timeout: 60_000 });
  const table = page.getByRole('table', { name: 'Keyword rankings' });
  const row = table.getByRole('row').filter({
    has: page.getByRole('button', { name: target.keyword, exact: true }),
  });
  await expect(row).toContainText(`#${target.position}`);
  await expect(page.getByRole('group', { name: 'Keywords tracked' })).not.toContainText('–');
  await expect(page.getByRole('group', { name: 'Average rank' })).toContainText(/#\d/);
  await expect(page.getByRole('group', { name: 'Change in 7 days' })).toContainText(/▲|▼|±0/);
  await expect(page.locator('figcaption').filter({ hasText: 'Top 3:' })).toContainText(
    /Top 3: \d+ · Top 4–10: \d+ · Top 11–20: \d+ · Not in the top 20: \d+/,
  );

  // ---- Sort (in the address) and filter. ----
  await table.getByRole('button', { name: 'Rank' }).click();
  await expect(page).toHaveURL(/order=desc/);
  await table.getByRole('button', { name: 'Searches / month' }).click();
  await expect(page).toHaveURL(/sort=value/);
  const bucket =
    target.position <= 10 ? 'Top 4–10' : target.position <= 20 ? 'Top 11–20' : 'Not in the top 20';
  await page
    .getByRole('group', { name: 'Rank bucket' })
    .getByRole('button', { name: bucket })
    .click();
  await expect(page).toHaveURL(/bucket=/);
  await expect(row).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search keywords' }).fill(target.keyword);
  await expect(page).toHaveURL(/search=/);
  await expect(table.getByRole('row')).toHaveCount(2);

  // ---- CSV export downloads every selected row. ----
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^rankings-.*\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain('Keyword,Language,Monthly searches,Rank');
  expect(csv).toContain(`${target.keyword},en-us,`);

  // ---- The keyword's results: the channel's video highlighted. ----
  await row.getByRole('button', { name: target.keyword, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `“${target.keyword}”` });
  const results = dialog.getByRole('table', { name: 'Latest search results' });
  const own = results.getByRole('row').filter({ hasText: 'Your video' }).first();
  await expect(own.getByRole('cell').first()).toHaveText(String(target.position));
  await expect(dialog.locator('figcaption')).toContainText('1 check');

  // ---- Optimise that video for the keyword and publish. ----
  await dialog.getByRole('link', { name: 'Optimise for this keyword' }).click();
  await expect(page).toHaveURL(atPath(`/optimization/videos/${target.videoId}`));
  const main = page.getByRole('main');
  await expect(page.getByRole('combobox', { name: 'Search term' })).toHaveValue(target.keyword);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  const oldTitle = await title.inputValue();
  const keywordTitle = `${target.keyword[0]!.toUpperCase()}${target.keyword.slice(1)}`;
  await title.fill(`${keywordTitle}: ${oldTitle}`.slice(0, 100));
  // Only the keyword as tag (some videos carry more tags than YouTube takes, which blocks a
  // publish): Backspace in the empty tag box removes the last tag, as many times as there are tags.
  const tagChips = page
    .getByRole('region', { name: 'Tags', exact: true })
    .getByRole('button')
    .filter({ hasNotText: /Reset/ });
  const tagBox = page.getByRole('combobox', { name: 'Tags' });
  const tagCount = await tagChips.count();
  await tagBox.focus();
  for (let i = 0; i < tagCount; i++) await tagBox.press('Backspace');
  await expect(page.getByLabel('Tag characters: 0 of 500')).toBeVisible();
  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill(target.keyword);
  await tags.press('Enter');
  await main.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(main.getByRole('status').filter({ hasText: /^Published / })).toBeVisible();

  // ---- The next day: the checks show the climb, with its change. ----
  const advanced = await page.request.post('/emulator/_emulator/advance', { data: { days: 1 } });
  expect(advanced.ok(), await advanced.text()).toBe(true);
  const after = await demoRank(page.request, target.keyword);
  expect(after, 'the optimised video ranks').not.toBeNull();
  expect(after!.position).toBeLessThan(target.position);

  await page.goto(`/reporting/rankings?search=${encodeURIComponent(target.keyword)}`);
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(toast(page, "Today's ranks are in")).toBeVisible({ timeout: 60_000 });
  const climbed = page
    .getByRole('table', { name: 'Keyword rankings' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: target.keyword, exact: true }) });
  await expect(climbed).toContainText(`#${after!.position}`);
  const gained = target.position - after!.position;
  await expect(climbed).toContainText(`▲ ${gained}`);
  await expect(climbed).toContainText(`up ${gained} position${gained === 1 ? '' : 's'} in 7 days`);
  await climbed.getByRole('button', { name: target.keyword, exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: `“${target.keyword}”` }).locator('figcaption'),
  ).toContainText(`#${target.position} then, #${after!.position} now`);
  await page.keyboard.press('Escape');

  // ---- The overview: 28 days of organic stats and the monetary value with its method. ----
  await page.goto('/reporting');
  await expect(page).toHaveURL(atPath('/reporting/overview'));
  await expect(page.getByText(/monetary value/i).first()).toBeVisible();
});
