import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  apiRequest,
  configureApiClient,
  INVALID_GRANT_EVENT,
  MAX_RETRIES,
  MAX_RETRY_DELAY_MS,
  parseRetryAfter,
  retryDelayMs,
  SESSION_EXPIRED_EVENT,
  SESSION_PROBE_TIMEOUT_MS,
  YT_ACCESS_FORBIDDEN_EVENT,
} from './api-client.ts';
import { ApiError } from './api-error.ts';
import { api, errorBody, handle, routeUrl, server } from '../testing/server.ts';
import { buildUser } from '../testing/data.ts';

function countEvents(name: string): { count: () => number } {
  let n = 0;
  const listener = () => (n += 1);
  window.addEventListener(name, listener);
  afterEach(() => window.removeEventListener(name, listener));
  return { count: () => n };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('request shape', () => {
  it('sends JSON with credentials, and {} when a state-changing call has no body', async () => {
    const fetchMock = vi.fn(async () => json({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('logout');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://localhost:3000/api/users/logout');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{}');
  });

  it('drops invisible control characters the server refuses from bodies and queries', async () => {
    const fetchMock = vi.fn(async () => json({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    // As pasted from a slide (vertical tab), a terminal (escape) or a broken copy (NUL, lone surrogate).
    await apiRequest('forget', { body: { email: 'a\u000b@b.co\u0000\u001b' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ email: 'a@b.co' });
    await apiRequest('publicChannelSearch', { query: { q: 'cats\u0000 \ud800dogs\tand' } });
    const [url] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(new URL(url).searchParams.get('q')).toBe('cats \ufffddogs\tand');
  });

  it('uses the configured base URL', async () => {
    const fetchMock = vi.fn(async (_url: string) => json({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ baseUrl: 'https://api.example.com/' });
    try {
      await apiRequest('logout');
    } finally {
      configureApiClient({ baseUrl: '' });
    }
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.com/api/users/logout');
  });

  it('throws an ApiError carrying status, code, message and requestId', async () => {
    server.use(handle('forget', () => ({ status: 429, body: errorBody('rate-limited', 'Wait') })));
    const err = await apiRequest('forget', { body: { email: 'a@b.co' } }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 429,
      code: 'rate-limited',
      message: 'Wait',
      requestId: 'req-test',
    });
  });
});

describe('401: refresh once and replay', () => {
  it('refreshes the session and replays the request once', async () => {
    const user = buildUser();
    let meCalls = 0;
    let refreshCalls = 0;
    server.use(
      http.get(routeUrl('me'), () => {
        meCalls += 1;
        return meCalls === 1
          ? HttpResponse.json(errorBody('unauthorized'), { status: 401 })
          : HttpResponse.json(user);
      }),
      http.post(routeUrl('refresh'), () => {
        refreshCalls += 1;
        return HttpResponse.json({ sessionExpiresAt: '2030-01-01T00:00:00.000Z' });
      }),
    );
    await expect(apiRequest('me')).resolves.toEqual(user);
    expect(meCalls).toBe(2);
    expect(refreshCalls).toBe(1);
  });

  it('does not refresh a second time when the replay answers 401 again', async () => {
    let refreshCalls = 0;
    server.use(
      http.get(routeUrl('myChannels'), () =>
        HttpResponse.json(errorBody('unauthorized'), { status: 401 }),
      ),
      http.post(routeUrl('refresh'), () => {
        refreshCalls += 1;
        return HttpResponse.json({ sessionExpiresAt: '2030-01-01T00:00:00.000Z' });
      }),
    );
    await expect(apiRequest('myChannels')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls).toBe(1);
  });

  it('never refreshes for check-token, login or the refresh call itself', async () => {
    let refreshCalls = 0;
    server.use(
      http.post(routeUrl('refresh'), () => {
        refreshCalls += 1;
        return HttpResponse.json(errorBody('unauthorized'), { status: 401 });
      }),
      handle('login', () => ({ status: 401, body: errorBody('invalid-credentials') })),
    );
    await expect(apiRequest('checkToken')).rejects.toMatchObject({ status: 401 });
    await expect(
      apiRequest('login', { body: { email: 'a@b.co', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls).toBe(0);
    await expect(apiRequest('refresh')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls).toBe(1);
  });

  it('shares one refresh between concurrent 401s and replays each request', async () => {
    api.user = buildUser();
    let refreshCalls = 0;
    let refreshed = false;
    server.use(
      http.get(routeUrl('me'), () =>
        refreshed
          ? HttpResponse.json(api.user)
          : HttpResponse.json(errorBody('unauthorized'), { status: 401 }),
      ),
      http.get(routeUrl('myChannels'), () =>
        refreshed
          ? HttpResponse.json({ myChannels: [], invitedTo: [] })
          : HttpResponse.json(errorBody('unauthorized'), { status: 401 }),
      ),
      http.post(routeUrl('refresh'), async () => {
        refreshCalls += 1;
        await new Promise((r) => setTimeout(r, 20));
        refreshed = true;
        return HttpResponse.json({ sessionExpiresAt: '2030-01-01T00:00:00.000Z' });
      }),
    );
    const results = await Promise.all([
      apiRequest('me'),
      apiRequest('myChannels'),
      apiRequest('me'),
    ]);
    expect(refreshCalls).toBe(1);
    expect(results[1]).toEqual({ myChannels: [], invitedTo: [] });
  });

  it('raises sessionExpiredEvent once when the shared refresh fails', async () => {
    const expired = countEvents(SESSION_EXPIRED_EVENT);
    // Signed out: me, myChannels and refresh all answer 401 (default handlers).
    await Promise.all([
      apiRequest('myChannels').catch(() => null),
      apiRequest('myChannels').catch(() => null),
    ]);
    expect(expired.count()).toBe(1);
  });

  it('stays silent when the caller probes the session (user load)', async () => {
    const expired = countEvents(SESSION_EXPIRED_EVENT);
    await expect(apiRequest('me', { silentSessionExpiry: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(expired.count()).toBe(0);
  });
});

describe('403 events', () => {
  it('raises invalidGrantEvent on 403 invalid-grant and still rejects', async () => {
    const grant = countEvents(INVALID_GRANT_EVENT);
    const forbidden = countEvents(YT_ACCESS_FORBIDDEN_EVENT);
    server.use(handle('myChannels', () => ({ status: 403, body: errorBody('invalid-grant') })));
    await expect(apiRequest('myChannels')).rejects.toMatchObject({ code: 'invalid-grant' });
    expect(grant.count()).toBe(1);
    expect(forbidden.count()).toBe(0);
  });

  it('raises ytAccessForbiddenEvent on 403 video-platform-access-forbidden', async () => {
    const grant = countEvents(INVALID_GRANT_EVENT);
    const forbidden = countEvents(YT_ACCESS_FORBIDDEN_EVENT);
    server.use(
      handle('myChannels', () => ({
        status: 403,
        body: errorBody('video-platform-access-forbidden'),
      })),
    );
    await expect(apiRequest('myChannels')).rejects.toMatchObject({ status: 403 });
    expect(forbidden.count()).toBe(1);
    expect(grant.count()).toBe(0);
  });

  it('raises nothing for other 403s', async () => {
    const grant = countEvents(INVALID_GRANT_EVENT);
    const forbidden = countEvents(YT_ACCESS_FORBIDDEN_EVENT);
    server.use(handle('myChannels', () => ({ status: 403, body: errorBody('forbidden') })));
    await expect(apiRequest('myChannels')).rejects.toMatchObject({ code: 'forbidden' });
    expect(grant.count() + forbidden.count()).toBe(0);
  });
});

describe('retry (features.httpRetry)', () => {
  it('computes backoff from 1000 ms, doubling, capped at 300000 ms', () => {
    expect([0, 1, 2, 3].map((a) => retryDelayMs(a, null))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(9, null)).toBe(MAX_RETRY_DELAY_MS);
    expect(MAX_RETRY_DELAY_MS).toBe(300_000);
  });

  it('honours Retry-After in seconds or as an HTTP date, up to 300000 ms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('nonsense', now)).toBeNull();
    expect(retryDelayMs(0, '3')).toBe(3000);
    expect(retryDelayMs(0, '100000')).toBe(300_000);
  });

  it('retries 502 with backoff and succeeds', async () => {
    vi.useFakeTimers();
    configureApiClient({ retry: true });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(errorBody('bad-gateway'), 502))
      .mockResolvedValueOnce(json(errorBody('bad-gateway'), 502))
      .mockResolvedValueOnce(json({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    const done = apiRequest('logout');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual({ success: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('retries network failures (status 0) at most 10 times, then reports status 0', async () => {
    vi.useFakeTimers();
    configureApiClient({ retry: true });
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    const done = apiRequest('me').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(MAX_RETRY_DELAY_MS * MAX_RETRIES);
    const err = await done;
    expect(fetchMock).toHaveBeenCalledTimes(1 + MAX_RETRIES);
    expect(MAX_RETRIES).toBe(10);
    expect(err).toMatchObject({ status: 0 });
  });

  it('uses Retry-After instead of the backoff', async () => {
    vi.useFakeTimers();
    configureApiClient({ retry: true });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(errorBody('bad-gateway'), 502, { 'Retry-After': '5' }))
      .mockResolvedValueOnce(json({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    const done = apiRequest('logout');
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual({ success: true });
  });

  it('does not retry other statuses', async () => {
    configureApiClient({ retry: true });
    const fetchMock = vi.fn().mockResolvedValue(json(errorBody('internal'), 500));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('logout')).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry at all without the flag', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(errorBody('bad-gateway'), 502));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('logout')).rejects.toMatchObject({ status: 502 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('timeouts', () => {
  const hangingFetch = () =>
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );

  it.each(['me', 'checkToken'] as const)('aborts %s after 10 s', async (name) => {
    vi.useFakeTimers();
    const fetchMock = hangingFetch();
    vi.stubGlobal('fetch', fetchMock);
    let settled = false;
    const done = apiRequest(name)
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(SESSION_PROBE_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toMatchObject({ status: 0, code: 'timeout' });
    expect(SESSION_PROBE_TIMEOUT_MS).toBe(10_000);
  });

  it('does not time out other calls', async () => {
    vi.useFakeTimers();
    const fetchMock = hangingFetch();
    vi.stubGlobal('fetch', fetchMock);
    let settled = false;
    void apiRequest('myChannels').finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
  });
});

describe('raw binary body (thumbnail upload)', () => {
  const params = { id: 'ch-1', videoId: 'vid-1' };
  const uploaded = {
    thumbnailId: 't-1',
    url: '/optimization/thumbnails/t-1',
    width: 1280,
    height: 720,
    bytes: 4,
    mimeType: 'image/png',
    warnings: [],
  };

  it('sends the Blob bytes as the body with the Blob type as Content-Type', async () => {
    let seen: { type: string | null; bytes: number[] } | null = null;
    server.use(
      http.post(routeUrl('uploadThumbnail'), async ({ request }) => {
        seen = {
          type: request.headers.get('content-type'),
          bytes: [...new Uint8Array(await request.arrayBuffer())],
        };
        return HttpResponse.json(uploaded, { status: 201 });
      }),
    );
    const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await expect(apiRequest('uploadThumbnail', { params, rawBody: image })).resolves.toEqual(
      uploaded,
    );
    expect(seen).toEqual({ type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47] });
  });

  it('uses rawBodyType over the Blob type, and never JSON-encodes the body', async () => {
    const fetchMock = vi.fn(async () => json(uploaded, 201));
    vi.stubGlobal('fetch', fetchMock);
    const image = new Blob([new Uint8Array([0xff, 0xd8])]);
    await apiRequest('uploadThumbnail', { params, rawBody: image, rawBodyType: 'image/jpeg' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('image/jpeg');
    expect(init.body).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(init.body as ArrayBuffer)]).toEqual([0xff, 0xd8]);
  });

  it('keeps the error details of a refused call', async () => {
    server.use(
      handle('saveDraft', () => ({
        status: 409,
        body: { error: { ...errorBody('draft-conflict').error, details: { revision: 4 } } },
      })),
    );
    const err = await apiRequest('saveDraft', {
      params,
      body: {
        title: 't',
        description: '',
        tags: [],
        searchTerm: null,
        language: null,
        thumbnailId: null,
        baseRevision: 3,
      },
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'draft-conflict', details: { revision: 4 } });
  });
});
