import { describe, expect, it } from 'vitest';
import { decideRoute, safeReturnPath, shouldShowLoader, type GuardInput } from './guards.ts';
import { routeTable, type PageFlags } from './route-table.ts';

const base: GuardInput = {
  route: { protected: true },
  pathname: '/optimization',
  user: 'signed-in',
  isV2Enterprise: true,
  channels: 'some',
  onlyV2: false,
  returnTo: null,
};
const input = (over: Partial<GuardInput>, route: PageFlags = base.route): GuardInput => ({
  ...base,
  route,
  ...over,
});

describe('decideRoute', () => {
  it('renders a protected page for a signed-in user with channels', () => {
    expect(decideRoute(base)).toEqual({ kind: 'render' });
  });

  it('sends a signed-out visitor of a protected page to login, remembering the page', () => {
    expect(decideRoute(input({ user: 'signed-out' }))).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberFrom: true,
    });
  });

  it('waits while the user loads on a protected page', () => {
    expect(decideRoute(input({ user: 'loading' }))).toEqual({ kind: 'wait' });
  });

  it('sends a signed-in user away from an anonymous-only page: home, or back where they were going', () => {
    const anon = { anonymousOnly: true };
    expect(decideRoute(input({}, anon))).toMatchObject({ kind: 'redirect', to: '/' });
    expect(decideRoute(input({ returnTo: '/labs' }, anon))).toMatchObject({ to: '/labs' });
    expect(decideRoute(input({ user: 'signed-out' }, anon))).toEqual({ kind: 'render' });
    expect(decideRoute(input({ user: 'loading' }, anon))).toEqual({ kind: 'render' });
  });

  it('sends a signed-in user without channels to connect a channel', () => {
    expect(decideRoute(input({ channels: 'none' }))).toMatchObject({
      kind: 'redirect',
      to: '/setup-step1',
    });
    expect(decideRoute(input({ channels: 'loading' }))).toEqual({ kind: 'wait' });
  });

  it('lets a user without channels stay on pages that allow it', () => {
    for (const path of [
      '/setup-step1',
      '/reconnect-channel',
      '/settings/account',
      '/settings/channels',
    ]) {
      const route = routeTable.find((r) => r.path === path)!;
      expect(decideRoute(input({ channels: 'none', pathname: path }, route))).toEqual({
        kind: 'render',
      });
    }
  });

  it('sends non-v2-enterprise users to service discontinuation when only-v2 is on', () => {
    expect(decideRoute(input({ onlyV2: true, isV2Enterprise: false }))).toMatchObject({
      kind: 'redirect',
      to: '/service-discontinuation',
    });
    expect(decideRoute(input({ onlyV2: true, isV2Enterprise: true }))).toEqual({ kind: 'render' });
    expect(decideRoute(input({ onlyV2: false, isV2Enterprise: false }))).toEqual({
      kind: 'render',
    });
  });

  it('applies only-v2 before the no-channels rule', () => {
    expect(
      decideRoute(input({ onlyV2: true, isV2Enterprise: false, channels: 'none' })),
    ).toMatchObject({ to: '/service-discontinuation' });
  });

  it('sends a 403 user load to login, and shows an error state for other failures', () => {
    expect(decideRoute(input({ user: 'forbidden' }))).toMatchObject({ to: '/login' });
    expect(decideRoute(input({ user: 'error' }))).toEqual({ kind: 'error' });
  });

  it('renders pages that are neither protected nor anonymous-only for anyone', () => {
    const open = { noNav: true };
    expect(decideRoute(input({ user: 'signed-out' }, open))).toEqual({ kind: 'render' });
    expect(decideRoute(input({ user: 'loading' }, open))).toEqual({ kind: 'render' });
  });
});

describe('shouldShowLoader', () => {
  it('(a) shows while the user loads on a protected route', () => {
    expect(shouldShowLoader(input({ user: 'loading' }))).toBe(true);
  });
  it('(b) shows for a signed-in user on an anonymous-only page', () => {
    expect(shouldShowLoader(input({}, { anonymousOnly: true }))).toBe(true);
    expect(shouldShowLoader(input({ user: 'signed-out' }, { anonymousOnly: true }))).toBe(false);
    expect(shouldShowLoader(input({ user: 'loading' }, { anonymousOnly: true }))).toBe(false);
  });
  it('(c) shows when nobody is signed in on a protected route', () => {
    expect(shouldShowLoader(input({ user: 'signed-out' }))).toBe(true);
  });
  it('does not show for a signed-in user on a protected route, nor on open pages', () => {
    expect(shouldShowLoader(base)).toBe(false);
    expect(shouldShowLoader(input({ user: 'loading' }, {}))).toBe(false);
  });
  it('never shows with noLoader', () => {
    expect(shouldShowLoader(input({ user: 'loading' }, { protected: true, noLoader: true }))).toBe(
      false,
    );
    expect(shouldShowLoader(input({}, { anonymousOnly: true, noLoader: true }))).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it('accepts app paths only', () => {
    expect(safeReturnPath('/labs?x=1')).toBe('/labs?x=1');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });
});
