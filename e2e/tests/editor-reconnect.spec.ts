/**
 * Reconnecting from the editor: a publish refused because the channel lost its grant offers
 * Reconnect in its alert; the consent comes back to the same editor, where the unsaved edit is
 * put back, and the publish then goes through.
 */
import { expect, test } from '../support/test.ts';
import { atPath, signIn } from '../support/app.ts';
import {
  CONNECT_TOASTS,
  DEMO_CHANNEL_IDS,
  GOOGLE_ACCOUNTS,
  consentPage,
  emulator,
  restoreGrants,
  toast,
  waitForFirstSync,
} from '../support/platform.ts';

const CHANNEL = 'Trailside Kitchen';

test('reconnect from the editor: back in the same editor with the unsaved edit, which then publishes', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[CHANNEL]);
  await page.goto('/optimization');
  const main = page.getByRole('main');
  const first = main.getByRole('table').getByRole('row').getByRole('link').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/optimization\/videos\/[^/?]+$/);
  const editorPath = new URL(page.url()).pathname;

  const title = main.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toBeEditable();
  const edited = `${(await title.inputValue()).slice(0, 80)} (reconnected)`;
  await title.fill(edited);
  const publish = main.getByRole('button', { name: 'Publish' }).first();
  await expect(publish).toBeEnabled();

  // Google's side withdraws the grant: the publish is refused, the edit stays on the page.
  await emulator(request).revokeAccount(GOOGLE_ACCOUNTS.creator.email);
  try {
    await publish.click();
    const alert = main
      .getByRole('alert')
      .filter({ hasText: 'The channel needs to be reconnected' });
    await expect(alert).toContainText('Your changes stay here while you reconnect.');
    await expect(title).toHaveValue(edited);

    // Reconnect from the alert: Google's consent, then back to this very editor.
    await alert.getByRole('button', { name: 'Reconnect' }).click();
    await consentPage.approve(page, CHANNEL);
    await expect(toast(page, CONNECT_TOASTS.reconnected)).toBeVisible();
    await expect(page).toHaveURL(atPath(editorPath));
    await expect(main.getByText('Unsaved changes restored')).toBeVisible();
    await expect(title).toHaveValue(edited);

    // The channel has its grant again: the same edit publishes.
    await expect(publish).toBeEnabled();
    await publish.click();
    const published = main.getByRole('status').filter({ hasText: /^Published / });
    await expect(published).toContainText('Published the title to YouTube.');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(edited);
    await expect(main.getByText('Unsaved changes restored')).toHaveCount(0);

    // Leave the video as the other journeys expect it: undo the publish.
    await main
      .getByTestId('last-publish')
      .getByRole('button', { name: /^Undo the publish of / })
      .click();
    await expect(main.getByRole('status').filter({ hasText: /^Undone: / })).toContainText(
      'Undone: the earlier version of the title is live on YouTube again.',
    );
  } finally {
    // Every other channel of the account lost its grant too: give them all a new one.
    await restoreGrants(baseURL);
  }
});
