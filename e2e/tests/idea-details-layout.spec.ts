import { expect, test, type Page } from '../support/test.ts';
import { DEMO_CHANNELS, signIn } from '../support/app.ts';
import { DEMO_CHANNEL_IDS, waitForFirstSync } from '../support/platform.ts';

/** A phrase the emulator gives tens of thousands of monthly searches (five-digit axis labels). */
const PHRASE = 'camp cooking';

/** How far the page's content reaches beyond the window's width (0 when nothing overflows). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The texts of the trend chart's y-axis tick labels. */
async function yTickLabels(page: Page): Promise<string[]> {
  return page.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').allTextContents();
}

test('idea details fit the window on desktop and phone, with whole y-axis labels', async ({
  page,
}) => {
  await signIn(page);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[DEMO_CHANNELS[0]]);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/video-idea/details?phrase=${encodeURIComponent(PHRASE)}&language=en-us`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(PHRASE);
    const ticks = page.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
    await expect(ticks.first()).toBeVisible();

    expect
      .soft(await sidewaysOverflow(page), `no sideways scrolling at ${viewport.width}px`)
      .toBeLessThanOrEqual(0);
    const labels = await yTickLabels(page);
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect.soft(label, 'a whole y-axis label').not.toContain('…');
  }
});
