/**
 * The security suite: walks every route the app registers and checks the rules that hold for
 * all of them (auth, error envelope, input validation, same-origin JSON writes, no stack
 * traces), then the session and rate-limit defences that span several calls.
 * A new route is walked automatically; a route that needs a body needs a sample in VALID_BODIES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { errorEnvelope, routes as contractRoutes, type RouteDef } from '@tubewise/contract';
import {
  cookieHeader,
  createTestApp,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type RegisteredRoute,
  type TestApp,
} from '../testing/test-app.ts';
import {
  startEmulatorServer,
  testStripeGateway,
  withTestStripe,
  type EmulatorServer,
} from '../testing/emulator-server.ts';
import { GENEROUS_AUTH_LIMITS } from '../modules/rate-limit/index.ts';

/** Routes the walk skips, each with the reason and where it is tested instead. */
const EXCEPTIONS: { why: string; match: (r: RegisteredRoute) => boolean }[] = [
  {
    why: 'Swagger UI and the OpenAPI document: public, read-only, static (app.test.ts)',
    match: (r) => r.url === '/api/docs' || r.url.startsWith('/api/docs/'),
  },
  {
    why: 'dev mailbox HTML pages: embedded default or DEV_MAILBOX=true only, this machine only (mailbox.test.ts)',
    match: (r) => r.url.startsWith('/dev/mailbox'),
  },
  {
    why: 'OAuth callback: a browser redirect target, not an API call; answers redirects only (channels.test.ts)',
    match: (r) => r.url === '/oauth/youtube/callback',
  },
  {
    why: 'Search Console OAuth callback: a browser redirect target, not an API call; answers redirects only (modules/search-console/search-console.emulator.test.ts)',
    match: (r) => r.url === '/oauth/search-console/callback',
  },
  {
    why: 'account export download: a ZIP, not JSON, so not a contract route; signed in, own exports only (modules/account/account-archive.security.test.ts)',
    match: (r) => r.url === '/api/users/me/exports/:exportId/archive',
  },
  {
    why: "Stripe's webhook: raw body verified by its signature, not a session (modules/billing/stripe-webhooks.emulator.test.ts)",
    match: (r) => r.url === '/api/billing/webhook',
  },
  {
    why: 'liveness and readiness probes (app.test.ts)',
    match: (r) => r.url === '/healthz' || r.url === '/readyz',
  },
  {
    why: 'static files of the built web app (app.test.ts)',
    match: (r) =>
      (r.method === 'GET' || r.method === 'HEAD') &&
      !['/api/', '/accounts/', '/optimization/channels/', '/yt/', '/oauth/', '/emulator/'].some(
        (p) => r.url.startsWith(p),
      ),
  },
];

