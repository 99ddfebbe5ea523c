import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '../support/test.ts';
import { DEMO_CHANNELS, atPath, signIn } from '../support/app.ts';
import { DEMO_CHANNEL_IDS, myChannels, toast, waitForFirstSync } from '../support/platform.ts';

/**
 * Seeds the emulator's keyword model knows for the demo cooking channel: together they give
 * well over 21 ideas (suggestions and ranking videos' tags), so a second page exists.
 */
const SEEDS = ['campfire', 'cast iron'] as const;
/** Ideas on the first page and on every later one (contract IDEAS_FIRST_PAGE_SIZE, IDEAS_PAGE_SIZE). */
const FIRST_PAGE = 11;
const NEXT_PAGE = 10;

const channel = DEMO_CHANNELS[0];
/** Unique per run, so a leftover of an aborted run never matches. */
const suffix = Date.now().toString(36);
const firstFolder = `E2E shoot list ${suffix}`;
const secondFolder = `E2E filming next ${suffix}`;

/** The script typed in the editor: a heading, a bold phrase and several paragraphs. */
const SCRIPT = {
  heading: 'Cold open by the fire',
  intro: 'Tonight we cook everything over glowing embers.',
  boldLead: 'Safety first:',
  boldRest: 'keep water and a shovel beside the pit.',
  middle: 'Preheat the skillet slowly so the seasoning never cracks.',
  outro: 'Subscribe for more trailside recipes every Sunday.',
} as const;

/** Every word of the script, as a user would look for it. */
const SCRIPT_WORDS = Object.values(SCRIPT)
  .join(' ')
  .split(/[^A-Za-z]+/)
  .filter(Boolean);

/** The phrases (link texts) of the idea rows of a table. */
async function ideaPhrases(table: Locator): Promise<string[]> {
  return table.getByRole('row').getByRole('link').allTextContents();
}

/** The text of a downloaded file. */
async function downloadedText(download: Download): Promise<string> {
  const file = await download.path();
  return readFile(file, 'utf8');
}

/** The folder navigation of the saved-ideas page. */
function folderNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Folders' });
}

