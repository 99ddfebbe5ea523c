import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@tubewise/contract';
import { AppError } from '../lib/errors.ts';

/** Client routes of the web app that search engines must not index (public, unlisted pages). */
const NOINDEX_PAGES = /^\/(share\/|onboarding(\/|$))/;

const statusToCode: Record<number, ErrorCode> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
  503: 'unavailable',
};

/**
 * Answers with an AppError's envelope. For hooks that run before a route whose own error
 * handler is not ours (the mounted emulator answers Google's format and would turn it into 500).
 */
export function sendAppError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: AppError,
): FastifyReply {
  if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.status).send({
    error: {
      code: error.code,
      message: error.message,
      requestId: String(request.id),
      ...(error.issues ? { issues: error.issues } : {}),
      ...(error.details !== undefined ? { details: error.details } : {}),
    },
  });
}

/**
 * One error envelope for every non-2xx answer: `{ error: { code, message, requestId } }`.
 * Client mistakes keep their 4xx status; anything else is logged and answered as a bare 500.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { spaIndex?: string; apiPrefixes: string[] },
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const requestId = String(request.id);
    if (error instanceof AppError) return sendAppError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)]
          .filter(Boolean)
          .join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send({
        error: {
          code: 'validation-failed',
          message: issues.map((i) => `${i.path}: ${i.message}`).join('; ') || 'Invalid request.',
          requestId,
          issues,
        },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        error: { code: statusToCode[status] ?? 'bad-request', message: error.message, requestId },
      });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({
      error: { code: 'internal', message: 'Something went wrong on our side.', requestId },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Client-side routes of the web app get index.html; API paths get the envelope.
    if (
      options.spaIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !options.apiPrefixes.some((p) => pathname.startsWith(p)) &&
      !/\.[a-z0-9]+$/i.test(pathname)
    ) {
      // The onboarding and the shared reports are for the people their links are given to.
      if (NOINDEX_PAGES.test(pathname)) reply.header('x-robots-tag', 'noindex, nofollow');
      return reply.header('cache-control', 'no-cache').sendFile(options.spaIndex);
    }
    reply.code(404).send({
      error: {
        code: 'not-found',
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        requestId: String(request.id),
      },
    });
  });
}
