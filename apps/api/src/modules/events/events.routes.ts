import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { EventsService } from './events.service.ts';

/** Largest usage event or page view accepted: analytics, not uploads. */
export const EVENT_BODY_LIMIT = 16 * 1024;

/** Usage events and page views: accepted at once, stored in batches. */
export function registerEventRoutes(
  app: FastifyInstance,
  deps: { events: EventsService; resolveSession: SessionResolver },
): void {
  const { events } = deps;
  // Never fail the caller: if the session store hiccups, record the event without a user.
  const resolveSession: SessionResolver = (request) =>
    deps.resolveSession(request).catch(() => null);
  const tags = ['events'];

  defineRoute(
    app,
    routes.event,
    resolveSession,
    async ({ body, session }) => {
      const payload = body.data.payload ?? {};
      events.recordEvent({
        anonymousId: body.anonymousId,
        userId: session?.userId ?? null,
        channelId: typeof payload.channelId === 'string' ? payload.channelId : null,
        event: body.data.event,
        payload,
      });
      return { accepted: true as const };
    },
    { tags, bodyLimit: EVENT_BODY_LIMIT },
  );

  defineRoute(
    app,
    routes.pageView,
    resolveSession,
    async ({ body, session }) => {
      events.recordPageView({
        anonymousId: body.anonymousId,
        userId: session?.userId ?? null,
        url: body.url,
        title: body.title,
        data: body.data ?? {},
      });
      return { accepted: true as const };
    },
    { tags, bodyLimit: EVENT_BODY_LIMIT },
  );
}
