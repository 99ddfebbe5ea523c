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
  type PublicConfig,
  type RouteDef,
  type User,
} from '@tubewise/contract';
import { buildPublicConfig } from './data.ts';

const ORIGIN = 'http://localhost:3000';

/** What the fake API answers; tests mutate it. */
export interface ApiState {
  config: PublicConfig;
  /** null = signed out (401). */
  user: User | null;
  myChannels: Channel[];
  invitedTo: Channel[];
  requests: { route: string; body: unknown }[];
}

/** The fake API's state for the running test. */
export const api: ApiState = {
  config: buildPublicConfig(),
  user: null,
  myChannels: [],
  invitedTo: [],
  requests: [],
};

/** Resets the fake API to: default config, signed out, no channels. */
export function resetApi(): void {
  api.config = buildPublicConfig();
  api.user = null;
  api.myChannels = [];
  api.invitedTo = [];
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

/** An MSW handler for a contract route; the resolver's answer is checked against the schema. */
export function handle(
  name: RouteName,
  resolve: (
    body: unknown,
  ) => { status?: number; body: JsonBodyType } | Promise<{ status?: number; body: JsonBodyType }>,
) {
  const route: RouteDef = routes[name];
  const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  return http[method](routeUrl(name), async ({ request }) => {
    let body: unknown = undefined;
    if (route.method !== 'GET') {
      if (request.headers.get('content-type') !== 'application/json') {
        return HttpResponse.json(errorBody('unsupported-media-type'), { status: 415 });
      }
      body = await request.json();
      route.body?.parse(body);
    }
    api.requests.push({ route: name, body });
    const answer = await resolve(body);
    const status = answer.status ?? route.status ?? 200;
    if (status < 300) route.response.parse(answer.body);
    return HttpResponse.json(answer.body, { status });
  });
}

const unauthorized = { status: 401, body: errorBody('unauthorized', 'Not signed in') };

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
  handle('event', () => ({ status: 202, body: { accepted: true } })),
  handle('pageView', () => ({ status: 202, body: { accepted: true } })),
];

/** The MSW server used by every web test. */
export const server = setupServer(...defaultHandlers);
