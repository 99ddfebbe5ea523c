import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  ANONYMOUS_ID_STORAGE_KEY,
  getAnonymousId,
  setTrackingContextProvider,
  trackEvent,
  trackPageView,
} from './tracking.ts';
import { api, routeUrl, server } from '../testing/server.ts';

describe('tracking', () => {
  it('creates the anonymous id once and keeps it in localStorage', () => {
    const id = getAnonymousId();
    expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(localStorage.getItem(ANONYMOUS_ID_STORAGE_KEY)).toBe(id);
    expect(getAnonymousId()).toBe(id);
  });

  it('adds email and the active channel to event payloads', async () => {
    setTrackingContextProvider(() => ({
      email: 'me@example.com',
      channelId: 'ch-1',
      channelYtId: 'UC1',
    }));
    trackEvent('navigation_click', { item: 'labs' }, { onlyActionLogServicePayload: true });
    await waitFor(() => expect(api.requests.some((r) => r.route === 'event')).toBe(true));
    expect(api.requests.find((r) => r.route === 'event')?.body).toEqual({
      anonymousId: getAnonymousId(),
      data: {
        event: 'navigation_click',
        payload: {
          item: 'labs',
          onlyActionLogServicePayload: true,
          email: 'me@example.com',
          channelId: 'ch-1',
          channelYtId: 'UC1',
        },
      },
    });
    setTrackingContextProvider(() => ({}));
  });

  it('omits email and channel when signed out', async () => {
    setTrackingContextProvider(() => ({}));
    trackPageView('http://localhost:3000/login', 'Log in');
    await waitFor(() => expect(api.requests.some((r) => r.route === 'pageView')).toBe(true));
    expect(api.requests.find((r) => r.route === 'pageView')?.body).toEqual({
      url: 'http://localhost:3000/login',
      title: 'Log in',
      anonymousId: getAnonymousId(),
      data: {},
    });
  });

  it('swallows failures silently', async () => {
    let called = false;
    server.use(
      http.post(routeUrl('event'), () => {
        called = true;
        return HttpResponse.error();
      }),
    );
    expect(() => trackEvent('x')).not.toThrow();
    await waitFor(() => expect(called).toBe(true));
  });
});
