import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test.ts';
import { DEMO_CHANNELS, atPath, channelPicker, signIn } from '../support/app.ts';
import { GOOGLE_ACCOUNTS, consentPage, toast } from '../support/platform.ts';

/** The demo channel the overview opens on (the first one is active after sign-in). */
const CHANNEL = DEMO_CHANNELS[0];
/** How the chooser names the domain property sc-domain:alex-rivera.test (the emulator's
 * apps/emulator/src/search-console.ts): the domain, as Search Console does. */
const DOMAIN_NAME = 'alex-rivera.test';
/** The consent page's label of the Search Console scope (webmasters.readonly). */
const SEARCH_CONSOLE_SCOPE = 'View Search Console data for your verified sites';

/** The product's toasts of the Search Console return (apps/web/src/config/oauth-texts.ts). */
const SC_TOASTS = {
  connected: 'Google Search Console connected.',
  missingScope:
    "It seems that you did not give sufficient permissions. Please try again and click on the 'View Search Console data for your verified sites' checkbox when prompted.",
} as const;

/** The Search Console connection as GET /api/search-console answers it. */
interface Connection {
  connected: boolean;
  needsReconnect: boolean;
  sites: { siteUrl: string; readable: boolean }[];
}

async function connection(api: APIRequestContext): Promise<Connection> {
  const response = await api.get('/api/search-console');
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Connection;
}

/** The Reporting page's "Google search" section. */
function section(page: Page): Locator {
  return page.getByRole('region', { name: 'Google search', exact: true });
}

/** A part of the section by its heading. */
function part(page: Page, name: string): Locator {
  return section(page).getByRole('region', { name, exact: true });
}

/** Rows of a part's table, without the header row. */
function bodyRows(table: Locator): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell') });
}

/** /reporting/overview → "Connect Google Search Console" → the emulator's account chooser. */
async function startConnect(page: Page): Promise<void> {
  await page.goto('/reporting/overview');
  await expect(channelPicker(page)).toHaveText(CHANNEL);
  const connect = section(page).getByRole('button', { name: 'Connect Google Search Console' });
  await expect(section(page)).toContainText('the pages embedding your videos');
  await connect.click();
  await consentPage.chooseAccount(page, GOOGLE_ACCOUNTS.creator);
  // Search Console's own grant: no channel to choose, only its scope.
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: SEARCH_CONSOLE_SCOPE })).toBeChecked();
}

/** Expects the page back at /reporting/overview with no `searchConsole` parameter left. */
async function expectBackWithoutParam(page: Page): Promise<void> {
  await expect(page).toHaveURL(atPath('/reporting/overview'));
  await expect.poll(() => new URL(page.url()).searchParams.has('searchConsole')).toBe(false);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

// Whatever happened, the demo account ends without a Search Console connection.
test.afterEach(async ({ page }) => {
  if ((await connection(page.request)).connected) {
    const response = await page.request.delete('/api/search-console', { data: {} });
    expect(response.ok(), await response.text()).toBe(true);
  }
  expect(await connection(page.request)).toMatchObject({ connected: false });
});

test('unticking the Search Console permission: the missing-permission toast, nothing connected', async ({
  page,
}) => {
  // The first journey on a fresh server: the overview's first reports are read cold.
  test.setTimeout(120_000);
  await startConnect(page);
  await page.getByRole('checkbox', { name: SEARCH_CONSOLE_SCOPE }).uncheck();
  await consentPage.allow(page);

  await expect(toast(page, SC_TOASTS.missingScope)).toBeVisible();
  await expectBackWithoutParam(page);
  await expect(
    section(page).getByRole('button', { name: 'Connect Google Search Console' }),
  ).toBeVisible();
  expect(await connection(page.request)).toMatchObject({ connected: false, sites: [] });
});

test('connect Search Console, choose the domain property, read the searches and pages leading to the videos over 28 and 90 days, then disconnect', async ({
  page,
}) => {
  // A consent round trip and three Search Console reports (each a few Google and Analytics
  // calls on a cold cache) take longer than the default minute on a busy machine.
  test.setTimeout(120_000);
  // ---- Connect through Google's consent page. ----
  await startConnect(page);
  await consentPage.allow(page);
  await expect(toast(page, SC_TOASTS.connected)).toBeVisible();
  await expectBackWithoutParam(page);

  // ---- Choose the property for the channel (shared with its people). ----
  const chooser = section(page).getByRole('radiogroup', {
    name: `Choose the property for ${CHANNEL}`,
  });
  await expect(chooser).toBeVisible();
  await expect(section(page)).toContainText('shared with its people');
  const domain = chooser.getByRole('radio', { name: DOMAIN_NAME, exact: true });
  await domain.check();
  await section(page).getByRole('button', { name: 'Save' }).click();

  // ---- The property's report over 28 days. ----
  await expect(section(page).getByText(`Property: ${DOMAIN_NAME}`)).toBeVisible();
  await expect(section(page)).toContainText('shared with everyone on this channel');
  const range = section(page).getByRole('group', { name: 'Google search date range' });
  await expect(range.getByRole('button', { name: '28 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const clicks = section(page).getByRole('group', { name: 'Clicks', exact: true });
  await expect(clicks).toContainText(/\d/);
  await expect(section(page).getByRole('group', { name: 'Click-through rate' })).toContainText('%');
  await expect(section(page).getByRole('group', { name: 'Average position' })).toContainText(/\d/);

  const embedQueries = part(page, 'Searches that lead to pages with your videos').getByRole(
    'table',
  );
  await expect(bodyRows(embedQueries).first()).toBeVisible();
  const embedding = part(page, 'Pages embedding your videos').getByRole('table');
  await expect(bodyRows(embedding).first()).toBeVisible();
  await expect(bodyRows(embedding).first().getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\/[^/]*alex-rivera\.test\//,
  );
  const topQueries = part(page, 'Top queries').getByRole('table');
  const topPages = part(page, 'Top pages').getByRole('table');
  await expect(bodyRows(topQueries).first()).toBeVisible();
  await expect(bodyRows(topPages).first()).toBeVisible();
  const clicks28 = (await clicks.textContent()) ?? '';

  // ---- 90 days, kept in the URL. ----
  await range.getByRole('button', { name: '90 days' }).click();
  await expect(page).toHaveURL(/[?&]googleDays=90(&|$)/);
  await expect(range.getByRole('button', { name: '90 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(clicks).not.toHaveText(clicks28);
  await expect(bodyRows(embedQueries).first()).toBeVisible();
  await expect(bodyRows(embedding).first()).toBeVisible();

  // ---- The choice is the channel's: a reload shows it again, with the period. ----
  await page.reload();
  await expect(section(page).getByText(`Property: ${DOMAIN_NAME}`)).toBeVisible();
  await expect(range.getByRole('button', { name: '90 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // ---- Disconnect: an honest confirmation first. ----
  await section(page).getByRole('button', { name: 'Disconnect', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Google Search Console?' });
  await expect(dialog).toContainText(
    "revokes Tubewise's access to your Search Console data at Google",
  );
  // The embedded product gives Search Console an OAuth client of its own: revoking it leaves the
  // channels' YouTube grant alone.
  await expect(dialog).toContainText('Your connected YouTube channels are not affected.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Google Search Console disconnected.')).toBeVisible();
  await expect(
    section(page).getByRole('button', { name: 'Connect Google Search Console' }),
  ).toBeVisible();
  await expect(section(page).getByText(`Property: ${DOMAIN_NAME}`)).toHaveCount(0);
  expect(await connection(page.request)).toMatchObject({ connected: false });
});
