import { expect, test, type Page } from '../support/test.ts';
import {
  HOME_PATH,
  atPath,
  channelPicker,
  expectShell,
  signIn,
  submitLogin,
} from '../support/app.ts';

const CHANNEL = 'Budget Van Life';
/** A person without an account yet, new on every run. */
const INVITEE = `e2e-share-${Date.now().toString(36)}@example.test`;
const PASSWORD = `e2e share ${Date.now().toString(36)} amber lighthouse`;

/** Opens the sharing dialog of one of my channels on /settings/channels. */
async function openShareDialog(page: Page) {
  await page.goto('/settings/channels');
  const row = page
    .getByRole('list', { name: 'My channels' })
    .getByRole('listitem')
    .filter({ has: page.getByText(CHANNEL, { exact: true }) });
  await row.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: `Share ${CHANNEL}` });
  await expect(dialog).toBeVisible();
  return { dialog, people: dialog.getByRole('list', { name: 'People with access' }) };
}

test('the owner shares a channel by e-mail; the invitee sets a password, works on it, and is removed', async ({
  page,
  browser,
  a11y,
}) => {
  // The owner invites someone new.
  await signIn(page);
  const { dialog, people } = await openShareDialog(page);
  await expect(people.getByRole('listitem')).toHaveCount(1);
  await expect(people.getByRole('listitem').first()).toContainText('Owner');
  const form = dialog.getByRole('form', { name: 'Invite someone' });
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(INVITEE);
  await form.getByRole('button', { name: 'Invite' }).click();
  const member = people.getByRole('listitem').filter({ hasText: INVITEE });
  await expect(member).toContainText('Invited');
  await expect(dialog.getByRole('button', { name: `Remove ${INVITEE}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The invitee, in their own browser, finds the e-mail and sets a password.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await a11y.watch(invitee);
  try {
    const message = invitee
      .getByRole('row')
      .filter({ hasText: INVITEE })
      .getByRole('link', { name: new RegExp(`shared "${CHANNEL}" with you`) });
    await expect(async () => {
      await invitee.goto('/dev/mailbox');
      await expect(message).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await message.click();
    const link = invitee.getByRole('link', { name: 'Set your password' });
    await expect(link).toHaveAttribute('href', /\/set-password\?token=/);
    await link.click();
    const setForm = invitee.getByRole('form', { name: 'Set a new password' });
    await setForm.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
    await setForm.getByRole('textbox', { name: 'Confirm new password' }).fill(PASSWORD);
    await setForm.getByRole('button', { name: 'Set password' }).click();
    await expect(invitee.getByText('Your password has been set.')).toBeVisible();
    await invitee.getByRole('link', { name: 'Go to log in' }).click();

    // Signed in, the invitee works on the shared channel: it is active and in the picker…
    await submitLogin(invitee, INVITEE, PASSWORD);
    await expect(invitee).toHaveURL(atPath(HOME_PATH));
    await expectShell(invitee);
    await expect(channelPicker(invitee)).toHaveText(CHANNEL);
    await channelPicker(invitee).click();
    await expect(invitee.getByRole('menu', { name: 'Channels' }).getByRole('menuitem')).toHaveText([
      new RegExp(CHANNEL),
    ]);
    await invitee.keyboard.press('Escape');

    // …and listed under "Shared with me", where it can be left but not removed.
    await invitee.goto('/settings/channels');
    await expect(invitee.getByText('You have not connected a channel yet.')).toBeVisible();
    const shared = invitee.getByRole('list', { name: 'Shared with me' }).getByRole('listitem');
    await expect(shared).toHaveCount(1);
    await expect(shared).toContainText(CHANNEL);
    await expect(shared.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expect(shared.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    // The owner now sees the invitee as joined, and removes them.
    const again = await openShareDialog(page);
    const joined = again.people.getByRole('listitem').filter({ hasText: INVITEE });
    await expect(joined).not.toContainText('Invited');
    await again.dialog.getByRole('button', { name: `Remove ${INVITEE}` }).click();
    await expect(joined).toHaveCount(0);
    await expect(again.people.getByRole('listitem')).toHaveCount(1);

    // The invitee no longer has the channel; with none left, the app asks to connect one.
    await invitee.reload();
    await expect(invitee.getByText('No channels are shared with you.')).toBeVisible();
    await expect(channelPicker(invitee)).toBeDisabled();
    await invitee.goto(HOME_PATH);
    await expect(invitee).toHaveURL(atPath('/setup-step1'));
  } finally {
    await inviteeContext.close();
  }
});
