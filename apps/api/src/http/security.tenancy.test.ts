/**
 * Generated cross-tenant checks. Every route declares its scope in the contract (`scope`) and
 * defineRoute runs the access check from that declaration; this suite enumerates the routes the
 * app registers, builds a valid request for each channel-scoped one, and checks who gets what:
 * signed out → 401; another tenant (someone with channels of their own) → 404 and nothing
 * changed; the same tenant naming their own channel with this channel's videos, templates,
 * folders… → refused and nothing changed; a removed member (who used the routes while a member)
 * → 404 and nothing changed; a member on an owner-only route → 403 'forbidden'. Positive
 * controls (members on member routes, the owner on every route) prove the answers are not just
 * "refuse everything". A new route is covered automatically; one that needs a body needs a
 * sample in BODIES.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify, {
  type InjectOptions,
  type LightMyRequestResponse,
  type RouteOptions,
} from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS, type Emulator } from '@tubewise/emulator';
import {
  routes as contractRoutes,
  scopeRequiresAuth,
  type ChannelScope,
  type RouteDef,
  type RouteScope,
} from '@tubewise/contract';
import { defineRoute } from './route.ts';
import { createTestApp, testBackends, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { startEmulatorServer, type EmulatorServer } from '../testing/emulator-server.ts';
import { DataForSeoAdapter } from '../modules/keywords/index.ts';
import { WEEKLY_IDEAS_FLAG } from '../modules/ideas/index.ts';
import { COMPETITION_FLAG } from '@tubewise/contract/onboarding-constants';
import { LABS_FLAG } from '../modules/labs/index.ts';
import { connectEmulatorChannel, syncChannel } from '../testing/connect-channel.ts';
import { FakeWriter } from '../testing/fake-writer.ts';

/** Registered routes that are not contract routes, each with why and where they are tested. */
const NOT_CONTRACT_ROUTES: { why: string; match: (url: string) => boolean }[] = [
  {
    why: 'Swagger UI and the OpenAPI document: public, read-only (app.test.ts)',
    match: (url) => url === '/api/docs' || url.startsWith('/api/docs/'),
  },
  {
    why: 'dev mailbox pages (mailbox tests)',
    match: (url) => url.startsWith('/dev/mailbox'),
  },
  {
    why: 'OAuth callback: a browser redirect target that checks its one-time state (channels.test.ts)',
    match: (url) => url === '/oauth/youtube/callback',
  },
  {
    why: 'Search Console OAuth callback: a redirect target that checks its one-time state (search-console.emulator.test.ts)',
    match: (url) => url === '/oauth/search-console/callback',
  },
  {
    why: "Stripe's webhook: no session, verified by its signature (modules/billing webhook tests)",
    match: (url) => url === '/api/billing/webhook',
  },
  {
    why: "an account export's ZIP: signed in, the person's own exports only (modules/account/account-archive.security.test.ts)",
    match: (url) => url === '/api/users/me/exports/:exportId/archive',
  },
  {
    why: 'liveness and readiness probes (app.test.ts)',
    match: (url) => /^\/(healthz|readyz)$/.test(url),
  },
  {
    why: 'static files of the built web app (app.test.ts)',
    match: (url) =>
      !['/api/', '/accounts/', '/optimization/', '/yt/', '/oauth/', '/emulator/', '/dev/'].some(
        (p) => url.startsWith(p),
      ),
  },
];

/** What a channel's world holds: its ids and one of each thing a route can name. */
interface ChannelFixtures {
  id: string;
  youtubeId: string;
  videoId: string;
  templateId: string;
  publishId: string;
  thumbnailId: string;
  folderId: string;
  savedIdeaId: string;
  keywordId: string;
  trackedKeywordId: string;
  generationId: string;
  tipType: string;
  draftRevision: number;
  /** A member of the channel a removeMember call would remove. */
  bystanderEmail: string;
  /** A public platform channel a channel may follow as a competitor. */
  competitorId: string;
  /** A running thumbnail test (Labs), its video (platform id) and two uploads of that video. */
  testId: string;
  testVideoId: string;
  testThumbnailIds: string[];
}