/** A folder's button in the folder navigation (its name, then its idea count). */
function folderButton(page: Page, name: string): Locator {
  return folderNav(page).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}\\b`) });
}

/** The API takes JSON bodies only, even an empty one on DELETE. */
const JSON_BODY = { headers: { 'content-type': 'application/json' }, data: {} };

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[channel]);
});

test.afterEach(async ({ page }) => {
  // Folders and saved ideas belong to the demo channel, shared with every later journey.
  const owned = (await myChannels(page.request)).myChannels;
  const channelId = owned.find((c) => c.name === channel)?.id;
  if (!channelId) return;
  const ours = (name: string) => name === firstFolder || name === secondFolder;
  const folders = await page.request.get(`/api/ideas/folders?channelId=${channelId}`);
  const { items } = (await folders.json()) as { items: { id: string; name: string }[] };
  for (const folder of items.filter((f) => ours(f.name))) {
    const saved = await page.request.get(
      `/api/ideas/saved?channelId=${channelId}&folder=${folder.id}`,
    );
    const ideas = ((await saved.json()) as { items: { id: string }[] }).items;
    for (const idea of ideas) {
      const removed = await page.request.delete(`/api/ideas/saved/${idea.id}`, JSON_BODY);
      expect(removed.ok(), await removed.text()).toBe(true);
    }
    const removed = await page.request.delete(`/api/ideas/folders/${folder.id}`, JSON_BODY);
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  const after = await page.request.get(`/api/ideas/folders?channelId=${channelId}`);
  const left = ((await after.json()) as { items: { name: string }[] }).items;
  expect(left.filter((f) => ours(f.name))).toEqual([]);
});

test('ideation: seeds, two pages of ideas, details, save to a new folder, move, script, export', async ({
  page,
}) => {
  test.setTimeout(120_000);

  // ---- Discover: two seeds as chips, "Find ideas". ----
  await page.goto('/video-idea/discover');
  const form = page.getByRole('search', { name: 'Discover video ideas' });
  const seedInput = form.getByRole('combobox', { name: 'Seed keywords' });
  for (const seed of SEEDS) {
    await seedInput.fill(seed);
    await seedInput.press('Enter');
    await expect(form.getByRole('button', { name: seed, exact: true })).toBeVisible();
  }
  await expect(seedInput).toHaveValue('');
  await expect(form).toContainText(`${SEEDS.length} of 10 seeds.`);
  await form.getByRole('button', { name: 'Find ideas' }).click();
  await expect(page).toHaveURL(/\/video-idea\/discover\?seed=campfire&seed=cast\+iron&language=/);

  const results = page.getByRole('region', {
    name: `Ideas for ${SEEDS.map((s) => `“${s}”`).join(', ')}`,
  });
  const table = results.getByRole('table', { name: 'Video ideas' });
  const ideaRows = table.getByRole('row').filter({ has: page.getByRole('link') });
  const shown = results.getByRole('status').filter({ hasText: /^Showing / });

  // ---- First page: exactly 11 ideas. ----
  await expect(ideaRows).toHaveCount(FIRST_PAGE);
  await expect(shown).toHaveText(/^Showing 11 of (\d+) ideas$/);
  const total = Number(/of (\d+) ideas/.exec((await shown.textContent()) ?? '')![1]);
  expect(total, 'the seeds give a second page').toBeGreaterThanOrEqual(FIRST_PAGE + NEXT_PAGE);
  const firstPage = await ideaPhrases(table);
  expect(new Set(firstPage).size).toBe(FIRST_PAGE);
  expect(firstPage).not.toContain(SEEDS[0]);
  await expect(results).toContainText('estimates from');

  // ---- "More ideas": 10 more below the first 11, none repeated. ----
  await results.getByRole('button', { name: 'More ideas' }).click();
  await expect(ideaRows).toHaveCount(FIRST_PAGE + NEXT_PAGE);
  await expect(shown).toHaveText(`Showing 21 of ${total} ideas`);
  const bothPages = await ideaPhrases(table);
  expect(bothPages.slice(0, FIRST_PAGE), 'the first page stays in place').toEqual(firstPage);
  expect(new Set(bothPages).size, 'no idea twice').toBe(FIRST_PAGE + NEXT_PAGE);

  // ---- Details of an idea of the second page. ----
  const phrase = bothPages[FIRST_PAGE]!;
  const row = ideaRows.nth(FIRST_PAGE);
  await row.getByRole('link', { name: phrase, exact: true }).click();
  await expect(page).toHaveURL(atPath('/video-idea/details'));
  expect(new URL(page.url()).searchParams.get('phrase')).toBe(phrase);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(phrase);
  await expect(main.getByRole('group', { name: 'Est. monthly searches' })).toContainText(
    /^Est\. monthly searches\d[\d.,]*[KMB]?$/,
  );
  await expect(main.getByRole('group', { name: 'Competition' })).toContainText(
    /^Competition(Low|Medium|High|Unknown)$/,
  );
  // Details fetch the phrase's own figures and search results (the list reads cached ones only).
  await expect(main.getByRole('group', { name: 'Opportunity' })).toContainText(
    /^Opportunity\d+ · (Low|Medium|High)$/,
  );
  await expect(main.getByRole('progressbar', { name: 'Demand' })).toHaveAttribute(
    'aria-valuetext',
    /^\d+%$/,
  );
  const ranking = main.getByRole('list', { name: 'Videos ranking now' });
  await expect(ranking.getByRole('listitem').first()).toBeVisible();
  expect(await ranking.getByRole('listitem').count()).toBeGreaterThan(0);
  await expect(ranking.getByRole('listitem').first().getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\/www\.youtube\.com\/watch\?v=/,
  );
  await expect(main.getByRole('region', { name: 'Why it scores so' })).toBeVisible();
  await expect(
    main.getByRole('list', { name: 'Title suggestions' }).getByRole('listitem'),
  ).not.toHaveCount(0);

  // ---- "Save to folder" into a new folder. ----
  await main.getByRole('button', { name: 'Save to folder' }).click();
  const saveDialog = page.getByRole('dialog', { name: `Save “${phrase}”` });
  await saveDialog.getByRole('radio', { name: 'New folder' }).check();
  await saveDialog.getByRole('textbox', { name: 'New folder name' }).fill(firstFolder);
  await saveDialog.getByRole('button', { name: 'Save idea' }).click();
  await expect(saveDialog).toBeHidden();
  const savedNotice = main.getByRole('alert').filter({ hasText: `Saved to “${firstFolder}”.` });
  await expect(savedNotice).toBeVisible();
  await expect(main.getByText('Saved', { exact: true })).toBeVisible();

  // ---- The saved page shows it in that folder. ----
  await savedNotice.getByRole('link', { name: 'Open folder' }).click();
  await expect(page).toHaveURL(/\/video-idea\/saved\?selectedFolder=[^&]+$/);
  const firstFolderId = new URL(page.url()).searchParams.get('selectedFolder')!;
  await expect(folderButton(page, firstFolder)).toHaveAttribute('aria-current', 'page');
  await expect(folderButton(page, firstFolder)).toContainText('1 idea');
  const ideaHeading = page.getByRole('heading', { level: 3, name: phrase, exact: true });
  await expect(page.getByRole('list', { name: `Ideas in ${firstFolder}` })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: `Ideas in ${firstFolder}` })
      .getByRole('heading', { name: phrase }),
  ).toBeVisible();

  // ---- Move it to another (new) folder: it leaves the first and appears in the second. ----
  await page.getByRole('button', { name: 'New folder', exact: true }).click();
  const nameDialog = page.getByRole('dialog', { name: 'New folder' });
  await nameDialog.getByRole('textbox', { name: 'Folder name' }).fill(secondFolder);
  await nameDialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(nameDialog).toBeHidden();
  await expect(toast(page, `Folder “${secondFolder}” created`)).toBeVisible();
  await expect(folderButton(page, secondFolder)).toHaveAttribute('aria-current', 'page');
  await expect(folderButton(page, secondFolder)).toContainText('0 ideas');
  const secondFolderId = new URL(page.url()).searchParams.get('selectedFolder')!;
  expect(secondFolderId).not.toBe(firstFolderId);

  await folderButton(page, firstFolder).click();
  await expect(page).toHaveURL(atPath(`/video-idea/saved?selectedFolder=${firstFolderId}`));
  const firstList = page.getByRole('list', { name: `Ideas in ${firstFolder}` });
  await firstList.getByRole('button', { name: `Move “${phrase}” to another folder` }).click();
  await page.getByRole('menuitem', { name: `Move to ${secondFolder}` }).click();
  await expect(toast(page, `Moved “${phrase}” to ${secondFolder}`)).toBeVisible();
  await expect(ideaHeading).toHaveCount(0);
  await expect(page.getByText('No ideas in this folder yet')).toBeVisible();
  await expect(folderButton(page, firstFolder)).toContainText('0 ideas');
  await expect(folderButton(page, secondFolder)).toContainText('1 idea');

  await folderButton(page, secondFolder).click();
  await expect(page).toHaveURL(atPath(`/video-idea/saved?selectedFolder=${secondFolderId}`));
  const secondList = page.getByRole('list', { name: `Ideas in ${secondFolder}` });
  await expect(secondList.getByRole('heading', { name: phrase, exact: true })).toBeVisible();
  await expect(secondList).toContainText('No script yet');

  // ---- Open its script and write it: a heading and bold from the toolbar, several paragraphs. ----
  await secondList.getByRole('button', { name: `Write script for “${phrase}”` }).click();
  await expect(page).toHaveURL(/[?&]idea=[^&]+/);
  const editor = page.getByRole('textbox', { name: `Script of “${phrase}”` });
  const saveState = page.getByRole('status', { name: 'Save state' });
  await expect(editor).toBeVisible();
  await expect(saveState).toHaveText('Saved');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });

  await editor.click();
  await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
  await expect(toolbar.getByRole('button', { name: 'Heading', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.type(SCRIPT.heading);
  await page.keyboard.press('Enter');
  await page.keyboard.type(SCRIPT.intro);
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type(SCRIPT.boldLead);
  await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type(` ${SCRIPT.boldRest}`);
  await page.keyboard.press('Enter');
  await page.keyboard.type(SCRIPT.middle);
  await page.keyboard.press('Enter');
  await page.keyboard.type(SCRIPT.outro);
  // The live region says so while the text waits for its save (500 ms after typing stops).
  await expect(saveState).toHaveText('Saving…');

  await expect(editor.getByRole('heading', { level: 2 })).toHaveText(SCRIPT.heading);
  await expect(editor.locator('strong')).toHaveText(SCRIPT.boldLead);
  // Non-empty paragraphs (the editor keeps an empty one at the end to type into).
  const paragraphs = editor.locator('p').filter({ hasText: /\S/ });
  await expect(paragraphs).toHaveCount(4);
  // Then the server's save, with its time and author.
  await expect(saveState).toHaveText(/^Saved .+ by Demo Creator$/);

  // ---- Reload: every word is there, from the server (nothing restored from this browser). ----
  await page.reload();
  await expect(editor).toBeVisible();
  await expect(saveState).toHaveText(/^Saved .+ by Demo Creator$/);
  await expect(page.getByText('Restored changes from this browser')).toHaveCount(0);
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText(SCRIPT.heading);
  await expect(editor.locator('strong')).toHaveText(SCRIPT.boldLead);
  await expect(paragraphs).toHaveText([
    SCRIPT.intro,
    `${SCRIPT.boldLead} ${SCRIPT.boldRest}`,
    SCRIPT.middle,
    SCRIPT.outro,
  ]);
  const reloaded = (await editor.textContent()) ?? '';
  for (const word of SCRIPT_WORDS) expect(reloaded, word).toContain(word);
  await expect(secondList).toContainText(/Script saved /);

  // ---- Export as Markdown and as plain text. ----
  const slug = phrase
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const [markdownFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as Markdown' }).click(),
  ]);
  expect(markdownFile.suggestedFilename()).toBe(`${slug}-script.md`);
  const markdown = await downloadedText(markdownFile);
  expect(markdown).toContain(`## ${SCRIPT.heading}\n`);
  expect(markdown).toContain(`**${SCRIPT.boldLead}** ${SCRIPT.boldRest}`);
  for (const text of [SCRIPT.intro, SCRIPT.middle, SCRIPT.outro]) expect(markdown).toContain(text);
  for (const word of SCRIPT_WORDS) expect(markdown, word).toContain(word);

  const [textFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as plain text' }).click(),
  ]);
  expect(textFile.suggestedFilename()).toBe(`${slug}-script.txt`);
  const text = await downloadedText(textFile);
  expect(text.split('\n').filter(Boolean)).toEqual([
    SCRIPT.heading,
    SCRIPT.intro,
    `${SCRIPT.boldLead} ${SCRIPT.boldRest}`,
    SCRIPT.middle,
    SCRIPT.outro,
  ]);
  expect(text).not.toContain('#');
  expect(text).not.toContain('**');
});

/** `text` as a literal in a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
