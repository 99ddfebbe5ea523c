/**
 * MSW handlers derived from the contract: each route's method and path come from `routes`,
 * request bodies are checked with its body schema and answers with its response schema, so a
 * test cannot pass against an API shape the server would not produce. State is a plain object
 * each test adjusts; no server rules are re-implemented.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import {
  routes,
  type Channel,
  type ChannelMember,
  type ChannelSettings,
  type Language,
  type PublicConfig,
  type RouteDef,
  type SyncStatus,
  type User,
} from '@tubewise/contract';
import { buildChannelSettings, buildLocales, buildPublicConfig, buildSyncStatus } from './data.ts';

const ORIGIN = 'http://localhost:3000';

/** What the fake API answers; tests mutate it. */
export interface ApiState {
  config: PublicConfig;
  /** null = signed out (401). */
  user: User | null;
  myChannels: Channel[];
  invitedTo: Channel[];
  /** Members per channel id; absent = only the signed-in user as owner. */
  members: Record<string, ChannelMember[]>;
  /** Settings per channel id; absent = the defaults. */
  channelSettings: Record<string, ChannelSettings>;
  locales: Language[];
  /** Sync status per channel id; absent = idle, never synced. */
  syncStatus: Record<string, SyncStatus>;
  /** The consent URL youtubeAuthUrl answers with. */
  authUrl: string;
  requests: {
    route: string;
    body: unknown;
    params: Record<string, string>;
    query: Record<string, string>;
  }[];
}

/** The fake API's state for the running test. */
export const api: ApiState = {
  config: buildPublicConfig(),
  user: null,
  myChannels: [],
  invitedTo: [],
  members: {},
  channelSettings: {},
  locales: buildLocales(),
  syncStatus: {},
  authUrl: 'https://accounts.example.com/o/oauth2/v2/auth?state=test',
  requests: [],
};

/** Resets the fake API to: default config, signed out, no channels. */
export function resetApi(): void {
  api.config = buildPublicConfig();
  api.user = null;
  api.myChannels = [];
  api.invitedTo = [];
  api.members = {};
  api.channelSettings = {};
  api.locales = buildLocales();
  api.syncStatus = {};
  api.authUrl = 'https://accounts.example.com/o/oauth2/v2/auth?state=test';
  api.requests = [];
}

type RouteName = keyof typeof routes;

/** The absolute URL MSW matches for a route. */
export function routeUrl(name: RouteName): string {
  return `${ORIGIN}${routes[name].path}`;
}

/** The error envelope the server sends. */
export function errorBody(code: string, message = code) {
  return { error: { code, message, requestId: 'req-test' } };
}

/** What a handler's resolver learns about the request besides its body. */
export interface RequestInfo {
  /** Path parameters (`:id`), decoded and checked with the route's params schema. */
  params: Record<string, string>;
  /** Query parameters, checked with the route's query schema. */
  query: Record<string, string>;
}

/** An MSW handler for a contract route; the resolver's answer is checked against the schema. */
export function handle(
  name: RouteName,
  resolve: (
    body: unknown,
    request: RequestInfo,
  ) => { status?: number; body: JsonBodyType } | Promise<{ status?: number; body: JsonBodyType }>,
) {
  const route: RouteDef = routes[name];
  const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  return http[method](routeUrl(name), async ({ request, params: rawParams }) => {
    let body: unknown = undefined;
    if (route.method !== 'GET') {
      if (request.headers.get('content-type') !== 'application/json') {
        return HttpResponse.json(errorBody('unsupported-media-type'), { status: 415 });
      }
      body = await request.json();
      route.body?.parse(body);
    }
    const params = Object.fromEntries(
      Object.entries(rawParams).map(([k, v]) => [k, String(v)]),
    ) as Record<string, string>;
    const query = Object.fromEntries(new URL(request.url).searchParams);
    route.params?.parse(params);
    route.query?.parse(query);
    api.requests.push({ route: name, body, params, query });
    const answer = await resolve(body, { params, query });
    const status = answer.status ?? route.status ?? 200;
    if (status < 300) route.response.parse(answer.body);
    return HttpResponse.json(answer.body, { status });
  });
}

const unauthorized = { status: 401, body: errorBody('unauthorized', 'Not signed in') };

