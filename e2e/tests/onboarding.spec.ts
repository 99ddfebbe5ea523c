import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test.ts';
import type { A11yAudit } from '../support/test.ts';
import { formatFindings } from '../support/a11y.ts';
import { DEMO, atPath } from '../support/app.ts';
import {
  CONNECT_TOASTS,
  GOOGLE_ACCOUNTS,
  apiSession,
  consentPage,
  emulator,
  expectOAuthParamsStripped,
  myChannels,
  toast,
} from '../support/platform.ts';

/** Spec sections 5 and 8, quoted exactly. */
const INVALID_VALIDATION_CODE = 'Invalid validation code';
/** The shared page's call to action. */
const GET_INSIGHTS = 'Get your own insights';
/** Words of the emulator corpus' channel names (apps/emulator/src/corpus/niches.ts). */
const SEARCHES = ['Campfire', 'Ember'];
/** The keyword the visitor types (the other one comes from the suggestions). */
const TYPED_KEYWORD = 'campfire cooking';
/** The report checks every keyword against keyword data and search results: give it time. */
const REPORT_TIMEOUT = 120_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page's serious or critical axe violations now (each onboarding step is one path). */
async function expectAccessible(a11y: A11yAudit, page: Page): Promise<void> {
  const findings = await a11y.check(page);
  expect(findings, formatFindings(findings)).toEqual([]);
}

/** The current step's heading, which has the focus once the visitor moved to it. */
function stepHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 2, name });
}

/**
 * The newest verification code e-mailed to `to`, read from the message's plain text in the dev
 * mailbox (the subject carries no code).
 */
