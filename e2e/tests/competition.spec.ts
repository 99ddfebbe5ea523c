import { expect, test, type APIRequestContext } from '../support/test.ts';
import {
  DEMO_CHANNELS,
  HOME_PATH,
  atPath,
  channelPicker,
  mainNav,
  signIn,
  submitLogin,
} from '../support/app.ts';
import type { CompetitionReport } from '@tubewise/contract';
import { createPerson } from '../support/people.ts';
import { DEMO_CHANNEL_IDS, apiSession, myChannels, toast } from '../support/platform.ts';

const channel = DEMO_CHANNELS[0];
/** The channel the unflagged person is given, so the app lets them in (not the first one). */
const SHARED_CHANNEL = DEMO_CHANNELS[7];
/** The emulator's YouTube Data API key (apps/api config EMULATOR_CLIENT). */
const DATA_API_KEY = 'tubewise-emulator-key';
/** The emulator's keyword-data login (apps/api config EMULATOR_KEYWORD_DATA). */
const KEYWORD_DATA_AUTH = `Basic ${Buffer.from('tubewise-emulator:tubewise-emulator-secret').toString('base64')}`;
/** The result slots share of voice and the gaps look at. */
const DEPTH = 20;

/** A channel of the emulator's search results. */
interface SerpChannel {
  id: string;
  name: string;
}

