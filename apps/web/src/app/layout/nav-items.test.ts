import { describe, expect, it } from 'vitest';
import {
  activeNavKey,
  isCompactNav,
  NAV_COMPACT_WIDTH,
  NAV_ICON_SIZE,
  NAV_ITEMS,
  NAV_WIDTH,
  visibleNavItems,
} from './nav-items.ts';

const off = { newOptimizePage: false };
const on = { newOptimizePage: true };

describe('activeNavKey', () => {
  it.each([
    ['/optimization', off, 'optimization'],
    ['/optimization/videos/abc', off, 'optimization'],
    ['/optimize', on, 'optimization'],
    ['/optimize/abc', on, 'optimization'],
    ['/optimize', off, null],
    ['/video-idea/saved', off, 'saved-ideas'],
    ['/video-idea/saved/folder-1', off, 'saved-ideas'],
    ['/settings/account', off, 'settings'],
    ['/settings/channels', off, 'settings'],
    ['/reporting/overview', off, 'reporting'],
    ['/reporting/rankings', off, 'keywords-ranking'],
    ['/reporting/keywords', off, 'keywords-ranking'],
    ['/new-rankings', off, 'keywords-ranking'],
    ['/video-idea/discover', off, 'ideation'],
    ['/video-idea/details', off, 'ideation'],
    ['/video-idea/settings', off, 'ideation'],
    ['/competition', off, 'competition'],
    ['/labs', off, 'labs'],
    ['/custom-plan', off, null],
    ['/optimizationx', off, null],
  ] as const)('%s (newOptimizePage %o) → %s', (path, features, key) => {
    expect(activeNavKey(path, features)).toBe(key);
  });
});

describe('navigation items', () => {
  const labels = (flags: string[]) =>
    visibleNavItems(NAV_ITEMS, new Set(flags)).map((i) => i.label);

  it('lists the items in spec order, gating Competition and Labs on flags', () => {
    expect(labels([])).toEqual([
      'Ideation',
      'Saved ideas',
      'Optimization',
      'Reporting',
      'Keywords ranking',
      'Settings',
    ]);
    expect(labels(['competition_user', 'labs_user'])).toEqual([
      'Ideation',
      'Saved ideas',
      'Optimization',
      'Reporting',
      'Keywords ranking',
      'Competition',
      'Labs',
      'Settings',
    ]);
    expect(labels(['labs_user'])).not.toContain('Competition');
    expect(labels(['competition_user'])).not.toContain('Labs');
  });

  it('links each item where the spec says', () => {
    const links = Object.fromEntries(NAV_ITEMS.map((i) => [i.key, i.link]));
    expect(links).toMatchObject({
      ideation: '/video-idea/discover',
      reporting: '/reporting/overview',
      'keywords-ranking': '/reporting/rankings',
      settings: '/settings/account',
    });
  });

  it('gives Labs the BETA chip and puts Labs and Settings in the bottom group', () => {
    const labs = NAV_ITEMS.find((i) => i.key === 'labs');
    expect(labs?.chip).toBe('BETA');
    expect(NAV_ITEMS.filter((i) => i.group === 'bottom').map((i) => i.key)).toEqual([
      'labs',
      'settings',
    ]);
  });

  it('is compact at a viewport height of 770px or less', () => {
    expect(isCompactNav(770)).toBe(true);
    expect(isCompactNav(771)).toBe(false);
    expect([NAV_WIDTH, NAV_COMPACT_WIDTH]).toEqual([120, 80]);
    expect(NAV_ICON_SIZE).toBeCloseTo(24.7);
  });
});