async function verificationCode(api: APIRequestContext, to: string): Promise<string> {
  const row = new RegExp(
    `<td>${escapeRegExp(to)}</td><td><a href="/dev/mailbox/([0-9a-f-]+)">Verify your e-mail `,
  );
  let code: string | undefined;
  await expect(async () => {
    const list = await api.get('/dev/mailbox');
    expect(list.ok(), `GET /dev/mailbox: ${list.status()}`).toBe(true);
    const id = row.exec(await list.text())?.[1];
    expect(id, `no verification e-mail to ${to} yet`).toBeDefined();
    const message = await api.get(`/dev/mailbox/${id}`);
    expect(message.ok(), `GET /dev/mailbox/${id}: ${message.status()}`).toBe(true);
    code = /verification code is:\s+(\d{6})\s/.exec(await message.text())?.[1];
    expect(code, `no code in the e-mail to ${to}`).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return code!;
}

test('public onboarding: competitors and keywords, a verified e-mail, insights shared with a signed-out visitor, then an account whose first channel gets them', async ({
  page,
  browser,
  request,
  baseURL,
  a11y,
}) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `e2e-onboarding-${stamp}@example.test`;
  const password = `e2e onboarding ${stamp} amber lantern`;

  // ---- Signed out, the visitor opens the onboarding: no navigation, the four steps. ----
  await page.goto('/onboarding');
  await expect(page).toHaveTitle('Get started');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get your YouTube insights');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Onboarding steps' })).toContainText(
    /Competitors.*Keywords.*Language.*E-mail/,
  );
  await expect(stepHeading(page, 'Who are your competitors?')).toBeVisible();
  await expectAccessible(a11y, page);

  // ---- Competitors: two channels found by name. ----
  const search = page.getByRole('search', { name: 'Search channels' });
  const results = page.getByRole('list', { name: 'Channels found' });
  const competitors: string[] = [];
  for (const word of SEARCHES) {
    await search.getByRole('textbox', { name: 'Channel name' }).fill(word);
    await search.getByRole('textbox', { name: 'Channel name' }).press('Enter');
    // The first channel of the results not chosen yet (chosen ones say "Chosen" instead).
    const choose = results.getByRole('button', { name: /^Choose / }).first();
    await expect(choose).toBeVisible();
    const title = (await choose.getAttribute('aria-label'))!.replace(/^Choose /, '');
    await choose.click();
    // The button gives way to "Chosen", which takes the focus.
    await expect(page.locator(':focus')).toHaveText(`${title}: Chosen`);
    competitors.push(title);
  }
  const chosen = page.getByRole('region', { name: 'Your competitors' });
  await expect(chosen).toContainText('2 of 5 chosen');
  for (const title of competitors) await expect(chosen).toContainText(title);
  await expectAccessible(a11y, page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // ---- Keywords: one typed, one from the competitors' videos. ----
  await expect(stepHeading(page, 'Which keywords matter to you?')).toBeFocused();
  await page.getByRole('textbox', { name: 'Keyword' }).fill(TYPED_KEYWORD);
  await page.getByRole('textbox', { name: 'Keyword' }).press('Enter');
  const suggestions = page.getByRole('region', { name: 'Suggestions from your competitors' });
  const suggestion = suggestions.getByRole('button', { name: /^Add / }).first();
  await expect(suggestion).toBeVisible({ timeout: 30_000 });
  const suggested = (await suggestion.getAttribute('aria-label'))!.replace(/^Add /, '');
  await suggestion.click();
  const keywords = [TYPED_KEYWORD, suggested];
  const mine = page.getByRole('region', { name: 'Your keywords' });
  await expect(mine).toContainText('2 of 10 entered');
  for (const keyword of keywords) await expect(mine).toContainText(keyword);
  await expectAccessible(a11y, page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // ---- Language. ----
  await expect(stepHeading(page, 'Which language do your viewers search in?')).toBeFocused();
  const language = page.getByRole('combobox', { name: 'Keyword language' });
  await expect(language).toHaveValue('en-us');
  await language.selectOption({ label: 'English (UK)' });
  await expectAccessible(a11y, page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // ---- E-mail and the terms: the code goes out. ----
  await expect(stepHeading(page, 'Where should we send your insights?')).toBeFocused();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Read the terms' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms for your insights' });
  await expect(terms).toContainText('no marketing e-mail');
  await expectAccessible(a11y, page);
  await terms.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Read the terms' })).toBeFocused();
  await page.getByRole('checkbox', { name: /I accept the .* terms for these insights/ }).check();
  await expectAccessible(a11y, page);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(stepHeading(page, 'Check your e-mail')).toBeFocused();
  await expect(page.getByText(email)).toBeVisible();
  await expect(
    page.getByRole('button', { name: /Send a new code \(available in \d+ s\)/ }),
  ).toBeDisabled();
  await expectAccessible(a11y, page);

  // ---- The code from the mailbox: mistyped once, then right. ----
  const code = await verificationCode(page.request, email);
  const wrong = code === '000000' ? '111111' : '000000';
  const codeField = page.getByRole('textbox', { name: 'Verification code' });
  await codeField.fill(wrong);
  await codeField.press('Enter');
  const refusal = page.getByRole('alert').filter({ hasText: INVALID_VALIDATION_CODE });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(/\d+ attempts? left\./);
  await expectAccessible(a11y, page);
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  // ---- The insights: made in the background, then shown. ----
  await expect(stepHeading(page, 'Your insights')).toBeFocused();
  await expect(page.getByRole('list', { name: 'Onboarding steps' })).toBeVisible();
  const report = page.getByRole('region', { name: 'Keywords', exact: true });
  await expect(report).toBeVisible({ timeout: REPORT_TIMEOUT });
  for (const keyword of keywords) {
    await expect(report.getByRole('heading', { level: 3, name: keyword })).toBeVisible();
  }
  await expect(page.getByRole('progressbar', { name: 'Insights progress' })).toHaveCount(0);
  const shareLink = page.getByRole('textbox', { name: 'Share link' });
  const shareUrl = await shareLink.inputValue();
  expect(shareUrl).toMatch(new RegExp(`^${escapeRegExp(baseURL!)}/share/insights/[A-Za-z0-9_-]+$`));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  await expectAccessible(a11y, page);

  // ---- The shared link in a fresh, signed-out browser: the report, no owner actions. ----
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await a11y.watch(visitor);
    await visitor.goto(shareUrl);
    await expect(visitor).toHaveTitle('Shared insights');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
      'YouTube keyword and competitor insights',
    );
    const shared = visitor.getByRole('region', { name: 'Keywords', exact: true });
    for (const keyword of keywords) {
      await expect(shared.getByRole('heading', { level: 3, name: keyword })).toBeVisible();
    }
    const rivals = visitor.getByRole('region', { name: 'Competitors', exact: true });
    for (const title of competitors) {
      await expect(rivals.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(visitor.getByRole('region', { name: 'Sources' })).toBeVisible();
    await expect(visitor.getByText(/^This link works until /)).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(visitor.getByRole('button', { name: 'Stop sharing' })).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: GET_INSIGHTS })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    await expectAccessible(a11y, visitor);
  } finally {
    await visitorContext.close();
  }

  // ---- "Create my account": signed in, and asked to connect a channel. ----
  const account = page.getByRole('form', { name: 'Create my account' });
  await account.getByLabel('Password').fill(password);
  await account.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(atPath('/setup-step1'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connect your channel');
  await expect(page.getByRole('note')).toContainText(
    'Your keywords and competitors from your insights will be carried over once a channel is connected.',
  );

  // ---- A channel of their own through the consent page. ----
  const platformChannel = await emulator(request).addChannel({
    title: `Onboarding Journey ${stamp}`,
    videoCount: 3,
  });
  await page.getByRole('button', { name: 'Connect channel' }).click();
  await consentPage.chooseAccount(page, GOOGLE_ACCOUNTS.creator);
  await consentPage.chooseChannel(page, platformChannel.title);
  await consentPage.allow(page);
  await expect(toast(page, CONNECT_TOASTS.connected)).toBeVisible();
  await expectOAuthParamsStripped(page, '/optimization');

  // ---- The keywords are tracked on it… ----
  await page.goto('/reporting/keywords');
  const tracked = page.getByRole('table', { name: 'Tracked keywords' });
  for (const keyword of keywords) {
    await expect(
      tracked.getByRole('row', { name: new RegExp(escapeRegExp(keyword)) }),
    ).toBeVisible();
  }

  // ---- …and the competitors carried over. The competitors route is for flagged people
  // (competition_user), which a new account is not: the demo account (flagged) is given the
  // channel for the look, and the sharing is undone afterwards (journeys share that account).
  const channel = (await myChannels(page.request)).myChannels.find(
    (c) => c.youtubeId === platformChannel.id,
  );
  expect(channel, 'the connected channel').toBeDefined();
  const invite = await page.request.post(`/api/channels/${channel!.id}/members`, {
    data: { email: DEMO.email },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const demo = await apiSession(baseURL, DEMO);
  try {
    // Opening the channel list makes the invitation a membership.
    expect((await myChannels(demo)).invitedTo.map((c) => c.id)).toContain(channel!.id);
    await expect
      .poll(async () => {
        const res = await demo.get(`/api/channels/${channel!.id}/competitors`);
        expect(res.ok(), await res.text()).toBe(true);
        const body = (await res.json()) as { competitors: { title: string }[] };
        return body.competitors.map((c) => c.title).sort();
      })
      .toEqual([...competitors].sort());
  } finally {
    await demo.dispose();
    const removed = await page.request.delete(
      `/api/channels/${channel!.id}/members/${encodeURIComponent(DEMO.email)}`,
      { data: {} },
    );
    expect(removed.ok(), await removed.text()).toBe(true);
  }
});
