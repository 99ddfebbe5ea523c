import { expect, test, type APIRequestContext } from '../support/test.ts';
import { DEMO_CHANNELS, channelPicker, signIn } from '../support/app.ts';
import { myChannels, toast } from '../support/platform.ts';

const channel = DEMO_CHANNELS[0];
/** Keywords this journey tracks (none of the demo's own), and the one it bookmarks. */
const KEYWORDS = ['bannock over embers', 'ember roasted corn'] as const;
const BOOKMARK = 'foil packet dinners';
const TOO_LONG = Array.from({ length: 11 }, (_, i) => `word${i}`).join(' ');

/** The id of a demo channel by name. */
async function channelIdOf(api: APIRequestContext, name: string): Promise<string> {
  const id = (await myChannels(api)).myChannels.find((c) => c.name === name)?.id;
  expect(id, name).toBeDefined();
  return id!;
}

/** Stops tracking this journey's keywords (the demo's own stay). */
async function untrackMine(api: APIRequestContext, channelId: string): Promise<void> {
  const list = await api.get(`/api/rankings/channels/${channelId}/keywords`);
  expect(list.ok(), await list.text()).toBe(true);
  const mine: readonly string[] = [...KEYWORDS, BOOKMARK];
  const ids = ((await list.json()) as { items: { id: string; keyword: string }[] }).items
    .filter((k) => mine.includes(k.keyword))
    .map((k) => k.id);
  if (ids.length === 0) return;
  const removed = await api.post(`/api/rankings/channels/${channelId}/keywords/delete`, {
    data: { ids },
  });
  expect(removed.ok(), await removed.text()).toBe(true);
}

/** Bookmarks a keyword on the channel's first video; answers the bookmark's address. */
async function bookmark(api: APIRequestContext, channelId: string): Promise<string> {
  const videos = await api.get(`/optimization/channels/${channelId}/videos`);
  expect(videos.ok(), await videos.text()).toBe(true);
  const videoId = ((await videos.json()) as { items: { videoId: string }[] }).items[0]?.videoId;
  expect(videoId, 'a synced video').toBeDefined();
  const url = `/optimization/channels/${channelId}/videos/${videoId}/keywords`;
  const added = await api.post(url, { data: { keyword: BOOKMARK } });
  expect(added.ok(), await added.text()).toBe(true);
  const id = ((await added.json()) as { items: { id: string; keyword: string }[] }).items.find(
    (k) => k.keyword === BOOKMARK,
  )?.id;
  return `${url}/${id}`;
}

let bookmarkUrl: string | null = null;

test.afterEach(async ({ page }) => {
  const channelId = await channelIdOf(page.request, channel);
  await untrackMine(page.request, channelId);
  if (bookmarkUrl) {
    const removed = await page.request.delete(bookmarkUrl, {
      headers: { 'content-type': 'application/json' },
      data: {},
    });
    expect(removed.ok(), await removed.text()).toBe(true);
    bookmarkUrl = null;
  }
});

test('tracked keywords: paste a list (refusals explained), add a suggestion, delete two and undo', async ({
  page,
}) => {
  await signIn(page);
  await expect(channelPicker(page)).toHaveText(channel);
  const channelId = await channelIdOf(page.request, channel);
  await untrackMine(page.request, channelId);
  bookmarkUrl = await bookmark(page.request, channelId);

  await page.goto('/reporting/keywords');
  await expect(page.getByRole('heading', { level: 1, name: 'Keywords' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rankings page' })).toHaveAttribute(
    'href',
    '/reporting/rankings',
  );
  const table = page.getByRole('table', { name: 'Tracked keywords' });

  // ---- Paste a list with a duplicate and an over-long keyword; Ctrl+Enter adds it. ----
  const box = page.getByRole('textbox', { name: 'Keywords to track' });
  await box.fill(`${KEYWORDS[0]}\n${KEYWORDS[0].toUpperCase()}, ${KEYWORDS[1]}\n${TOO_LONG}`);
  await box.press('Control+Enter');
  const result = page.getByRole('status').filter({ hasText: 'Added 2 keywords; 2 not added' });
  await expect(result).toBeVisible();
  await expect(result).toContainText(`Added: ${KEYWORDS[0]}, ${KEYWORDS[1]}.`);
  await expect(result).toContainText(
    `“${KEYWORDS[0].toUpperCase()}”: listed more than once in what you pasted`,
  );
  await expect(result).toContainText(
    `“${TOO_LONG}”: too long (at most 80 characters and 10 words)`,
  );
  await expect(box).toHaveValue('');
  for (const keyword of KEYWORDS) {
    await expect(table.getByRole('row', { name: new RegExp(keyword) })).toContainText(
      /Not checked yet|#\d+|Not in the top/,
    );
  }

  // ---- Pick the bookmarked keyword from the suggestions. ----
  const bookmarks = page.getByRole('group', { name: 'Bookmarked keywords' });
  await bookmarks.getByRole('checkbox', { name: new RegExp(BOOKMARK) }).check();
  await page.getByRole('button', { name: 'Add selected (1 keyword)' }).click();
  await expect(table.getByRole('row', { name: new RegExp(BOOKMARK) })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Bookmarked keywords' })).toBeHidden();

  // ---- Delete two; the snackbar's Undo brings them back. ----
  for (const keyword of KEYWORDS) {
    await table.getByRole('checkbox', { name: `Select ${keyword}` }).check();
  }
  await page.getByRole('button', { name: 'Delete 2 keywords' }).click();
  const deleted = toast(page, 'Deleted 2 keywords.');
  await expect(deleted).toBeVisible();
  for (const keyword of KEYWORDS) {
    await expect(table.getByRole('row', { name: new RegExp(keyword) })).toBeHidden();
  }
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Restored 2 keywords.')).toBeVisible();
  for (const keyword of KEYWORDS) {
    await expect(table.getByRole('row', { name: new RegExp(keyword) })).toBeVisible();
  }
});
