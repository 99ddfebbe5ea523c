import { deflateSync } from 'node:zlib';
import { DEMO_CHANNELS, HOME_PATH, atPath, mainNav, signIn, submitLogin } from '../support/app.ts';
import { expect, test } from '../support/own-server.ts';
import type { APIRequestContext, Locator, Page } from '../support/test.ts';
import { createPerson } from '../support/people.ts';
import { apiSession, myChannels } from '../support/platform.ts';

/**
 * Labs' thumbnail tests, as a labs user: a three-variant test rotated day by day to its declared
 * winner, and a second test stopped early with the original thumbnail back; without the flag
 * there is no Labs. The journey moves the clock (product and emulator) days on, so it runs on a
 * server of its own (support/own-server.ts).
 */
test.use({
  // Only the demo account's first channel: it starts sooner and is all the journey needs.
  // A trial long enough for the days the journey moves on (an ended trial refuses new tests).
  ownServerEnv: { DEMO_CONNECTED_CHANNELS: '1', TRIAL_DAYS: '60' },
  // Quota days are Pacific: dates on the page then name the same days as the server.
  locale: 'en-US',
  timezoneId: 'America/Los_Angeles',
});

/** The emulator's YouTube Data API key (apps/api config EMULATOR_CLIENT). */
const DATA_API_KEY = 'tubewise-emulator-key';
const WIDTH = 1280;
const HEIGHT = 720;
/** The shortest test (labs-constants THUMBNAIL_TEST_DURATION_MIN_DAYS). */
const MIN_DAYS = 6;

type Rgb = readonly [number, number, number];

/** An image as raw RGB rows (the journey's own pictures). */
interface Picture {
  name: string;
  pixel: (x: number, y: number) => Rgb;
}

/** One CRC-32 of PNG chunks (the table is made once). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1280×720 RGB PNG of the picture (8-bit, no filter). */
function png(picture: Picture): Buffer {
  const rows = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * (WIDTH * 3 + 1);
    for (let x = 0; x < WIDTH; x++) {
      const [r, g, b] = picture.pixel(x, y);
      rows[row + 1 + x * 3] = r;
      rows[row + 2 + x * 3] = g;
      rows[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Three thumbnails the emulator's Analytics tells apart (apps/emulator/src/thumbnail-appeal.ts:
 * vivid, high-contrast images earn more views than flat grey ones): flat grey, muted halves,
 * and saturated stripes of light and dark colours.
 */
const GREY: Picture = { name: 'flat-grey.png', pixel: () => [128, 128, 128] };
const MUTED: Picture = {
  name: 'muted.png',
  pixel: (x) => (x < WIDTH / 2 ? [150, 128, 110] : [110, 128, 150]),
};
const STRIPES: Rgb[] = [
  [255, 230, 0],
  [0, 0, 200],
  [255, 0, 0],
  [0, 0, 0],
  [0, 255, 255],
  [200, 0, 200],
  [255, 255, 0],
  [0, 60, 255],
];
const VIVID: Picture = {
  name: 'vivid.png',
  pixel: (x) => STRIPES[Math.floor((x * STRIPES.length) / WIDTH)]!,
};

/** Mean colour of each cell of a 4×4 grid: what an image looks like, roughly. */
type Fingerprint = number[];
const GRID = 4;

function fingerprintOf(picture: Picture): Fingerprint {
  const out: number[] = [];
  const cw = WIDTH / GRID;
  const ch = HEIGHT / GRID;
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      const sum: [number, number, number] = [0, 0, 0];
      let n = 0;
      for (let y = gy * ch; y < (gy + 1) * ch; y += 8) {
        for (let x = gx * cw; x < (gx + 1) * cw; x += 2) {
          const p = picture.pixel(x, y);
          sum[0] += p[0];
          sum[1] += p[1];
          sum[2] += p[2];
          n++;
        }
      }
      out.push(...sum.map((s) => s / n));
    }
  }
  return out;
}

