import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '../support/test.ts';
import { DEMO_CHANNELS, atPath, signIn } from '../support/app.ts';
import { DEMO_CHANNEL_IDS, myChannels, toast, waitForFirstSync } from '../support/platform.ts';

/** Seeds the emulator's keyword model knows for the demo cooking channel (well over 11 ideas). */
const SEEDS = ['campfire', 'cast iron'] as const;
const channel = DEMO_CHANNELS[0];
/** Unique per run, so a leftover of an aborted run never matches. */
const folderName = `E2E discover picks ${Date.now().toString(36)}`;
/** The API takes JSON bodies only, even an empty one on DELETE. */
const JSON_BODY = { headers: { 'content-type': 'application/json' }, data: {} };

/** An idea row's figures as the table shows them (the volume's exact figure is its title). */
async function rowFigures(row: Locator) {
  const cells = row.getByRole('cell');
  return {
    phrase: (await row.getByRole('link').first().textContent()) ?? '',
    volume: Number(await cells.nth(1).locator('[title]').getAttribute('title')),
    competition: (await cells.nth(2).textContent()) ?? '',
    opportunity: Number(/^(\d+)/.exec((await cells.nth(4).textContent()) ?? '')![1]),
  };
}

let saved: string[] = [];

test.beforeEach(async ({ page }) => {
  saved = [];
  await signIn(page);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[channel]);
});

test.afterEach(async ({ page }) => {
  // Saved ideas and folders belong to the demo channel, shared with every later journey.
  const channelId = (await myChannels(page.request)).myChannels.find((c) => c.name === channel)?.id;
  if (!channelId) return;
  const list = await page.request.get(`/api/ideas/saved?channelId=${channelId}`);
  const items = ((await list.json()) as { items: { id: string; phrase: string }[] }).items;
  for (const idea of items.filter((i) => saved.includes(i.phrase))) {
    const removed = await page.request.delete(`/api/ideas/saved/${idea.id}`, JSON_BODY);
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  const folders = await page.request.get(`/api/ideas/folders?channelId=${channelId}`);
  for (const folder of ((await folders.json()) as { items: { id: string; name: string }[] }).items)
    if (folder.name === folderName)
      await page.request.delete(`/api/ideas/folders/${folder.id}`, JSON_BODY);
});

test('discover: every idea has figures; sort, filter, export CSV, save in one click or to a folder, one set of figures', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const channelId = (await myChannels(page.request)).myChannels.find((c) => c.name === channel)!.id;
  const created = await page.request.post('/api/ideas/folders', {
    data: { channelId, name: folderName },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto(
    `/video-idea/discover?${SEEDS.map((s) => `seed=${encodeURIComponent(s)}`).join('&')}`,
  );
  const results = page.getByRole('region', {
    name: `Ideas for ${SEEDS.map((s) => `“${s}”`).join(', ')}`,
  });
  const table = results.getByRole('table', { name: 'Video ideas' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows).toHaveCount(11);
  await expect(table).not.toHaveAttribute('aria-busy');

  // ---- Every idea carries figures: no "Unknown" volume or competition. ----
  const listed = await Promise.all((await rows.all()).map(rowFigures));
  for (const idea of listed) {
    expect(idea.volume, idea.phrase).toBeGreaterThan(0);
    expect(idea.competition, idea.phrase).toMatch(/^(Low|Medium|High)$/);
  }

  // ---- Sort by monthly searches, most first, then least first. ----
  const volumeHeader = table.getByRole('button', { name: 'Est. monthly searches' });
  await volumeHeader.click();
  await expect(table.getByRole('columnheader', { name: 'Est. monthly searches' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const byVolume = (await Promise.all((await rows.all()).map(rowFigures))).map((i) => i.volume);
  expect(byVolume).toEqual([...byVolume].sort((a, b) => b - a));
  await volumeHeader.click();
  await expect(table.getByRole('columnheader', { name: 'Est. monthly searches' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const ascending = (await Promise.all((await rows.all()).map(rowFigures))).map((i) => i.volume);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  // ---- Filter: at least the median volume. ----
  const median = [...ascending].sort((a, b) => a - b)[Math.floor(ascending.length / 2)]!;
  await results.getByRole('spinbutton', { name: 'Min. monthly searches' }).fill(String(median));
  const kept = ascending.filter((v) => v >= median).length;
  await expect(rows).toHaveCount(kept);
  await expect(results.getByRole('status').filter({ hasText: /match the filters/ })).toHaveText(
    new RegExp(`${kept} match the filters$`),
  );

  // ---- Export what is shown as CSV. ----
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ideas-campfire-cast-iron-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Idea,Est. monthly searches,Competition,Competition index,Trend change % (last 3 months),Opportunity,Reason,Seed,Origin',
  );
  expect(lines).toHaveLength(kept + 1);
  const shownNow = await Promise.all((await rows.all()).map(rowFigures));
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(shownNow.map((i) => i.phrase));

  // ---- Save one idea in one click (default folder), another into a chosen folder. ----
  const [first, second] = shownNow;
  await table.getByRole('button', { name: `Save “${first!.phrase}” to your saved ideas` }).click();
  await expect(toast(page, `Saved “${first!.phrase}” to your saved ideas.`)).toBeVisible();
  saved.push(first!.phrase);
  await expect(rows.nth(0).getByText('Saved', { exact: true }).first()).toBeVisible();
  await table.getByRole('button', { name: `Save “${second!.phrase}” to a folder` }).click();
  await page.getByRole('menuitem', { name: folderName }).click();
  await expect(toast(page, `Saved “${second!.phrase}” to ${folderName}.`)).toBeVisible();
  saved.push(second!.phrase);

  // ---- One set of figures: the details page and the saved card show the list's. ----
  await rows.nth(0).getByRole('link', { name: first!.phrase, exact: true }).click();
  await expect(page).toHaveURL(atPath('/video-idea/details'));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(first!.phrase);
  await expect(main.getByRole('group', { name: 'Opportunity' })).toContainText(
    new RegExp(`^Opportunity${first!.opportunity} · `),
  );
  await expect(main.getByRole('group', { name: 'Competition' })).toContainText(
    `Competition${first!.competition}`,
  );
  const api = await page.request.get(`/api/ideas/saved?channelId=${channelId}`);
  const cards = (
    (await api.json()) as {
      items: { phrase: string; volume: number; opportunity: number }[];
    }
  ).items;
  for (const idea of [first!, second!]) {
    const card = cards.find((c) => c.phrase === idea.phrase);
    expect(card, idea.phrase).toMatchObject({ volume: idea.volume, opportunity: idea.opportunity });
  }
});
