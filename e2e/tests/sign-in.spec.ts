import { expect, test } from '@playwright/test';
import {
  DEMO,
  DEMO_CHANNELS,
  HOME_PATH,
  accountButton,
  atPath,
  channelPicker,
  expectShell,
  mainNav,
  submitLogin,
} from '../support/app.ts';

test('a visitor is sent to log in, signs in with the demo account and sees the shell', async ({
  page,
}) => {
  // A protected page without a session goes to the login page.
  await page.goto('/optimization');
  await expect(page).toHaveURL(atPath('/login'));
  await expect(page).toHaveTitle('Log in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Log in to /);
  // The login page has neither navigation nor header.
  await expect(mainNav(page)).toHaveCount(0);
  await expect(channelPicker(page)).toHaveCount(0);

  // A wrong password is refused without saying which part was wrong.
  await submitLogin(page, DEMO.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password');
  await expect(page).toHaveURL(atPath('/login'));

  // The right pair signs in and returns to the page the visitor asked for.
  await submitLogin(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(atPath('/optimization'));
  await expectShell(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Optimization');

  // The header: the channel picker shows one of the demo channels, and the account button.
  await expect(channelPicker(page)).toHaveAccessibleDescription(
    new RegExp(`^(${DEMO_CHANNELS.join('|')})$`),
  );
  // Its thumbnail (decorative) has loaded: the channel's image, or the placeholder if that failed.
  const thumbnail = channelPicker(page).locator('img');
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(accountButton(page)).toBeEnabled();

  // The navigation lists the items the demo user's flags allow.
  const nav = mainNav(page);
  for (const name of ['Ideation', 'Saved ideas', 'Optimization', 'Reporting', 'Keywords ranking']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Competition', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Labs (BETA)' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();

  // Signed in, the login page sends the user home.
  await page.goto('/login');
  await expect(page).toHaveURL(atPath(HOME_PATH));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ideation');
});
