import { expect, test, type Page } from '../support/test.ts';
import { DEMO_CHANNELS, expectShell, signIn } from '../support/app.ts';
import {
  DEMO_CHANNEL_IDS,
  GOOGLE_ACCOUNTS,
  OAUTH_TOASTS,
  connectByApi,
  consentPage,
  expectOAuthToast,
  forgetGrantedScopes,
  myChannels,
} from '../support/platform.ts';

/** /settings/channels → 'Connect another channel' → the emulator's account chooser. */
async function connectAnother(page: Page): Promise<void> {
  await page.goto('/settings/channels');
  await page.getByRole('button', { name: 'Connect another channel' }).click();
  await expect(page).toHaveURL(/\/emulator\/o\/oauth2\/v2\/auth\?/);
}

/** /reconnect-channel → 'Reconnect' on the active channel → the account chooser. */
async function reconnectActive(page: Page): Promise<void> {
  await page.goto('/reconnect-channel');
  const list = page.getByRole('list', { name: 'Channels to reconnect' });
  await expect(list.getByRole('listitem')).toHaveText([new RegExp(DEMO_CHANNELS[0])]);
  await list.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page).toHaveURL(/\/emulator\/o\/oauth2\/v2\/auth\?/);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

// None of these failures may change what the demo account has.
test.afterEach(async ({ page }) => {
  const { myChannels: channels } = await myChannels(page.request);
  expect(channels.map((c) => c.name)).toEqual([...DEMO_CHANNELS]);
  expect(channels.filter((c) => c.needsReconnect)).toEqual([]);
});

test('Deny on the consent page: the missing-permissions toast', async ({ page }) => {
  await connectAnother(page);
  await consentPage.chooseAccount(page, GOOGLE_ACCOUNTS.creator);
  await consentPage.deny(page);
  await expectOAuthToast(page, OAUTH_TOASTS.missingPermissions, '/settings/channels');
  await expectShell(page);
});

test('unticking "Manage your YouTube account": the missing-permissions toast', async ({ page }) => {
  // Account A must not have granted the scope before (see forgetGrantedScopes).
  await forgetGrantedScopes(page.request);
  await connectAnother(page);
  await consentPage.chooseAccount(page, GOOGLE_ACCOUNTS.creator);
  await consentPage.chooseChannel(page, 'Garage Science');
  await consentPage.untickManageScope(page);
  await consentPage.allow(page);
  await expectOAuthToast(page, OAUTH_TOASTS.missingPermissions, '/settings/channels');
});

test('an account without a channel: the invalid-channel toast', async ({ page }) => {
  await connectAnother(page);
  await consentPage.chooseAccount(page, GOOGLE_ACCOUNTS.noChannel);
  await expect(page.getByText('This Google Account has no YouTube channel.')).toBeVisible();
  await consentPage.allow(page);
  await expectOAuthToast(page, OAUTH_TOASTS.invalidChannel, '/settings/channels');
});

test('reconnecting with an account without a channel: the invalid-channel reconnect toast', async ({
  page,
}) => {
  await reconnectActive(page);
  await consentPage.chooseAccount(page, GOOGLE_ACCOUNTS.noChannel);
  await consentPage.allow(page);
  await expectOAuthToast(page, OAUTH_TOASTS.invalidChannelReconnect, '/reconnect-channel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reconnect your channel');
});

test('reconnecting with another channel: the wrong-channel toast', async ({ page }) => {
  await reconnectActive(page);
  await consentPage.chooseAccount(page, GOOGLE_ACCOUNTS.creator);
  await consentPage.chooseChannel(page, 'Budget Van Life');
  await consentPage.allow(page);
  await expectOAuthToast(page, OAUTH_TOASTS.wrongChannel, '/reconnect-channel');
});

test('a tampered state: the xsrf toast', async ({ page }) => {
  await connectAnother(page);
  const consent = new URL(page.url());
  consent.searchParams.set('state', `${consent.searchParams.get('state')}x`);
  await page.goto(consent.href);
  await consentPage.approve(page, 'Daily Calm Yoga');
  await expectOAuthToast(page, OAUTH_TOASTS.xsrf, '/settings/channels');
});

test('a callback replayed after it was used: the xsrf toast', async ({ page }) => {
  // A real reconnect in this session spends the state…
  const { callback, back } = await connectByApi(page.request, {
    youtubeId: DEMO_CHANNEL_IDS['Daily Calm Yoga'],
    reconnect: true,
  });
  expect(back.searchParams.get('oauth-success')).toBe('true');
  // …so opening its callback URL again is refused.
  await page.goto(callback);
  await expectOAuthToast(page, OAUTH_TOASTS.xsrf, '/settings/channels');
});
