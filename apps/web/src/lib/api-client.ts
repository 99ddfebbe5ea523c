/**
 * The one HTTP client of the web app. Every call is named after the contract's `routes` table:
 * method and path come from it (`@tubewise/contract/constants`, which keeps zod out of the
 * entry chunk) and request/response types from its schemas. Responses are not re-validated
 * here: the server serialises every answer through the same schemas.
 */
import type { BodyOf, ErrorEnvelope, ResponseOf, Routes } from '@tubewise/contract';
import { toSafeText } from '@tubewise/contract/text';
import { routeMeta } from '@tubewise/contract/constants';
import { ApiError } from './api-error.ts';

/** Browser event raised when a 401 could not be fixed by refreshing the session. */
export const SESSION_EXPIRED_EVENT = 'sessionExpiredEvent';
/** Browser event raised on a 403 `invalid-grant`: the channel's platform authorisation was lost. */
export const INVALID_GRANT_EVENT = 'invalidGrantEvent';
/** Browser event raised on a 403 `video-platform-access-forbidden`. */
export const YT_ACCESS_FORBIDDEN_EVENT = 'ytAccessForbiddenEvent';

/** Retries after the first attempt, when HTTP retry is enabled (spec section 9). */
export const MAX_RETRIES = 10;
/** First retry delay; doubles with each further retry. */
export const RETRY_BASE_DELAY_MS = 1000;
/** Upper bound of any retry delay, including one asked for by Retry-After. */
export const MAX_RETRY_DELAY_MS = 300_000;
/** Statuses retried: 0 (no HTTP answer: network failure) and 502. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([0, 502]);
/** Timeout of each attempt of the session probes (check-token and me). */
export const SESSION_PROBE_TIMEOUT_MS = 10_000;

/** Name of an API call in the contract's routes table. */
export type RouteName = keyof Routes;

// The refresh call itself and login answer 401 for their own reasons; check-token is the probe
// that must report the truth rather than silently refresh (spec section 4).
const NO_REFRESH: ReadonlySet<RouteName> = new Set<RouteName>(['checkToken', 'refresh', 'login']);
const TIMED: ReadonlySet<RouteName> = new Set<RouteName>(['checkToken', 'me']);

interface ClientSettings {
  /** Origin (and optional prefix) of the API; empty = same origin as the page. */
  baseUrl: string;
  /** Whether status 0 / 502 answers are retried (public config features.httpRetry). */
  retry: boolean;
}

const settings: ClientSettings = {
  baseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '',
  retry: false,
};

/** Changes client settings; the app calls it once the public config is known. */
export function configureApiClient(changes: Partial<ClientSettings>): void {
  Object.assign(settings, changes);
}

/** Options of one API call. */
export interface RequestOptions<K extends RouteName> {
  body?: BodyOf<K>;
  /** Values for `:name` / `{name}` placeholders of the route path. */
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * Refresh on 401 as usual but do not raise the session-expired event when that fails: used by
   * the user load, where "no session" just means "signed out", not "your session expired".
   */
  silentSessionExpiry?: boolean;
  /** Never retry (fire-and-forget calls). */
  noRetry?: boolean;
  /**
   * A binary request body sent as it is (e.g. an uploaded image), instead of `body` as JSON.
   * Its Content-Type is `rawBodyType`, else the Blob's own type.
   */
  rawBody?: Blob;
  /** Content-Type of `rawBody` when the Blob's own type is empty or wrong. */
  rawBodyType?: string;
  /** The answer is text (e.g. a CSV file), returned as it is instead of parsed as JSON. */
  text?: boolean;
}

