import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { KeywordsService } from './keywords.service.ts';

/** Keyword search for the search-term field and bookmarked keywords per video. */
export function registerKeywordRoutes(
  app: FastifyInstance,
  deps: { keywords: KeywordsService; resolveSession: SessionResolver },
): void {
  const { keywords, resolveSession } = deps;
  const tags = ['keywords'];

  defineRoute(
    app,
    routes.keywordSearch,
    resolveSession,
    async ({ query, session }) => keywords.search(session.userId, query),
    { tags },
  );

  defineRoute(
    app,
    routes.bookmarkedKeywords,
    resolveSession,
    async ({ params, session }) => ({
      items: await keywords.bookmarks(session.userId, params.id, params.videoId),
    }),
    { tags },
  );

  defineRoute(
    app,
    routes.bookmarkKeyword,
    resolveSession,
    async ({ params, body, session }) => ({
      items: await keywords.addBookmark(session.userId, params.id, params.videoId, body.keyword),
    }),
    { tags },
  );

  defineRoute(
    app,
    routes.removeBookmarkedKeyword,
    resolveSession,
    async ({ params, session }) => ({
      items: await keywords.removeBookmark(
        session.userId,
        params.id,
        params.videoId,
        params.keywordId,
      ),
    }),
    { tags },
  );
}