/** A signed-in person. */
interface Person {
  id: string;
  email: string;
  cookie: string;
}

/**
 * Whose ids a request carries: `channel` names the channel (or the resource a route reaches its
 * channel through), `things` every other id (videos, templates, publishes, folders…).
 */
interface Target {
  channel: ChannelFixtures;
  things: ChannelFixtures;
}

type Part = 'params' | 'query' | 'body';

/** A sample for a field by its name (the channel field of the scope is filled separately). */
function fieldSample(name: string, caller: Person, { things }: Target): unknown {
  const samples: Record<string, unknown> = {
    videoId: things.videoId,
    templateId: things.templateId,
    publishId: things.publishId,
    keywordId: things.keywordId,
    trackedKeywordId: things.trackedKeywordId,
    generationId: things.generationId,
    type: things.tipType,
    email: things.bystanderEmail,
    folder: things.folderId,
    folderId: things.folderId,
    thumbnailId: things.thumbnailId,
    user_id: caller.id,
    reconnect: 'true',
    q: 'camping',
    phrase: 'camp cooking',
    revision: String(things.draftRevision),
    youtubeId: things.competitorId,
    testId: things.testId,
  };
  return samples[name];
}

/** The value the scope's field gets: the channel, or the resource the route reaches it through. */
function channelSample(scope: ChannelScope, { channel }: Target): string {
  switch (scope.via ?? 'id') {
    case 'youtube-id':
      return channel.youtubeId;
    case 'thumbnail':
      return channel.thumbnailId;
    case 'idea-folder':
      return channel.folderId;
    case 'saved-idea':
      return channel.savedIdeaId;
    default:
      return channel.id;
  }
}

/** Request bodies (the channel field, when the scope names one, is filled separately). */
const BODIES: Record<string, (target: Target) => Record<string, unknown>> = {
  'POST /api/ideas/discover': () => ({ seeds: ['camp cooking'] }),
  'POST /api/ideas/folders': () => ({ name: 'Tenancy folder' }),
  'PATCH /api/ideas/folders/:id': () => ({ name: 'Renamed folder' }),
  'POST /api/ideas/saved': ({ things }) => ({
    phrase: 'dutch oven bread',
    folderId: things.folderId,
  }),
  'PATCH /api/ideas/saved/:id': ({ things }) => ({ folderId: things.folderId }),
  'PUT /api/ideas/saved/:id/script': () => ({ content: '<p>Hook</p>', baseRevision: 0 }),
  'PUT /api/ideas/inbox-settings': () => ({ weeklyIdeas: true }),
  'POST /api/rankings/channels/:id/keywords': () => ({ text: 'tenancy keyword' }),
  'POST /api/rankings/channels/:id/keywords/delete': ({ things }) => ({
    ids: [things.trackedKeywordId],
  }),
  'PUT /api/reporting/channels/:id/cost-per-view': () => ({ costPerView: 0.05 }),
  'POST /api/channels/:id/competitors': ({ things }) => ({ youtubeId: things.competitorId }),
  'PUT /api/reporting/channels/:id/search-console': () => ({ siteUrl: null }),
  'POST /api/labs/channels/:id/thumbnail-tests': ({ things }) => ({
    videoId: things.testVideoId,
    thumbnailIds: things.testThumbnailIds,
    durationDays: 14,
    metric: 'viewsPerDay',
  }),
  'POST /api/channels/:id/members': () => ({ email: 'friend-of-the-channel@example.com' }),
  'PUT /api/channels/:id/settings': () => ({
    topics: ['cooking'],
    language: 'en-us',
    eeatStatement: '',
    toneOfVoice: 'friendly',
    industries: [],
    companyName: '',
  }),
  'POST /optimization/channels/:id/videos/check': ({ things }) => ({
    videosToCheck: [things.videoId],
  }),
  'PUT /optimization/channels/:id/videos/:videoId/search-term': () => ({
    searchTerm: 'camp cooking',
  }),
  'PUT /optimization/channels/:id/videos/:videoId/draft': ({ things }) => ({
    title: 'Camp cooking for beginners',
    description: 'Camp cooking made simple.',
    tags: ['camp cooking'],
    searchTerm: 'camp cooking',
    language: 'en',
    thumbnailId: things.thumbnailId,
    baseRevision: things.draftRevision,
  }),
  'POST /optimization/channels/:id/templates': () => ({ title: 'Links', content: 'Subscribe!' }),
  'PUT /optimization/channels/:id/templates/:templateId': () => ({
    title: 'Links',
    content: 'Bye',
  }),
  'POST /optimization/channels/:id/videos/:videoId/publish': ({ things }) => ({
    title: 'Camp cooking, published',
    description: 'Camp cooking made simple.',
    tags: ['camp cooking'],
    searchTerm: 'camp cooking',
    language: null,
    thumbnailId: things.thumbnailId,
    fromDraft: false,
  }),
  'POST /optimization/channels/:id/videos/:videoId/keywords': () => ({ keyword: 'camp stove' }),
  'POST /optimization/channels/:id/videos/:videoId/ai/generations': () => ({
    searchTerm: 'camp cooking',
  }),
  'PUT /optimization/channels/:id/videos/:videoId/ai/generations/:generationId/feedback': () => ({
    target: 'description',
    value: 'up',
  }),
};

