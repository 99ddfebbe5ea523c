import { expect, test } from '../support/test.ts';
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
  signIn,
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
  await expect(channelPicker(page)).toHaveText(new RegExp(`^(${DEMO_CHANNELS.join('|')})$`));
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
  await expect(nav.getByRole('link', { name: 'Labs BETA' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();

  // Signed in, the login page sends the user home.
  await page.goto('/login');
  await expect(page).toHaveURL(atPath(HOME_PATH));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ideation');
});

test('the shell keeps the sizes of the spec: header 416×64 at the top right, menus 416 and 160', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);

  const header = await page.getByRole('banner').boundingBox();
  expect(header).toEqual({ x: 1440 - 416, y: 0, width: 416, height: 64 });
  // The header stays in place while a long page scrolls under it.
  await page.goto('/settings/account');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    'Account settings',
  );
  await page.mouse.move(700, 500);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await page.getByRole('banner').boundingBox()).toEqual(header);

  await channelPicker(page).click();
  const channelMenu = page.getByRole('menu', { name: 'Channels' });
  await expect(channelMenu).toBeVisible();
  // Polled: the menu grows in with a short scale animation.
  await expect.poll(async () => (await channelMenu.boundingBox())?.width).toBe(416);
  await page.keyboard.press('Escape');
  await expect(channelMenu).toBeHidden();

  await accountButton(page).click();
  const accountMenu = page.getByRole('menu');
  await expect(accountMenu).toBeVisible();
  await expect.poll(async () => (await accountMenu.boundingBox())?.width).toBe(160);
});