/** Mean absolute difference of two fingerprints, per colour channel (0–255). */
function distance(a: Fingerprint, b: Fingerprint): number {
  return a.reduce((d, v, i) => d + Math.abs(v - b[i]!), 0) / a.length;
}

/** The video's thumbnail as YouTube serves it now: its largest size's URL. */
async function platformThumbnailUrl(api: APIRequestContext, videoId: string): Promise<string> {
  const query = new URLSearchParams({ part: 'snippet', id: videoId, key: DATA_API_KEY });
  const response = await api.get(`/emulator/youtube/v3/videos?${query.toString()}`);
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as {
    items: { snippet: { thumbnails: Record<string, { url: string; width: number }> } }[];
  };
  const sizes = Object.values(body.items[0]!.snippet.thumbnails);
  return sizes.sort((a, b) => b.width - a.width)[0]!.url;
}

/**
 * The fingerprint of the image YouTube serves for the video now, measured in the browser (a
 * canvas of the same-origin image; a fresh query so no cached copy answers: YouTube keeps a
 * video's thumbnail URLs when its image changes).
 */
async function platformFingerprint(
  page: Page,
  api: APIRequestContext,
  videoId: string,
): Promise<Fingerprint> {
  const url = new URL(await platformThumbnailUrl(api, videoId));
  url.searchParams.set('seen', String(Date.now()));
  return page.evaluate(
    async ({ src, grid }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0, 320, 180);
      const { data } = context.getImageData(0, 0, 320, 180);
      const out: number[] = [];
      const cw = 320 / grid;
      const ch = 180 / grid;
      for (let gy = 0; gy < grid; gy++) {
        for (let gx = 0; gx < grid; gx++) {
          const sum = [0, 0, 0];
          let n = 0;
          for (let y = gy * ch; y < (gy + 1) * ch; y++) {
            for (let x = gx * cw; x < (gx + 1) * cw; x++) {
              const i = (y * 320 + x) * 4;
              sum[0]! += data[i]!;
              sum[1]! += data[i + 1]!;
              sum[2]! += data[i + 2]!;
              n++;
            }
          }
          out.push(...sum.map((s) => s / n));
        }
      }
      return out;
    },
    { src: url.toString(), grid: GRID },
  );
}

/** A video of the optimisation list (what the journey needs of it). */
interface ListedVideo {
  videoId: string;
  title: string;
  views: number | null;
  privacyStatus: string | null;
}

/** Every video of the channel, from the product's list (50 a page). */
async function allVideos(api: APIRequestContext, channelId: string): Promise<ListedVideo[]> {
  const videos: ListedVideo[] = [];
  for (let page = 1; ; page++) {
    const response = await api.get(
      `/optimization/channels/${channelId}/videos?tab=all&page=${page}`,
    );
    expect(response.ok(), await response.text()).toBe(true);
    const body = (await response.json()) as { items: ListedVideo[]; total: number };
    videos.push(...body.items);
    if (body.items.length === 0 || videos.length >= body.total) return videos;
  }
}

