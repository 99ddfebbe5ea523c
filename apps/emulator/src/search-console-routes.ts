// Google Search Console API (webmasters v3, served by searchconsole.googleapis.com):
// GET {prefix}/webmasters/v3/sites (sites.list), GET {prefix}/webmasters/v3/sites/{siteUrl}
// (sites.get) and POST {prefix}/webmasters/v3/sites/{siteUrl}/searchAnalytics/query.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DemoAccount } from './accounts.ts';
import {
  insufficientScopes,
  invalidCredentials,
  loginRequired,
  siteForbidden,
} from './google-errors.ts';
import {
  isVerified,
  parseScQuery,
  SEARCH_CONSOLE_SCOPES,
  type SearchConsoleModel,
  type SiteEntry,
} from './search-console.ts';
import { queryParam, sendGoogleError, sendJson, type EmulatorState } from './state.ts';

const SERVICE = 'searchconsole.googleapis.com';

/** Registers the Search Console routes. */
export function registerSearchConsoleRoutes(
  app: FastifyInstance,
  state: EmulatorState,
  model: SearchConsoleModel,
): void {
  /** Authenticates the call; undefined when an error was sent. */
  async function caller(
    request: FastifyRequest,
    reply: FastifyReply,
    method: string,
  ): Promise<DemoAccount | undefined> {
    await state.switches.delay();
    const failure = state.switches.drawFailure();
    if (failure) {
      sendGoogleError(reply, failure);
      return undefined;
    }
    const bearer =
      request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1] ??
      queryParam(request, 'access_token');
    if (!bearer) {
      sendGoogleError(reply, loginRequired());
      return undefined;
    }
    const principal = state.oauth.authenticate(bearer.trim());
    if (principal === 'invalid') {
      sendGoogleError(reply, invalidCredentials());
      return undefined;
    }
    if (!principal.scopes.some((s) => SEARCH_CONSOLE_SCOPES.includes(s))) {
      sendGoogleError(reply, insufficientScopes(SERVICE, method));
      return undefined;
    }
    const account = state.oauth.account(principal.accountId);
    if (!account) {
      sendGoogleError(reply, invalidCredentials());
      return undefined;
    }
    return account;
  }

  /** The caller's property with this URL, or undefined (403 sent). */
  function property(
    reply: FastifyReply,
    account: DemoAccount,
    siteUrl: string,
    verifiedOnly: boolean,
  ): SiteEntry | undefined {
    const site = model.sites(state.corpus, account).find((s) => s.siteUrl === siteUrl);
    if (!site || (verifiedOnly && !isVerified(site))) {
      sendGoogleError(reply, siteForbidden(siteUrl));
      return undefined;
    }
    return site;
  }

  app.get('/webmasters/v3/sites', async (request, reply) => {
    const account = await caller(request, reply, 'webmasters.sites.list');
    if (!account) return reply;
    const sites = model.sites(state.corpus, account);
    // Google leaves siteEntry out when the account has no property.
    return sendJson(reply, 200, sites.length > 0 ? { siteEntry: sites } : {});
  });

  app.get('/webmasters/v3/sites/:siteUrl', async (request, reply) => {
    const account = await caller(request, reply, 'webmasters.sites.get');
    if (!account) return reply;
    const { siteUrl } = request.params as { siteUrl: string };
    const site = property(reply, account, siteUrl, false);
    if (!site) return reply;
    return sendJson(reply, 200, site);
  });

  app.post('/webmasters/v3/sites/:siteUrl/searchAnalytics/query', async (request, reply) => {
    const account = await caller(request, reply, 'webmasters.searchanalytics.query');
    if (!account) return reply;
    const { siteUrl } = request.params as { siteUrl: string };
    if (!property(reply, account, siteUrl, true)) return reply;
    const parsed = parseScQuery(request.body);
    if (!parsed.ok) return sendGoogleError(reply, parsed.error);
    return sendJson(
      reply,
      200,
      model.query(state.corpus, account, siteUrl, parsed.query, state.options.now()),
    );
  });
}
