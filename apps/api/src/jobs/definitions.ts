import { z } from 'zod';
import type { MailService } from '../modules/mail/mail.service.ts';
import type { SessionService } from '../modules/sessions/session.service.ts';
import { defineJob } from './jobs.ts';

/** Every job of the product, built from the services they call. */
export function jobDefinitions(services: { mail: MailService; sessions: SessionService }) {
  return {
    deliverMail: defineJob({
      name: 'mail.deliver',
      payload: z.object({ outboxId: z.uuid() }),
      retry: { limit: 8, delaySeconds: 5, backoff: true },
      handler: ({ outboxId }) => services.mail.deliver(outboxId),
    }),
    purgeSessions: defineJob({
      name: 'sessions.purge',
      payload: z.object({}),
      retry: { limit: 3, delaySeconds: 60, backoff: true },
      schedule: { cron: '17 3 * * *', payload: {} },
      handler: () => services.sessions.purgeExpired(),
    }),
  };
}
