import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelope, type RouteDef } from '@tubewise/contract';
import type { AuthenticatedSession } from '../modules/sessions/session.service.ts';
import { AppError } from '../lib/errors.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a route handler receives: validated input, the session when required, and the raw pair. */
export interface RouteContext<D extends RouteDef> {
  body: Out<D['body']>;
  query: Out<D['query']>;
  params: Out<D['params']>;
  /** The signed-in session; always set on routes with `auth: true`. */
  session: D['auth'] extends true ? AuthenticatedSession : AuthenticatedSession | null;
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

/**
 * Registers a contract route: its schemas validate input and serialise output, auth routes
 * answer 401 before the handler runs, and the handler only sees typed values.
 */
export function defineRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  resolveSession: SessionResolver,
  handler: (ctx: RouteContext<D>) => Promise<z.input<D['response']> | SerializedJson>,
  options: { tags?: string[]; config?: Record<string, unknown>; bodyLimit?: number } = {},
): void {
  const status = def.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    config: { auth: def.auth, ...options.config },
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
      const result = await handler({
        body: request.body as Out<D['body']>,
        query: request.query as Out<D['query']>,
        params: request.params as Out<D['params']>,
        session: session as RouteContext<D>['session'],
        request,
        reply,
      });
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
    },
  });
}
