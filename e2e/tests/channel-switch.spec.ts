import { expect, test, type Page } from '../support/test.ts';
import { atPath, channelPicker, expectShell, signIn } from '../support/app.ts';
import {
  DEMO_CHANNEL_IDS,
  SYNC_PROGRESS,
  emulator,
  expectCompletedSync,
  waitForFirstSync,
} from '../support/platform.ts';

/** Chooses a channel through the picker (filtering by name first). */
async function choose(page: Page, name: string): Promise<void> {
  await channelPicker(page).click();
  await page.getByRole('textbox', { name: 'Filter Channels' }).fill(name);
  await page.getByRole('menu', { name: 'Channels' }).getByRole('menuitem', { name }).click();
}

/** Marks the current document so a reload (a new document) can be told apart. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

/** Whether the current document still carries the mark (i.e. it was not reloaded). */
function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean((window as unknown as { __e2eMark?: boolean }).__e2eMark));
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('switching channel under optimization drops the playlist filter and reloads', async ({
  page,
}) => {
  await page.goto('/optimization?playlist=PL123&sort=views');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    'Optimization',
  );
  await markDocument(page);
  await choose(page, 'Budget Van Life');
  await expect(page).toHaveURL(atPath('/optimization?sort=views'));
  await expect.poll(() => isSameDocument(page)).toBe(false);
  await expect(channelPicker(page)).toHaveText('Budget Van Life');
});

test('switching channel under saved ideas drops the folder and reloads', async ({ page }) => {
  await page.goto('/video-idea/saved?selectedFolder=f-1');
  await expect(page).toHaveTitle('Saved ideas');
  await markDocument(page);
  await choose(page, 'Daily Calm Yoga');
  await expect(page).toHaveURL(atPath('/video-idea/saved'));
  await expect.poll(() => isSameDocument(page)).toBe(false);
  await expect(channelPicker(page)).toHaveText('Daily Calm Yoga');
});

test('elsewhere a switch announces the channel without reloading and records a usage event', async ({
  page,
}) => {
  await page.goto('/reporting/overview?range=28d');
  await expect(page).toHaveTitle('Reporting');
  await markDocument(page);
  await page.evaluate(() => {
    window.addEventListener('channel-changed', (event) => {
      (window as unknown as { __e2eChanged?: unknown }).__e2eChanged = (
        event as CustomEvent
      ).detail;
    });
  });
  const usageEvent = page.waitForRequest(
    (r) =>
      r.method() === 'POST' &&
      new URL(r.url()).pathname === '/api/users/event' &&
      (r.postData() ?? '').includes('channel_changed'),
  );
  await choose(page, 'Garage Science');
  await usageEvent;
  await expect(channelPicker(page)).toHaveText('Garage Science');
  await expect(page).toHaveURL(atPath('/reporting/overview?range=28d'));
  expect(await isSameDocument(page)).toBe(true);
  const detail = await page.evaluate(
    () => (window as unknown as { __e2eChanged?: { channelId?: string } }).__e2eChanged,
  );
  expect(detail?.channelId).toBeTruthy();
});

test('a channel this browser never synced syncs once with a progress bar, and not after a reload', async ({
  page,
  request,
}) => {
  // Slow the platform a little, so each sync stays on screen long enough to watch.
  await emulator(request).setLatency(100);
  try {
    const progress = page.getByRole('progressbar', { name: SYNC_PROGRESS });
    const syncStarts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/optimization\/channels\/[^/]+\/sync$/.test(r.url()))
        syncStarts.push(r.url());
    });
    // The first channel was never synced from this (fresh) browser either: let that sync end.
    await waitForFirstSync(page, DEMO_CHANNEL_IDS['Trailside Kitchen']);
    const before = syncStarts.length;

    // Garage Science (60 videos) is new to this browser: choosing it starts its sync once.
    const since = Date.now();
    await choose(page, 'Garage Science');
    await expect(channelPicker(page)).toHaveText('Garage Science');
    await expect(progress).toBeVisible();
    await expect(progress).toBeHidden({ timeout: 30_000 });
    await expectCompletedSync(page.request, DEMO_CHANNEL_IDS['Garage Science'], 60, since);
    expect(syncStarts.length - before).toBe(1);

    // After a reload the channel is still active and counts as synced: no second sync.
    const afterSwitch = syncStarts.length;
    await page.reload();
    await expectShell(page);
    await expect(channelPicker(page)).toHaveText('Garage Science');
    // Give a (wrong) automatic sync time to start before concluding none did.
    await page.waitForLoadState('networkidle');
    await expect(progress).toBeHidden();
    expect(syncStarts.slice(afterSwitch)).toEqual([]);
  } finally {
    await emulator(request).setLatency(0);
  }
});
