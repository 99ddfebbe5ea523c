import { expect, test, type Page } from '../support/test.ts';
import { DEMO_CHANNELS, TEXTS, channelPicker, signIn } from '../support/app.ts';

/** Opens the channel picker and returns its parts. */
async function openPicker(page: Page) {
  await channelPicker(page).click();
  const menu = page.getByRole('menu', { name: 'Channels' });
  await expect(menu).toBeVisible();
  return {
    menu,
    items: menu.getByRole('menuitem'),
    filter: page.getByRole('textbox', { name: TEXTS.filterHeading }),
  };
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('the channel filter narrows the eight demo channels and resets on every open', async ({
  page,
}) => {
  const { menu, items, filter } = await openPicker(page);

  // Eight channels (≥ 7): the filter is offered, with its heading and placeholder.
  await expect(items).toHaveCount(DEMO_CHANNELS.length);
  await expect(page.getByRole('heading', { name: TEXTS.filterHeading })).toBeVisible();
  await expect(filter).toHaveAttribute('placeholder', TEXTS.filterPlaceholder);
  await expect(filter).toBeFocused();
  for (const name of DEMO_CHANNELS) await expect(menu).toContainText(name);

  // Filtering is case-insensitive on the name.
  await filter.fill('GARDEN');
  await expect(items).toHaveText(['Small Garden Big Harvest']);
  await filter.fill('gar');
  await expect(items).toHaveText([/Garage Science/, /Small Garden Big Harvest/]);
  await filter.fill('no channel is called this');
  await expect(items).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: TEXTS.noChannels })).toBeVisible();

  // Escape closes the menu.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Reopening clears the filter.
  const again = await openPicker(page);
  await expect(again.filter).toHaveValue('');
  await expect(again.items).toHaveCount(DEMO_CHANNELS.length);
  await expect(page.getByText(TEXTS.noChannels)).toHaveCount(0);

  // A click outside closes it too.
  await again.filter.fill('yoga');
  await expect(again.items).toHaveCount(1);
  await page.mouse.click(600, 500);
  await expect(again.menu).toBeHidden();
  const third = await openPicker(page);
  await expect(third.filter).toHaveValue('');
  await page.keyboard.press('Escape');
});

test('choosing a channel makes it active, closes the menu and survives a reload', async ({
  page,
}) => {
  const picker = channelPicker(page);
  const target = 'Retro Console Repair';
  // A fresh browser starts on the first channel; the button is named by it (label in name).
  await expect(picker).toHaveText(DEMO_CHANNELS[0]);
  await expect(picker).toHaveAccessibleName(`${DEMO_CHANNELS[0]}, choose channel`);

  const { menu, items, filter } = await openPicker(page);
  await filter.fill('retro');
  await items.filter({ hasText: target }).click();
  await expect(menu).toBeHidden();
  await expect(picker).toHaveText(target);

  // The choice is marked in the list.
  const reopened = await openPicker(page);
  await expect(reopened.items.filter({ hasText: target })).toHaveClass(/Mui-selected/);
  await page.keyboard.press('Escape');

  // …and remembered across a reload and a navigation.
  await page.reload();
  await expect(picker).toHaveText(target);
  await page.goto('/reporting/overview');
  await expect(picker).toHaveText(target);

  // Switching back works the same way.
  const other = await openPicker(page);
  await other.filter.fill('trailside');
  await other.items.filter({ hasText: 'Trailside Kitchen' }).click();
  await expect(picker).toHaveText('Trailside Kitchen');
  await page.reload();
  await expect(picker).toHaveText('Trailside Kitchen');
});
