// Public onboarding, its keyword languages and shared insights over HTTP: thin handlers, the
// services hold the rules and the limits.
import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import { DEVICE_COOKIE, setDeviceCookie, setSessionCookies } from '../../http/session-cookies.ts';
import { sortedLocales } from '../channels/index.ts';
import type { InsightsService } from './insights.service.ts';
import type { OnboardingAccounts } from './onboarding-account.service.ts';
import type { OnboardingService } from './onboarding.service.ts';
import type { VerificationService } from './verification.service.ts';

/** Registers /api/public/onboarding/*, /api/public/locales and /api/public/insights/*. */
export function registerOnboardingRoutes(
  app: FastifyInstance,
  deps: {
    onboarding: OnboardingService;
    verification: VerificationService;
    accounts: OnboardingAccounts;
    insights: InsightsService;
    resolveSession: SessionResolver;
    secureCookies: boolean;
    /** When a known-device cookie written now expires. */
    knownDeviceExpiry: () => Date;
  },
): void {
  const { onboarding, verification, accounts, insights, resolveSession, secureCookies } = deps;
  const tags = ['onboarding'];

  defineRoute(
    app,
    routes.newOnboarding,
    resolveSession,
    ({ body, request }) => onboarding.start(body, { ip: request.ip }),
    { tags },
  );
  defineRoute(
    app,
    routes.getOnboarding,
    resolveSession,
    ({ params, query, request }) => onboarding.get(params.id, query.sessionId, { ip: request.ip }),
    { tags },
  );
  defineRoute(
    app,
    routes.updateOnboarding,
    resolveSession,
    ({ params, body, request }) => onboarding.update(params.id, body, { ip: request.ip }),
    { tags },
  );
  defineRoute(
    app,
    routes.validateEmailCode,
    resolveSession,
    ({ body, request }) => verification.validateCode(body, { ip: request.ip }),
    { tags },
  );
  defineRoute(
    app,
    routes.validateEmailToken,
    resolveSession,
    ({ body, request }) => verification.validateLink(body, { ip: request.ip }),
    { tags },
  );
  defineRoute(
    app,
    routes.renewValidateEmailCode,
    resolveSession,
    ({ body, request }) => verification.renew(body.email, body.sessionId, { ip: request.ip }),
    { tags },
  );
  defineRoute(
    app,
    routes.onboardingKeywordSuggestions,
    resolveSession,
    ({ params, query, request }) =>
      onboarding.keywordSuggestions(params.id, query.sessionId, { ip: request.ip }),
    { tags },
  );
  defineRoute(
    app,
    routes.createOnboardingAccount,
    resolveSession,
    async ({ params, body, request, reply }) => {
      const created = await accounts.create(params.id, body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        knownDevices: request.cookies[DEVICE_COOKIE],
      });
      // Signed in exactly as by POST /api/users/login.
      setSessionCookies(reply, created.session, secureCookies);
      if (created.knownDevices)
        setDeviceCookie(reply, created.knownDevices, deps.knownDeviceExpiry(), secureCookies);
      return {
        user: created.user,
        sessionExpiresAt: created.session.accessExpiresAt.toISOString(),
      };
    },
    { tags },
  );
  defineRoute(
    app,
    routes.publicLocales,
    resolveSession,
    async ({ query }) => sortedLocales(query.sortBy),
    { tags },
  );
  defineRoute(
    app,
    routes.sharedInsights,
    resolveSession,
    async ({ params, request, reply }) => {
      // A shared page is for the people its link is given to, not for search engines or caches.
      reply.header('x-robots-tag', 'noindex, nofollow');
      reply.header('cache-control', 'no-store');
      return insights.shared(params.id, { ip: request.ip });
    },
    { tags },
  );
  defineRoute(
    app,
    routes.revokeInsights,
    resolveSession,
    async ({ params, body, request, reply }) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      await insights.revoke(params.id, body.token, { ip: request.ip });
      return { success: true as const };
    },
    { tags },
  );
}