/** A request body each route accepts (checked against the contract below). */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/ideas/folders': { channelId: 'c-1', name: 'Tutorials' },
  'PATCH /api/ideas/folders/:id': { name: 'How-tos' },
  'POST /api/ideas/saved': { channelId: 'c-1', phrase: 'dutch oven bread' },
  'PATCH /api/ideas/saved/:id': { folderId: 'f-1' },
  'PUT /api/ideas/saved/:id/script': { content: '<p>Hook</p>', baseRevision: 0 },
  'PUT /api/ideas/inbox-settings': { channelId: 'c-1', weeklyIdeas: true },
  'POST /api/ideas/unsubscribe': { token: 'not-a-real-unsubscribe-token' },
  'POST /api/ideas/discover': { channelId: 'c-1', seeds: ['camp cooking'] },
  'POST /api/rankings/channels/:id/keywords': { text: 'camp cooking\ndutch oven' },
  'POST /api/rankings/channels/:id/keywords/delete': {
    ids: ['6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f'],
  },
  'PUT /api/reporting/channels/:id/cost-per-view': { costPerView: 0.03 },
  'POST /api/channels/:id/competitors': { youtubeId: 'UCcompetitoraaaaaaaaaaaa' },
  'PUT /api/reporting/channels/:id/search-console': { siteUrl: 'sc-domain:example.com' },
  'POST /api/labs/channels/:id/thumbnail-tests': {
    videoId: 'v-1',
    thumbnailIds: ['t-1', 't-2'],
    durationDays: 14,
    metric: 'viewsPerDay',
  },
  'POST /api/custom-plan': {
    channels: 25,
    people: 40,
    keywords: 5000,
    message: 'We run 25 channels for our clients.',
  },
  'POST /api/users/login': { email: 'nobody@example.com', password: 'not-the-password' },
  'POST /api/users/forget': { email: 'nobody@example.com' },
  'POST /api/users/set-password': { token: 'not-a-real-token', password: 'a fine long passphrase' },
  'POST /api/users/set-email': { email: 'new-address@example.com', password: TEST_PASSWORD },
  'POST /api/users/update-password': {
    currentPassword: 'not-the-password',
    newPassword: 'another long passphrase',
  },
  'PATCH /api/users/notification-settings/email': { newState: true },
  'PUT /api/users/me/ai-permission': { allowed: true },
  'PUT /api/users/me/name': { name: 'Walker Two' },
  // Not the walker's password: the walk must not delete its own account.
  'POST /api/users/me/delete': { password: 'not-the-password', confirmation: 'DELETE' },
  'POST /optimization/channels/:id/videos/:videoId/ai/generations': { searchTerm: 'camp cooking' },
  'PUT /optimization/channels/:id/videos/:videoId/ai/generations/:generationId/feedback': {
    target: 'title',
    index: 0,
    value: 'up',
  },
  'POST /api/users/event': {
    anonymousId: 'anon-1',
    data: { event: 'navigation.click', payload: { channelId: 'c-1' } },
  },
  'POST /api/users/event/page': { url: '/home', title: 'Home', anonymousId: 'anon-1', data: {} },
  'POST /api/channels/:id/members': { email: 'friend@example.com' },
  'POST /optimization/channels/:id/videos/:videoId/keywords': { keyword: 'camp cooking' },
  'POST /optimization/channels/:id/videos/check': { videosToCheck: ['dQw4w9WgXcQ'] },
  'PUT /optimization/channels/:id/videos/:videoId/search-term': { searchTerm: 'camp cooking' },
  'PUT /optimization/channels/:id/videos/:videoId/draft': {
    title: 'Camp cooking for beginners',
    description: 'Camp cooking made simple.',
    tags: ['camp cooking'],
    searchTerm: 'camp cooking',
    language: 'en',
    thumbnailId: null,
    baseRevision: null,
  },
  'POST /optimization/channels/:id/templates': { title: 'Links', content: 'Subscribe!' },
  'PUT /optimization/channels/:id/templates/:templateId': { title: 'Links', content: 'Bye' },
  'POST /optimization/channels/:id/videos/:videoId/publish': {
    title: 'Camp cooking for beginners',
    description: 'Camp cooking made simple.',
    tags: ['camp cooking'],
    searchTerm: 'camp cooking',
    language: null,
    thumbnailId: null,
    fromDraft: false,
  },
  'PUT /api/channels/:id/settings': {
    topics: ['cooking'],
    language: 'en-us',
    eeatStatement: '',
    toneOfVoice: 'friendly',
    industries: [],
    companyName: '',
  },
  'POST /api/public/onboarding/new': { sessionId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f' },
  'PATCH /api/public/onboarding/:id': {
    sessionId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f',
    keywords: ['camp cooking'],
  },
  'POST /api/public/onboarding/validate-email-code': {
    email: 'nobody@example.com',
    code: '123456',
    sessionId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f',
  },
  'POST /api/public/onboarding/validate-email-token': {
    token: 'not-a-real-link-token',
    sessionId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f',
  },
  'POST /api/public/onboarding/renew-validate-email-code': {
    email: 'nobody@example.com',
    sessionId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f',
    channel: 'email',
  },
  'POST /api/public/onboarding/:id/account': {
    sessionId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f',
    token: 'not-a-real-owner-token',
    password: 'a fine long passphrase',
  },
  'POST /api/public/insights/:id/revoke': { token: 'not-a-real-owner-token' },
  'POST /api/billing/checkout': { plan: 'pro', interval: 'month' },
  'POST /api/billing/checkout/confirm': { sessionId: 'cs_test_123' },
};

/** The calls of the accounts-and-sessions issue: these must be registered. */
const ACCOUNT_ROUTES: (keyof typeof contractRoutes)[] = [
  'publicConfig',
  'login',
  'logout',
  'refresh',
  'checkToken',
  'forget',
  'setPassword',
  'setEmail',
  'updatePassword',
  'me',
  'myChannels',
  'emailNotifications',
  'event',
  'pageView',
];

