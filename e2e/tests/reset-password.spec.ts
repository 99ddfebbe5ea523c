import { expect, request as playwrightRequest, test } from '../support/test.ts';
import { DEMO, HOME_PATH, atPath, expectShell, submitLogin } from '../support/app.ts';

/** A fresh, uncommon password for this run (the server refuses the most common ones). */
const NEW_PASSWORD = `e2e reset ${Date.now().toString(36)} violet harbour`;

// The journeys share the demo account: whatever happens here, give it its password back.
test.afterEach(async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await api.post('/api/users/login', {
      data: { email: DEMO.email, password: NEW_PASSWORD },
    });
    if (login.ok()) {
      const restored = await api.post('/api/users/update-password', {
        data: { currentPassword: NEW_PASSWORD, newPassword: DEMO.password },
      });
      expect(restored.ok(), await restored.text()).toBe(true);
    }
  } finally {
    await api.dispose();
  }
});

test('reset the password through the dev mailbox and sign in with the new one', async ({
  page,
}) => {
  // Login → "Forgot your password?" → the reset request.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(atPath('/forget-password'));
  await expect(page).toHaveTitle('Reset your password');
  const form = page.getByRole('form', { name: 'Reset your password' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(DEMO.email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${DEMO.email}`);

  // The dev mailbox lists the message (newest first); open it.
  const message = page
    .getByRole('row')
    .filter({ hasText: DEMO.email })
    .getByRole('link', { name: /Reset your .* password/ })
    .first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await message.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Reset your .* password/);
  await expect(page.getByText(`To: ${DEMO.email}`)).toBeVisible();

  // Follow the link in the e-mail to the set-password page.
  const link = page.getByRole('link', { name: 'Choose a new password' });
  await expect(link).toHaveAttribute('href', /\/set-password\?token=/);
  await link.click();
  await expect(page).toHaveURL(/\/set-password\?token=/);
  await expect(page).toHaveTitle('Set a new password');

  // A mismatching confirmation is caught before anything is sent.
  const setForm = page.getByRole('form', { name: 'Set a new password' });
  await setForm.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await setForm.getByRole('textbox', { name: 'Confirm new password' }).fill(`${NEW_PASSWORD}!`);
  await setForm.getByRole('button', { name: 'Set password' }).click();
  await expect(setForm.getByText('The passwords do not match.')).toBeVisible();

  await setForm.getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
  await setForm.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password has been set.')).toBeVisible();
  const tokenUrl = page.url();
  await page.getByRole('link', { name: 'Go to log in' }).click();
  await expect(page).toHaveURL(atPath('/login'));

  // The old password no longer works; the new one does.
  await submitLogin(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password');
  await submitLogin(page, DEMO.email, NEW_PASSWORD);
  await expect(page).toHaveURL(atPath(HOME_PATH));
  await expectShell(page);

  // The link works once: opened again, it is refused.
  await page.goto(tokenUrl);
  const again = page.getByRole('form', { name: 'Set a new password' });
  await again
    .getByRole('textbox', { name: 'New password', exact: true })
    .fill(`${NEW_PASSWORD} again`);
  await again.getByRole('textbox', { name: 'Confirm new password' }).fill(`${NEW_PASSWORD} again`);
  await again.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
});
