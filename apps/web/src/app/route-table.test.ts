import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table.ts';
import { pages } from './pages.ts';

const SPEC_ROUTES = [
  '/',
  '/login',
  '/forget-password',
  '/set-password',
  '/onboarding',
  '/setup-step1',
  '/reconnect-channel',
  '/optimization',
  '/optimize',
  '/reporting',
  '/reporting/overview',
  '/reporting/keywords',
  '/reporting/rankings',
  '/new-rankings',
  '/settings/account',
  '/settings/channels',
  '/video-idea',
  '/video-idea/discover',
  '/video-idea/details',
  '/video-idea/saved',
  '/video-idea/settings',
  '/custom-plan',
  '/labs',
  '/competition',
  '/404',
  '/service-discontinuation',
  '/share/insights/:id',
];

describe('route table', () => {
  it('has every route of spec section 2 and a catch-all last', () => {
    const paths = routeTable.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(SPEC_ROUTES));
    expect(paths.at(-1)).toBe('*');
  });

  it('gives every page route a lazily loaded page', () => {
    for (const route of routeTable) {
      if (route.redirectTo) continue;
      expect(route.page, route.path).toBeDefined();
      expect(pages[route.page!], route.path).toBeDefined();
    }
  });

  it('marks the sign-in pages anonymous-only and the app pages protected', () => {
    const byPath = Object.fromEntries(routeTable.map((r) => [r.path, r]));
    expect(byPath['/login']?.anonymousOnly).toBe(true);
    expect(byPath['/forget-password']?.anonymousOnly).toBe(true);
    for (const p of ['/optimization', '/video-idea/discover', '/settings/account', '/labs']) {
      expect(byPath[p]?.protected, p).toBe(true);
    }
    expect(byPath['/share/insights/:id']?.protected).toBeFalsy();
  });

  it('registers the video editor under the optimization path, protected and full width', () => {
    const editor = routeTable.find((r) => r.path === '/optimization/videos/:videoId');
    expect(editor).toMatchObject({
      page: 'optimization-video',
      protected: true,
      fullWidth: true,
      title: 'Optimize video',
    });
    expect(editor?.anonymousOnly).toBeFalsy();
    expect(pages['optimization-video']).toBeDefined();
  });
});