/** Moves the product's and the emulator's clock on by a day (each crossed midnight swaps). */
async function advanceADay(api: APIRequestContext): Promise<void> {
  const response = await api.post('/emulator/_emulator/advance', { data: { days: 1 } });
  expect(response.ok(), await response.text()).toBe(true);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The cards of the test's thumbnails. */
const variantCard = (page: Page, label: string): Locator =>
  page
    .getByRole('list', { name: 'Thumbnails in this test' })
    .getByRole('article', { name: `Thumbnail ${label}` });

/** Starts a test from the "New test" form. */
async function startTest(
  page: Page,
  video: ListedVideo,
  pictures: Picture[],
  options: { days?: number; metric?: RegExp } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'New test' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'New test' })).toBeFocused();
  await page
    .getByRole('searchbox', { name: 'Search your videos' })
    .fill(video.title.slice(0, 60).trim());
  // Titles may repeat: the views the choice shows tell them apart.
  const views = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
  await page
    .getByRole('radio', {
      name: new RegExp(
        `^${escapeRegExp(video.title)} ${escapeRegExp(views.format(video.views ?? 0))} views`,
      ),
    })
    // The search asks the server again (slow on a busy machine).
    .check({ timeout: 30_000 });
  await page
    .getByTestId('thumbnail-file-input')
    .setInputFiles(pictures.map((p) => ({ name: p.name, mimeType: 'image/png', buffer: png(p) })));
  const chosen = page.getByRole('list', { name: 'Chosen thumbnails' });
  for (const [i, p] of pictures.entries()) {
    const label = String.fromCharCode(65 + i);
    await expect(chosen.getByText(`${label}: ${p.name} (1280×720)`)).toBeVisible();
  }
  if (options.days !== undefined) {
    await page.getByRole('spinbutton', { name: 'Duration in days' }).fill(String(options.days));
  }
  if (options.metric) await page.getByRole('radio', { name: options.metric }).check();
  await expect(page.getByText(/swapped every day at midnight Pacific/)).toBeVisible();
  await page.getByRole('button', { name: 'Start test' }).click();
  // Starting reads the video, keeps its live image and sets the first thumbnail on YouTube.
  await expect(page.getByRole('heading', { level: 2, name: video.title })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('test-status')).toHaveText('Running');
}

