import { atPath, submitLogin } from '../support/app.ts';
import { formatFindings } from '../support/a11y.ts';
import { AI_GENERATIONS_PER_MONTH, listedVideos, serverNow } from '../support/ai.ts';
import { expect, test } from '../support/own-server.ts';
import type { A11yAudit, Locator, Page } from '../support/test.ts';
import { createPerson } from '../support/people.ts';
import {
  apiSession,
  connectByApi,
  emulator,
  myChannels,
  waitForFirstSync,
} from '../support/platform.ts';

/** The trial's channels on this journey's server (the product's default). */
const TRIAL_CHANNELS = 3;

/**
 * Plans and billing, from a new account's trial to its read-only end. The journey moves the
 * clock weeks on, which would end the demo account's trial under every other journey: it runs
 * on a server of its own (support/own-server.ts), whose clock nobody else reads.
 */
test.use({
  // The demo account only invites the person; one seeded channel is enough and starts sooner.
  // The product's default trial (3 channels), not the journeys' roomier one.
  ownServerEnv: { DEMO_CONNECTED_CHANNELS: '1', TRIAL_CHANNELS: String(TRIAL_CHANNELS) },
  // The app says dates in the browser's zone and the hosted pages in UTC: one day for both.
  locale: 'en-US',
  timezoneId: 'UTC',
});

/** The person's own channel (the emulator makes it), small so its first sync is quick. */
const CHANNEL = 'Billing Journey Garden';

/**
 * What the plans allow (@tubewise/contract billing-constants). The trial's AI generations and
 * tracked keywords are the server's AI_GENERATIONS_PER_MONTH (support/server-env.ts) and its
 * default TRACKED_KEYWORDS_MAX.
 */
const TRIAL = {
  channels: TRIAL_CHANNELS,
  people: 5,
  keywords: '250',
  ai: AI_GENERATIONS_PER_MONTH,
};
const AGENCY = { channels: 10, people: 20, keywords: '2,000', ai: 500 };

/** The app-wide banner and the section's words once the trial has ended without a plan. */
const EXPIRED_TEXT =
  'Your free trial has ended. Publishing, AI suggestions and rank checks are paused until you choose a plan. Your data is kept.';

/** Stripe's test cards (the hosted pages list them too). */
const CARDS = { declined: '4000 0000 0000 0002', visa: '4242 4242 4242 4242' } as const;

/** "Mar 5, 2026": the app's dates. */
const appDate = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
/** "March 5, 2026": the hosted pages' dates. */
const stripeDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/** The "Plan and billing" section of /settings/account. */
function billingSection(page: Page): Locator {
  return page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Plan and billing' }) });
}

/** A usage bar's reading, as a screen reader hears it ("1 of 3 channels"). */
function usageBar(scope: Locator, label: string): Locator {
  return scope.getByRole('progressbar', { name: label, exact: true });
}

/** Expects the usage bars to read the plan's limits (one channel of the person's own). */
async function expectLimits(section: Locator, limits: typeof TRIAL): Promise<void> {
  await expect(usageBar(section, 'Channels')).toHaveAttribute(
    'aria-valuetext',
    `1 of ${limits.channels} channels`,
  );
  const channel = section.getByRole('region', { name: `Usage of ${CHANNEL}` });
  await expect(usageBar(channel, 'People')).toHaveAttribute(
    'aria-valuetext',
    `1 of ${limits.people} people`,
  );
  await expect(usageBar(channel, 'Tracked keywords')).toHaveAttribute(
    'aria-valuetext',
    `0 of ${limits.keywords} tracked keywords`,
  );
  await expect(usageBar(channel, 'AI generations this month')).toHaveAttribute(
    'aria-valuetext',
    `0 of ${limits.ai} AI generations`,
  );
}

/** Fills the card form of a hosted page (Checkout or the portal's card update). */
async function fillCard(page: Page, number: string, expiry: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM / YY)').fill(expiry);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Billing Journey');
}

/** The page's serious or critical axe violations now (the billing section's state included). */
async function expectAccessible(a11y: A11yAudit, page: Page): Promise<void> {
  const findings = await a11y.check(page);
  expect(findings, formatFindings(findings)).toEqual([]);
}