/** The public calls of the onboarding issue: registered, and never asking for a session. */
const PUBLIC_ONBOARDING_ROUTES: (keyof typeof contractRoutes)[] = [
  'newOnboarding',
  'getOnboarding',
  'updateOnboarding',
  'validateEmailCode',
  'validateEmailToken',
  'renewValidateEmailCode',
  'onboardingKeywordSuggestions',
  'createOnboardingAccount',
  'publicLocales',
  'sharedInsights',
  'revokeInsights',
];

/** Values for path parameters, so param validation passes and the rule under test decides. */
const PARAM_SAMPLES: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000001',
  youtubeId: 'UCxxxxxxxxxxxxxxxxxxxxxx',
  videoId: 'dQw4w9WgXcQ',
  email: 'member@example.com',
};

/** The route's URL with sample values for its parameters. */
const concrete = (r: RegisteredRoute) =>
  r.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(PARAM_SAMPLES[name] ?? PARAM_SAMPLES.id!),
  );

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HUGE = 'x'.repeat(100_000);
const PUBLIC_ORIGIN = 'http://localhost:3000';

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const label = (opts: InjectOptions) => `${opts.method} ${opts.url}`;

function contractFor(route: RegisteredRoute): RouteDef | undefined {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return Object.values(contractRoutes).find((d) => d.method === method && d.path === route.url);
}

/** Fails when a body carries a stack trace or source locations. */
function expectNoStackTrace(res: LightMyRequestResponse, what: string): void {
  expect(res.body, `${what}: stack trace in the body`).not.toMatch(
    /"stack"|\n\s+at |\.ts:\d+|node_modules|\(\/[\w/.-]+:\d+:\d+\)/,
  );
}

/** Checks a non-2xx answer is the one envelope, with the request id of the response. */
function expectEnvelope(
  res: LightMyRequestResponse,
  status: number,
  code: string | undefined,
  what: string,
): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const parsed = errorEnvelope.safeParse(res.json());
  expect(parsed.success, `${what}: not the envelope: ${res.body.slice(0, 300)}`).toBe(true);
  expect(parsed.data!.error.requestId, what).toBe(res.headers['x-request-id']);
  if (code) expect(parsed.data!.error.code, what).toBe(code);
  expectNoStackTrace(res, what);
}

/** Bodies that break a valid one: wrong top-level types, and each field wrong in several ways. */
function hostileBodies(valid: unknown): unknown[] {
  const out: unknown[] = [[], 'text', 5, null, true, {}, [valid]];
  if (valid && typeof valid === 'object') {
    for (const field of Object.keys(valid)) {
      for (const bad of [5, HUGE, null, [], { nested: { deeper: HUGE } }, true]) {
        out.push({ ...valid, [field]: bad });
      }
    }
    out.push({ ...valid, extra: HUGE, __proto_like__: { polluted: true } });
  }
  return out;
}

