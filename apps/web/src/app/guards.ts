/**
 * Page access and loader rules (spec sections 2 and 4) as pure functions of the route's flags
 * and what is known about the user, so each rule is tested on its own.
 */
import { HOME_LANDING_PATH, paths } from '../config/paths.ts';
import type { PageFlags } from './route-table.ts';

/** What is known about the session. `forbidden` = the user load answered 403. */
export type UserStatus = 'loading' | 'signed-in' | 'signed-out' | 'forbidden' | 'error';

/** What is known about the signed-in user's channels. */
export type ChannelsStatus = 'loading' | 'none' | 'some' | 'error';

/** Everything the guard decides on. */
export interface GuardInput {
  route: PageFlags;
  pathname: string;
  user: UserStatus;
  isV2Enterprise: boolean;
  channels: ChannelsStatus;
  onlyV2: boolean;
  /** Where a protected page sent the visitor from (login returns there). */
  returnTo: string | null;
}

/** What to do with the request for a page. */
export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'error' }
  | { kind: 'redirect'; to: string; rememberFrom: boolean };

const redirect = (to: string, rememberFrom = false): GuardDecision => ({
  kind: 'redirect',
  to,
  rememberFrom,
});

/** Accepts only same-app paths as return targets (never another origin). */
export function safeReturnPath(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : null;
}

/** Decides whether a page renders, waits, fails or redirects. */
export function decideRoute(input: GuardInput): GuardDecision {
  const { route, user } = input;

  // A 403 on the user load sends the visitor to log in; anonymous-only pages are already
  // where a signed-out visitor belongs.
  if (user === 'forbidden' && !route.anonymousOnly && input.pathname !== paths.login) {
    return redirect(paths.login, Boolean(route.protected));
  }

  if (route.anonymousOnly) {
    if (user === 'signed-in') return redirect(input.returnTo ?? paths.home);
    return { kind: 'render' };
  }

  if (!route.protected) return { kind: 'render' };

  if (user === 'loading') return { kind: 'wait' };
  if (user === 'error') return { kind: 'error' };
  if (user === 'signed-out') return redirect(paths.login, true);

  if (input.onlyV2 && !input.isV2Enterprise) return redirect(paths.serviceDiscontinuation);

  if (!route.allowWithoutChannels) {
    if (input.channels === 'loading') return { kind: 'wait' };
    if (input.channels === 'none') return redirect(paths.setupStep1);
  }
  return { kind: 'render' };
}

/**
 * Whether the loading spinner replaces the content: never with noLoader, otherwise only when
 * (a) the user is loading on a protected route (channels count as part of the user's data),
 * (b) a signed-in user is on an anonymous-only page, or (c) nobody is signed in on a protected
 * route (the moment before the redirect to login).
 */
export function shouldShowLoader(input: GuardInput): boolean {
  const { route, user } = input;
  if (route.noLoader) return false;
  const channelsLoading =
    user === 'signed-in' && input.channels === 'loading' && !route.allowWithoutChannels;
  if (route.protected && (user === 'loading' || channelsLoading)) return true;
  if (route.anonymousOnly && user === 'signed-in') return true;
  if (route.protected && (user === 'signed-out' || user === 'forbidden')) return true;
  return false;
}

/** Where a signed-in user lands from "/". */
export const SIGNED_IN_HOME = HOME_LANDING_PATH;
