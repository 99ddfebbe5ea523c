import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DevMailboxAccess } from '../../config/config.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { isLocalRequest } from '../../http/local-request.ts';
import type { SessionResolver } from '../../http/route.ts';
import type { MailService } from './mail.service.ts';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f1f2e}
a{color:#5b21b6}table{border-collapse:collapse;width:100%}td,th{padding:.5rem;border-bottom:1px solid #ddd;text-align:left}
pre{white-space:pre-wrap;background:#f6f4fb;padding:1rem;border-radius:8px}</style></head>
<body>${body}</body></html>`;

/** What the mailbox routes need. */
export interface MailboxDeps {
  mail: MailService;
  /** Who may read it; the routes are not registered at all when the config says 'off'. */
  access: Exclude<DevMailboxAccess, 'off'>;
  resolveSession: SessionResolver;
  /** The host name of PUBLIC_URL: besides loopback names, the only Host a local request may name. */
  publicHost: string;
}

/**
 * Whether this request may read the dev mailbox: always from this machine only, and in the
 * embedded default only signed in. A signed-in person sees every message, not only their own:
 * the embedded default is one developer's machine, its accounts are that developer's test
 * accounts (the demo, the newcomer, people invited to try sharing), and following a link mailed
 * to another of them is what the mailbox is for. It never exists in production.
 */
async function mayRead(request: FastifyRequest, deps: MailboxDeps): Promise<boolean> {
  if (!isLocalRequest(request, deps.publicHost)) return false;
  return deps.access === 'loopback' || (await deps.resolveSession(request)) !== null;
}

/**
 * The dev mailbox: without SMTP, the e-mails the product wrote can be read here. Registered
 * only when the config allows it; a caller it refuses gets the 404 of a route that does not
 * exist (answered before validation, so no parameter reveals the route either).
 */
export function registerMailboxRoutes(app: FastifyInstance, deps: MailboxDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await mayRead(request, deps))) {
      reply.callNotFound();
      return reply;
    }
  };
  typed.get(
    '/dev/mailbox',
    { schema: { hide: true }, onRequest: guard },
    async (_request, reply) => {
      const messages = await deps.mail.recent();
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to)}</td>` +
            `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
        )
        .join('');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(
        'Dev mailbox',
        `<h1>Dev mailbox</h1><p>E-mails the app wrote while no SMTP server is configured (newest first). ` +
          `Bodies are kept for a day.</p>` +
          (rows
            ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
            : '<p>No e-mails yet.</p>'),
      );
    },
  );
  typed.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) }, onRequest: guard },
    async (request, reply) => {
      const message = await deps.mail.get(request.params.id);
      if (!message) throw new AppError('not-found', 'No such message.');
      // The page shows secret links: never kept in a browser or proxy cache.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const body = message.bodyErasedAt
        ? `<p><em>The body of this message was erased (delivered, or older than the retention).</em></p>`
        : `<article>${message.html}</article><h2>Plain text</h2><pre>${escapeHtml(message.text)}</pre>`;
      return page(
        message.subject,
        `<p><a href="/dev/mailbox">← All messages</a></p><h1>${escapeHtml(message.subject)}</h1>` +
          `<p>To: ${escapeHtml(message.to)}</p>${body}`,
      );
    },
  );
}