/** Ids of things inside a channel that a request may carry besides the channel's own. */
const FOREIGN_ID_FIELDS = [
  'videoId',
  'templateId',
  'publishId',
  'thumbnailId',
  'folderId',
  'keywordId',
  'trackedKeywordId',
  'generationId',
  'testId',
  'testVideoId',
  'testThumbnailIds',
] as const;

/**
 * Id-like fields of routes that are not channel-scoped, each naming nothing of a channel:
 * `anonymousId` is the browser's own analytics id (usage events and page views).
 */
// A Checkout session id names the person's own Stripe session (checked against the caller).
const UNSCOPED_ID_FIELDS = new Set(['anonymousId', 'sessionId']);

/**
 * Public routes whose `id` names no channel: an onboarding, which answers only the browser
 * session bound to it (404 to any other, modules/onboarding/onboarding.test.ts), and a shared
 * insights page, whose 128-bit random id is the capability (insights.emulator.test.ts).
 */
const PUBLIC_ID_ROUTES = new Set([
  'getOnboarding',
  'updateOnboarding',
  'onboardingKeywordSuggestions',
  'createOnboardingAccount',
  'sharedInsights',
  'revokeInsights',
]);

/** The platform account that owns the test channels (the emulator's demo account A). */
const PLATFORM_ACCOUNT = 'alex.creator@tubewise.test';

/** Routes whose body is an image rather than JSON (their `config.contentTypes`). */
const IMAGE_BODY_ROUTES = new Set(['POST /optimization/channels/:id/videos/:videoId/thumbnail']);

/** A registered contract route with its declared scope. */
interface ScopedRoute {
  name: string;
  def: RouteDef;
  scope: ChannelScope;
}

const key = (d: { method: string; path: string }) => `${d.method} ${d.path}`;

/** A PNG of the given size (thumbnail uploads). */
function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toBuffer();
}

/** The fields a schema declares (zod objects), with whether each may be absent. */
function fieldsOf(schema: unknown): { name: string; optional: boolean }[] {
  const shape = (
    schema as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }
  )?.shape;
  if (!shape) return [];
  return Object.entries(shape).map(([name, field]) => ({
    name,
    optional: field.safeParse(undefined).success,
  }));
}