/** The members of a channel as the fake API holds them (the signed-in user owns by default). */
export function membersOf(channelId: string): ChannelMember[] {
  api.members[channelId] ??= api.user
    ? [
        {
          userId: api.user.id,
          email: api.user.email,
          name: api.user.name,
          role: 'owner',
          joined: true,
        },
      ]
    : [];
  return api.members[channelId];
}

/** The sync status the fake API reports for a channel. */
export function syncStatusOf(channelId: string): SyncStatus {
  return api.syncStatus[channelId] ?? buildSyncStatus();
}

/** The default handlers: config, session, channels, tracking. */
export const defaultHandlers = [
  handle('publicConfig', () => ({ body: api.config })),
  handle('me', () => (api.user ? { body: api.user } : unauthorized)),
  handle('refresh', () =>
    api.user ? { body: { sessionExpiresAt: '2030-01-01T00:00:00.000Z' } } : unauthorized,
  ),
  handle('checkToken', () =>
    api.user
      ? { body: { valid: true, sessionExpiresAt: '2030-01-01T00:00:00.000Z' } }
      : unauthorized,
  ),
  handle('myChannels', () =>
    api.user ? { body: { myChannels: api.myChannels, invitedTo: api.invitedTo } } : unauthorized,
  ),
  handle('logout', () => {
    api.user = null;
    return { body: { success: true } };
  }),
  handle('youtubeAuthUrl', () => (api.user ? { body: { authUrl: api.authUrl } } : unauthorized)),
  handle('removeChannel', (_body, { params }) => {
    const keep = (c: Channel) => c.youtubeId !== params.youtubeId;
    api.myChannels = api.myChannels.filter(keep);
    api.invitedTo = api.invitedTo.filter(keep);
    return { body: { success: true } };
  }),
  handle('channelMembers', (_body, { params }) => ({
    body: { members: membersOf(params.id ?? '') },
  })),
  handle('inviteMember', (body, { params }) => {
    const { email } = body as { email: string };
    const members = membersOf(params.id ?? '');
    members.push({ userId: null, email, name: '', role: 'member', joined: false });
    return { status: 201, body: { members } };
  }),
  handle('removeMember', (_body, { params }) => {
    const id = params.id ?? '';
    api.members[id] = membersOf(id).filter((m) => m.email !== params.email);
    return { body: { members: api.members[id] } };
  }),
  handle('getChannelSettings', (_body, { params }) => ({
    body: api.channelSettings[params.id ?? ''] ?? buildChannelSettings(),
  })),
  handle('updateChannelSettings', (body, { params }) => {
    api.channelSettings[params.id ?? ''] = body as ChannelSettings;
    return { body: body as JsonBodyType };
  }),
  handle('locales', () => ({ body: api.locales })),
  // The home page (idea discovery) asks for suggested ideas: none unless a test says otherwise.
  handle('suggestedIdeas', () => ({
    body: {
      seeds: [],
      topicsInferred: false,
      items: [],
      languageId: 'en-us',
      source: { name: 'Test keyword data', fetchedAt: '2026-01-01T00:00:00.000Z' },
    },
  })),
  handle('startSync', (_body, { params }) => {
    const status = buildSyncStatus({
      state: 'queued',
      isSyncing: true,
      startedAt: '2026-01-02T10:00:00.000Z',
    });
    api.syncStatus[params.id ?? ''] = status;
    return { status: 202, body: status };
  }),
  handle('syncStatus', (_body, { params }) => ({ body: syncStatusOf(params.id ?? '') })),
  // The reporting overview's Google search section: not connected unless a test says otherwise.
  handle('searchConsoleConnection', () => ({
    body: { connected: false, connectedAt: null, needsReconnect: false, sites: [] },
  })),
  handle('channelSearchConsole', () => ({
    body: { siteUrl: null, connectedBy: null, needsReconnect: false, report: null },
  })),
  // Labs lists the channel's thumbnail tests: none unless a test says otherwise.
  handle('thumbnailTests', () => ({
    body: { tests: [], budget: { dailyUnits: 1000, spentToday: 0 } },
  })),
  // The account page lists the account's exports: none unless a test says otherwise.
  handle('accountExports', () => (api.user ? { body: { exports: [] } } : unauthorized)),
  handle('event', () => ({ status: 202, body: { accepted: true } })),
  handle('pageView', () => ({ status: 202, body: { accepted: true } })),
];

/** The MSW server used by every web test. */
export const server = setupServer(...defaultHandlers);
