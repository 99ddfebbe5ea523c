import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import type { MailService } from './mail.service.ts';
import { escapeHtml } from '../../lib/html.ts';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f1f2e}
a{color:#5b21b6}table{border-collapse:collapse;width:100%}td,th{padding:.5rem;border-bottom:1px solid #ddd;text-align:left}
pre{white-space:pre-wrap;background:#f6f4fb;padding:1rem;border-radius:8px}</style></head>
<body>${body}</body></html>`;

/**
 * The dev mailbox: without SMTP, every e-mail the product sends can be read here.
 * Only registered when SMTP_URL is unset (never in a production setup with real mail).
 */
export function registerMailboxRoutes(app: FastifyInstance, deps: { mail: MailService }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await deps.mail.recent();
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return page(
      'Dev mailbox',
      `<h1>Dev mailbox</h1><p>E-mails the app sent while no SMTP server is configured (newest first).</p>` +
        (rows
          ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
          : '<p>No e-mails yet.</p>'),
    );
  });
  typed.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const message = await deps.mail.get(request.params.id);
      if (!message) throw new AppError('not-found', 'No such message.');
      reply.type('text/html; charset=utf-8');
      return page(
        message.subject,
        `<p><a href="/dev/mailbox">← All messages</a></p><h1>${escapeHtml(message.subject)}</h1>` +
          `<p>To: ${escapeHtml(message.to)}</p><article>${message.html}</article>` +
          `<h2>Plain text</h2><pre>${escapeHtml(message.text)}</pre>`,
      );
    },
  );
}
