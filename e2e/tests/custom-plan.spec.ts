import { expect, test } from '../support/test.ts';
import { atPath, submitLogin } from '../support/app.ts';
import { createPerson } from '../support/people.ts';

/** What the person asks for; the message's markup must arrive as text. */
const MESSAGE = 'We run 40 channels for clients. <b>Bold plans</b> & "quotes" welcome.';

test('a person asks for a custom plan, sees the confirmation, and both e-mails arrive', async ({
  page,
  baseURL,
}) => {
  // A fresh person (no channel yet): the per-person limit and the mailbox are theirs alone.
  const person = await createPerson(baseURL!, 'custom-plan');
  const config = (await (await page.request.get('/api/public/config')).json()) as {
    productName: string;
    supportEmail: string;
  };

  // Signed out, the page asks for a sign-in and comes back.
  await page.goto('/custom-plan');
  await expect(page).toHaveURL(atPath('/login'));
  await submitLogin(page, person.email, person.password);
  await expect(page).toHaveURL(atPath('/custom-plan'));
  await expect(page).toHaveTitle(/Custom plan/);
  await expect(page.getByRole('heading', { level: 1, name: 'Custom plan' })).toBeVisible();
  await expect(page.getByText(/Our largest plan, Agency, includes 10 channels/)).toBeVisible();

  const form = page.getByRole('form', { name: 'Custom plan request' });
  const channels = form.getByRole('textbox', { name: /^Channels/ });
  await expect(channels).toHaveAccessibleDescription(
    'Agency includes 10; custom plans start at 11.',
  );

  // An empty form is caught before anything is sent.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please correct the fields marked below.');
  await expect(channels).toBeFocused();

  await channels.fill('40');
  await form.getByRole('textbox', { name: /^People per channel/ }).fill('35');
  await form.getByRole('textbox', { name: /^Tracked keywords per channel/ }).fill('12,000');
  const message = form.getByRole('textbox', { name: /^Message/ });
  await message.fill(MESSAGE);
  await expect(message).toHaveAccessibleDescription(new RegExp(`${MESSAGE.length} / 5,000`));
  // Enter in a number field sends the form, as a keyboard user would.
  await channels.press('Enter');

  const confirmation = page.getByRole('status').filter({ hasText: 'Your request was sent' });
  await expect(confirmation).toContainText(`answer you at ${person.email}`);
  await expect(confirmation.getByRole('heading', { name: 'Your request was sent' })).toBeFocused();
  await expect(form).toHaveCount(0);
  await confirmation.getByRole('link', { name: 'Back to account settings' }).click();
  await expect(page).toHaveURL(atPath('/settings/account'));

  // The dev mailbox holds the request for sales (SALES_EMAIL is unset here: the support
  // address) and the confirmation for the person.
  const openMessage = async (to: string, subject: string) => {
    const link = page
      .getByRole('row')
      .filter({ hasText: to })
      .getByRole('link', { name: subject, exact: true })
      .first();
    await expect(async () => {
      await page.goto('/dev/mailbox');
      await expect(link).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
    await expect(page.getByText(`To: ${to}`)).toBeVisible();
    return page.getByRole('article');
  };

  const sales = await openMessage(config.supportEmail, `Custom plan request from ${person.email}`);
  await expect(sales).toContainText(`${person.email} asks for a custom plan`);
  await expect(sales.getByRole('link', { name: person.email })).toHaveAttribute(
    'href',
    `mailto:${person.email}`,
  );
  await expect(sales.getByRole('listitem')).toHaveText([
    'Channels: 40',
    'People per channel: 35',
    'Tracked keywords per channel: 12,000',
  ]);
  // The markup of the message is shown as text, never rendered.
  await expect(sales.getByText(MESSAGE, { exact: true })).toBeVisible();
  await expect(sales.locator('b')).toHaveCount(0);

  const mine = await openMessage(
    person.email,
    `We received your ${config.productName} custom plan request`,
  );
  await expect(mine).toContainText(`answer you at this address (${person.email})`);
  await expect(mine.getByText(MESSAGE, { exact: true })).toBeVisible();
});