test('plans and billing: the trial, a declined card then a paid plan with its limits, cancellation in the portal, and the read-only end', async ({
  page,
  request,
  baseURL,
  a11y,
}) => {
  test.setTimeout(180_000);

  // ---- A new person with an account (and trial) of their own and one channel. ----
  const person = await createPerson(baseURL!, 'billing');
  const platformChannel = await emulator(request).addChannel({ title: CHANNEL, videoCount: 3 });
  const api = await apiSession(baseURL, person);
  try {
    const { back } = await connectByApi(api, {
      youtubeId: platformChannel.id,
      firstChannel: true,
    });
    expect(back.searchParams.get('oauth-success'), back.href).toBe('true');
  } finally {
    await api.dispose();
  }

  await page.goto('/login');
  await submitLogin(page, person.email, person.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await waitForFirstSync(page, platformChannel.id);

  // ---- The trial: 14 days, with the trial's limits. ----
  const start = (await (await page.request.get('/api/billing')).json()) as {
    trialEndsAt: string;
  };
  const trialEnd = new Date(start.trialEndsAt);
  await page.goto('/settings/account#billing');
  const section = billingSection(page);
  await expect(section.getByRole('heading', { name: 'Current plan: Free trial' })).toBeVisible();
  await expect(section).toContainText(
    `14 days left in your free trial (it ends on ${appDate(trialEnd)}). Choose a plan below to keep everything working after it.`,
  );
  await expectLimits(section, TRIAL);
  // No subscription yet: nothing to manage.
  await expect(section.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await expectAccessible(a11y, page);

  // ---- Agency, monthly: to Stripe's Checkout. ----
  const interval = section.getByRole('group', { name: 'Billing interval' });
  await expect(interval.getByRole('button', { name: 'Monthly' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const agency = section.getByRole('region', { name: 'Agency', exact: true });
  await expect(agency).toContainText('$149 / month');
  await expect(agency.getByRole('list', { name: 'What Agency includes' })).toContainText(
    '10 channels',
  );
  await agency.getByRole('button', { name: 'Choose Agency' }).click();

  await expect(page).toHaveURL(/\/emulator\/stripe\/checkout\/[^/?#]+$/);
  const checkoutUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribe to Tubewise Agency');
  // Paying during the trial keeps its days free: the first payment is at the trial's end.
  await expect(
    page.getByText(`Then $149.00 per month starting ${stripeDate(trialEnd)}`),
  ).toBeVisible();
  const now = await serverNow(page.request);
  const expiry = `12 / ${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

  // A declined card: Stripe's message, and the page stays.
  await fillCard(page, CARDS.declined, expiry);
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  expect(page.url()).toBe(checkoutUrl);

  // 4242 pays: back in the app, the payment is confirmed and Agency is active.
  await fillCard(page, CARDS.visa, expiry);
  await page.getByRole('button', { name: 'Start trial' }).click();
  const received = page.getByRole('status').filter({ hasText: 'Payment received' });
  await expect(received).toContainText('You are on the Agency plan now. Thank you!');
  // The return's parameters are gone (a reload does not confirm again); the section stays in view.
  await expect(page).toHaveURL(/\/settings\/account#billing$/);
  await expect(section.getByRole('heading', { name: 'Current plan: Agency' })).toBeVisible();
  await expect(section.getByText('Active', { exact: true })).toBeVisible();
  await expect(section).toContainText(
    `Billed monthly. Your first payment is on ${appDate(trialEnd)}.`,
  );
  await expectLimits(section, AGENCY);
  // With a subscription, other plans are changes in the portal.
  await expect(agency.getByText('Current plan', { exact: true })).toBeVisible();
  await expect(agency.getByRole('button')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Switch to Pro' })).toBeVisible();
  await expectAccessible(a11y, page);

  // ---- Manage billing: cancel in Stripe's portal. ----
  await section.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/emulator\/stripe\/portal\/[^/?#]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing');
  const subscription = page.getByRole('article', { name: 'Tubewise Agency' });
  await expect(subscription).toContainText(`Your trial ends on ${stripeDate(trialEnd)}.`);
  await subscription.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your plan was canceled. It stays active until the end of the billing period.',
  );
  // Canceled in the trial: it ends with the trial.
  await expect(subscription).toContainText(
    `Your plan will be canceled on ${stripeDate(trialEnd)}.`,
  );
  await expect(subscription.getByRole('button', { name: 'Renew plan' })).toBeVisible();

  // The portal's change reaches the product by webhook, and the page does not poll: let the
  // emulator deliver what it has queued before going back (a person takes longer than that).
  const delivered = await page.request.post('/emulator/_emulator/stripe/webhooks/deliver', {
    data: {},
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  await page.getByRole('link', { name: 'Return to Tubewise' }).first().click();
  await expect(page).toHaveURL(/\/settings\/account#billing$/);
  await expect(section.getByRole('heading', { name: 'Current plan: Agency' })).toBeVisible();
  await expect(section).toContainText(`Billed monthly. Cancels on ${appDate(trialEnd)}.`);
  await expectLimits(section, AGENCY);

  // ---- Past the period's end (and the trial's): the subscription ends, the account is read-only. ----
  const advanced = await page.request.post('/emulator/_emulator/advance', { data: { days: 15 } });
  expect(advanced.ok(), await advanced.text()).toBe(true);
  expect(new Date(((await advanced.json()) as { now: string }).now).getTime()).toBeGreaterThan(
    trialEnd.getTime(),
  );
  // customer.subscription.deleted, by webhook.
  const ended = await page.request.post('/emulator/_emulator/stripe/webhooks/deliver', {
    data: {},
  });
  expect(ended.ok(), await ended.text()).toBe(true);

  // Two weeks later the session has lapsed too: the person signs in again.
  await page.goto('/login');
  await submitLogin(page, person.email, person.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto('/optimization');
  const banner = page.getByRole('status').filter({ hasText: EXPIRED_TEXT });
  await expect(banner).toBeVisible();
  // Everything is kept: the channel's videos are still listed.
  const videos = page.getByRole('table', { name: 'Videos' });
  await expect(videos.getByRole('row').filter({ has: page.getByRole('link') })).toHaveCount(3);
  await expectAccessible(a11y, page);

  // Publishing is paused, and the editor says so before anyone presses Publish.
  const channelId = (await myChannels(page.request)).myChannels.find((c) => c.name === CHANNEL)!.id;
  const video = (await listedVideos(page.request, channelId))[0]!;
  await page.goto(`/optimization/videos/${encodeURIComponent(video.videoId)}`);
  const main = page.getByRole('main');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue(video.title);
  await title.fill(`Still here: ${video.title}`.slice(0, 100));
  const publish = main.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(/free trial has ended, so publishing/);
  await expect(
    main.locator('#publish-blocked').getByRole('link', { name: 'See plans' }),
  ).toBeVisible();
  // The server refuses too, whatever a client sends.
  const refused = await page.request.post(
    `/optimization/channels/${channelId}/videos/${encodeURIComponent(video.videoId)}/publish`,
    {
      data: {
        title: 'Sent anyway',
        description: '',
        tags: [],
        searchTerm: null,
        language: null,
        thumbnailId: null,
        fromDraft: false,
      },
    },
  );
  expect((await refused.json()).error.code).toBe('account-read-only');
  await expect(banner).toBeVisible();

  // The banner's way out: the plans, back on the trial, ended.
  await banner.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(atPath('/settings/account'));
  await expect(section.getByRole('heading', { name: 'Current plan: Free trial' })).toBeVisible();
  await expect(section.getByText('Trial ended', { exact: true })).toBeVisible();
  await expect(
    section.getByRole('status').filter({ hasText: 'Your account is read-only' }),
  ).toContainText(EXPIRED_TEXT);
  await expectLimits(section, TRIAL);
  await expect(section.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await expect(agency.getByRole('button', { name: 'Choose Agency' })).toBeEnabled();
  await expectAccessible(a11y, page);

  // The channel is still connected.
  await page.goto('/settings/channels');
  await expect(
    page.getByRole('list', { name: 'My channels' }).getByText(CHANNEL, { exact: true }),
  ).toBeVisible();
  await expect(banner).toBeVisible();
});
