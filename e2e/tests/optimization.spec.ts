import { deflateSync, crc32 } from 'node:zlib';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from '../support/test.ts';
import { DEMO_CHANNELS, atPath, channelPicker, signIn } from '../support/app.ts';
import { DEMO_CHANNEL_IDS, myChannels, toast, waitForFirstSync } from '../support/platform.ts';

/** The emulator's YouTube Data API key of the embedded default (EMULATOR_CLIENT.apiKey). */
const EMULATOR_API_KEY = 'tubewise-emulator-key';
/** Level below which a video counts as weak (contract LOW_LEVEL). */
const LOW_LEVEL = 40;
/** Quota of the calls a publish makes (apps/api publish.service.ts PUBLISH_COSTS). */
const COST = { update: 50, thumbnail: 50 } as const;

/** A solid-colour RGB PNG of the given size, encoded by hand (no image library needed). */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A video's snippet as the emulated YouTube Data API answers it (an API-key read). */
interface Snippet {
  channelId: string;
  title: string;
  description: string;
  tags?: string[];
  thumbnails: Record<string, { url: string; width: number; height: number }>;
}

/** Reads a public video's snippet from the emulated YouTube Data API. */
async function platformSnippet(request: APIRequestContext, videoId: string): Promise<Snippet> {
  const query = new URLSearchParams({ part: 'snippet', id: videoId, key: EMULATOR_API_KEY });
  const response = await request.get(`/emulator/youtube/v3/videos?${query.toString()}`);
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { items: { snippet: Snippet }[] };
  expect(body.items).toHaveLength(1);
  return body.items[0]!.snippet;
}

/**
 * Units the emulator's quota ledger has charged per method over its kept days (summed, so a
 * Pacific midnight between two reads does not reset the count).
 */
async function unitsByMethod(request: APIRequestContext): Promise<Record<string, number>> {
  const response = await request.get('/emulator/_emulator/quota');
  expect(response.ok()).toBe(true);
  const ledger = (await response.json()) as {
    days: { unitsByMethod: Record<string, number> }[];
  };
  const total: Record<string, number> = {};
  for (const day of ledger.days) {
    for (const [method, units] of Object.entries(day.unitsByMethod))
      total[method] = (total[method] ?? 0) + units;
  }
  return total;
}

/** Units spent per method between two ledger reads. */
function spent(before: Record<string, number>, after: Record<string, number>, method: string) {
  return (after[method] ?? 0) - (before[method] ?? 0);
}

/** The editor's live optimisation level (the ring in the recommendations panel). */
async function editorLevel(page: Page): Promise<number> {
  const ring = page
    .getByRole('region', { name: 'Recommendations' })
    .getByRole('progressbar', { name: 'Optimization level' });
  return Number(await ring.getAttribute('aria-valuenow'));
}

/** Waits until the editor's level is above `previous`, and returns it. */
async function expectLevelAbove(page: Page, previous: number): Promise<number> {
  await expect.poll(() => editorLevel(page)).toBeGreaterThan(previous);
  return editorLevel(page);
}

/** The levels the list's rows show, top to bottom. */
async function rowLevels(table: Locator): Promise<number[]> {
  const bars = table.getByRole('progressbar', { name: 'Optimization level' });
  return (await bars.evaluateAll((els) => els.map((el) => el.getAttribute('aria-valuenow')))).map(
    Number,
  );
}

/** "1–50 of 1,234" → 1234. */
function totalOf(range: string): number {
  const match = /of ([\d,]+)/.exec(range);
  expect(match, range).not.toBeNull();
  return Number(match![1]!.replaceAll(',', ''));
}

/** A tip of the recommendations panel by its label, with its state ("To do" or "Done"). */
function tip(page: Page, state: 'To do' | 'Done', label: string): Locator {
  return page
    .getByRole('region', { name: 'Recommendations' })
    .getByRole('button', { name: `${state} ${label}`, exact: true });
}

const channel = DEMO_CHANNELS[0];
const templateTitle = 'E2E links and hashtags';

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[channel]);
});

test.afterEach(async ({ page }) => {
  // The journey's template belongs to the channel, shared with every later journey: remove it.
  const owned = (await myChannels(page.request)).myChannels;
  const id = owned.find((c) => c.name === channel)?.id;
  if (!id) return;
  const templates = await page.request.get(`/optimization/channels/${id}/templates`);
  const { items } = (await templates.json()) as { items: { id: string; title: string }[] };
  for (const template of items.filter((t) => t.title === templateTitle)) {
    const removed = await page.request.delete(
      `/optimization/channels/${id}/templates/${template.id}`,
      { headers: { 'content-type': 'application/json' }, data: {} },
    );
    expect(removed.ok(), await removed.text()).toBe(true);
  }
});

