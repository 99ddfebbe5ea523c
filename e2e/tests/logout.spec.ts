import { expect, test } from '../support/test.ts';
import { HOME_PATH, accountButton, atPath, signIn } from '../support/app.ts';

test('log out from the account menu ends the session, also on the server', async ({
  page,
  context,
}) => {
  await signIn(page);
  const sessionCookies = await context.cookies();
  expect(sessionCookies.length).toBeGreaterThan(0);

  // The account menu: Account, Channels, Log out.
  await accountButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Account', 'Channels', 'Log out']);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();

  await expect(page).toHaveURL(atPath('/login'));
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();

  // A protected page now sends the visitor to log in.
  await page.goto('/optimization');
  await expect(page).toHaveURL(atPath('/login'));
  await page.goto(HOME_PATH);
  await expect(page).toHaveURL(atPath('/login'));

  // The old cookies were revoked server-side: putting them back does not sign anyone in.
  await context.addCookies(sessionCookies);
  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(401);
  await page.goto('/optimization');
  await expect(page).toHaveURL(atPath('/login'));
});

test('the account menu leads to account and channel settings', async ({ page }) => {
  await signIn(page);
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Channels' }).click();
  await expect(page).toHaveURL(atPath('/settings/channels'));
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page).toHaveTitle('Channel settings');

  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(atPath('/settings/account'));
  await expect(page).toHaveTitle('Account settings');

  // Escape closes the menu without choosing.
  await accountButton(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});
