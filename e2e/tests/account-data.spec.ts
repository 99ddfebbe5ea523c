import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../support/test.ts';
import { HOME_PATH, atPath, signIn, submitLogin } from '../support/app.ts';

const CHANNEL = 'Pixel Forge Tutorials';
/** A person without an account yet, new on every run. */
const PERSON = `e2e-data-${Date.now().toString(36)}@example.test`;
const PASSWORD = `e2e data ${Date.now().toString(36)} copper kettle`;
const NAME = 'Robin Export-Tester';

/** The files every export holds (the server's EXPORT_FILES). */
const EXPECTED_FILES = [
  'README.txt',
  'profile.json',
  'sessions.json',
  'channels.json',
  'videos.json',
  'videos.csv',
  'saved-ideas.csv',
  'keyword-ranks.csv',
  'invoices.csv',
  'billing.json',
];

/** The names of the files a ZIP archive holds, read from its central directory. */
function zipEntries(zip: Buffer): string[] {
  // End of central directory record: signature, then (at +10) the entry count, (at +16) the
  // directory's offset. It is the last record, followed by a comment of at most 64 KB.
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Opens the newest dev-mailbox message whose link text matches, as its recipient. */
async function openMail(page: Page, subject: RegExp): Promise<void> {
  const message = page
    .getByRole('row')
    .filter({ hasText: PERSON })
    .getByRole('link', { name: subject })
    .first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await message.click();
}

test('a new person names themselves, exports their data, downloads it and deletes the account', async ({
  page,
  browser,
  a11y,
}) => {
  // The demo account shares a channel with someone new, who sets a password from the e-mail.
  await signIn(page);
  await page.goto('/settings/channels');
  await page
    .getByRole('list', { name: 'My channels' })
    .getByRole('listitem')
    .filter({ has: page.getByText(CHANNEL, { exact: true }) })
    .getByRole('button', { name: 'Share' })
    .click();
  const share = page.getByRole('dialog', { name: `Share ${CHANNEL}` });
  const invite = share.getByRole('form', { name: 'Invite someone' });
  await invite.getByRole('textbox', { name: 'E-mail address' }).fill(PERSON);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(share.getByRole('listitem').filter({ hasText: PERSON })).toContainText('Invited');
  await share.getByRole('button', { name: 'Close' }).click();

  const context = await browser.newContext({ acceptDownloads: true });
  const person = await context.newPage();
  await a11y.watch(person);
  try {
    await openMail(person, new RegExp(`shared "${CHANNEL}" with you`));
    await person.getByRole('link', { name: 'Set your password' }).click();
    const setForm = person.getByRole('form', { name: 'Set a new password' });
    await setForm.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
    await setForm.getByRole('textbox', { name: 'Confirm new password' }).fill(PASSWORD);
    await setForm.getByRole('button', { name: 'Set password' }).click();
    await expect(person.getByText('Your password has been set.')).toBeVisible();
    await person.getByRole('link', { name: 'Go to log in' }).click();
    await submitLogin(person, PERSON, PASSWORD);
    await expect(person).toHaveURL(atPath(HOME_PATH));

    // Profile: the name.
    await person.goto('/settings/account');
    const profile = person.getByRole('form', { name: 'Your name' });
    await profile.getByRole('textbox', { name: 'Name' }).fill(NAME);
    await profile.getByRole('button', { name: 'Save name' }).click();
    await expect(person.getByText('Your name was saved.')).toBeVisible();
    await person.reload();
    await expect(
      person.getByRole('form', { name: 'Your name' }).getByRole('textbox', { name: 'Name' }),
    ).toHaveValue(NAME);

    // Export: asked for, prepared in the background, then offered for download.
    await person.getByRole('button', { name: 'Export my data' }).click();
    const exports = person.getByRole('list', { name: 'Your exports' });
    const download = exports.getByRole('link', { name: 'Download' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(exports).toContainText(/Ready: [\d.]+ (B|KB|MB), available until/);

    const downloaded = person.waitForEvent('download');
    await download.click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^tubewise-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readFile(await file.path());
    expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
    const names = zipEntries(zip);
    for (const name of EXPECTED_FILES) expect(names).toContain(name);

    // The e-mail links to the account page, which highlights that export.
    await openMail(person, /data export is ready/);
    await person.getByRole('link', { name: 'Download it from your account settings' }).click();
    await expect(person).toHaveURL(/\/settings\/account\?export=/);
    const linked = person
      .getByRole('list', { name: 'Your exports' })
      .getByRole('listitem')
      .filter({ hasText: 'the export from your e-mail' });
    await expect(linked).toHaveAttribute('aria-current', 'true');
    await expect(linked).toBeFocused();

    // Deletion: the password and DELETE, then signed out to the login page with a notice.
    await person.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = person.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('Invoices already issued are kept');
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The password is not correct.');
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(person).toHaveURL(atPath('/login'));
    await expect(person.getByText('Your account was deleted.')).toBeVisible();

    // Signed out: the account page sends back to the login page, and signing in fails.
    await person.goto('/settings/account');
    await expect(person).toHaveURL(atPath('/login'));
    await submitLogin(person, PERSON, PASSWORD);
    await expect(person.getByText('Invalid e-mail or password')).toBeVisible();
  } finally {
    await context.close();
  }

  // The owner's channel no longer lists the person.
  await page.goto('/settings/channels');
  await page
    .getByRole('list', { name: 'My channels' })
    .getByRole('listitem')
    .filter({ has: page.getByText(CHANNEL, { exact: true }) })
    .getByRole('button', { name: 'Share' })
    .click();
  await expect(
    page
      .getByRole('dialog', { name: `Share ${CHANNEL}` })
      .getByRole('list', { name: 'People with access' })
      .getByRole('listitem')
      .filter({ hasText: PERSON }),
  ).toHaveCount(0);
});
