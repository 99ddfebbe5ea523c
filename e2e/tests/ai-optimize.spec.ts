import { expect, test } from '../support/test.ts';
import { atPath, mainNav, signIn } from '../support/app.ts';
import { DEMO_CHANNEL_IDS, toast, waitForFirstSync } from '../support/platform.ts';
import {
  AI_GENERATIONS_PER_MONTH,
  AI_TEXTS,
  aiPanel,
  chooseChannel,
  quotaLeftText,
  suggestedTitle,
  suggestedTitleText,
} from '../support/ai.ts';

/**
 * The smallest demo channel: no other journey publishes on it or generates there (ai-metadata
 * spends another channel's month).
 */
const CHANNEL = 'Retro Console Repair';
/** How many videos the journey walks through. */
const WALKED = 2;

test('/optimize with the flag on: walk two videos of the queue with AI titles, publish and next', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  await chooseChannel(page, CHANNEL);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[CHANNEL]);

  // ---- The queue starts by itself: the videos that need work, highest impact first. ----
  await page.goto('/optimize');
  await expect(page).toHaveURL(atPath('/optimize'));
  await expect(page).toHaveTitle('Optimize');
  // The flag on: the page is Optimization's in the navigation.
  await expect(
    mainNav(page).getByRole('link', { name: 'Optimization', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  const bar = page.getByRole('region', { name: 'Queue progress' });
  const queue = page.getByRole('list', { name: 'Videos of the queue' });
  const items = queue.getByRole('listitem');
  await expect(bar.getByRole('status')).toContainText(/^Video 1 of \d+/);
  const total = await items.count();
  expect(total).toBeGreaterThan(WALKED);
  await expect(bar.getByRole('status')).toHaveText(`Video 1 of ${total}0 published · 0 skipped`);
  const progress = bar.getByRole('progressbar', { name: 'Videos done' });
  await expect(progress).toHaveAttribute('aria-valuetext', `0 of ${total} videos done`);

  const main = page.getByRole('main');
  const panel = aiPanel(page);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  for (let n = 1; n <= WALKED; n++) {
    // The current video is marked in the queue list and open in the editor.
    const current = items.nth(n - 1);
    await expect(current.getByRole('button')).toHaveAttribute('aria-current', 'step');
    await expect(main.getByLabel('Mode: Live')).toBeVisible();
    await expect(async () => {
      const heading = (await main.getByRole('heading', { level: 1 }).textContent()) ?? '';
      expect(heading).not.toBe('');
      expect(await current.textContent()).toContain(`${n}. ${heading}`);
    }).toPass({ timeout: 10_000 });

    // Its AI suggestions, written while the page polls.
    await expect(panel.getByText(/generations? left this month$/)).toHaveText(
      quotaLeftText(AI_GENERATIONS_PER_MONTH - (n - 1)),
    );
    await panel.getByRole('button', { name: AI_TEXTS.generate }).click();
    await expect(panel.getByRole('progressbar', { name: AI_TEXTS.pendingProgress })).toBeVisible();
    await expect(suggestedTitle(panel, 1)).toBeVisible({ timeout: 45_000 });
    const suggestion = await suggestedTitleText(panel, 1);
    await panel.getByRole('button', { name: 'Use title 1' }).click();
    await expect(title).toHaveValue(suggestion);

    // Publish and next: the queue moves on, the video is ticked.
    await main.getByRole('button', { name: 'Publish and next' }).click();
    await expect(toast(page, `Published “${suggestion}” to YouTube.`)).toBeVisible();
    await expect(bar.getByRole('status')).toHaveText(
      `Video ${n + 1} of ${total}${n} published · 0 skipped`,
    );
    await expect(progress).toHaveAttribute('aria-valuetext', `${n} of ${total} videos done`);
    await expect(current).toContainText('· published');
    await expect(current.getByRole('button')).not.toHaveAttribute('aria-current', 'step');
  }
  await expect(page.getByRole('complementary', { name: 'Queue' })).toContainText(
    `${WALKED} of ${total} done · ${WALKED} published · 0 skipped`,
  );
  await expect(items.nth(WALKED).getByRole('button')).toHaveAttribute('aria-current', 'step');

  // ---- The queue is kept in the browser: back later, it offers to resume where it was. ----
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Optimize' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    `you were at video ${WALKED + 1} of ${total}, with ${WALKED} published and 0 skipped.`,
  );
  await page.getByRole('button', { name: `Resume: video ${WALKED + 1} of ${total}` }).click();
  await expect(bar.getByRole('status')).toHaveText(
    `Video ${WALKED + 1} of ${total}${WALKED} published · 0 skipped`,
  );
});
