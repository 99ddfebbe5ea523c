/**
 * Shared knowledge of the app under test (seeded data, texts, paths) and the few steps every
 * journey repeats. Locators are role- and label-based, as a user (or a screen reader) finds things.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The demo account main.ts seeds in embedded mode (its documented defaults). */
export const DEMO = {
  email: 'demo@tubewise.local',
  password: 'tubewise-demo',
} as const;

/** The eight channels seeded for the demo account (apps/api/src/seed.ts). */
export const DEMO_CHANNELS = [
  'Trailside Kitchen',
  'Pixel Forge Tutorials',
  'Budget Van Life',
  'Daily Calm Yoga',
  'Garage Science',
  'Lena Learns Languages',
  'Retro Console Repair',
  'Small Garden Big Harvest',
] as const;

/** Where a signed-in user lands when going home. */
export const HOME_PATH = '/video-idea/discover';

/** Texts quoted from the spec (sections 2, 8 and 9). */
export const TEXTS = {
  sessionExpired: 'Your session has expired. Please click here to login',
  filterPlaceholder: 'Filter channels',
  filterHeading: 'Filter Channels',
  noChannels: 'No channels found',
  labsChip: 'BETA',
} as const;

/** A path matcher for toHaveURL: the exact path, with any query string or hash. */
export function atPath(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https?://[^/]+${escaped}(?:[?#].*)?$`);
}

/** The left navigation landmark. */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The header's channel picker button. */
export function channelPicker(page: Page): Locator {
  return page.getByRole('button', { name: 'Choose channel' });
}

/** The header's account button. */
export function accountButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Account menu' });
}

/** Fills and submits the login form (the page must show it). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('textbox', { name: 'Password' }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in through the login page and waits for the signed-in shell. */
export async function signIn(
  page: Page,
  options: { password?: string; expectPath?: string } = {},
): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, DEMO.email, options.password ?? DEMO.password);
  await expect(page).toHaveURL(atPath(options.expectPath ?? HOME_PATH));
  await expectShell(page);
}

/** Asserts the signed-in shell: navigation, header with a channel, account button. */
export async function expectShell(page: Page): Promise<void> {
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(channelPicker(page)).toBeEnabled();
  await expect(accountButton(page)).toBeVisible();
}