test('optimise a weak video: search term, live level, draft, template, thumbnail, publish, next, undo', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);

  // ---- The list of the demo channel: sort by level (weakest first), only public videos. ----
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Optimization' })
    .click();
  await expect(page).toHaveURL(atPath('/optimization'));
  await expect(channelPicker(page)).toHaveText(channel);
  const table = page.getByRole('table', { name: 'Videos' });
  const range = page.getByText(/^\d[\d,]*–[\d,]+ of [\d,]+$/);
  await expect(table.getByRole('row')).not.toHaveCount(1);
  const allVideos = totalOf((await range.textContent()) ?? '');

  const levelHeader = table.getByRole('columnheader', { name: 'Optimization level' });
  await levelHeader.getByRole('button', { name: 'Optimization level' }).click();
  await expect(page).toHaveURL(atPath('/optimization?sort=level&order=desc'));
  await expect(levelHeader).toHaveAttribute('aria-sort', 'descending');
  await levelHeader.getByRole('button', { name: 'Optimization level' }).click();
  await expect(page).toHaveURL(atPath('/optimization?sort=level&order=asc'));
  await expect(levelHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(async () => {
      const levels = await rowLevels(table);
      return levels.length > 1 && levels.every((l, i) => i === 0 || levels[i - 1]! <= l);
    })
    .toBe(true);

  await page.getByRole('combobox', { name: 'Visibility' }).selectOption({ label: 'Public' });
  const listPath = '/optimization?sort=level&order=asc&visibility=public';
  await expect(page).toHaveURL(atPath(listPath));
  await expect.poll(async () => totalOf((await range.textContent()) ?? '')).toBeLessThan(allVideos);
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.filter({ hasText: /Private|Unlisted|Scheduled/ })).toHaveCount(0);
  const levels = await rowLevels(table);
  expect(levels.every((l, i) => i === 0 || levels[i - 1]! <= l)).toBe(true);

  // ---- The weakest public video. ----
  const weakest = rows.first();
  const weakLevel = weakest.getByRole('progressbar', { name: 'Optimization level' });
  await expect(weakLevel).toHaveAttribute('aria-valuetext', /% of tips applied$/);
  expect(Number(await weakLevel.getAttribute('aria-valuenow'))).toBeLessThan(LOW_LEVEL);
  const link = weakest.getByRole('link').first();
  const originalTitle = (await link.textContent()) ?? '';
  const href = (await link.getAttribute('href')) ?? '';
  const videoId = decodeURIComponent(href.split('/').pop() ?? '');
  expect(videoId).not.toBe('');
  const before = await platformSnippet(request, videoId);
  expect(before.title).toBe(originalTitle);
  expect(before.channelId).toBe(DEMO_CHANNEL_IDS[channel]);
  expect(before.thumbnails.maxres).toBeUndefined();
  await link.click();

  await expect(page).toHaveURL(atPath(`/optimization/videos/${videoId}`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(originalTitle);
  await expect(main.getByLabel('Mode: Live')).toBeVisible();
  const publish = main.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeDisabled();
  await expect(tip(page, 'To do', 'Choose a search term')).toBeVisible();

  // ---- A search term chosen from the suggestions. ----
  const word = originalTitle
    .toLowerCase()
    .split(/[^a-z]+/)
    .reduce((a, b) => (b.length > a.length ? b : a), '');
  const searchTerm = page.getByRole('combobox', { name: 'Search term' });
  await searchTerm.fill(word);
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  // A real suggestion: several words, not in the title yet (so the title tips have work to do).
  const keywords = await options.evaluateAll((els) =>
    els.map((el) => el.querySelector('p')?.textContent ?? ''),
  );
  const term = keywords.find(
    (k) => k.includes(' ') && !originalTitle.toLowerCase().includes(k.toLowerCase()),
  );
  expect(term, `a suggestion for "${word}" among ${keywords.join(', ')}`).toBeDefined();
  await options.filter({ has: page.getByText(term!, { exact: true }) }).click();
  await expect(searchTerm).toHaveValue(term!);
  const figures = page.getByRole('group', { name: 'Search term figures' });
  await expect(figures).toContainText(`“${term}”`);
  await expect(figures).toContainText('searches a month');
  await expect(tip(page, 'Done', 'Choose a search term')).toBeVisible();
  await expect(tip(page, 'To do', 'Put the search term in the title')).toBeVisible();

  // ---- Tips applied, the level rising live (computed in the page: no call to the server). ----
  const calls: string[] = [];
  const onRequest = (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/optimization/')) calls.push(r.url());
  };
  page.on('request', onRequest);
  let level = await editorLevel(page);
  const newTitle = `${term![0]!.toUpperCase()}${term!.slice(1)}: ${originalTitle}`;
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(newTitle);
  level = await expectLevelAbove(page, level);
  await expect(tip(page, 'Done', 'Put the search term in the title')).toBeVisible();
  await expect(tip(page, 'Done', 'Put the search term early in the title')).toBeVisible();

  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill(term!);
  await tags.press('Enter');
  level = await expectLevelAbove(page, level);
  await expect(tip(page, 'Done', 'Make the search term your first tag')).toBeVisible();
  // Three of the recommended tags (the tip asks for three), one click each.
  await expect(tip(page, 'To do', 'Use the recommended tags')).toBeVisible();
  const recommended = page.getByRole('list', { name: 'Recommended tags' }).getByRole('listitem');
  expect(await recommended.count()).toBeGreaterThanOrEqual(3);
  const addedTags: string[] = [];
  for (let i = 0; i < 3; i++) {
    const chip = recommended.first();
    const tag = ((await chip.getAttribute('aria-label')) ?? '').replace(/^Add tag /, '');
    await chip.click();
    await expect(recommended.filter({ hasText: tag })).toHaveCount(0);
    addedTags.push(tag);
  }
  const tagsRegion = page.getByRole('region', { name: 'Tags', exact: true });
  for (const tag of [term!, ...addedTags])
    await expect(tagsRegion.getByRole('button', { name: tag, exact: true })).toBeVisible();
  level = await expectLevelAbove(page, level);
  await expect(tip(page, 'Done', 'Use the recommended tags')).toBeVisible();
  page.off('request', onRequest);
  expect(calls, 'the level is computed in the page').toEqual([]);
  await expect(main.getByText('Changed').first()).toBeVisible();
  await expect(publish).toBeEnabled();

  // ---- A draft saved, found again after a reload. ----
  await main.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await expect(main.getByLabel('Mode: Draft')).toBeVisible();
  await page.reload();
  await expect(main.getByLabel('Mode: Draft')).toBeVisible();
  await expect(main.getByText(/^Shared draft, last saved/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(newTitle);
  await expect(searchTerm).toHaveValue(term!);
  for (const tag of [term!, ...addedTags])
    await expect(tagsRegion.getByRole('button', { name: tag, exact: true })).toBeVisible();
  await expect.poll(() => editorLevel(page)).toBe(level);
  // The live video is unchanged: the draft is ours only.
  expect((await platformSnippet(request, videoId)).title).toBe(originalTitle);

  // The list finds it too: back to it, only videos with a draft, and on to the editor again.
  await page.goBack();
  await expect(page).toHaveURL(atPath(listPath));
  await page.getByRole('switch', { name: 'Drafts' }).check();
  await expect(page).toHaveURL(atPath(`${listPath}&drafts=true`));
  const draftRow = rows.filter({
    has: page.getByRole('link', { name: originalTitle, exact: true }),
  });
  await expect(draftRow).toHaveCount(1);
  await expect(rows.filter({ hasNotText: 'Draft' })).toHaveCount(0);
  await draftRow.getByRole('link', { name: originalTitle, exact: true }).click();
  await expect(page).toHaveURL(atPath(`/optimization/videos/${videoId}`));
  await expect(main.getByLabel('Mode: Draft')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(newTitle);
  await expect.poll(() => editorLevel(page)).toBe(level);

  // ---- A description template: created once, inserted into the description. ----
  await expect(tip(page, 'To do', 'Add 1–3 hashtags')).toBeVisible();
  await main.getByRole('button', { name: 'Manage templates' }).click();
  const manager = page.getByRole('dialog', { name: 'Description templates' });
  await manager.getByRole('button', { name: 'New template' }).click();
  const form = manager.getByRole('form', { name: 'New template' });
  const templateContent = `${term} made simple: everything you need for ${term} on the trail.\n\nMore recipes every week. #camping #outdoorcooking`;
  await form.getByRole('textbox', { name: 'Template title' }).fill(templateTitle);
  await form.getByRole('textbox', { name: 'Template content' }).fill(templateContent);
  await form.getByRole('button', { name: 'Save template' }).click();
  await manager.getByRole('button', { name: `Insert template ${templateTitle}` }).click();
  await expect(manager).toBeHidden();
  const description = page.getByRole('textbox', { name: 'Description' });
  await expect(description).toHaveValue(new RegExp(`${escapeRegExp(templateContent)}$`));
  level = await expectLevelAbove(page, level);
  await expect(tip(page, 'Done', 'Add 1–3 hashtags')).toBeVisible();
  const newDescription = await description.inputValue();

  // ---- A new thumbnail: a 1280×720 PNG uploaded from the computer. ----
  await expect(tip(page, 'To do', 'Upload a custom HD thumbnail (1280×720)')).toBeVisible();
  const thumbnail = page.getByRole('region', { name: 'Thumbnail', exact: true });
  const chooser = page.waitForEvent('filechooser');
  await thumbnail.getByRole('button', { name: 'Upload thumbnail' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'thumbnail.png',
    mimeType: 'image/png',
    buffer: solidPng(1280, 720, [230, 120, 30]),
  });
  await expect(thumbnail).toContainText('This one is 1280×720.');
  await expect(thumbnail).toContainText('It goes live when you publish.');
  await expectLevelAbove(page, level);
  await expect(tip(page, 'Done', 'Upload a custom HD thumbnail (1280×720)')).toBeVisible();

  // ---- Publish: the new metadata on the platform, 50 units (+50 for the new thumbnail). ----
  const ledgerBefore = await unitsByMethod(request);
  await publish.click();
  const published = main.getByRole('status').filter({ hasText: /^Published / });
  await expect(published).toContainText(
    'Published the title, description, tags and thumbnail to YouTube.',
  );
  await expect(published).toContainText(`${1 + COST.update + COST.thumbnail} quota units`);
  await expect(main.getByLabel('Mode: Live')).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  await expect(main.getByTestId('last-publish')).toContainText('Published via Tubewise');
  // The header shows the new live thumbnail, the one YouTube now serves.
  await expect(main.getByTestId('video-thumbnail').first()).toHaveAttribute(
    'src',
    /\/maxresdefault\.jpg\?v=\d+$/,
  );
  const ledgerAfter = await unitsByMethod(request);
  expect(spent(ledgerBefore, ledgerAfter, 'videos.update')).toBe(COST.update);
  expect(spent(ledgerBefore, ledgerAfter, 'thumbnails.set')).toBe(COST.thumbnail);

  const after = await platformSnippet(request, videoId);
  expect(after.title).toBe(newTitle);
  expect(after.description).toBe(newDescription);
  expect(after.tags).toEqual([term, ...addedTags]);
  expect(after.thumbnails.maxres).toMatchObject({ width: 1280, height: 720 });
  expect(after.thumbnails.maxres!.url).toMatch(/\?v=\d+$/);

  // ---- The next video to work on. ----
  const next = main.getByRole('region', { name: 'Next video' });
  await expect(next).toContainText(/^Next video: /);
  const nextTitle = ((await next.getByRole('paragraph').first().textContent()) ?? '').replace(
    /^Next video: /,
    '',
  );
  await next.getByRole('link', { name: 'Open' }).click();
  await expect(page).not.toHaveURL(atPath(`/optimization/videos/${videoId}`));
  await expect(page).toHaveURL(/\/optimization\/videos\/[^/]+$/);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(nextTitle);
  await expect(main.getByLabel('Mode: Live')).toBeVisible();

  // ---- Back to the published video: undo the publish. ----
  await page.goBack();
  await expect(page).toHaveURL(atPath(`/optimization/videos/${videoId}`));
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  const undoBefore = await unitsByMethod(request);
  await main
    .getByTestId('last-publish')
    .getByRole('button', { name: /^Undo the publish of / })
    .click();
  const undone = main.getByRole('status').filter({ hasText: /^Undone: / });
  await expect(undone).toContainText(
    'Undone: the earlier version of the title, description, tags and thumbnail is live on YouTube again.',
  );
  await expect(undone).toContainText(`${1 + COST.update + COST.thumbnail} quota units spent`);
  await expect(undone).toContainText('The earlier thumbnail is set back as a custom image.');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(originalTitle);
  await expect(main.getByTestId('last-publish')).toContainText('Restored via Tubewise');
  const undoAfter = await unitsByMethod(request);
  // The publish set a new thumbnail: undo sets back the copy kept of the one it replaced.
  expect(spent(undoBefore, undoAfter, 'videos.update')).toBe(COST.update);
  expect(spent(undoBefore, undoAfter, 'thumbnails.set')).toBe(COST.thumbnail);
  const restored = await platformSnippet(request, videoId);
  expect(restored.title).toBe(before.title);
  expect(restored.description).toBe(before.description);
  expect(restored.tags ?? []).toEqual(before.tags ?? []);
  // The kept copy is set again: a new image (a new version of the URL) in the sizes the
  // platform showed before the publish.
  expect(Object.keys(restored.thumbnails).sort()).toEqual(Object.keys(before.thumbnails).sort());
  expect(restored.thumbnails.high!.url).toMatch(/\?v=\d+$/);
  expect(restored.thumbnails.high!.url).not.toBe(after.thumbnails.high!.url);
});

/** `text` as a literal in a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
