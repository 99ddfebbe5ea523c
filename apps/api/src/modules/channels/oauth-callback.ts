// What the OAuth callbacks (the channel connection's and Search Console's) share over HTTP: the
// query Google sends back, and the redirect to the app page with the result's parameters.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The query Google's consent sends to a callback (the scope is echoed, unused). */
export const oauthCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});

/**
 * Redirects (302) to an app path with the parameters added: the path may carry its own query
 * and hash, which are kept (the parameters join its query).
 */
export function redirectWithParams(
  reply: FastifyReply,
  path: string,
  params: Record<string, string>,
): FastifyReply {
  const target = new URL(path, 'http://app.invalid');
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return reply.redirect(`${target.pathname}${target.search}${target.hash}`, 302);
}
