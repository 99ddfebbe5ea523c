import { expect, test } from '../support/test.ts';
import { HOME_PATH, atPath, mainNav, signIn } from '../support/app.ts';

/** Each navigation item: its accessible name, where it goes, and that page's title and heading. */
const ITEMS = [
  { name: 'Ideation', path: '/video-idea/discover', title: 'Ideation' },
  { name: 'Saved ideas', path: '/video-idea/saved', title: 'Saved ideas' },
  { name: 'Optimization', path: '/optimization', title: 'Optimization' },
  { name: 'Reporting', path: '/reporting/overview', title: 'Reporting' },
  { name: 'Keywords ranking', path: '/reporting/rankings', title: 'Keyword rankings' },
  { name: 'Competition', path: '/competition', title: 'Competition' },
  { name: 'Labs BETA', path: '/labs', title: 'Labs' },
  { name: 'Settings', path: '/settings/account', title: 'Account settings' },
] as const;

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('every navigation item opens its page and becomes the only active item', async ({ page }) => {
  const nav = mainNav(page);
  // Logo, top group, bottom group: the spec's items in the spec's order.
  await expect(nav).toMatchAriaSnapshot(`
    - link /home$/
    - list:
      - listitem:
        - link "Ideation"
      - listitem:
        - link "Saved ideas"
      - listitem:
        - link "Optimization"
      - listitem:
        - link "Reporting"
      - listitem:
        - link "Keywords ranking"
      - listitem:
        - link "Competition"
    - list:
      - listitem:
        - link "Labs BETA"
      - listitem:
        - link "Settings"
  `);
  // …and nothing else: the logo and the eight items.
  await expect(nav.getByRole('link')).toHaveCount(1 + ITEMS.length);
  for (const item of ITEMS) {
    // Each click is also recorded as a usage event (fire-and-forget).
    const usageEvent = page.waitForRequest(
      (r) =>
        r.method() === 'POST' &&
        new URL(r.url()).pathname === '/api/users/event' &&
        (r.postData() ?? '').includes('navigation_click') &&
        (r.postData() ?? '').includes(item.path),
    );
    await nav.getByRole('link', { name: item.name, exact: true }).click();
    await usageEvent;
    await expect(page).toHaveURL(atPath(item.path));
    await expect(page).toHaveTitle(item.title);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(item.title);
    const active = nav.locator('[aria-current="page"]');
    await expect(active).toHaveCount(1);
    await expect(active).toHaveAccessibleName(item.name);
  }
});

test('the active item follows the path, including paths the items do not link to', async ({
  page,
}) => {
  const nav = mainNav(page);
  const cases = [
    { path: '/reporting/keywords', active: 'Keywords ranking', title: 'Keywords' },
    { path: '/new-rankings', active: 'Keywords ranking', title: 'Rankings' },
    { path: '/video-idea/details', active: 'Ideation', title: 'Idea details' },
    { path: '/settings/channels', active: 'Settings', title: 'Channel settings' },
    { path: '/reporting', active: 'Reporting', title: 'Reporting' },
  ];
  for (const c of cases) {
    await page.goto(c.path);
    await expect(page).toHaveTitle(c.title);
    const active = nav.locator('[aria-current="page"]');
    await expect(active).toHaveCount(1);
    await expect(active).toHaveAccessibleName(c.active);
  }
  // A page outside every group highlights nothing.
  await page.goto('/custom-plan');
  await expect(page).toHaveTitle('Custom plan');
  await expect(nav.getByRole('link', { name: 'Ideation', exact: true })).toBeVisible();
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
});

test('the logo leads home', async ({ page }) => {
  await page.goto('/optimization');
  await mainNav(page).getByRole('link', { name: /home$/ }).click();
  await expect(page).toHaveURL(atPath(HOME_PATH));
  await expect(mainNav(page).locator('[aria-current="page"]')).toHaveAccessibleName('Ideation');
});
