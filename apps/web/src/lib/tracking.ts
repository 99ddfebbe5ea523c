/** Fire-and-forget usage events and page views (spec sections 3 and 7). */
import type { EventBody } from '@tubewise/contract';
import { apiRequest } from './api-client.ts';
import { readStorage, writeStorage } from './storage.ts';

/** localStorage key of the anonymous visitor id. */
export const ANONYMOUS_ID_STORAGE_KEY = 'anonymousId';

/** Who and where the events come from, added to every event payload. */
export interface TrackingContext {
  email?: string;
  channelId?: string;
  channelYtId?: string;
}

let contextProvider: () => TrackingContext = () => ({});

/** Lets the app tell tracking who is signed in and which channel is active. */
export function setTrackingContextProvider(provider: () => TrackingContext): void {
  contextProvider = provider;
}

function randomId(): string {
  // randomUUID exists only in secure contexts; plain-http deployments fall back to random bytes.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The visitor's anonymous id, created once and kept in localStorage. */
export function getAnonymousId(): string {
  let id = readStorage(ANONYMOUS_ID_STORAGE_KEY);
  if (!id) {
    id = randomId();
    writeStorage(ANONYMOUS_ID_STORAGE_KEY, id);
  }
  return id;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Sends a usage event; failures are swallowed (tracking must never disturb the user). */
export function trackEvent(
  event: string,
  fields: Record<string, unknown> = {},
  options: { onlyActionLogServicePayload?: boolean } = {},
): void {
  const payload: NonNullable<EventBody['data']['payload']> = {
    ...fields,
    ...definedOnly({ onlyActionLogServicePayload: options.onlyActionLogServicePayload }),
    ...definedOnly(contextProvider()),
  };
  void apiRequest('event', {
    body: { anonymousId: getAnonymousId(), data: { event, payload } },
    noRetry: true,
  }).catch(() => undefined);
}

/** Sends a page view; failures are swallowed. */
export function trackPageView(
  url: string,
  title: string,
  data: Record<string, unknown> = {},
): void {
  void apiRequest('pageView', {
    body: {
      url,
      title,
      anonymousId: getAnonymousId(),
      data: { ...data, ...definedOnly(contextProvider()) },
    },
    noRetry: true,
  }).catch(() => undefined);
}
