import { expect, test } from '../support/test.ts';
import { atPath, channelPicker, expectShell, submitLogin } from '../support/app.ts';
import {
  CONNECT_TOASTS,
  DEMO_CHANNEL_IDS,
  NEWCOMER,
  SYNC_PROGRESS,
  consentPage,
  emulator,
  expectCompletedSync,
  expectOAuthParamsStripped,
  toast,
} from '../support/platform.ts';

// The smallest demo channel: its first sync is short.
const CHANNEL = 'Retro Console Repair';
const VIDEOS = 20;
/** The call the first sync is held on, and for how long. */
const SYNC_HOLD_METHOD = 'videos.list';
const SYNC_HOLD_MS = 10_000;

test.afterEach(async ({ request }) => {
  await emulator(request).setLatency(0);
  await emulator(request).setMethodLatency(SYNC_HOLD_METHOD, 0);
});

// The only journey that connects a channel for the seeded newcomer (it keeps the channel).
test('a new user connects a demo channel through the consent page and watches the first sync', async ({
  page,
  request,
}) => {
  // The sync is held for SYNC_HOLD_MS on purpose.
  test.setTimeout(120_000);
  // No channel yet: signing in leads to the connect page.
  await page.goto('/login');
  await submitLogin(page, NEWCOMER.email, NEWCOMER.password);
  await expect(page).toHaveURL(atPath('/setup-step1'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connect your channel');

  // Google's pages: account A, one of its channels, everything ticked, Allow.
  await page.getByRole('button', { name: 'Connect channel' }).click();
  await consentPage.chooseAccount(page, { name: 'Alex Rivera' });
  await consentPage.chooseChannel(page, CHANNEL);
  // Hold the first sync's videos call so the sync stays on screen long enough to watch,
  // however slow the machine (a quick sync could end before the page was looked at).
  await emulator(request).setMethodLatency(SYNC_HOLD_METHOD, SYNC_HOLD_MS);
  const since = Date.now();
  await consentPage.allow(page);

  // Back in the app on the optimisation list (its videos, not Ideation's empty topics), with the
  // success toast and a clean address bar.
  await expect(toast(page, CONNECT_TOASTS.connected)).toBeVisible();
  await expectOAuthParamsStripped(page, '/optimization');
  await expectShell(page);
  await expect(channelPicker(page)).toHaveText(CHANNEL);

  // The automatic first sync runs with a progress bar…
  const progress = page.getByRole('progressbar', { name: SYNC_PROGRESS });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/^Syncing videos…/)).toBeVisible();
  // …which goes away once the sync is complete, with every video of the channel.
  await expect(progress).toBeHidden({ timeout: SYNC_HOLD_MS + 30_000 });
  await expect(page.getByText(/^Syncing videos…/)).toBeHidden();
  await expectCompletedSync(page.request, DEMO_CHANNEL_IDS[CHANNEL], VIDEOS, since);

  // The picker lists the channel (the only one: no filter).
  await channelPicker(page).click();
  const menu = page.getByRole('menu', { name: 'Channels' });
  await expect(menu.getByRole('menuitem')).toHaveText([new RegExp(CHANNEL)]);
  await expect(page.getByRole('textbox', { name: 'Filter Channels' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // The channel settings show it as synced.
  await page.goto('/settings/channels');
  const mine = page.getByRole('list', { name: 'My channels' });
  const row = mine.getByRole('listitem').filter({ hasText: CHANNEL });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await expect(row).toContainText(/Last synced/);
});
