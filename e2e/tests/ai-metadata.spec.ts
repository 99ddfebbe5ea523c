import { expect, test, type Page, type Response } from '../support/test.ts';
import { atPath, channelPicker, signIn } from '../support/app.ts';
import { DEMO_CHANNEL_IDS, waitForFirstSync } from '../support/platform.ts';
import {
  AI_GENERATIONS_PER_MONTH,
  setModelLatency,
  AI_MAX_VIDEO_MINUTES,
  AI_TEXTS,
  aiPanel,
  channelIdOf,
  chooseChannel,
  durationText,
  editorLevel,
  listedVideos,
  nextMonthStart,
  quotaLeftText,
  serverNow,
  shortEnough,
  suggestedTitle,
  suggestedTitleText,
} from '../support/ai.ts';

/** The demo channel with the two long recordings (55 and 94 minutes): eligibility only. */
const LONG_CHANNEL = 'Trailside Kitchen';
/**
 * The channel this journey generates, publishes and spends the month's quota on: no other
 * journey generates there or minds its titles (ai-optimize uses another one).
 */
const CHANNEL = 'Garage Science';
/** The demo account's name (apps/api/src/seed.ts). */
const DEMO_NAME = 'Demo Creator';
/** How long the emulated model takes to answer the first generation: longer than one poll. */
const MODEL_LATENCY_MS = 12_000;

// The reset date is said in the person's locale and time zone: UTC shows the first of the month.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** Opens a video's editor and waits for it to show the video. */
async function openEditor(page: Page, videoId: string): Promise<void> {
  await page.goto(`/optimization/videos/${encodeURIComponent(videoId)}`);
  await expect(page).toHaveURL(atPath(`/optimization/videos/${videoId}`));
  await expect(page.getByRole('main').getByLabel(/^Mode: (Live|Draft)$/)).toBeVisible();
}

