/**
 * The optimisation list and editor on a phone (390×844): the list's controls do not overlap,
 * the editor's live level stays in view while the person works on the fields, and nothing
 * scrolls sideways.
 */
import { expect, test, type Locator, type Page } from '../support/test.ts';
import { DEMO_CHANNELS, signIn } from '../support/app.ts';
import { DEMO_CHANNEL_IDS, waitForFirstSync } from '../support/platform.ts';

const PHONE = { width: 390, height: 844 };
/** Height of the fixed header (apps/web header.tsx HEADER_HEIGHT): content below it is seen. */
const HEADER_HEIGHT = 64;

/** How far the page's content reaches beyond the window's width (0 when nothing overflows). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The box of an element, which must be rendered. */
async function boxOf(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  return box!;
}

type Box = Awaited<ReturnType<typeof boxOf>>;

/** Whether two boxes share any area. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The compact level is wholly on screen and not under the fixed header. */
async function expectLevelInView(page: Page, compact: Locator): Promise<void> {
  await expect(compact).toBeInViewport({ ratio: 1 });
  const box = await boxOf(compact);
  expect(box.y, 'below the fixed header').toBeGreaterThanOrEqual(HEADER_HEIGHT - 1);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

test.beforeEach(async ({ page }) => {
  // Signed in at the desktop size, where the shell's navigation is in view, then on a phone.
  await signIn(page);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[DEMO_CHANNELS[0]]);
  await page.setViewportSize(PHONE);
});

test('phone: the list\'s "Work on next video" and "Search titles" do not overlap', async ({
  page,
}) => {
  await page.goto('/optimization');
  const main = page.getByRole('main');
  const next = main.getByRole('link', { name: 'Work on next video' });
  const search = main.getByRole('searchbox', { name: 'Search titles' });
  await expect(next).toBeVisible();
  await expect(search).toBeVisible();
  // The whole search field: its outline and the label that sits on its top edge.
  const searchField = main.locator('.MuiFormControl-root', {
    has: page.getByRole('searchbox', { name: 'Search titles' }),
  });
  const exportButton = main.getByRole('button', { name: 'Export CSV' });
  await expect(exportButton).toBeVisible();
  const boxes = {
    next: await boxOf(next),
    search: await boxOf(searchField),
    export: await boxOf(exportButton),
  };
  expect(overlap(boxes.next, boxes.search), 'next video vs search').toBe(false);
  expect(overlap(boxes.export, boxes.search), 'export vs search').toBe(false);
  expect(overlap(boxes.next, boxes.export), 'next video vs export').toBe(false);
  for (const [name, box] of Object.entries(boxes))
    expect(box.x + box.width, `${name} fits the window`).toBeLessThanOrEqual(PHONE.width);
  expect(await sidewaysOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
});

test('phone: the editor keeps a compact live level in view from the title to the description', async ({
  page,
}) => {
  await page.goto('/optimization');
  const main = page.getByRole('main');
  const first = main.getByRole('list', { name: 'Videos' }).getByRole('link').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/optimization\/videos\//);

  const compact = main.getByRole('group', { name: 'Live optimization level' });
  const level = compact.getByRole('progressbar', { name: 'Optimization level' });
  await expect(compact.getByRole('progressbar', { name: 'Room to improve' })).toBeVisible();
  await expect(level).toHaveAttribute('aria-valuetext', /% of tips applied$/);

  // Working on the title: the level is on screen with it.
  const title = main.getByRole('textbox', { name: 'Title', exact: true });
  await title.click();
  await expect(title).toBeFocused();
  await expectLevelInView(page, compact);
  const titleBox = await boxOf(title);
  expect(overlap(titleBox, await boxOf(compact)), 'the level does not cover the title').toBe(false);

  // Further down, at the description, scrolled to the top of the window: the title has gone
  // up past the level, which stayed (sticky) below the header.
  const description = main.locator('#video-description');
  await description.click();
  await expect(description).toBeFocused();
  await page.evaluate(() => {
    const field = document.getElementById('video-description')!;
    window.scrollBy(0, field.getBoundingClientRect().top - 140);
  });
  await expect
    .poll(async () => (await boxOf(title)).y, { message: 'the title scrolled above the level' })
    .toBeLessThan((await boxOf(compact)).y);
  await expect(description).toBeInViewport();
  await expectLevelInView(page, compact);

  expect(await sidewaysOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
});
