import { expect, test } from '../support/test.ts';
import { DEMO, TEXTS, atPath, expectShell, mainNav, signIn, submitLogin } from '../support/app.ts';

test('an expired session shows the notice, whose link leads to log in again', async ({
  page,
  context,
}) => {
  await signIn(page);
  await mainNav(page).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(atPath('/settings/account'));
  const notifications = page.getByRole('switch', { name: 'Send me e-mail notifications' });
  await expect(notifications).toBeEnabled();

  // The session ends behind the page's back: both cookies are gone, so refreshing fails too.
  await context.clearCookies();
  // The next API call (saving a setting) gets 401, the refresh fails, the notice appears.
  await notifications.click();
  const notice = page.getByRole('alert').filter({ hasText: TEXTS.sessionExpired });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(TEXTS.sessionExpired);

  // "click here" leads to the login page…
  await notice.getByRole('link', { name: 'click here' }).click();
  await expect(page).toHaveURL(atPath('/login'));
  await expect(notice).toBeHidden();

  // …where signing in again works and returns to the page the user was on.
  await submitLogin(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(atPath('/settings/account'));
  await expectShell(page);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    'Account settings',
  );
});

test('the session-expired notice disappears by itself after about 5 seconds', async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.goto('/settings/account');
  const notifications = page.getByRole('switch', { name: 'Send me e-mail notifications' });
  await expect(notifications).toBeEnabled();
  await context.clearCookies();
  await notifications.click();
  const notice = page.getByRole('alert').filter({ hasText: TEXTS.sessionExpired });
  await expect(notice).toBeVisible();
  const shownAt = Date.now();
  await expect(notice).toBeHidden({ timeout: 10_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(3_000);
  expect(shownFor).toBeLessThan(9_000);
});
