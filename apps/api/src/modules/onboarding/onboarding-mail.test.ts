// The verification e-mail through real SMTP: the code reaches the mailbox only. The subject
// (logged, and kept in the outbox for 30 days) never carries it, and the delivered body is erased
// from the outbox at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { emailOutbox } from '../../db/schema/index.ts';
import { readableText, startSmtp } from '../../testing/smtp.ts';
import { createTestApp, testBackends, type TestApp } from '../../testing/test-app.ts';

const BASE = '/api/public/onboarding';

describe.each(testBackends())('the verification e-mail (%s)', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const lines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(backend, {
      env: { SMTP_URL: smtp.url },
      logger: pino({ level: 'trace' }, { write: (line: string) => lines.push(line) }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const call = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('keeps the code out of the subject, the logs and the delivered outbox row', async () => {
    const email = 'mailbox-only@example.com';
    const sessionId = randomUUID();
    const id = (await call('POST', `${BASE}/new`, { sessionId })).json().id as string;
    const sent = await call('PATCH', `${BASE}/${id}`, {
      sessionId,
      competitors: [{ youtubeId: 'UCcompetitor000000000001', title: 'Rival', thumbnailUrl: '' }],
      keywords: ['camp cooking'],
      email,
      tosAccepted: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Delivered in the request (no job system): the SMTP server has it.
    const received = smtp.inbox.find((m) => m.to.includes(email));
    expect(received).toBeDefined();
    const code = /verification code is:\s*(\d{6})/.exec(readableText(received!.raw))?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(row!.subject).toBe('Verify your e-mail for Tubewise');
    expect(row!.sentAt).not.toBeNull();
    expect(row!.bodyErasedAt).not.toBeNull();
    // The code as a number of its own (timestamps and ids may hold its digits by chance).
    const alone = new RegExp(`(?<!\\d)${code}(?!\\d)`);
    expect(JSON.stringify(row)).not.toMatch(alone);
    const log = lines.join('\n');
    expect(log).toContain('E-mail delivered');
    expect(log).not.toMatch(alone);
  });
});