describe('route scopes in the contract', () => {
  it('declares a scope on every route, and auth follows from it', () => {
    for (const [name, def] of Object.entries(contractRoutes) as [string, RouteDef][]) {
      expect(def.scope, `${name} has no scope`).toBeDefined();
      expect(def.auth, `${name}: auth differs from its scope`).toBe(scopeRequiresAuth(def.scope));
    }
  });

  it('scopes to its channel every route that takes an id (a route declared wider escapes the checks below)', () => {
    for (const [name, def] of Object.entries(contractRoutes) as [string, RouteDef][]) {
      if (typeof def.scope === 'object') continue;
      for (const part of ['params', 'query', 'body'] as const) {
        for (const { name: field } of fieldsOf(def[part])) {
          if (UNSCOPED_ID_FIELDS.has(field) || !/(^id$|Id$|_id$)/.test(field)) continue;
          if (field === 'id' && PUBLIC_ID_ROUTES.has(name) && def.scope === 'public') continue;
          expect.fail(`${name} takes ${part}.${field} but is '${def.scope}': declare its channel`);
        }
      }
    }
  });

  it('refuses at registration a scope that names no field of the route, or an optional one', async () => {
    const app = Fastify();
    app.decorate('channelGuard', {} as never);
    const base = {
      method: 'GET' as const,
      path: '/x/:id',
      summary: 'x',
      auth: true,
      params: z.object({ id: z.string() }),
      query: z.object({ channelId: z.string().optional() }),
      response: z.object({}),
    };
    const noop = async () => ({});
    const session = async () => null;
    expect(() =>
      defineRoute(app, { ...base, scope: { channel: 'params.channel' } }, session, noop),
    ).toThrow(/not a field of its params schema/);
    expect(() =>
      defineRoute(app, { ...base, scope: { channel: 'query.channelId' } }, session, noop),
    ).toThrow(/optional in the schema but not in the scope/);
    expect(() =>
      defineRoute(
        app,
        { ...base, path: '/y/:id', scope: { channel: 'query.channelId', optional: true } },
        session,
        noop,
      ),
    ).not.toThrow();
    expect(() =>
      defineRoute(
        Fastify(),
        { ...base, path: '/z/:id', scope: { channel: 'params.id' } },
        session,
        noop,
      ),
    ).toThrow(/no channelGuard/);
    await app.close();
  });
});

