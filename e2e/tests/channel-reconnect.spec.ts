import { expect, test, type Page } from '../support/test.ts';
import { signIn } from '../support/app.ts';
import {
  CONNECT_TOASTS,
  DEMO_CHANNEL_IDS,
  GOOGLE_ACCOUNTS,
  OAUTH_TOASTS,
  PLATFORM_NOTICES,
  consentPage,
  emulator,
  expectOAuthParamsStripped,
  expectOAuthToast,
  restoreGrants,
  toast,
  waitForFirstSync,
} from '../support/platform.ts';

/** The row of one of my channels on /settings/channels. */
function channelRow(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'My channels' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
}

const CHANNEL = 'Garage Science';

test('a channel that lost its grant is reconnected from the channel settings; the wrong channel is refused', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS['Trailside Kitchen']);
  await page.goto('/settings/channels');
  const row = channelRow(page, CHANNEL);
  await expect(row).not.toContainText('Needs reconnection');
  await expect(row.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);

  // Google's side withdraws the grant; the next sync finds out and marks the channel.
  await emulator(request).revokeAccount(GOOGLE_ACCOUNTS.creator.email);
  try {
    await row.getByRole('button', { name: 'Sync now' }).click();
    await expect(toast(page, PLATFORM_NOTICES.invalidGrant)).toBeVisible();
    await expect(row.getByRole('alert')).toContainText('The sync could not start');

    // Opened again, the channel settings show the mark (the open page does not: see below).
    await page.goto('/settings/channels');
    await expect(row).toContainText('Needs reconnection');
    await expect(row.getByRole('button', { name: 'Sync now' })).toBeDisabled();

    // Reconnect, but pick another channel on Google's page: refused with the wrong-channel toast.
    await row.getByRole('button', { name: 'Reconnect' }).click();
    await consentPage.approve(page, 'Budget Van Life');
    await expectOAuthToast(page, OAUTH_TOASTS.wrongChannel, '/reconnect-channel');
    const list = page.getByRole('list', { name: 'Channels to reconnect' });
    const item = list.getByRole('listitem').filter({ hasText: CHANNEL });
    await expect(item).toContainText('Needs reconnection');

    // Reconnect again, from the channel settings, with the same channel: done.
    await page.goto('/settings/channels');
    await channelRow(page, CHANNEL).getByRole('button', { name: 'Reconnect' }).click();
    await consentPage.approve(page, CHANNEL);
    await expect(toast(page, CONNECT_TOASTS.reconnected)).toBeVisible();
    await expectOAuthParamsStripped(page, '/settings/channels');
    const reconnected = channelRow(page, CHANNEL);
    await expect(reconnected).not.toContainText('Needs reconnection');
    await expect(reconnected.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);

    // And the channel syncs again.
    const started = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/sync'),
    );
    await reconnected.getByRole('button', { name: 'Sync now' }).click();
    expect((await started).ok()).toBe(true);
    await expect(reconnected).toContainText(/Last synced/, { timeout: 30_000 });
    await expect(reconnected.getByRole('button', { name: 'Sync now' })).toBeEnabled({
      timeout: 30_000,
    });
    await expect(toast(page, PLATFORM_NOTICES.invalidGrant)).toHaveCount(0);
  } finally {
    // Every other channel of account A lost its grant too: give them all a new one.
    await restoreGrants(baseURL);
  }
});

test('the open channel settings mark the channel as soon as its sync answers invalid-grant', async ({
  page,
  request,
  baseURL,
}) => {
  // The 403 invalid-grant makes the app reload the channel list, so the row is marked at once.
  await signIn(page);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS['Trailside Kitchen']);
  await page.goto('/settings/channels');
  const row = channelRow(page, CHANNEL);
  await emulator(request).revokeAccount(GOOGLE_ACCOUNTS.creator.email);
  try {
    await row.getByRole('button', { name: 'Sync now' }).click();
    await expect(toast(page, PLATFORM_NOTICES.invalidGrant)).toBeVisible();
    await expect(row).toContainText('Needs reconnection');
    await expect(row.getByRole('button', { name: 'Reconnect' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  } finally {
    await restoreGrants(baseURL);
  }
});