test('labs: a three-thumbnail test rotates daily to its winner; a stopped test puts the original back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const api = await apiSession(baseURL);
  try {
    const channelId = (await myChannels(api)).myChannels.find(
      (c) => c.name === DEMO_CHANNELS[0],
    )?.id;
    expect(channelId).toBeDefined();
    // The public videos with the most views: Analytics has figures for them every day.
    const videos = (await allVideos(api, channelId!))
      .filter((v) => v.privacyStatus === 'public' && (v.views ?? 0) > 0)
      .sort((a, b) => (b.views ?? 0) - (a.views ?? 0));
    const [tested, stoppedVideo] = videos;
    expect(tested && stoppedVideo, 'two public videos with views').toBeTruthy();

    // ---- Labs from the navigation, with its BETA chip; nothing tested yet. ----
    await signIn(page);
    const labsLink = mainNav(page).getByRole('link', { name: 'Labs BETA' });
    await expect(labsLink.getByText('BETA')).toBeVisible();
    await labsLink.click();
    await expect(page).toHaveURL(atPath('/labs'));
    await expect(page.getByRole('heading', { level: 1, name: 'Labs' })).toBeVisible();
    await expect(page.getByText('No thumbnail tests yet')).toBeVisible();
    await expect(page.getByText(/Each daily swap costs 50 quota units/)).toBeVisible();

    // ---- A three-thumbnail test of the shortest duration, decided by views per day. ----
    await startTest(page, tested!, [GREY, MUTED, VIVID], {
      days: MIN_DAYS,
      metric: /^Views per day/,
    });
    await expect(variantCard(page, 'A').getByText('Live now', { exact: true })).toBeVisible();
    await expect(page.getByText(/Next swap:/)).toBeVisible();
    await expect(
      page.getByText(/The thumbnail changes every day at midnight Pacific time/),
    ).toBeVisible();
    // YouTube shows the first thumbnail at once.
    expect(
      distance(await platformFingerprint(page, api, tested!.videoId), fingerprintOf(GREY)),
    ).toBeLessThan(12);

    // The editor shows the running test and keeps the thumbnail as it is until the test ends.
    await page.goto(`/optimization/videos/${encodeURIComponent(tested!.videoId)}`);
    const thumbnailField = page.getByRole('region', { name: 'Thumbnail', exact: true });
    // The editor loads the video, its draft and recommendations first (slow on a busy machine).
    await expect(
      thumbnailField.getByText(/A thumbnail test is running on this video until/),
    ).toBeVisible({ timeout: 30_000 });
    await expect(thumbnailField.getByRole('button', { name: 'Upload thumbnail' })).toBeDisabled();
    await thumbnailField.getByRole('link', { name: 'See the test in Labs' }).click();
    await expect(page).toHaveURL(atPath('/labs'));
    await expect(page.getByRole('heading', { level: 2, name: tested!.title })).toBeVisible();

    // ---- Day by day: A on the first full day, then B, then C. ----
    const days = page.getByRole('list', { name: 'Thumbnail live each day' });
    for (const label of ['A', 'B', 'C']) {
      await advanceADay(api);
      await page.reload();
      await expect(variantCard(page, label).getByText('Live now', { exact: true })).toBeVisible();
      await expect(
        days.getByRole('listitem', { name: new RegExp(`thumbnail ${label} \\(today\\)$`) }),
      ).toBeVisible();
    }
    await expect(
      page.getByRole('table', { name: 'Exposure windows' }).getByRole('row'),
    ).toHaveCount(1 + 3);
    // Analytics' figures of the measured days come in.
    await expect(
      variantCard(page, 'A').getByText('Measured days').locator('xpath=following-sibling::dd[1]'),
    ).not.toHaveText('0');

    // ---- Through the duration (and the last days' figures) until the test is decided. ----
    const banner = page.getByRole('status').filter({ hasText: /Winner: |No clear winner/ });
    await expect(async () => {
      await advanceADay(api);
      await page.reload();
      await expect(banner).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 120_000, intervals: [0] });
    await expect(page.getByTestId('test-status')).toHaveText('Completed');
    // The vivid, high-contrast thumbnail (C) brings the most views and is applied.
    await expect(banner).toContainText('Winner: C');
    await expect(banner).toContainText(/probability of being best and is applied to the video/);
    await expect(variantCard(page, 'C').getByText('Winner', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop test' })).toHaveCount(0);
    expect(
      distance(await platformFingerprint(page, api, tested!.videoId), fingerprintOf(VIVID)),
    ).toBeLessThan(12);

    // ---- A second test, stopped early: the original thumbnail is back. ----
    const original = await platformFingerprint(page, api, stoppedVideo!.videoId);
    await page.getByRole('link', { name: 'All tests' }).click();
    await expect(
      page.getByRole('region', { name: 'Ended' }).getByText(tested!.title),
    ).toBeVisible();
    await startTest(page, stoppedVideo!, [GREY, VIVID]);
    expect(
      distance(await platformFingerprint(page, api, stoppedVideo!.videoId), fingerprintOf(GREY)),
    ).toBeLessThan(12);
    await page.getByRole('button', { name: 'Stop test' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Stop the test and put the original thumbnail back?',
    });
    await expect(dialog.getByRole('button', { name: 'Keep running' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Stop test' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('test-status')).toHaveText('Stopped');
    await expect(page.getByRole('status').filter({ hasText: 'Test stopped' })).toContainText(
      'Original thumbnail restored',
    );
    expect(
      distance(await platformFingerprint(page, api, stoppedVideo!.videoId), original),
    ).toBeLessThan(12);
    // The list: nothing running, both ended.
    await page.getByRole('link', { name: 'All tests' }).click();
    await expect(page.getByRole('region', { name: 'Running' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Ended' }).getByRole('listitem')).toHaveCount(2);
  } finally {
    await api.dispose();
  }
});

test('without the labs flag: no Labs item and /labs is not found', async ({
  browser,
  baseURL,
  a11y,
}) => {
  const person = await createPerson(baseURL!, 'labs');
  // Give the person a channel (else every page sends them to connect one).
  const demo = await apiSession(baseURL);
  const channelId = (await myChannels(demo)).myChannels[0]!.id;
  const invite = await demo.post(`/api/channels/${channelId}/members`, {
    data: { email: person.email },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await a11y.watch(page);
  try {
    await page.goto('/login');
    await submitLogin(page, person.email, person.password);
    await expect(page).toHaveURL(atPath(HOME_PATH));
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Ideation', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Labs/ })).toHaveCount(0);

    await page.goto('/labs');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found');
    await expect(page.getByRole('heading', { name: 'Labs' })).toHaveCount(0);
    // The API refuses them too.
    const refused = await page.request.get(`/api/labs/channels/${channelId}/thumbnail-tests`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'feature-not-enabled',
    );
  } finally {
    await context.close();
    await demo.dispose();
  }
});
