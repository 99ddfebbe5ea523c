// The Search Console consent through the emulator mounted in the app, as a browser goes: the
// emulator's consent page accepts the Search Console callback as a registered redirect URI (and
// refuses another), and the form grants webmasters.readonly without a channel.
import { DEMO_ACCOUNT_CREATOR } from '@tubewise/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { SCOPE_SEARCH_CONSOLE_READONLY } from './index.ts';

describe.each(testBackends())('Search Console consent on the mounted emulator (%s)', (backend) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(backend, { emulator: true });
    await t.createUser('mounted@example.com');
    cookie = await t.login('mounted@example.com', TEST_PASSWORD);
  }, 120_000);
  afterAll(() => t?.close());

  it('sends the consent back to the registered Search Console callback', async () => {
    const res = await t.app.inject({
      url: '/api/search-console/auth-url?returnTo=%2Freporting%2Foverview',
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const consent = new URL((res.json() as { url: string }).url);
    expect(consent.pathname).toBe('/emulator/o/oauth2/v2/auth');
    // The emulator's second client: a grant independent of the channels' YouTube grant.
    expect(consent.searchParams.get('client_id')).toBe('tubewise-emulator-search-console');
    const chooser = await t.app.inject({ url: `${consent.pathname}${consent.search}` });
    expect(chooser.statusCode, chooser.body).toBe(200);
    expect(chooser.body).not.toContain('redirect_uri_mismatch');

    const form = new URLSearchParams(consent.searchParams);
    form.set('authuser', DEMO_ACCOUNT_CREATOR.id);
    form.append('granted_scope', SCOPE_SEARCH_CONSOLE_READONLY);
    form.set('decision', 'allow');
    const decided = await t.app.inject({
      method: 'POST',
      url: consent.pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(t.config.publicUrl).origin,
        'sec-fetch-site': 'same-origin',
      },
      payload: form.toString(),
    });
    expect(decided.statusCode, decided.body).toBe(302);
    const back = new URL(String(decided.headers.location));
    expect(back.pathname).toBe('/oauth/search-console/callback');
    expect(back.searchParams.get('state')).toBe(consent.searchParams.get('state'));
    expect(back.searchParams.get('code')).toBeTruthy();
    // (The code exchange goes to the emulator over loopback, which an inject-only app has not:
    // search-console.emulator.test.ts follows the callback against a listening emulator.)

    // A redirect URI the app did not register is refused by the consent page.
    const other = new URL(consent);
    other.searchParams.set(
      'redirect_uri',
      consent.searchParams.get('redirect_uri')!.replace('search-console', 'elsewhere'),
    );
    const refused = await t.app.inject({ url: `${other.pathname}${other.search}` });
    expect(refused.body).toContain('redirect_uri_mismatch');
  });
});
