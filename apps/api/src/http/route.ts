import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelope, type ChannelScope, type RouteDef } from '@tubewise/contract';
import type { ChannelAccess, ChannelAccessCache, ChannelGuard } from '../modules/channels/index.ts';
import type { AuthenticatedSession } from '../modules/sessions/index.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the channel checks routes declare (decorated by buildApp before any route). */
    channelGuard: ChannelGuard;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The caller's access to the channel of a channel-scoped route (null when it names none). */
export type AccessOf<D extends RouteDef> = D['scope'] extends ChannelScope
  ? D['scope'] extends { optional: true }
    ? ChannelAccess | null
    : ChannelAccess
  : null;

/** What a route handler receives: validated input, the session when required, and the raw pair. */
export interface RouteContext<D extends RouteDef> {
  body: Out<D['body']>;
  query: Out<D['query']>;
  params: Out<D['params']>;
  /** The signed-in session; always set on routes with `auth: true`. */
  session: D['auth'] extends true ? AuthenticatedSession : AuthenticatedSession | null;
  /** The channel the request names and the caller's role on it, checked from the route's scope. */
  access: AccessOf<D>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A response body already serialised through its contract schema (e.g. a cached page): sent
 * as is, skipping the per-request schema serialisation.
 */
export class SerializedJson {
  readonly json: string | Buffer;
  /** The same body gzip-compressed, sent to clients that accept gzip (every browser does). */
  readonly gzip: Buffer | undefined;
  constructor(json: string | Buffer, gzip?: Buffer) {
    this.json = json;
    this.gzip = gzip;
  }
}

/** Picks gzip when the Accept-Encoding header allows it (q-values honoured). */
const encodings = new Negotiator({ supportedValues: ['gzip'] });

/** Resolves the session cookie of a request (null when absent, unknown or expired). */
export type SessionResolver = (request: FastifyRequest) => Promise<AuthenticatedSession | null>;

/** Options of a route's registration beyond its contract entry. */
export interface DefineRouteOptions {
  tags?: string[];
  config?: Record<string, unknown>;
  bodyLimit?: number;
  /**
   * Serves the declared check of a hot read by product channel id from memory (see
   * ChannelAccessCache); `access` (channel row included) may then be as old as that cache's TTL.
   */
  accessCache?: ChannelAccessCache;
}

/**
 * Registers a contract route: its schemas validate input and serialise output, signed-out calls
 * of auth routes answer 401 before the input is validated, the channel the route's `scope`
 * declares is checked after validation (404 / 403), and the handler only sees typed values.
 */
export function defineRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  resolveSession: SessionResolver,
  handler: (ctx: RouteContext<D>) => Promise<z.input<D['response']> | SerializedJson>,
  options: DefineRouteOptions = {},
): void {
  const status = def.status ?? 200;
  const channelScope = declaredChannelScope(def);
  if (channelScope && !app.hasDecorator('channelGuard'))
    throw new Error(`${def.method} ${def.path} is channel-scoped but the app has no channelGuard`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    config: { auth: def.auth, scope: def.scope, ...options.config },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      summary: def.summary,
      tags: options.tags,
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { [status]: def.response, '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    // Signed-out callers get 401 before their input is validated: a 400 would tell a stranger
    // which inputs a protected route takes.
    preValidation: def.auth
      ? async (request) => {
          if (!(await resolveSession(request)))
            throw new AppError('unauthorized', 'Please sign in.');
        }
      : undefined,
    handler: async (request, reply) => {
      const session = await resolveSession(request);
      if (def.auth && !session) throw new AppError('unauthorized', 'Please sign in.');
      const respond = async (access: ChannelAccess | null) => {
        const result = await handler({
          body: request.body as Out<D['body']>,
          query: request.query as Out<D['query']>,
          params: request.params as Out<D['params']>,
          session: session as RouteContext<D>['session'],
          access: access as AccessOf<D>,
          request,
          reply,
        });
        return send(request, reply, status, result);
      };
      if (!channelScope) return respond(null);
      const guard = app.channelGuard;
      // One memo per request: services that check the same channel again get this answer.
      return guard.run(async () => {
        const value = channelValue(request, channelScope);
        if (value === undefined) return respond(null);
        return respond(
          await guard.resolve(session!.userId, channelScope, value, options.accessCache),
        );
      });
    },
  });
}

/** Sends a handler's result with the route's status (cached JSON as is). */
async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  result: unknown,
): Promise<unknown> {
  reply.code(status);
  if (result instanceof SerializedJson) {
    // A string or Buffer body with a JSON content type bypasses Fastify's serializer.
    reply.type('application/json; charset=utf-8');
    if (!result.gzip) return reply.send(result.json);
    reply.header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    if (!accepted || encodings.negotiate(accepted) !== 'gzip') return reply.send(result.json);
    return reply.header('content-encoding', 'gzip').send(result.gzip);
  }
  return result;
}

/**
 * The route's channel scope, checked against its schemas when it is registered: the named field
 * exists, and may be absent only when the scope says it is optional.
 */
function declaredChannelScope(def: RouteDef): ChannelScope | undefined {
  if (typeof def.scope !== 'object') return undefined;
  const [part, field] = splitSource(def.scope);
  const schema = def[part] as { shape?: Record<string, z.ZodType> } | undefined;
  const fieldSchema = schema?.shape?.[field];
  const where = `${def.method} ${def.path}: scope channel '${def.scope.channel}'`;
  if (!fieldSchema) throw new Error(`${where} is not a field of its ${part} schema`);
  if (!def.scope.optional && fieldSchema.safeParse(undefined).success)
    throw new Error(`${where} is optional in the schema but not in the scope`);
  return def.scope;
}

function splitSource(scope: ChannelScope): ['params' | 'query' | 'body', string] {
  const dot = scope.channel.indexOf('.');
  return [scope.channel.slice(0, dot) as 'params' | 'query' | 'body', scope.channel.slice(dot + 1)];
}

/** The value naming the channel, or undefined when an optional one is absent (or empty). */
function channelValue(request: FastifyRequest, scope: ChannelScope): string | undefined {
  const [part, field] = splitSource(scope);
  const value = (request[part] as Record<string, unknown> | undefined)?.[field];
  if (typeof value === 'string' && value !== '') return value;
  // Required fields are guaranteed by validation; anything else names no channel we know.
  if (scope.optional && (value === undefined || value === '')) return undefined;
  throw new AppError('not-found', 'Channel not found.');
}
