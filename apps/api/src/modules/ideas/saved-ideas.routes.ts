import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { defineRoute, type SessionResolver } from '../../http/route.ts';
import type { SavedIdeasService } from './saved-ideas.service.ts';
import type { ScriptsService } from './scripts.service.ts';

/**
 * Folders, saved ideas and their scripts. Each route's channel (named directly, or through the
 * folder or saved idea) is checked from the contract's scope before the handler: 404 otherwise.
 */
export function registerSavedIdeaRoutes(
  app: FastifyInstance,
  deps: { savedIdeas: SavedIdeasService; scripts: ScriptsService; resolveSession: SessionResolver },
): void {
  const { savedIdeas, scripts, resolveSession } = deps;
  const tags = ['ideas'];

  defineRoute(
    app,
    routes.ideaFolders,
    resolveSession,
    async ({ query, session }) => ({
      items: await savedIdeas.folders(session.userId, query.channelId),
    }),
    { tags },
  );
  defineRoute(
    app,
    routes.createIdeaFolder,
    resolveSession,
    async ({ body, session }) => savedIdeas.createFolder(session.userId, body.channelId, body.name),
    { tags },
  );
  defineRoute(
    app,
    routes.renameIdeaFolder,
    resolveSession,
    async ({ params, body, session }) =>
      savedIdeas.renameFolder(session.userId, params.id, body.name),
    { tags },
  );
  defineRoute(
    app,
    routes.deleteIdeaFolder,
    resolveSession,
    async ({ params, session }) => {
      await savedIdeas.deleteFolder(session.userId, params.id);
      return { success: true as const };
    },
    { tags },
  );
  defineRoute(
    app,
    routes.savedIdeas,
    resolveSession,
    async ({ query, session }) => ({
      items: await savedIdeas.list(session.userId, query.channelId, query.folder),
    }),
    { tags },
  );
  defineRoute(
    app,
    routes.saveIdea,
    resolveSession,
    async ({ body, session }) => savedIdeas.save(session.userId, body),
    { tags },
  );
  defineRoute(
    app,
    routes.moveSavedIdea,
    resolveSession,
    async ({ params, body, session }) => savedIdeas.move(session.userId, params.id, body.folderId),
    { tags },
  );
  defineRoute(
    app,
    routes.deleteSavedIdea,
    resolveSession,
    async ({ params, session }) => {
      await savedIdeas.delete(session.userId, params.id);
      return { success: true as const };
    },
    { tags },
  );
  defineRoute(
    app,
    routes.videoScript,
    resolveSession,
    async ({ params, session }) => scripts.get(session.userId, params.id),
    { tags },
  );
  defineRoute(
    app,
    routes.videoScriptVersions,
    resolveSession,
    async ({ params, session }) => ({ items: await scripts.versions(session.userId, params.id) }),
    { tags },
  );
  defineRoute(
    app,
    routes.saveVideoScript,
    resolveSession,
    async ({ params, body, session }) => scripts.save(session.userId, params.id, body),
    { tags },
  );
}
