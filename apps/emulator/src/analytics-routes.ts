// YouTube Analytics v2: GET {prefix}/v2/reports (reports.query).
import type { FastifyInstance } from 'fastify';
import { parseReportQuery, runReport, type ReportContext, type ReportQuery } from './analytics.ts';
import { embeddingPagesForChannel } from './embedded-pages.ts';
import {
  analyticsBadRequest,
  analyticsForbidden,
  forbidden,
  insufficientPermissions,
  invalidCredentials,
  loginRequired,
} from './google-errors.ts';
import { ANALYTICS_SCOPES } from './oauth.ts';
import { queryParam, sendGoogleError, sendJson, type EmulatorState } from './state.ts';

/** Registers the Analytics route. */
export function registerAnalyticsRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get('/v2/reports', async (request, reply) => {
    await state.switches.delay();
    const failure = state.switches.drawFailure();
    if (failure) return sendGoogleError(reply, failure);
    const bearer =
      request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1] ??
      queryParam(request, 'access_token');
    if (!bearer) return sendGoogleError(reply, loginRequired());
    const principal = state.oauth.authenticate(bearer.trim());
    if (principal === 'invalid') return sendGoogleError(reply, invalidCredentials());
    if (!principal.scopes.some((s) => ANALYTICS_SCOPES.includes(s)))
      return sendGoogleError(reply, insufficientPermissions());
    if (state.switches.isForbidden(principal.channelId)) return sendGoogleError(reply, forbidden());
    const ids = queryParam(request, 'ids');
    if (!ids)
      return sendGoogleError(
        reply,
        analyticsBadRequest('Required field parameters.ids is missing.'),
      );
    const match = /^channel==(MINE|UC[A-Za-z0-9_-]{10,30})$/.exec(ids);
    if (!match)
      return sendGoogleError(reply, analyticsBadRequest(`Invalid value at 'ids' (${ids}).`));
    const channelId = match[1] === 'MINE' ? principal.channelId : match[1];
    if (!channelId || channelId !== principal.channelId)
      return sendGoogleError(reply, analyticsForbidden());
    const q: Record<string, string | undefined> = {};
    for (const name of [
      'startDate',
      'endDate',
      'metrics',
      'dimensions',
      'filters',
      'sort',
      'maxResults',
    ])
      q[name] = queryParam(request, name);
    const parsed = parseReportQuery(q);
    if (!parsed.ok) return sendGoogleError(reply, parsed.error);
    const videos = state.corpus.uploads(channelId).map((id) => state.corpus.getVideo(id)!);
    return sendJson(
      reply,
      200,
      runReport(
        videos,
        parsed.query,
        state.options.now(),
        analyticsContext(state, channelId, parsed.query),
      ),
    );
  });
}

/**
 * What runReport needs from the live state for a channel's report: thumbnail histories, and the
 * account website's embedding pages (built only for a playback-location report).
 */
export function analyticsContext(
  state: EmulatorState,
  channelId: string,
  query?: ReportQuery,
): ReportContext {
  const byLocation =
    !query ||
    query.playbackLocation !== undefined ||
    query.dimensions.some((d) => d.startsWith('insightPlaybackLocation'));
  return {
    thumbnailHistory: (id) => state.thumbnails.history(id),
    ...(byLocation
      ? {
          embeddingPages: embeddingPagesForChannel(state.corpus, channelId, (id) =>
            state.accounts.find(id),
          ),
        }
      : {}),
  };
}
