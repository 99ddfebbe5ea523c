import { expect, test, type Page } from '../support/test.ts';
import { mainNav, signIn } from '../support/app.ts';

/** The rendered width of the navigation bar in CSS pixels. */
async function navWidth(page: Page): Promise<number> {
  const box = await mainNav(page).boundingBox();
  if (!box) throw new Error('the navigation is not rendered');
  return Math.round(box.width);
}

/**
 * Resolves once the page has run the tasks queued so far: React renders state updates in a
 * posted-message task, and messages are delivered in the order they were posted.
 */
async function renderingDone(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

test('at a viewport height of 770px the navigation is 80px wide with tooltips instead of labels', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 770 });
  await signIn(page);
  const nav = mainNav(page);
  const optimization = nav.getByRole('link', { name: 'Optimization', exact: true });

  await expect.poll(() => navWidth(page)).toBe(80);
  // Labels are hidden: the items keep their accessible names but show no text.
  await expect(optimization).toBeVisible();
  await expect(optimization).toHaveText('');
  await expect(nav.getByText('Optimization', { exact: true })).toHaveCount(0);
  // The Labs chip stays.
  await expect(nav.getByRole('link', { name: 'Labs BETA' })).toContainText('BETA');

  // Hovering an item shows its label in a tooltip. (It is placed "left" as the spec says; with
  // the bar at the window's left edge the popper flips it to where it fits, so no side is checked.)
  await optimization.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveText('Optimization');
  await nav.getByRole('link', { name: 'Settings', exact: true }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Settings' })).toBeVisible();
  await expect(tooltip.filter({ hasText: 'Optimization' })).toBeHidden();
});

test('at 900px the navigation is 120px wide with labels and no tooltips', async ({ page }) => {
  // The page's timers run on a clock the test can fast-forward: a tooltip's delays pass at once.
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const nav = mainNav(page);
  const optimization = nav.getByRole('link', { name: 'Optimization', exact: true });

  await expect.poll(() => navWidth(page)).toBe(120);
  await expect(optimization).toHaveText('Optimization');
  await expect(nav.getByText('Keywords ranking', { exact: true })).toBeVisible();
  await optimization.hover();
  // Run every timer a tooltip would need (its enter delay and transition), let the page finish
  // the work they scheduled, then make sure no tooltip appeared.
  await page.clock.runFor(2_000);
  await renderingDone(page);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('the navigation switches mode when the viewport height crosses 770px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await expect.poll(() => navWidth(page)).toBe(120);
  await page.setViewportSize({ width: 1280, height: 771 });
  await expect.poll(() => navWidth(page)).toBe(120);
  await page.setViewportSize({ width: 1280, height: 770 });
  await expect.poll(() => navWidth(page)).toBe(80);
  await expect(mainNav(page).getByText('Settings', { exact: true })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => navWidth(page)).toBe(120);
  await expect(mainNav(page).getByText('Settings', { exact: true })).toBeVisible();
});
