import { expect, test, type Page } from '../support/test.ts';
import { DEMO_CHANNELS, atPath, signIn } from '../support/app.ts';
import {
  CONNECT_TOASTS,
  DEMO_CHANNEL_IDS,
  GOOGLE_ACCOUNTS,
  PLATFORM_NOTICES,
  consentPage,
  emulator,
  expectOAuthParamsStripped,
  restoreGrants,
  toast,
  waitForFirstSync,
} from '../support/platform.ts';

/** The row of a channel on /settings/channels. */
function channelRow(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'My channels' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/channels');
});

test('a revoked grant: "Sync now" shows the invalid-grant notice, whose link reconnects the channel', async ({
  page,
  request,
  baseURL,
}) => {
  // The active channel, the one a person works on when the notice shows.
  const channel = DEMO_CHANNELS[0];
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[channel]);
  const row = channelRow(page, channel);
  await expect(row.getByRole('button', { name: 'Sync now' })).toBeEnabled();

  // The person withdraws the app's access on Google's side.
  await emulator(request).revokeAccount(GOOGLE_ACCOUNTS.creator.email);
  try {
    await row.getByRole('button', { name: 'Sync now' }).click();
    const notice = toast(page, PLATFORM_NOTICES.invalidGrant);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(PLATFORM_NOTICES.invalidGrant);
    await expect(toast(page, PLATFORM_NOTICES.accessForbidden)).toHaveCount(0);

    // Its link leads to the reconnect page, which offers the channel.
    await notice.getByRole('link', { name: 'Reconnect' }).click();
    await expect(page).toHaveURL(atPath('/reconnect-channel'));
    await expect(notice).toBeHidden();
    const list = page.getByRole('list', { name: 'Channels to reconnect' });
    await expect(list.getByRole('listitem')).toHaveText([new RegExp(channel)]);

    // Reconnecting it there (same channel) works.
    await list.getByRole('button', { name: 'Reconnect' }).click();
    await consentPage.approve(page, channel);
    await expect(toast(page, CONNECT_TOASTS.reconnected)).toBeVisible();
    await expectOAuthParamsStripped(page, '/settings/channels');
    await expect(channelRow(page, channel)).not.toContainText('Needs reconnection');
    await expect(channelRow(page, channel).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  } finally {
    // Every other channel of account A lost its grant too: give them all a new one.
    await restoreGrants(baseURL);
  }
});

test('the notice of a channel that is not the active one leads to reconnecting that channel', async ({
  page,
  request,
  baseURL,
}) => {
  // After the 403 the channel list is reloaded, so the reconnect page offers the channel
  // whose grant was lost, not the active one.
  const channel = 'Lena Learns Languages';
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[DEMO_CHANNELS[0]]);
  await emulator(request).revokeAccount(GOOGLE_ACCOUNTS.creator.email);
  try {
    await channelRow(page, channel).getByRole('button', { name: 'Sync now' }).click();
    const notice = toast(page, PLATFORM_NOTICES.invalidGrant);
    await notice.getByRole('link', { name: 'Reconnect' }).click();
    await expect(page).toHaveURL(atPath('/reconnect-channel'));
    const list = page.getByRole('list', { name: 'Channels to reconnect' });
    await expect(list.getByRole('listitem')).toHaveText([
      new RegExp(`${channel}.*Needs reconnection`),
    ]);
  } finally {
    await restoreGrants(baseURL);
  }
});

test('a channel the platform forbids: "Sync now" shows the access-forbidden notice', async ({
  page,
  request,
}) => {
  const channel = 'Daily Calm Yoga';
  const row = channelRow(page, channel);
  await expect(row.getByRole('button', { name: 'Sync now' })).toBeEnabled();

  await emulator(request).setForbidden(DEMO_CHANNEL_IDS[channel], true);
  try {
    await row.getByRole('button', { name: 'Sync now' }).click();
    const notice = toast(page, PLATFORM_NOTICES.accessForbidden);
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(PLATFORM_NOTICES.accessForbidden);
    // Not a grant problem: nothing asks to reconnect.
    await expect(toast(page, PLATFORM_NOTICES.invalidGrant)).toHaveCount(0);
    await expect(row).not.toContainText('Needs reconnection');
  } finally {
    await emulator(request).setForbidden(DEMO_CHANNEL_IDS[channel], false);
  }
});