/** A channel of the search results and its gaps. */
interface Rival {
  channel: SerpChannel;
  /**
   * Tracked keywords it ranks on and the demo channel does not that are tags of its latest
   * uploads: the report lists an untracked keyword only when it is a phrase of a competitor's
   * public videos (which of these are, only the report says: it mines phrases its own way).
   */
  gapTags: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The id of a demo channel by name. */
async function channelIdOf(api: APIRequestContext, name: string): Promise<string> {
  const id = (await myChannels(api)).myChannels.find((c) => c.name === name)?.id;
  expect(id, name).toBeDefined();
  return id!;
}

/** The channel's tracked keywords (id and keyword). */
async function trackedKeywords(
  api: APIRequestContext,
  channelId: string,
): Promise<{ id: string; keyword: string }[]> {
  const list = await api.get(`/api/rankings/channels/${channelId}/keywords`);
  expect(list.ok(), await list.text()).toBe(true);
  return ((await list.json()) as { items: { id: string; keyword: string }[] }).items;
}

/** The channels of a keyword's first DEPTH results in the emulator's search (the test's own look). */
async function serpChannels(api: APIRequestContext, keyword: string): Promise<SerpChannel[]> {
  const response = await api.post('/emulator/v3/serp/youtube/organic/live/advanced', {
    headers: { authorization: KEYWORD_DATA_AUTH },
    data: [{ keyword, location_code: 2840, language_code: 'en', block_depth: DEPTH }],
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as {
    tasks: {
      result: { items: { type: string; channel_id: string; channel_name: string }[] }[];
    }[];
  };
  return (body.tasks[0]?.result?.[0]?.items ?? [])
    .filter((i) => i.type === 'youtube_video')
    .slice(0, DEPTH)
    .map((i) => ({ id: i.channel_id, name: i.channel_name }));
}

/** The tags of a channel's latest 50 uploads, lower-cased, from the emulator's Data API. */
async function uploadTags(api: APIRequestContext, channelId: string): Promise<Set<string>> {
  const get = async <T>(path: string, params: Record<string, string>): Promise<T> => {
    const query = new URLSearchParams({ ...params, key: DATA_API_KEY });
    const response = await api.get(`/emulator/youtube/v3/${path}?${query}`);
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };
  const channels = await get<{
    items?: { contentDetails: { relatedPlaylists: { uploads: string } } }[];
  }>('channels', { part: 'contentDetails', id: channelId });
  const uploads = channels.items?.[0]?.contentDetails.relatedPlaylists.uploads;
  if (!uploads) return new Set();
  const page = await get<{ items: { contentDetails: { videoId: string } }[] }>('playlistItems', {
    part: 'contentDetails',
    playlistId: uploads,
    maxResults: '50',
  });
  if (page.items.length === 0) return new Set();
  const videos = await get<{ items: { snippet: { tags?: string[] } }[] }>('videos', {
    part: 'snippet',
    id: page.items.map((i) => i.contentDetails.videoId).join(','),
  });
  return new Set(
    videos.items.flatMap((v) => v.snippet.tags ?? []).map((t) => t.trim().toLowerCase()),
  );
}

/**
 * The channels of the search results of the demo channel's tracked keywords (names unique, so the
 * journey can find them by name), the most present first, with their gap tags.
 */
async function rankRivals(api: APIRequestContext, keywords: readonly string[]): Promise<Rival[]> {
  const own = DEMO_CHANNEL_IDS[channel];
  const presence = new Map<string, { channel: SerpChannel; keywords: Set<string> }>();
  const gaps = new Map<string, Set<string>>();
  for (const keyword of keywords) {
    const found = await serpChannels(api, keyword);
    const ownRanks = found.some((c) => c.id === own);
    for (const c of found) {
      if (c.id === own) continue;
      const entry = presence.get(c.id) ?? { channel: c, keywords: new Set<string>() };
      entry.keywords.add(keyword);
      presence.set(c.id, entry);
      if (!ownRanks) gaps.set(c.id, (gaps.get(c.id) ?? new Set()).add(keyword));
    }
  }
  const names = new Map<string, number>();
  for (const { channel: c } of presence.values()) names.set(c.name, (names.get(c.name) ?? 0) + 1);
  const ranked = [...presence.values()]
    .filter((p) => names.get(p.channel.name) === 1)
    .sort((a, b) => b.keywords.size - a.keywords.size || (a.channel.id < b.channel.id ? -1 : 1));
  const rivals: Rival[] = [];
  for (const p of ranked) {
    const candidates = [...(gaps.get(p.channel.id) ?? [])];
    const tags = candidates.length > 0 ? await uploadTags(api, p.channel.id) : new Set<string>();
    rivals.push({
      channel: p.channel,
      gapTags: candidates.filter((k) => tags.has(k.toLowerCase())),
    });
  }
  return rivals;
}

/**
 * The most present rival the report lists an untracked gap for (its gap tags untracked already),
 * and that keyword: asked of the report with up to five rivals followed at a time through the
 * API, then unfollowed again (the journey follows its two through the page).
 */
async function findGap(
  api: APIRequestContext,
  channelId: string,
  rivals: readonly Rival[],
  following: string[],
): Promise<{ rival: SerpChannel; keyword: string }> {
  const url = `/api/channels/${channelId}/competitors`;
  const withTags = rivals.filter((r) => r.gapTags.length > 0);
  for (let i = 0; i < withTags.length; i += 5) {
    const batch = withTags.slice(i, i + 5);
    for (const r of batch) {
      following.push(r.channel.id);
      const added = await api.post(url, { data: { youtubeId: r.channel.id } });
      expect(added.status(), await added.text()).toBe(201);
    }
    const response = await api.get(`/api/channels/${channelId}/competition`);
    expect(response.ok(), await response.text()).toBe(true);
    const { gaps } = (await response.json()) as CompetitionReport;
    for (const r of batch) {
      const removed = await api.delete(`${url}/${r.channel.id}`, {
        headers: { 'content-type': 'application/json' },
      });
      expect(removed.ok(), await removed.text()).toBe(true);
    }
    following.length = 0;
    for (const r of batch) {
      const gap = gaps.find(
        (g) =>
          !g.tracked &&
          r.gapTags.includes(g.keyword) &&
          g.competitors.some((c) => c.youtubeId === r.channel.id),
      );
      if (gap) return { rival: r.channel, keyword: gap.keyword };
    }
  }
  throw new Error(`No untracked gap among ${withTags.flatMap((r) => r.gapTags).join(', ')}`);
}

let cleanup: { channelId: string; competitors: string[]; keywords: string[] } | null = null;

// Leaves the demo as the other journeys expect it: no competitors, the seeded keywords tracked.
test.afterEach(async ({ baseURL }) => {
  if (!cleanup) return;
  const api = await apiSession(baseURL);
  try {
    const { channelId, competitors, keywords } = cleanup;
    for (const youtubeId of competitors) {
      const removed = await api.delete(`/api/channels/${channelId}/competitors/${youtubeId}`, {
        headers: { 'content-type': 'application/json' },
      });
      expect([200, 404], await removed.text()).toContain(removed.status());
    }
    const tracked = new Set((await trackedKeywords(api, channelId)).map((k) => k.keyword));
    for (const keyword of keywords.filter((k) => !tracked.has(k))) {
      const added = await api.post(`/api/rankings/channels/${channelId}/keywords`, {
        data: { text: keyword, language: 'en-us' },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
  } finally {
    cleanup = null;
    await api.dispose();
  }
});

test('competition: add two competitors found by search, read share of voice and the gaps, track a gap', async ({
  page,
}) => {
  await signIn(page);
  await expect(channelPicker(page)).toHaveText(channel);
  const channelId = await channelIdOf(page.request, channel);
  const tracked = await trackedKeywords(page.request, channelId);
  const rivals = await rankRivals(
    page.request,
    tracked.map((k) => k.keyword),
  );
  // The rivals' gap tags are taken off the tracked list: their stored results stay, so those the
  // report finds in a rival's public videos show as gaps to track again (which the journey does
  // from the gap list for one of them).
  const untrack = [...new Set(rivals.flatMap((r) => r.gapTags))];
  expect(
    untrack.length,
    'a channel ranks where the demo channel does not, on its tag',
  ).toBeGreaterThan(0);
  cleanup = { channelId, competitors: [], keywords: untrack };
  const untracked = await page.request.post(`/api/rankings/channels/${channelId}/keywords/delete`, {
    data: { ids: tracked.filter((k) => untrack.includes(k.keyword)).map((k) => k.id) },
  });
  expect(untracked.ok(), await untracked.text()).toBe(true);
  const stillTracked = tracked.length - untrack.length;
  const { rival, keyword: gapKeyword } = await findGap(
    page.request,
    channelId,
    rivals,
    cleanup.competitors,
  );
  // The next most present channel: share of voice has two rivals.
  const second = rivals.find((r) => r.channel.id !== rival.id);
  expect(second, 'a second channel ranks on the tracked keywords').toBeDefined();
  const other = second!.channel;
  cleanup.competitors = [rival.id, other.id];

  // ---- Competition from the navigation: no competitors yet. ----
  await mainNav(page).getByRole('link', { name: 'Competition', exact: true }).click();
  await expect(page).toHaveURL(atPath('/competition'));
  await expect(page.getByRole('heading', { level: 1, name: 'Competition' })).toBeVisible();
  await expect(page.getByText('No competitors yet')).toBeVisible();

  // ---- Find two channels by name and add them. ----
  const search = page.getByRole('search', { name: 'Find competitors' });
  const found = page.getByRole('list', { name: 'Channels found' });
  const competitors = page.getByRole('list', { name: 'Competitors' });
  for (const c of [rival, other]) {
    await search.getByRole('textbox', { name: 'Search channels by name' }).fill(c.name);
    await search.getByRole('textbox', { name: 'Search channels by name' }).press('Enter');
    await found.getByRole('button', { name: `Add ${c.name}`, exact: true }).click();
    await expect(
      competitors.getByRole('link', { name: new RegExp(`^${escapeRegExp(c.name)} `) }),
    ).toBeVisible();
    await expect(found.getByRole('listitem').filter({ hasText: c.name }).first()).toContainText(
      'Added',
    );
  }
  await expect(page.getByText('2 of 5 competitors')).toBeVisible();
  await expect(page.getByText('No competitors yet')).toBeHidden();

  // ---- Share of voice: the method, how many keywords counted, a row per channel. ----
  // Counted: the tracked keywords with stored results that carry a weight (those without a
  // cached volume are not, while others have one), as the report says.
  const response = await page.request.get(`/api/channels/${channelId}/competition`);
  expect(response.ok(), await response.text()).toBe(true);
  const report = (await response.json()) as CompetitionReport;
  expect(report.shareOfVoice.keywords).toBeGreaterThan(0);
  const sov = page.getByRole('region', { name: 'Share of voice' });
  await expect(sov.getByRole('list', { name: 'How share of voice is computed' })).toContainText(
    `Counted: ${report.shareOfVoice.keywords} of ${stillTracked} tracked keywords`,
  );
  const sovTable = sov.getByRole('table');
  await expect(sovTable.getByRole('row')).toHaveCount(4);
  await expect(
    sovTable.getByRole('row', { name: new RegExp(`^${escapeRegExp(channel)} \\(your channel\\)`) }),
  ).toContainText(/\d+(\.\d)?%/);
  for (const c of [rival, other]) {
    await expect(
      sovTable.getByRole('row', { name: new RegExp(`^${escapeRegExp(c.name)} `) }),
    ).toContainText(/\d+(\.\d)?%/);
  }

  // ---- The gap list: the rival's untracked keyword, with its three actions. ----
  const gaps = page.getByRole('region', { name: 'Keyword gaps' });
  const gapRow = gaps.getByRole('row', { name: new RegExp(`^${escapeRegExp(gapKeyword)} `) });
  await expect(gapRow).toContainText(`${rival.name}: #`);
  const seed = new URLSearchParams({ seed: gapKeyword, language: 'en-us' });
  await expect(
    gapRow.getByRole('link', { name: `Find an idea for “${gapKeyword}”` }),
  ).toHaveAttribute('href', `/video-idea/discover?${seed}`);
  const optimise = gapRow.getByRole('link', { name: `Optimise a video for “${gapKeyword}”` });
  if ((await optimise.count()) > 0) {
    await expect(optimise).toHaveAttribute(
      'href',
      new RegExp(
        `^/optimization/videos/[^?]+\\?${escapeRegExp(String(new URLSearchParams({ searchTerm: gapKeyword })))}$`,
      ),
    );
  }
  await gapRow.getByRole('button', { name: `Track “${gapKeyword}”` }).click();
  await expect(toast(page, `Now tracking “${gapKeyword}”`)).toBeVisible();
  await expect(gapRow.getByRole('button', { name: `Track “${gapKeyword}”` })).toBeHidden();
  await expect(gapRow).toContainText('Tracked');
  expect((await trackedKeywords(page.request, channelId)).map((k) => k.keyword)).toContain(
    gapKeyword,
  );

  // ---- Activity, top videos and tags of every channel. ----
  const activity = page.getByRole('region', { name: 'Upload cadence and views per video' });
  await expect(activity.getByRole('table').getByRole('row')).toHaveCount(4);
  const top = page.getByRole('region', { name: 'Top videos and tags' });
  for (const name of [`${channel} (your channel)`, rival.name, other.name]) {
    await expect(top.getByRole('article', { name })).toBeVisible();
  }

  // ---- On a phone nothing scrolls sideways: the wide tables scroll in place, by keyboard too. ----
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  const gapScroller = gaps.getByRole('group', { name: 'Keyword gaps table' });
  await gapScroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => gapScroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // ---- Remove both: back to the invitation. ----
  for (const c of [rival, other]) {
    await competitors.getByRole('button', { name: `Remove ${c.name}` }).click();
    await expect(toast(page, `Removed ${c.name}.`)).toBeVisible();
  }
  await expect(page.getByText('No competitors yet')).toBeVisible();
});

test('without the competition flag: no Competition item and /competition is not found', async ({
  browser,
  baseURL,
  a11y,
}) => {
  const person = await createPerson(baseURL!, 'competition');
  // Give the person a channel (else every page sends them to connect one).
  const demo = await apiSession(baseURL);
  const sharedId = await channelIdOf(demo, SHARED_CHANNEL);
  const invite = await demo.post(`/api/channels/${sharedId}/members`, {
    data: { email: person.email },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const context = await browser.newContext();
  const page = await context.newPage();
  await a11y.watch(page);
  try {
    await page.goto('/login');
    await submitLogin(page, person.email, person.password);
    await expect(page).toHaveURL(atPath(HOME_PATH));
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Ideation', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Competition', exact: true })).toHaveCount(0);

    await page.goto('/competition');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found');
    await expect(page.getByRole('heading', { name: 'Competition' })).toHaveCount(0);
    // The API refuses them too.
    const refused = await page.request.get(`/api/channels/${sharedId}/competitors`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'feature-not-enabled',
    );
  } finally {
    await context.close();
    const removed = await demo.delete(
      `/api/channels/${sharedId}/members/${encodeURIComponent(person.email)}`,
      { headers: { 'content-type': 'application/json' } },
    );
    expect(removed.ok(), await removed.text()).toBe(true);
    await demo.dispose();
  }
});