/** Marks the current document so a reload (a new document) can be told apart. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean((window as unknown as { __e2eMark?: boolean }).__e2eMark));
}

test.afterEach(async ({ request }) => {
  await setModelLatency(request, 0);
});

test('AI suggestions: eligibility, generate and watch it poll, rate, use a title, publish, exhaust the month', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await expect(channelPicker(page)).toHaveText(LONG_CHANNEL);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[LONG_CHANNEL]);
  const panel = aiPanel(page);

  // ---- Eligibility: a long recording says why it gets no suggestions. ----
  const longChannelId = await channelIdOf(page.request, LONG_CHANNEL);
  const longVideos = await listedVideos(page.request, longChannelId);
  const tooLong = longVideos
    .filter((v) => (v.durationSeconds ?? 0) > AI_MAX_VIDEO_MINUTES * 60)
    .sort((a, b) => a.durationSeconds! - b.durationSeconds!);
  expect(
    tooLong.map((v) => Math.floor(v.durationSeconds! / 60)),
    'the seeded long recordings',
  ).toEqual([55, 94]);
  const longVideo = tooLong[0]!;
  await openEditor(page, longVideo.videoId);
  const why = panel.getByRole('status').filter({ hasText: AI_TEXTS.ineligible });
  await expect(why).toContainText(
    `This video is ${durationText(longVideo.durationSeconds!)} long; AI suggestions are for videos up to ${AI_MAX_VIDEO_MINUTES} minutes.`,
  );
  await expect(why.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('button', { name: AI_TEXTS.generate })).toBeDisabled();
  await expect(panel).toContainText(quotaLeftText(AI_GENERATIONS_PER_MONTH));

  // …and a video of ordinary length may get them.
  const ordinary = longVideos.find((v) => shortEnough(v) && v.privacyStatus === 'public')!;
  await openEditor(page, ordinary.videoId);
  await expect(panel.getByRole('button', { name: AI_TEXTS.generate })).toBeEnabled();
  await expect(panel.getByRole('status').filter({ hasText: AI_TEXTS.ineligible })).toHaveCount(0);

  // ---- The journey's own channel: its weakest public video of ordinary length. ----
  await chooseChannel(page, CHANNEL);
  await waitForFirstSync(page, DEMO_CHANNEL_IDS[CHANNEL]);
  const channelId = await channelIdOf(page.request, CHANNEL);
  const candidates = (
    await listedVideos(page.request, channelId, 'sort=level&order=asc&visibility=public')
  ).filter((v) => shortEnough(v) && !v.hasDraft);
  expect(candidates.length).toBeGreaterThanOrEqual(AI_GENERATIONS_PER_MONTH + 1);
  const video = candidates[0]!;
  await openEditor(page, video.videoId);
  const main = page.getByRole('main');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue(video.title);

  // A search term from the suggestions, not in the title yet: the AI writes for it.
  const word = video.title
    .toLowerCase()
    .split(/[^a-z]+/)
    .reduce((a, b) => (b.length > a.length ? b : a), '');
  const searchTerm = page.getByRole('combobox', { name: 'Search term' });
  await searchTerm.fill(word);
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  const keywords = await options.evaluateAll((els) =>
    els.map((el) => el.querySelector('p')?.textContent ?? ''),
  );
  const notInTitle = keywords.filter((k) => k && !video.title.toLowerCase().includes(k));
  const term = notInTitle.find((k) => k.includes(' ')) ?? notInTitle[0];
  expect(term, `a suggestion for "${word}" among ${keywords.join(', ')}`).toBeDefined();
  await options.filter({ has: page.getByText(term!, { exact: true }) }).click();
  await expect(searchTerm).toHaveValue(term!);

  // ---- Generate: the pending state, polled until the suggestions are there. ----
  const quota = panel.getByText(/generations? left this month$/);
  await expect(quota).toHaveText(quotaLeftText(AI_GENERATIONS_PER_MONTH));
  await expect(panel).toContainText(
    `No suggestions yet. The AI writes 3 to 5 titles and a description for “${term}”.`,
  );
  // The model takes a while (longer than one poll), so the page is seen asking more than once.
  await setModelLatency(page.request, MODEL_LATENCY_MS);
  const polled: string[] = [];
  const onResponse = async (r: Response) => {
    const path = new URL(r.url()).pathname;
    if (r.request().method() !== 'GET') return;
    if (!path.endsWith(`/videos/${video.videoId}/ai/generations/latest`)) return;
    const body = (await r.json().catch(() => null)) as {
      generation: { status: string } | null;
    } | null;
    polled.push(body?.generation?.status ?? 'none');
  };
  page.on('response', onResponse);
  await markDocument(page);
  await panel.getByRole('button', { name: AI_TEXTS.generate }).click();
  const pending = panel.getByRole('progressbar', { name: AI_TEXTS.pendingProgress });
  await expect(pending).toBeVisible();
  await expect(panel.getByText(AI_TEXTS.pending)).toBeVisible();
  // The generation counts at once.
  await expect(quota).toHaveText(quotaLeftText(AI_GENERATIONS_PER_MONTH - 1));
  // A poll (every 10 s) still finds the AI writing: the page keeps showing the progress…
  await expect
    .poll(() => polled.some((status) => status === 'pending' || status === 'running'), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect(pending).toBeVisible();
  await setModelLatency(page.request, 0);
  // …and a later one brings the suggestions, without a reload.
  await expect(suggestedTitle(panel, 1)).toBeVisible({ timeout: 45_000 });
  await expect(pending).toBeHidden();
  page.off('response', onResponse);
  expect(await isSameDocument(page), 'no reload').toBe(true);
  expect(polled.at(-1)).toBe('done');
  await expect(panel.getByText(/^\d titles and a description from /)).toBeVisible();
  await expect(panel).toContainText(`for “${term}”.`);
  // Who asked for them, by name.
  await expect(panel).toContainText(`Asked for by ${DEMO_NAME} on `);

  // ---- Rate title 1 up and the description down; the ratings stay after a reload. ----
  const up = panel.getByRole('button', { name: 'Rate title 1 up' });
  const down = panel.getByRole('button', { name: 'Rate the description down' });
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  await expect(down).toHaveAttribute('aria-pressed', 'false');
  const rated = (target: string) =>
    page.waitForResponse(
      (r) =>
        r.request().method() === 'PUT' &&
        r.url().includes(`/videos/${video.videoId}/ai/generations/`) &&
        (r.request().postData() ?? '').includes(target),
    );
  const titleRated = rated('"title"');
  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  expect((await titleRated).ok()).toBe(true);
  const descriptionRated = rated('"description"');
  await down.click();
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  expect((await descriptionRated).ok()).toBe(true);
  await expect(panel.getByRole('button', { name: 'Rate title 1 down' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await page.reload();
  await expect(main.getByLabel(/^Mode: (Live|Draft)$/)).toBeVisible();
  // A generation that was done when the panel opened starts folded.
  await panel.getByRole('button', { name: 'Show suggestions' }).click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: 'Rate title 1 down' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(panel.getByRole('button', { name: 'Rate the description up' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // ---- Use title 1: it goes into the title field and the level rises. ----
  const suggestion = await suggestedTitleText(panel, 1);
  const levelBefore = await editorLevel(page);
  await panel.getByRole('button', { name: 'Use title 1' }).click();
  await expect(title).toHaveValue(suggestion);
  await expect(panel.getByRole('button', { name: 'title 1 is in use' })).toBeDisabled();
  await expect.poll(() => editorLevel(page)).toBeGreaterThan(levelBefore);

  // ---- Publish through the editor's own flow. ----
  const publish = main.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(main.getByRole('status').filter({ hasText: /^Published / })).toContainText(
    'to YouTube.',
  );
  await expect(main.getByLabel('Mode: Live')).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(suggestion);

  // ---- Spend the rest of the month on other videos: each generation counts when it starts. ----
  const others = candidates.slice(1, AI_GENERATIONS_PER_MONTH);
  for (const [i, other] of others.entries()) {
    await openEditor(page, other.videoId);
    const left = AI_GENERATIONS_PER_MONTH - 1 - i;
    await expect(quota).toHaveText(quotaLeftText(left));
    await panel.getByRole('button', { name: AI_TEXTS.generate }).click();
    await expect(panel.getByRole('progressbar', { name: AI_TEXTS.pendingProgress })).toBeVisible();
    if (left > 1) await expect(quota).toHaveText(quotaLeftText(left - 1));
  }

  // ---- The month is used up: the state says so with its reset date, and no Generate. ----
  const resetsAt = nextMonthStart(await serverNow(page.request));
  const resetText = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    resetsAt.toISOString(),
  );
  expect(resetText).toMatch(/^[A-Z][a-z]+ 1, \d{4}/);
  const exceeded = panel.getByRole('status').filter({ hasText: 'Quota exceeded' });
  await expect(exceeded).toContainText(
    `${AI_GENERATIONS_PER_MONTH} of ${AI_GENERATIONS_PER_MONTH} generations used this month. You can generate again from ${resetText}.`,
  );
  await expect(quota).toHaveCount(0);

  const unused = candidates[AI_GENERATIONS_PER_MONTH]!;
  await openEditor(page, unused.videoId);
  await expect(exceeded).toContainText(`You can generate again from ${resetText}.`);
  await expect(panel.getByRole('button', { name: AI_TEXTS.generate })).toBeDisabled();
  await expect(quota).toHaveCount(0);

  // The published video cannot regenerate either.
  await openEditor(page, video.videoId);
  await expect(exceeded).toContainText(`You can generate again from ${resetText}.`);
  await expect(panel.getByRole('button', { name: 'Regenerate' })).toBeDisabled();
});
