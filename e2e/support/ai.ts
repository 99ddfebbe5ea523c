/**
 * What the AI journeys share: the editor's "AI suggestions" panel and its texts, the channel a
 * journey works on, the videos of a channel as the product lists them (the journey's own look,
 * to pick its videos), the editor's level, and the emulator's clock and model switches.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { channelPicker } from './app.ts';
import { myChannels } from './platform.ts';

/** Texts of the panel (apps/web/src/features/optimization/editor/ai-texts.ts). */
export const AI_TEXTS = {
  generate: 'Generate titles and description',
  /** The pending state's text (AI_POLL_DELAY_MS = 10 s). */
  pending: 'Writing titles and a description… this takes a few seconds; we check every 10 seconds.',
  /** Accessible name of the pending state's progress bar. */
  pendingProgress: 'Writing AI suggestions',
  ineligible: 'This video cannot get AI suggestions now',
} as const;

/** The playwright.config.ts setting AI_GENERATIONS_PER_MONTH. */
export const AI_GENERATIONS_PER_MONTH = 4;
/** The API's default AI_MAX_VIDEO_MINUTES. */
export const AI_MAX_VIDEO_MINUTES = 45;

/** The editor's "AI suggestions" panel. */
export function aiPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'AI suggestions' });
}

/** One suggested title of the panel (1-based, as the panel numbers them). */
export function suggestedTitle(panel: Locator, n: number): Locator {
  return panel.getByRole('listitem', { name: `Title ${n}`, exact: true });
}

/** The text of a suggested title (its first paragraph). */
export async function suggestedTitleText(panel: Locator, n: number): Promise<string> {
  const text = (await suggestedTitle(panel, n).locator('p').first().textContent()) ?? '';
  expect(text, `title ${n}`).not.toBe('');
  return text;
}

/** "3 of 4 generations left this month". */
export function quotaLeftText(remaining: number, limit = AI_GENERATIONS_PER_MONTH): string {
  return `${remaining} of ${limit} generation${limit === 1 ? '' : 's'} left this month`;
}

/** "45 minutes", "55 minutes 12 seconds" (as the panel says a video's length). */
export function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return rest === 0
    ? part(minutes, 'minute')
    : `${part(minutes, 'minute')} ${part(rest, 'second')}`;
}

/** Chooses a channel through the header's picker (filtering by name first). */
export async function chooseChannel(page: Page, name: string): Promise<void> {
  await channelPicker(page).click();
  await page.getByRole('textbox', { name: 'Filter Channels' }).fill(name);
  await page.getByRole('menu', { name: 'Channels' }).getByRole('menuitem', { name }).click();
  await expect(channelPicker(page)).toHaveText(name);
}

/** The product id of one of the demo account's channels. */
export async function channelIdOf(api: APIRequestContext, name: string): Promise<string> {
  const id = (await myChannels(api)).myChannels.find((c) => c.name === name)?.id;
  expect(id, name).toBeDefined();
  return id!;
}

/** A row of the optimisation list, as GET /optimization/channels/:id/videos answers it. */
export interface ListedVideo {
  videoId: string;
  title: string;
  privacyStatus: string | null;
  durationSeconds: number | null;
  isShort: boolean;
  level: number;
  hasDraft: boolean;
}

/** Every video of a channel in the list's order for `query` (e.g. 'sort=level&order=asc'). */
export async function listedVideos(
  api: APIRequestContext,
  channelId: string,
  query = '',
): Promise<ListedVideo[]> {
  const all: ListedVideo[] = [];
  for (let page = 1; ; page++) {
    const response = await api.get(
      `/optimization/channels/${channelId}/videos?page=${page}${query ? `&${query}` : ''}`,
    );
    expect(response.ok(), await response.text()).toBe(true);
    const body = (await response.json()) as { items: ListedVideo[]; total: number };
    all.push(...body.items);
    if (body.items.length === 0 || all.length >= body.total) return all;
  }
}

/** Whether a listed video can get AI suggestions as far as its length goes. */
export function shortEnough(video: ListedVideo): boolean {
  return video.durationSeconds !== null && video.durationSeconds <= AI_MAX_VIDEO_MINUTES * 60;
}

/** The editor's live optimisation level (the ring in the recommendations panel). */
export async function editorLevel(page: Page): Promise<number> {
  const ring = page
    .getByRole('region', { name: 'Recommendations' })
    .getByRole('progressbar', { name: 'Optimization level' });
  return Number(await ring.getAttribute('aria-valuenow'));
}

/**
 * The embedded product's "now": the emulator's clock, which the product's clock follows (the
 * rankings journey moves both a day on). Advancing by nothing only reads it.
 */
export async function serverNow(api: APIRequestContext): Promise<Date> {
  const response = await api.post('/emulator/_emulator/advance', { data: { days: 0 } });
  expect(response.ok(), await response.text()).toBe(true);
  return new Date(((await response.json()) as { now: string }).now);
}

/** Midnight UTC of the first day of the month after `at`: when a month's AI quota starts again. */
export function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** The emulated model's method name for the latency switch (apps/emulator llm-routes.ts). */
const CHAT_COMPLETIONS_METHOD = 'chat.completions.create';

/** Makes the emulated model take `ms` before it answers (0: at once). */
export async function setModelLatency(api: APIRequestContext, ms: number): Promise<void> {
  const response = await api.post('/emulator/_emulator/latency', {
    data: { ms, method: CHAT_COMPLETIONS_METHOD },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
