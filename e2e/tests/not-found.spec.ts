import { expect, test } from '../support/test.ts';
import { HOME_PATH, atPath, channelPicker, mainNav, signIn } from '../support/app.ts';

test('an unknown route shows the 404 page, signed out or in', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  // The server answers with the app (client-side routing), which renders the 404 page.
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Page not found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveURL(atPath('/no/such/page'));
  await expect(mainNav(page)).toHaveCount(0);

  // "Back to home" from a signed-out visitor ends on the login page.
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(atPath('/login'));

  await signIn(page);
  await page.goto('/settings/nothing-here');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(channelPicker(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(atPath(HOME_PATH));

  // The /404 route itself.
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('unknown API paths answer 404 with the error envelope, not the app', async ({ request }) => {
  const res = await request.get('/api/no-such-call');
  expect(res.status()).toBe(404);
  const body = (await res.json()) as { error?: { code?: string; requestId?: string } };
  expect(body.error?.code).toBeTruthy();
  expect(body.error?.requestId).toBeTruthy();
});
