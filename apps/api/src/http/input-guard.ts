import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUnsafeText, type UnsafeTextIssue } from '@tubewise/contract';
import { AppError } from '../lib/errors.ts';

/**
 * The longest path parameter the router accepts. The contract's longest is an e-mail address
 * (254 characters, DELETE /api/channels/:id/members/:email); Fastify's default of 100 refused
 * longer addresses with a bare 414 before any schema could answer.
 */
export const MAX_PARAM_LENGTH = 256;

/**
 * Enforces the contract's text rule (`packages/contract/src/text.ts`) for every route, present
 * and future, in one place: a string or object key anywhere in the body, query or path
 * parameters holding a refused control character or a lone surrogate answers 400
 * `validation-failed` with an issue naming the field, before any handler can pass it on to
 * PostgreSQL or the platform. It runs after a route's own checks (signed-out callers of auth
 * routes still get 401 first) and after schema validation. Raw uploads (Buffers) are not text.
 * `skipPrefixes` are URL prefixes left to their own rules (the emulator stands in for Google).
 */
export function registerTextGuard(
  app: FastifyInstance,
  options: { skipPrefixes: readonly string[] },
): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const issues = unsafeTextOf(request, options.skipPrefixes);
    if (!issues.length) return done();
    done(
      new AppError('validation-failed', issues.map((i) => `${i.path}: ${i.message}`).join('; '), {
        issues,
      }),
    );
  });
}

function unsafeTextOf(request: FastifyRequest, skipPrefixes: readonly string[]): UnsafeTextIssue[] {
  const route = request.routeOptions.url ?? request.url;
  if (skipPrefixes.some((p) => route.startsWith(p))) return [];
  const issues: UnsafeTextIssue[] = [];
  // Same roots as the schema validation's issues ('body.title', 'querystring.q', 'params.id').
  // The router's and the query parser's objects are not plain objects: copy their entries.
  if (request.params) issues.push(...findUnsafeText({ ...request.params }, 'params'));
  if (request.query) issues.push(...findUnsafeText({ ...request.query }, 'querystring'));
  if (request.body && !Buffer.isBuffer(request.body))
    issues.push(...findUnsafeText(request.body, 'body'));
  return issues;
}

/**
 * Answers the errors Fastify's router raises before any route runs (Fastify's
 * `frameworkErrors` option) with the one error envelope instead of Fastify's own body: a path
 * that is not valid percent-encoded UTF-8 (`%ED%A0%80`, `%E0%A4%A`) or a parameter longer than
 * MAX_PARAM_LENGTH is a client mistake (400); anything else is ours (500).
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const requestId = String(request.id);
  // Framework errors skip the onSend hooks that set this header on every other answer.
  reply.header('x-request-id', requestId);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const message =
      error.code === 'FST_ERR_BAD_URL'
        ? 'The URL is not valid (broken percent-encoding).'
        : `A part of the URL is longer than ${MAX_PARAM_LENGTH} characters.`;
    void reply.code(400).send({ error: { code: 'bad-request', message, requestId } });
    return;
  }
  request.log.error({ err: error }, 'Router error');
  void reply.code(500).send({
    error: { code: 'internal', message: 'Something went wrong on our side.', requestId },
  });
}