describe.each(testBackends())('security: generated cross-tenant checks (%s)', (backend) => {
  let server: EmulatorServer;
  let emulator: Emulator;
  let t: TestApp;
  /** Scope of every route as registered (`config.scope`), by "METHOD url". */
  const registered = new Map<string, RouteScope | undefined>();
  let scoped: ScopedRoute[];
  let owner: Person;
  let member: Person;
  let removed: Person;
  let stranger: Person;
  let a: ChannelFixtures;
  let b: ChannelFixtures;
  let thumbnail: Buffer;
  /** Texts only channel A's people may see (its name, video titles, template). */
  let secretsOfA: string[];

  const inject = (opts: InjectOptions) => t.app.inject(opts);
  const as = (who: Person, method: string, url: string, payload?: unknown) =>
    inject({
      method: method as InjectOptions['method'],
      url,
      headers: {
        cookie: who.cookie,
        // Every state-changing request is JSON (the origin check), even without a body.
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const ok = async (res: Promise<LightMyRequestResponse> | LightMyRequestResponse) => {
    const r = await res;
    expect(r.statusCode, r.body.slice(0, 300)).toBeLessThan(300);
    return r.json();
  };

  async function person(email: string): Promise<Person> {
    // The weekly ideas e-mail's settings, the competition view and Labs are offered only to
    // people with their flags.
    const id = await t.createUser(email, TEST_PASSWORD, {
      flags: `${WEEKLY_IDEAS_FLAG},${COMPETITION_FLAG},${LABS_FLAG}`,
    });
    return { id, email, cookie: await t.login(email, TEST_PASSWORD) };
  }

  /** Connects an emulator channel for `who` through the product's OAuth path and syncs it. */
  async function connectChannel(who: Person, title: string) {
    const account = PLATFORM_ACCOUNT;
    const record = emulator.control.addChannel({ videoCount: 4, owner: account, title });
    const id = await connectEmulatorChannel(t.services, emulator, {
      userId: who.id,
      youtubeChannelId: record.id,
      account,
    });
    await syncChannel(t.services, id);
    return { id, youtubeId: record.id };
  }

  /** One of each thing a route can name, made through the API by the channel's owner. */
  async function furnish(who: Person, channel: { id: string; youtubeId: string }) {
    const base = `/optimization/channels/${channel.id}`;
    const list = await ok(as(who, 'GET', `${base}/videos?sort=date&order=desc`));
    const videoId = list.items[0].videoId as string;
    const template = await ok(
      as(who, 'POST', `${base}/templates`, {
        title: `Sign-off of ${channel.id}`,
        content: `Thanks from ${channel.id}!`,
      }),
    );
    const upload = await ok(
      inject({
        method: 'POST',
        url: `${base}/videos/${videoId}/thumbnail`,
        headers: { cookie: who.cookie, 'content-type': 'image/png' },
        payload: thumbnail,
      }),
    );
    const published = await ok(
      as(who, 'POST', `${base}/videos/${videoId}/publish`, {
        title: 'Camp cooking, the first publish',
        description: 'First.',
        tags: ['camp cooking'],
        searchTerm: null,
        language: null,
        thumbnailId: null,
        fromDraft: false,
      }),
    );
    const draft = await ok(
      as(who, 'PUT', `${base}/videos/${videoId}/draft`, {
        title: 'A draft',
        description: '',
        tags: [],
        searchTerm: null,
        language: null,
        thumbnailId: null,
        baseRevision: null,
      }),
    );
    const folder = await ok(
      as(who, 'POST', '/api/ideas/folders', { channelId: channel.id, name: 'Ideas' }),
    );
    const idea = await ok(
      as(who, 'POST', '/api/ideas/saved', {
        channelId: channel.id,
        phrase: 'campfire recipes',
        folderId: folder.id,
      }),
    );
    const bookmarks = await ok(
      as(who, 'POST', `${base}/videos/${videoId}/keywords`, { keyword: 'camp cooking' }),
    );
    const tracked = await ok(
      as(who, 'POST', `/api/rankings/channels/${channel.id}/keywords`, { text: 'camp cooking' }),
    );
    const tips = await ok(as(who, 'GET', `${base}/videos/${videoId}/recommendations`));
    // A running thumbnail test on another video, rotating two uploads of that video.
    const testVideoId = list.items[1].videoId as string;
    const testThumbnailIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const variant = await ok(
        inject({
          method: 'POST',
          url: `${base}/videos/${testVideoId}/thumbnail`,
          headers: { cookie: who.cookie, 'content-type': 'image/png' },
          payload: thumbnail,
        }),
      );
      testThumbnailIds.push(variant.thumbnailId as string);
    }
    const thumbnailTest = await ok(
      as(who, 'POST', `/api/labs/channels/${channel.id}/thumbnail-tests`, {
        videoId: testVideoId,
        thumbnailIds: testThumbnailIds,
        durationDays: 14,
        metric: 'viewsPerDay',
      }),
    );
    const generation = await ok(
      as(who, 'POST', `${base}/videos/${videoId}/ai/generations`, { searchTerm: 'camp cooking' }),
    );
    // Written in the background: wait, so later "changing nothing" digests see a settled table.
    for (let i = 0; ; i++) {
      const { generation: g } = await ok(
        as(who, 'GET', `${base}/videos/${videoId}/ai/generations/latest`),
      );
      if (g.status === 'done') break;
      if (i > 500) throw new Error(`generation ${generation.id} did not finish: ${g.status}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return {
      ...channel,
      videoTitles: (list.items as { title: string }[]).map((v) => v.title),
      videoId,
      templateId: template.id as string,
      publishId: published.publish.id as string,
      thumbnailId: upload.thumbnailId as string,
      folderId: folder.id as string,
      savedIdeaId: idea.id as string,
      keywordId: bookmarks.items[0].id as string,
      trackedKeywordId: tracked.added[0].id as string,
      generationId: generation.id as string,
      tipType: tips.tips[0].type as string,
      draftRevision: draft.revision as number,
      testId: thumbnailTest.id as string,
      testVideoId,
      testThumbnailIds,
    };
  }

  /** A valid request of `route` by `caller` against `target` (null caller: signed out). */
  async function requestOf(
    route: ScopedRoute,
    caller: Person | null,
    target: Target,
  ): Promise<InjectOptions> {
    const { def, scope } = route;
    const who = caller ?? owner;
    const [scopePart, scopeField] = scope.channel.split('.') as [Part, string];
    const valueOf = (part: Part, name: string) =>
      part === scopePart && name === scopeField
        ? channelSample(scope, target)
        : fieldSample(name, who, target);
    const url = def.path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(String(valueOf('params', name))),
    );
    const query = new URLSearchParams();
    for (const field of fieldsOf(def.query)) {
      const value = valueOf('query', field.name);
      const wanted = !field.optional || (scopePart === 'query' && scopeField === field.name);
      if (value !== undefined && (wanted || field.name === 'folder' || field.name === 'reconnect'))
        query.set(field.name, String(value));
    }
    const search = query.size ? `?${query}` : '';
    const headers: Record<string, string> = caller ? { cookie: caller.cookie } : {};
    if (IMAGE_BODY_ROUTES.has(key(def))) {
      return {
        method: def.method,
        url: url + search,
        headers: { ...headers, 'content-type': 'image/png' },
        payload: thumbnail,
      };
    }
    if (!def.body) {
      // Every state-changing request is JSON (the origin check), even without a body.
      if (def.method !== 'GET') headers['content-type'] = 'application/json';
      return { method: def.method, url: url + search, headers };
    }
    const sample = BODIES[key(def)];
    if (!sample) throw new Error(`add a sample body for ${key(def)} to BODIES`);
    const body = {
      ...sample(target),
      ...(scopePart === 'body' ? { [scopeField]: channelSample(scope, target) } : {}),
    };
    return {
      method: def.method,
      url: url + search,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    };
  }

  /** A digest of every table and of the platform's ledgers: equal digests, nothing changed. */
  async function fingerprint(): Promise<string> {
    const rows = async <T>(query: SQL) =>
      ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const digests = await rows<{ name: string; digest: string }>(
      sql.join(
        tables.map(
          ({ name }) =>
            sql`select ${name} as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(name)} x`,
        ),
        sql` union all `,
      ),
    );
    return JSON.stringify({
      tables: digests,
      quota: emulator.control.quotaLedger(),
      keywordCalls: emulator.keywordData.calls().length,
    });
  }

  /** Sends a request that must be refused, and checks that nothing changed anywhere. */
  async function refused(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const before = await fingerprint();
    const res = await inject(opts);
    const after = await fingerprint();
    if (after !== before) {
      const changed = diffTables(before, after);
      expect.fail(`${opts.method} ${opts.url} changed ${changed.join(', ')}: ${res.statusCode}`);
    }
    return res;
  }

  const expectCode = (res: LightMyRequestResponse, status: number, code: string, what: string) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(status);
    expect(res.json().error.code, what).toBe(code);
  };

  /** Passed the access check: not refused for who the caller is (other answers are allowed). */
  const expectAdmitted = (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    expect([401, 404], `${what}: ${res.body.slice(0, 300)}`).not.toContain(res.statusCode);
    if (res.statusCode === 403) expect(res.json().error.code, what).not.toBe('forbidden');
  };

  const label = (route: ScopedRoute, who: string) => `${key(route.def)} as ${who}`;
  const onA = (): Target => ({ channel: a, things: a });
  const memberRoutes = () => scoped.filter((r) => r.scope.role !== 'owner');
  const ownerRoutes = () => scoped.filter((r) => r.scope.role === 'owner');

  beforeAll(async () => {
    server = await startEmulatorServer({ otherChannels: 2 });
    emulator = server.emulator;
    // Thumbnail URLs on this server, so a thumbnail test can keep a copy of the live image.
    (emulator.state.options as { publicUrl: string }).publicUrl = server.root;
    t = await createTestApp(backend, {
      platform: server.adapter,
      keywordData: new DataForSeoAdapter({
        baseUrl: server.root,
        ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
        name: 'Emulated keyword data',
      }),
      writer: new FakeWriter(),
      env: { YOUTUBE_API_KEY: 'tubewise-emulator-key' },
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const scope = (route.config as { scope?: RouteScope } | undefined)?.scope;
        for (const method of methods) registered.set(`${method} ${route.url}`, scope);
      },
    });
    thumbnail = await png(1280, 720);
    owner = await person('tenancy-owner@example.com');
    member = await person('tenancy-member@example.com');
    removed = await person('tenancy-removed@example.com');
    stranger = await person('tenancy-stranger@example.com');
    await person('tenancy-bystander@example.com');

    const channelA = await connectChannel(owner, 'Alpha Camp Kitchen');
    const channelB = await connectChannel(stranger, 'Beta Trail Food');
    for (const email of [member.email, removed.email, 'tenancy-bystander@example.com']) {
      await ok(as(owner, 'POST', `/api/channels/${channelA.id}/members`, { email }));
    }
    const competitorId = emulator.control.addChannel({ videoCount: 3, title: 'Rival Camp' }).id;
    const furnishedA = await furnish(owner, channelA);
    a = { ...furnishedA, bystanderEmail: 'tenancy-bystander@example.com', competitorId };
    secretsOfA = ['Alpha Camp Kitchen', `Sign-off of ${a.id}`, ...furnishedA.videoTitles];
    b = {
      ...(await furnish(stranger, channelB)),
      bystanderEmail: 'tenancy-bystander@example.com',
      competitorId,
    };

    scoped = (Object.entries(contractRoutes) as [string, RouteDef][])
      .filter(([, def]) => typeof def.scope === 'object')
      .map(([name, def]) => ({ name, def, scope: def.scope as ChannelScope }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('registers every contract route with its declared scope, and nothing undeclared', () => {
    for (const [name, def] of Object.entries(contractRoutes) as [string, RouteDef][]) {
      expect(registered.has(key(def)), `${name} (${key(def)}) is not registered`).toBe(true);
      expect(registered.get(key(def)), `${name}: registered scope`).toEqual(def.scope);
    }
    for (const [route, scope] of registered) {
      const url = route.slice(route.indexOf(' ') + 1);
      if (NOT_CONTRACT_ROUTES.some((e) => e.match(url))) continue;
      expect(scope, `${route} declares no scope (add it to the contract)`).toBeDefined();
    }
    // The suite below covers a good share of the API: a regression in enumeration shows here.
    expect(scoped.length).toBeGreaterThan(40);
    expect(ownerRoutes().length).toBeGreaterThan(1);
  });

  it('has valid sample requests for every channel-scoped route', async () => {
    for (const route of scoped) {
      const opts = await requestOf(route, owner, onA());
      const url = new URL(opts.url as string, 'http://localhost');
      const query = Object.fromEntries(url.searchParams);
      if (route.def.query) {
        expect(route.def.query.safeParse(query).success, `${label(route, 'sample')} query`).toBe(
          true,
        );
      }
      if (route.def.body) {
        expect(
          route.def.body.safeParse(JSON.parse(opts.payload as string)).success,
          `${label(route, 'sample')} body`,
        ).toBe(true);
      }
    }
  });

  it("queries access once per call: a service's own check in the same request reuses the route's", async () => {
    // The prepared statement behind ChannelsService.requireAccess (private: counted, not used).
    const query = (t.services.channels as unknown as { accessQuery: { execute: () => unknown } })
      .accessQuery;
    const spy = vi.spyOn(query, 'execute');
    try {
      for (const url of [`/api/channels/${a.id}/settings`, `/api/channels/${a.id}/members`]) {
        spy.mockClear();
        await ok(as(member, 'GET', url));
        expect(spy, url).toHaveBeenCalledTimes(1);
      }
      // The list's hot path keeps serving from memory: its declared check reads the list's cache.
      const list = `/optimization/channels/${a.id}/videos?sort=date&order=desc`;
      await ok(as(member, 'GET', list));
      spy.mockClear();
      await ok(as(member, 'GET', list));
      expect(spy, list).not.toHaveBeenCalled();
      // Outside a request (jobs, other services) the check still goes to the database.
      spy.mockClear();
      await t.services.channels.getSettings(member.id, a.id);
      await t.services.channels.getSettings(member.id, a.id);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 401 to signed-out calls of every channel-scoped route, changing nothing', async () => {
    for (const route of scoped) {
      const res = await refused(await requestOf(route, null, onA()));
      expectCode(res, 401, 'unauthorized', label(route, 'signed out'));
    }
  });

  it('answers 404 to another tenant on every channel-scoped route, changing nothing', async () => {
    for (const route of scoped) {
      const res = await refused(await requestOf(route, stranger, onA()));
      expectCode(res, 404, 'not-found', label(route, 'another tenant'));
    }
  });

  it("answers a channel or resource that does not exist exactly like another tenant's (no existence leak)", async () => {
    const ghost = (id: string): ChannelFixtures => ({
      ...a,
      id,
      youtubeId: 'UCghostghostghostghostgh',
      thumbnailId: id,
      folderId: id,
      savedIdeaId: id,
    });
    for (const route of scoped) {
      const foreign = await inject(await requestOf(route, stranger, onA()));
      for (const id of ['00000000-0000-4000-8000-00000000dead', 'not-a-uuid']) {
        const res = await refused(await requestOf(route, owner, { channel: ghost(id), things: a }));
        const what = `${label(route, 'the owner')} naming ${id}`;
        expectCode(res, 404, 'not-found', what);
        expect(res.json().error.message, what).toBe(foreign.json().error.message);
      }
    }
  });

  it("refuses another tenant naming their own channel with one of this channel's ids, changing nothing", async () => {
    // The tenant passes the scope check with their own channel; every other id of the request
    // (a video, template, publish, thumbnail, folder, bookmark) is swapped for this channel's,
    // one at a time, and the service must not reach into this channel.
    let checked = 0;
    for (const route of scoped) {
      const own = await requestOf(route, stranger, { channel: b, things: b });
      for (const field of FOREIGN_ID_FIELDS) {
        const opts = await requestOf(route, stranger, {
          channel: b,
          things: { ...b, [field]: a[field] },
        });
        if (opts.url === own.url && opts.payload === own.payload) continue;
        const res = await refused(opts);
        const what = `${label(route, 'another tenant')} with this channel's ${field}`;
        expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        // Refused, or answered without anything of this channel (e.g. a check of videos
        // ignores ids that are not the caller's channel's).
        for (const secret of secretsOfA) {
          expect(res.body.includes(secret), `${what}: the answer shows '${secret}'`).toBe(false);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  it("answers 403 'forbidden' to a member on every owner-only route, changing nothing", async () => {
    for (const route of ownerRoutes()) {
      const res = await refused(await requestOf(route, member, onA()));
      expectCode(res, 403, 'forbidden', label(route, 'a member'));
    }
  });

  it('lets members call every member route (read-only ones), then refuses them once removed', async () => {
    const reads = memberRoutes().filter((r) => r.def.method === 'GET');
    expect(reads.length).toBeGreaterThan(10);
    // While a member, every read works (and is remembered wherever the server caches access).
    for (const who of [member, removed]) {
      for (const route of reads) {
        const what = label(route, `member ${who.email}`);
        expectAdmitted(await inject(await requestOf(route, who, onA())), what);
      }
    }
    const res = await as(
      owner,
      'DELETE',
      `/api/channels/${a.id}/members/${encodeURIComponent(removed.email)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const route of scoped) {
      const answer = await refused(await requestOf(route, removed, onA()));
      expectCode(answer, 404, 'not-found', label(route, 'a removed member'));
    }
    // The member who stayed is not affected.
    for (const route of reads) {
      expectAdmitted(await inject(await requestOf(route, member, onA())), label(route, 'member'));
    }
  });

  it('admits the owner on every channel-scoped route (positive control)', async () => {
    // Deletions last, and removing the channel itself very last: earlier calls need its things.
    const rank = (r: ScopedRoute) =>
      r.name === 'removeChannel'
        ? 2
        : r.def.method === 'DELETE' || r.def.path.endsWith('/delete')
          ? 1
          : 0;
    const ordered = [...scoped].sort((x, y) => rank(x) - rank(y));
    for (const route of ordered) {
      const res = await inject(await requestOf(route, owner, onA()));
      expectAdmitted(res, label(route, 'the owner'));
    }
  });
});

/** Names of the tables whose digest differs between two fingerprints (for the failure message). */
function diffTables(before: string, after: string): string[] {
  const x = JSON.parse(before) as { tables: { name: string; digest: string }[] };
  const y = JSON.parse(after) as { tables: { name: string; digest: string }[] };
  const changed = y.tables
    .filter((row) => x.tables.find((r) => r.name === row.name)?.digest !== row.digest)
    .map((r) => r.name);
  if (before !== after && changed.length === 0)
    changed.push('the platform (quota or keyword calls)');
  return changed;
}
