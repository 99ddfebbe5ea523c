import { expect, test } from '../support/test.ts';
import { DEMO_CHANNELS, atPath, channelPicker, signIn } from '../support/app.ts';
import { myChannels } from '../support/platform.ts';

/** The demo channel the overview opens on (the first one is active after sign-in). */
const channel = DEMO_CHANNELS[0];

/** Puts the channel back on its location's default cost per view. */
test.afterEach(async ({ page }) => {
  const id = (await myChannels(page.request)).myChannels.find((c) => c.name === channel)?.id;
  if (!id) return;
  const reset = await page.request.put(`/api/reporting/channels/${id}/cost-per-view`, {
    data: { costPerView: null },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
});

test('reporting overview: 28 days of organic stats, top search terms, the monetary value with its method, 90 days, and a cost per view of our own', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/reporting');
  await expect(page).toHaveURL(atPath('/reporting/overview'));
  await expect(channelPicker(page)).toHaveText(channel);
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();

  // ---- 28 days: KPI cards with their change, the daily chart, the top search terms. ----
  const period = page.getByRole('group', { name: 'Period' });
  await expect(period.getByRole('button', { name: '28 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const views = page.getByRole('group', { name: 'Views from search' });
  await expect(views).toContainText(/\d/);
  await expect(views).toContainText('the previous 28 days');
  await expect(page.getByRole('group', { name: 'Watch time from search' })).toContainText(
    /\d+ (hours|minutes)/,
  );
  await expect(page.getByRole('group', { name: 'Search share of views' })).toContainText('%');
  const value = page.getByRole('group', { name: 'Monetary value' });
  await expect(value).toContainText('$');
  const daily = page.getByRole('region', { name: 'Views from search per day' });
  await expect(daily.getByText(/views from YouTube search between/)).toBeVisible();
  await expect(daily.locator('svg').first()).toBeVisible();
  const terms = page.getByRole('region', { name: 'Top search terms' }).getByRole('table');
  await expect(terms.getByRole('row').nth(1)).toBeVisible();
  expect(await terms.getByRole('row').count()).toBeGreaterThan(1);

  // ---- The monetary value says how it was computed. ----
  const method = page
    .getByRole('region', { name: 'Monetary value' })
    .getByRole('list', { name: 'How the value is computed' });
  await expect(method).toContainText(/per view/);
  await expect(method).toContainText('That is our default for United States');

  // ---- 90 days, kept in the URL. ----
  await period.getByRole('button', { name: '90 days' }).click();
  await expect(page).toHaveURL(/\?days=90$/);
  await expect(views).toContainText('the previous 90 days');
  await expect(daily.getByText(/in the previous 90 days/)).toBeVisible();

  // ---- A cost per view of our own changes the value. ----
  const before = (await value.locator('p').first().textContent()) ?? '';
  const field = page.getByRole('textbox', { name: 'Cost per view (USD)' });
  await field.fill('0.5');
  await field.press('Enter');
  await expect(method).toContainText("That is your channel's own cost per view");
  await expect(method).toContainText('$0.50 per view');
  await expect(value.locator('p').first()).not.toHaveText(before);
  await expect(page.getByRole('button', { name: 'Use the default' })).toBeVisible();

  // ---- The period survives a reload. ----
  await page.reload();
  await expect(period.getByRole('button', { name: '90 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(method).toContainText('$0.50 per view');
});