/** Builds the absolute URL of a route (fetch outside a page needs an absolute URL). */
export function buildUrl(
  path: string,
  params?: Record<string, string>,
  query?: RequestOptions<RouteName>['query'],
): string {
  const filled = path.replace(
    /:(\w+)|\{(\w+)\}/g,
    (_m, a: string | undefined, b: string | undefined) => {
      const key = (a ?? b) as string;
      const value = params?.[key];
      if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${path}`);
      return encodeURIComponent(value);
    },
  );
  const base = settings.baseUrl || window.location.origin;
  const url = new URL(base.replace(/\/$/, '') + filled);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, toSafeText(String(value)));
  }
  return url.toString();
}

/** Milliseconds a Retry-After header asks for (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Delay before retry number `attempt` (0-based): Retry-After when given, else 1 s doubling. */
export function retryDelayMs(attempt: number, retryAfter: string | null): number {
  const delay = parseRetryAfter(retryAfter) ?? RETRY_BASE_DELAY_MS * 2 ** attempt;
  return Math.min(delay, MAX_RETRY_DELAY_MS);
}

/**
 * Brings every string of a body under the contract's text rule before it is sent. Text pasted
 * from other programs can carry invisible control characters (a vertical tab from a slide, a
 * stray NUL) that the server refuses; the person cannot see them, so the client drops them.
 */
const safeTextReplacer = (_key: string, value: unknown): unknown =>
  typeof value === 'string' ? toSafeText(value) : value;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const isAbort = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';

async function sendOnce<K extends RouteName>(
  name: K,
  options: RequestOptions<K>,
): Promise<Response> {
  const route = routeMeta[name];
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | ArrayBuffer | undefined;
  if (options.rawBody && route.method !== 'GET') {
    headers['Content-Type'] =
      options.rawBodyType || options.rawBody.type || 'application/octet-stream';
    // Bytes rather than the Blob itself: every fetch implementation sends an ArrayBuffer as is.
    body = await options.rawBody.arrayBuffer();
  } else if (route.method !== 'GET') {
    // The server refuses state-changing requests that are not JSON, even with nothing to send.
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {}, safeTextReplacer);
  }
  const controller = new AbortController();
  const onCallerAbort = (): void => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);
  let timedOut = false;
  const timer = TIMED.has(name)
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, SESSION_PROBE_TIMEOUT_MS)
    : undefined;
  try {
    return await fetch(buildUrl(route.path, options.params, options.query), {
      method: route.method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (err) {
    if (timedOut) {
      throw new ApiError({
        status: 0,
        code: 'timeout',
        message: 'The server took too long to answer.',
      });
    }
    if (isAbort(err)) throw err;
    return NETWORK_FAILURE;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

// Stands for "no HTTP answer" so the retry loop treats it like any other status.
const NETWORK_FAILURE = { status: 0 } as Response;

async function sendWithRetry<K extends RouteName>(
  name: K,
  options: RequestOptions<K>,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await sendOnce(name, options);
    const retryable = settings.retry && !options.noRetry && RETRYABLE_STATUSES.has(response.status);
    if (!retryable || attempt >= MAX_RETRIES) return response;
    const retryAfter = response === NETWORK_FAILURE ? null : response.headers.get('Retry-After');
    await sleep(retryDelayMs(attempt, retryAfter));
  }
}

let refreshInFlight: Promise<boolean> | null = null;
let expiryAnnouncedFor: Promise<boolean> | null = null;

/** Rotates the session once for everyone waiting: concurrent 401s share one refresh call. */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= sendWithRetry('refresh', {})
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

async function toApiError(response: Response): Promise<ApiError> {
  if (response.status === 0) {
    return new ApiError({
      status: 0,
      code: 'network-error',
      message: 'Could not reach the server.',
    });
  }
  const json: unknown = await response.json().catch(() => null);
  if (isErrorEnvelope(json)) return new ApiError({ status: response.status, ...json.error });
  return new ApiError({
    status: response.status,
    code: `http-${response.status}`,
    message: response.statusText || `Request failed with status ${response.status}`,
  });
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  const error = (value as { error?: Record<string, unknown> } | null)?.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof error.code === 'string' &&
    typeof error.message === 'string'
  );
}

function announce(eventName: string): void {
  window.dispatchEvent(new Event(eventName));
}

/** Calls an API route and returns its response, parsed with the contract schema. */
export async function apiRequest<K extends RouteName>(
  name: K,
  options: RequestOptions<K> = {},
): Promise<ResponseOf<K>> {
  let response = await sendWithRetry(name, options);

  if (response.status === 401 && !NO_REFRESH.has(name)) {
    const refresh = refreshSession();
    if (await refresh) {
      // Replayed once: a second 401 goes to the caller as it is.
      response = await sendWithRetry(name, options);
    } else if (!options.silentSessionExpiry && expiryAnnouncedFor !== refresh) {
      expiryAnnouncedFor = refresh;
      announce(SESSION_EXPIRED_EVENT);
    }
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (error.status === 403 && error.code === 'invalid-grant') announce(INVALID_GRANT_EVENT);
    if (error.status === 403 && error.code === 'video-platform-access-forbidden') {
      announce(YT_ACCESS_FORBIDDEN_EVENT);
    }
    throw error;
  }

  if (response.status === 204) return {} as ResponseOf<K>;
  if (options.text) return (await response.text()) as ResponseOf<K>;
  try {
    return (await response.json()) as ResponseOf<K>;
  } catch {
    throw new ApiError({
      status: response.status,
      code: 'invalid-response',
      message: `Unexpected answer from ${routeMeta[name].path}`,
    });
  }
}

/** Test hook: forgets the shared refresh state between tests. */
export function resetApiClientForTests(): void {
  refreshInFlight = null;
  expiryAnnouncedFor = null;
  settings.retry = false;
}
