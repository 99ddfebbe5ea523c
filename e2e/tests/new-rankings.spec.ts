import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { DEMO_CHANNELS, atPath, channelPicker, signIn } from '../support/app.ts';
import { myChannels } from '../support/platform.ts';

/** A demo channel without tracked keywords (the first one has the seeded history). */
const channel = DEMO_CHANNELS[1];
/** Keywords this journey tracks (and stops tracking at the end). */
const KEYWORDS = ['pixel art tutorial', 'blender for beginners'] as const;

/** The id of a demo channel by name. */
async function channelIdOf(api: APIRequestContext, name: string): Promise<string> {
  const id = (await myChannels(api)).myChannels.find((c) => c.name === name)?.id;
  expect(id, name).toBeDefined();
  return id!;
}

/** Stops tracking this journey's keywords on the channel (its history then no longer shows). */
async function untrackOurs(api: APIRequestContext, channelId: string): Promise<void> {
  const list = await api.get(`/api/rankings/channels/${channelId}/keywords`);
  expect(list.ok(), await list.text()).toBe(true);
  const items = ((await list.json()) as { items: { id: string; keyword: string }[] }).items;
  const ids = items
    .filter((k) => (KEYWORDS as readonly string[]).includes(k.keyword))
    .map((k) => k.id);
  if (ids.length === 0) return;
  const removed = await api.post(`/api/rankings/channels/${channelId}/keywords/delete`, {
    data: { ids },
  });
  expect(removed.ok(), await removed.text()).toBe(true);
}

/** Chooses a channel through the header's picker (filtering by name first). */
async function choose(page: Page, name: string): Promise<void> {
  await channelPicker(page).click();
  await page.getByRole('textbox', { name: 'Filter Channels' }).fill(name);
  await page.getByRole('menu', { name: 'Channels' }).getByRole('menuitem', { name }).click();
  await expect(channelPicker(page)).toHaveText(name);
}

test.afterEach(async ({ page }) => {
  await untrackOurs(page.request, await channelIdOf(page.request, channel));
});

test('new rankings: no ranks yet, then visibility and movers once the checks ran, period in the URL', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/new-rankings');
  await choose(page, channel);
  const channelId = await channelIdOf(page.request, channel);

  // ---- Nothing tracked: the empty state points to the Keywords page. ----
  await expect(page.getByRole('heading', { level: 1, name: 'Rankings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No ranks yet' })).toBeVisible();
  await expect(
    page.getByText(/Add keywords on the Keywords page and run the checks/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Keywords' })).toHaveAttribute(
    'href',
    '/reporting/keywords',
  );

  // ---- Track keywords and run today's checks (the control the Keywords page offers). ----
  const added = await page.request.post(`/api/rankings/channels/${channelId}/keywords`, {
    data: { text: KEYWORDS.join('\n') },
  });
  expect(added.status(), await added.text()).toBe(201);
  const run = await page.request.post(`/api/rankings/channels/${channelId}/checks`, { data: {} });
  expect(run.ok(), await run.text()).toBe(true);

  // ---- The movement of today's ranks. ----
  await page.reload();
  const ranked = page.getByRole('group', { name: 'Keywords ranked' });
  await expect(ranked).toContainText(`of ${KEYWORDS.length} checked`);
  await expect(page.getByRole('group', { name: 'Visibility' })).toContainText('%');
  await expect(page.getByRole('group', { name: 'Share of the top 20' })).toContainText(
    /of \d+ results/,
  );
  const chart = page.getByRole('region', { name: 'Visibility over time' });
  await expect(chart.getByText(/^Visibility went from/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Winners' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Losers' })).toBeVisible();
  // One day of ranks: nothing moved yet.
  await expect(page.getByText('No keyword moved up in this period.')).toBeVisible();

  // ---- Another period: kept in the URL, and after a reload. ----
  const period = page.getByRole('group', { name: 'Period' });
  await period.getByRole('button', { name: '12 months' }).click();
  await expect(page).toHaveURL(/\/new-rankings\?days=365$/);
  await expect(period.getByRole('button', { name: '12 months' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(period.getByRole('button', { name: '12 months' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(ranked).toContainText(`of ${KEYWORDS.length} checked`);

  // ---- The empty state's link leads to the Keywords page. ----
  await untrackOurs(page.request, channelId);
  await page.goto('/new-rankings');
  await page.getByRole('link', { name: 'Go to Keywords' }).click();
  await expect(page).toHaveURL(atPath('/reporting/keywords'));
});
