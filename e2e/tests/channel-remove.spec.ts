import { expect, test, type Page } from '../support/test.ts';
import { DEMO_CHANNELS, channelPicker, signIn } from '../support/app.ts';
import { apiSession, connectByApi, emulator, myChannels, toast } from '../support/platform.ts';

/** Two extra channels of Google account A, connected to the demo account for this journey. */
const tag = Date.now().toString(36);
const FIRST = `Removable One ${tag}`;
const SECOND = `Removable Two ${tag}`;

/** Opens the picker, returns its channel names, and closes it again. */
async function pickerNames(page: Page): Promise<string[]> {
  await channelPicker(page).click();
  const menu = page.getByRole('menu', { name: 'Channels' });
  await expect(menu).toBeVisible();
  const names = await menu.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return names.map((n) => n.trim());
}

/** The row of one of my channels on /settings/channels. */
function channelRow(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'My channels' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
}

test.beforeEach(async ({ request, baseURL }) => {
  const api = await apiSession(baseURL);
  try {
    for (const title of [FIRST, SECOND]) {
      const channel = await emulator(request).addChannel({ title, videoCount: 3 });
      const { back } = await connectByApi(api, { youtubeId: channel.id });
      expect(back.searchParams.get('oauth-success')).toBe('true');
    }
  } finally {
    await api.dispose();
  }
});

// Whatever happened, the demo account keeps exactly its eight demo channels.
test.afterEach(async ({ baseURL }) => {
  const api = await apiSession(baseURL);
  try {
    for (const channel of (await myChannels(api)).myChannels) {
      if (channel.name !== FIRST && channel.name !== SECOND) continue;
      const removed = await api.delete(`/accounts/users/channels/${channel.youtubeId}/`, {
        headers: { 'content-type': 'application/json' },
      });
      expect(removed.ok()).toBe(true);
    }
    expect((await myChannels(api)).myChannels.map((c) => c.name)).toEqual([...DEMO_CHANNELS]);
  } finally {
    await api.dispose();
  }
});

test('the owner removes channels after confirming; the next channel becomes active', async ({
  page,
}) => {
  await signIn(page);
  // Make the first extra channel the active one.
  await channelPicker(page).click();
  await page.getByRole('textbox', { name: 'Filter Channels' }).fill(FIRST);
  await page.getByRole('menu', { name: 'Channels' }).getByRole('menuitem', { name: FIRST }).click();
  await expect(channelPicker(page)).toHaveText(FIRST);
  expect(await pickerNames(page)).toEqual([...DEMO_CHANNELS, FIRST, SECOND]);

  await page.goto('/settings/channels');
  const dialog = page.getByRole('dialog', { name: `Remove ${FIRST}?` });

  // Cancel keeps the channel.
  await channelRow(page, FIRST).getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This disconnects the channel from YouTube');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(channelRow(page, FIRST)).toBeVisible();

  // Confirming removes it: gone from the settings and the picker; the next one is active.
  await channelRow(page, FIRST).getByRole('button', { name: 'Remove' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `${FIRST} was removed.`)).toBeVisible();
  await expect(channelRow(page, FIRST)).toHaveCount(0);
  await expect(channelPicker(page)).toHaveText(SECOND);
  expect(await pickerNames(page)).toEqual([...DEMO_CHANNELS, SECOND]);

  // Removing the last channel in the list while active: the one before it becomes active.
  await channelRow(page, SECOND).getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: `Remove ${SECOND}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(toast(page, `${SECOND} was removed.`)).toBeVisible();
  await expect(channelRow(page, SECOND)).toHaveCount(0);
  await expect(channelPicker(page)).toHaveText(DEMO_CHANNELS.at(-1)!);
  expect(await pickerNames(page)).toEqual([...DEMO_CHANNELS]);

  // It stays removed after a reload.
  await page.reload();
  await expect(page.getByRole('list', { name: 'My channels' }).getByRole('listitem')).toHaveCount(
    DEMO_CHANNELS.length,
  );
});