describe.each(testBackends())('security: every route (%s)', (backend) => {
  let t: TestApp;
  let stripe: EmulatorServer;
  let walked: RegisteredRoute[];
  let signedIn: string;

  beforeAll(async () => {
    // The emulator's Stripe answers billing calls, so a valid request is never a 5xx here.
    stripe = await startEmulatorServer(withTestStripe({ otherChannels: 1 }));
    // Limits high enough that the walk's sign-in and reset calls never hit them.
    t = await createTestApp(backend, {
      authLimits: GENEROUS_AUTH_LIMITS,
      billingGateway: testStripeGateway(stripe),
    });
    walked = t.routes.filter((r) => !EXCEPTIONS.some((e) => e.match(r)));
    await t.createUser('walker@example.com');
    signedIn = await t.login('walker@example.com', TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const send = async (opts: InjectOptions) => {
    const res = await t.app.inject(opts);
    expectNoStackTrace(res, label(opts));
    return res;
  };
  const json = (payload: unknown) => ({
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  const stateChanging = () => walked.filter((r) => !SAFE_METHODS.has(r.method));
  const withBody = () => walked.filter((r) => r.hasBody);
  const validBody = (r: RegisteredRoute) => VALID_BODIES[key(r)];
  // Auth routes check the session before the input, so input checks run signed in.
  const jsonAs = (r: RegisteredRoute, payload: unknown) => ({
    headers: { 'content-type': 'application/json', ...(r.auth ? { cookie: signedIn } : {}) },
    payload: JSON.stringify(payload),
  });

  it('walks the account routes, and every walked route matches its contract entry', () => {
    for (const name of ACCOUNT_ROUTES) {
      const def = contractRoutes[name] as RouteDef;
      const found = walked.find((r) => r.method === def.method && r.url === def.path);
      expect(found, `${def.method} ${def.path} is not registered`).toBeDefined();
    }
    for (const r of walked) {
      const def = contractFor(r);
      expect(def, `${key(r)} is neither in the contract nor a documented exception`).toBeDefined();
      expect(r.auth, `${key(r)}: auth flag differs from the contract`).toBe(def!.auth);
      if (r.method !== 'HEAD') {
        expect(r.hasBody, `${key(r)}: body schema differs from the contract`).toBe(
          Boolean(def!.body),
        );
      }
    }
  });

  it('answers signed-out callers of the public onboarding and insights routes, never with 401 or 5xx', async () => {
    for (const name of PUBLIC_ONBOARDING_ROUTES) {
      const def = contractRoutes[name] as RouteDef;
      const r = walked.find((w) => w.method === def.method && w.url === def.path);
      expect(r, `${def.method} ${def.path} is not registered`).toBeDefined();
      expect(r!.auth, `${key(r!)} must be public`).toBe(false);
      const query = def.query ? '?sessionId=6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f' : '';
      const opts = {
        method: r!.method,
        url: concrete(r!) + query,
        ...(r!.hasBody ? json(validBody(r!)) : {}),
      } as InjectOptions;
      const res = await send(opts);
      expect(res.statusCode, `${label(opts)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.statusCode, label(opts)).not.toBe(401);
      if (res.statusCode >= 400) expectEnvelope(res, res.statusCode, undefined, label(opts));
    }
  });

  it('has a valid sample body for every route that takes one', () => {
    for (const r of withBody()) {
      const sample = validBody(r);
      expect(sample, `add a sample body for ${key(r)} to VALID_BODIES`).toBeDefined();
      const parsed = contractFor(r)!.body!.safeParse(sample);
      expect(parsed.success, `VALID_BODIES['${key(r)}'] fails the contract`).toBe(true);
    }
  });

  it('answers 401 with the envelope to signed-out calls of every auth route', async () => {
    const authRoutes = walked.filter((r) => r.auth);
    expect(authRoutes.length).toBeGreaterThan(4);
    for (const r of authRoutes) {
      const body = r.hasBody
        ? json(validBody(r))
        : SAFE_METHODS.has(r.method)
          ? {}
          : { headers: { 'content-type': r.contentTypes?.[0] ?? 'application/json' } };
      const opts = { method: r.method, url: concrete(r), ...body } as InjectOptions;
      const res = await send(opts);
      if (r.method === 'HEAD') {
        expect(res.statusCode, label(opts)).toBe(401);
        continue;
      }
      expectEnvelope(res, 401, 'unauthorized', label(opts));
      if (r.hasBody) {
        // The session is checked before the input: a stranger learns nothing about it.
        const wrongTyped = { ...opts, ...json([]) } as InjectOptions;
        expectEnvelope(await send(wrongTyped), 401, 'unauthorized', `${label(opts)} with []`);
      }
      // A forged or unknown session cookie is no better than none.
      const forged = await send({
        ...opts,
        headers: { ...opts.headers, cookie: 'tw_session=forged-token-value; tw_refresh=forged' },
      });
      expectEnvelope(forged, 401, 'unauthorized', `${label(opts)} with a forged cookie`);
      const oversized = await send({
        ...opts,
        headers: { ...opts.headers, cookie: `tw_session=${'a'.repeat(4000)}` },
      });
      expectEnvelope(oversized, 401, 'unauthorized', `${label(opts)} with an oversized cookie`);
    }
  });

  it('answers 400 with the envelope to malformed JSON on every state-changing route', async () => {
    for (const r of stateChanging().filter((route) => !route.contentTypes)) {
      for (const payload of ['{"email":', '{bad json}', '[1,2', '{"a":1}}', '\u0000']) {
        const opts = {
          method: r.method,
          url: concrete(r),
          headers: { 'content-type': 'application/json', cookie: signedIn },
          payload,
        } as InjectOptions;
        expectEnvelope(await send(opts), 400, 'bad-request', `${label(opts)} ${payload}`);
      }
    }
  });

  it('answers 400, never 500, to wrong-typed and oversized bodies', async () => {
    expect(withBody().length).toBeGreaterThan(5);
    for (const r of withBody()) {
      const schema = contractFor(r)!.body!;
      for (const body of hostileBodies(validBody(r))) {
        const opts = { method: r.method, url: concrete(r), ...jsonAs(r, body) } as InjectOptions;
        const what = `${label(opts)} ${JSON.stringify(body).slice(0, 80)}`;
        const res = await send(opts);
        expect(res.statusCode, what).toBeLessThan(500);
        // Routes with a smaller body limit (usage events) refuse huge bodies before validation.
        if (res.statusCode === 413) expectEnvelope(res, 413, 'payload-too-large', what);
        else if (!schema.safeParse(body).success)
          expectEnvelope(res, 400, 'validation-failed', what);
      }
      // Beyond the body limit: 413, still the envelope.
      const tooLarge = {
        method: r.method,
        url: concrete(r),
        ...jsonAs(r, { email: 'x'.repeat(1_100_000) }),
      } as InjectOptions;
      expectEnvelope(await send(tooLarge), 413, 'payload-too-large', label(tooLarge));
    }
  });

  it('never answers 500 to arbitrary JSON (property test over every route)', async () => {
    for (const r of stateChanging()) {
      const schema = contractFor(r)?.body;
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
          const opts = { method: r.method, url: concrete(r), ...jsonAs(r, body) } as InjectOptions;
          const res = await send(opts);
          expect(res.statusCode, label(opts)).toBeLessThan(500);
          if (res.statusCode >= 400) expectEnvelope(res, res.statusCode, undefined, label(opts));
          if (schema && !schema.safeParse(body).success) expect(res.statusCode).toBe(400);
        }),
        { numRuns: 40 },
      );
    }
  });

  it("refuses cross-origin state-changing requests with 403 'cross-origin'", async () => {
    const forged: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `${PUBLIC_ORIGIN}.evil.example` },
      { origin: 'http://localhost:3001' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', origin: PUBLIC_ORIGIN },
    ];
    expect(stateChanging().length).toBeGreaterThan(8);
    for (const r of stateChanging()) {
      for (const headers of forged) {
        const opts = {
          method: r.method,
          url: concrete(r),
          headers: { 'content-type': 'application/json', cookie: signedIn, ...headers },
          payload: JSON.stringify(validBody(r) ?? {}),
        } as InjectOptions;
        const res = await send(opts);
        expectEnvelope(res, 403, 'cross-origin', `${label(opts)} ${JSON.stringify(headers)}`);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    // The forged calls changed nothing: the session they carried is still signed in.
    const me = await send({ method: 'GET', url: '/api/users/me', headers: { cookie: signedIn } });
    expect(me.statusCode).toBe(200);
  });

  it('accepts same-origin writes (Origin of the app, or Sec-Fetch-Site same-origin)', async () => {
    for (const headers of [{ origin: PUBLIC_ORIGIN }, { 'sec-fetch-site': 'same-origin' }]) {
      const res = await send({
        method: 'POST',
        url: '/api/users/event',
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        payload: JSON.stringify(VALID_BODIES['POST /api/users/event']),
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(202);
    }
  });

  it("refuses non-JSON content types with 415 'unsupported-media-type'", async () => {
    const bodies: [string | undefined, string][] = [
      ['text/plain', '{"email":"a@example.com"}'],
      ['text/plain;charset=UTF-8', '{}'],
      ['application/x-www-form-urlencoded', 'email=a%40example.com&password=x'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      ],
      ['application/jsonx', '{}'],
      ['text/json', '{}'],
      [undefined, ''],
    ];
    for (const r of stateChanging()) {
      for (const [type, payload] of bodies) {
        const opts = {
          method: r.method,
          url: concrete(r),
          headers: { cookie: signedIn, ...(type ? { 'content-type': type } : {}) },
          payload,
        } as InjectOptions;
        expectEnvelope(
          await send(opts),
          415,
          'unsupported-media-type',
          `${label(opts)} as ${type ?? 'no content type'}`,
        );
      }
    }
    const me = await send({ method: 'GET', url: '/api/users/me', headers: { cookie: signedIn } });
    expect(me.statusCode).toBe(200);
  });

  it('answers unknown API paths and methods with the 404 envelope', async () => {
    const unknown: InjectOptions[] = [
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/api/users/me/nope?x=1' },
      { method: 'POST', url: '/api/users/nope', ...json({}) },
      { method: 'DELETE', url: '/api/users/me' },
      { method: 'PUT', url: '/api/users/login', headers: { 'content-type': 'text/plain' } },
      { method: 'GET', url: '/api/users/login' },
      { method: 'GET', url: '/accounts/nope' },
      { method: 'POST', url: '/optimization/nope/sync', headers: { origin: 'https://e.x' } },
    ];
    for (const opts of unknown) expectEnvelope(await send(opts), 404, 'not-found', label(opts));
  });

  it('answers an internal failure with a bare 500 envelope: no stack, no SQL, no detail', async () => {
    // A fresh session and user, so no cached copy answers instead of the database.
    await t.createUser('broken@example.com');
    const fresh = await t.login('broken@example.com', TEST_PASSWORD);
    await t.database.db.execute(sql`alter table users rename to users_hidden`);
    try {
      const res = await send({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: fresh },
      });
      expectEnvelope(res, 500, 'internal', 'GET /api/users/me with the users table gone');
      expect(res.json().error.message).toBe('Something went wrong on our side.');
      expect(res.body).not.toMatch(/users_hidden|relation|select|postgres|pglite/i);
    } finally {
      await t.database.db.execute(sql`alter table users_hidden rename to users`);
    }
  });
});

describe.each(testBackends())('security: refresh-token rotation (%s)', (backend) => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await createTestApp(backend, { clock });
    await t.createUser('rita@example.com');
  });
  afterAll(() => t.close());

  const refresh = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/refresh-token',
      headers: { cookie, 'content-type': 'application/json' },
    });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode;
  /** Only the refresh cookie of a Cookie header (what a thief replays). */
  const refreshOnly = (cookie: string) =>
    cookie
      .split('; ')
      .filter((c) => c.startsWith('tw_refresh='))
      .join('; ');

  it('revokes the whole family when a rotated refresh token is reused after the grace window', async () => {
    const first = await t.login('rita@example.com', TEST_PASSWORD);
    const otherDevice = await t.login('rita@example.com', TEST_PASSWORD);
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = cookieHeader(rotated, first);
    expect(refreshOnly(second)).not.toBe(refreshOnly(first));
    expect(await me(second)).toBe(200);

    clock.advance(11);
    const reuse = await refresh(refreshOnly(first));
    expectEnvelope(reuse, 401, 'session-expired', 'reused refresh token');
    // The newest refresh token and every session token of the family stop working.
    expect((await refresh(refreshOnly(second))).statusCode).toBe(401);
    expect(await me(second)).toBe(401);
    expect(await me(first)).toBe(401);
    // Another sign-in of the same user is a different family and stays valid.
    expect(await me(otherDevice)).toBe(200);
    expect((await refresh(otherDevice)).statusCode).toBe(200);
  });

  it('tolerates a second use within the 10 s grace window (two tabs refreshing at once)', async () => {
    const first = await t.login('rita@example.com', TEST_PASSWORD);
    const a = await refresh(first);
    expect(a.statusCode).toBe(200);
    clock.advance(9);
    const b = await refresh(first);
    expect(b.statusCode).toBe(200);
    const tabA = cookieHeader(a, first);
    const tabB = cookieHeader(b, first);
    expect(await me(tabA)).toBe(200);
    expect(await me(tabB)).toBe(200);
    expect((await refresh(tabA)).statusCode).toBe(200);
    expect((await refresh(tabB)).statusCode).toBe(200);
  });

  it('refuses a refresh token after sign-out and clears the cookies', async () => {
    const cookie = await t.login('rita@example.com', TEST_PASSWORD);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie: refreshOnly(cookie), 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
    const res = await refresh(cookie);
    expectEnvelope(res, 401, 'session-expired', 'refresh after logout');
    const cleared = (res.cookies as { name: string; value: string }[]).map((c) => c.name).sort();
    expect(cleared).toEqual(['tw_refresh', 'tw_session']);
    expect(await me(cookie)).toBe(401);
  });
});

// Sign-in limits, the client address behind a proxy and limits shared by processes:
// modules/users/sign-in-limits.test.ts.
