/**
 * The fake API of the saved-ideas page (folders, saved ideas, scripts), on top of the shared
 * contract-checked MSW helpers: a plain state object each test adjusts; every request is
 * recorded in `api.requests`. Scripts keep a revision like the server: a save based on an older
 * revision answers 409 `script-conflict` with the current script in `details.script`.
 */
import {
  DEFAULT_FOLDER_NAME,
  ideaFolder,
  savedIdea as savedIdeaSchema,
  videoScript as videoScriptSchema,
  type IdeaFolder,
  type SavedIdea,
  type VideoScript,
} from '@tubewise/contract';
import { api, errorBody, handle } from '../../../../testing/server.ts';

/** A folder (validated with the contract schema). */
export function buildFolder(overrides: Partial<IdeaFolder> = {}): IdeaFolder {
  return ideaFolder.parse({
    id: 'f-default',
    name: DEFAULT_FOLDER_NAME,
    isDefault: true,
    ideaCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** A saved idea (validated with the contract schema). */
export function buildSavedIdea(overrides: Partial<SavedIdea> = {}): SavedIdea {
  return savedIdeaSchema.parse({
    id: 'si-1',
    folderId: 'f-default',
    phrase: 'sourdough starter',
    languageId: 'en-us',
    volume: 12000,
    competition: 0.2,
    opportunity: 78,
    reason: 'High demand, weak videos in the top results',
    savedAt: '2026-02-01T10:00:00.000Z',
    savedByName: 'Ana',
    scriptUpdatedAt: null,
    ...overrides,
  });
}

/** A script (validated with the contract schema). */
export function buildScript(overrides: Partial<VideoScript> = {}): VideoScript {
  return videoScriptSchema.parse({
    ideaId: 'si-1',
    content: '',
    revision: 0,
    updatedAt: null,
    updatedByName: null,
    ...overrides,
  });
}

/** What the saved-ideas fake API holds. */
export interface SavedApiState {
  folders: IdeaFolder[];
  ideas: SavedIdea[];
  scripts: Record<string, VideoScript>;
  /** Answers to give to the next script saves instead of saving (status + error code). */
  failSaves: { status: number; code: string }[];
}

/** The fake API state for the running test. */
export const savedApi: SavedApiState = { folders: [], ideas: [], scripts: {}, failSaves: [] };

/** Resets to: the default folder and a "Recipes" folder; one idea in each; no scripts. */
export function resetSavedApi(): void {
  savedApi.folders = [
    buildFolder(),
    buildFolder({ id: 'f-recipes', name: 'Recipes', isDefault: false }),
  ];
  savedApi.ideas = [
    buildSavedIdea(),
    buildSavedIdea({ id: 'si-2', folderId: 'f-recipes', phrase: 'rye bread recipe' }),
  ];
  savedApi.scripts = {};
  savedApi.failSaves = [];
}

let seq = 0;

const counted = (): IdeaFolder[] =>
  savedApi.folders.map((f) => ({
    ...f,
    ideaCount: savedApi.ideas.filter((i) => i.folderId === f.id).length,
  }));

/** The script the fake API holds for an idea. */
export function scriptOf(ideaId: string): VideoScript {
  return savedApi.scripts[ideaId] ?? buildScript({ ideaId });
}

/** The handlers of the saved-ideas routes. */
export const savedHandlers = [
  handle('ideaFolders', () => ({ body: { items: counted() } })),
  handle('createIdeaFolder', (body) => {
    const folder = buildFolder({
      id: `f-new-${(seq += 1)}`,
      name: (body as { name: string }).name,
      isDefault: false,
    });
    savedApi.folders.push(folder);
    return { status: 201, body: folder };
  }),
  handle('renameIdeaFolder', (body, { params }) => {
    const folder = savedApi.folders.find((f) => f.id === params.id);
    if (!folder) return { status: 404, body: errorBody('not-found', 'Folder not found') };
    folder.name = (body as { name: string }).name;
    return { body: folder };
  }),
  handle('deleteIdeaFolder', (_b, { params }) => {
    savedApi.folders = savedApi.folders.filter((f) => f.id !== params.id);
    savedApi.ideas = savedApi.ideas.map((i) =>
      i.folderId === params.id ? { ...i, folderId: 'f-default' } : i,
    );
    return { body: { success: true } };
  }),
  handle('savedIdeas', (_b, { query }) => ({
    body: {
      items: savedApi.ideas.filter((i) => !query.folder || i.folderId === query.folder),
    },
  })),
  handle('moveSavedIdea', (body, { params }) => {
    const idea = savedApi.ideas.find((i) => i.id === params.id);
    if (!idea) return { status: 404, body: errorBody('not-found', 'Idea not found') };
    idea.folderId = (body as { folderId: string }).folderId;
    return { body: idea };
  }),
  handle('deleteSavedIdea', (_b, { params }) => {
    savedApi.ideas = savedApi.ideas.filter((i) => i.id !== params.id);
    return { body: { success: true } };
  }),
  handle('videoScript', (_b, { params }) => {
    const id = params.id ?? '';
    if (!savedApi.ideas.some((i) => i.id === id)) {
      return { status: 404, body: errorBody('not-found', 'Idea not found') };
    }
    return { body: scriptOf(id) };
  }),
  handle('saveVideoScript', (body, { params }) => {
    const failure = savedApi.failSaves.shift();
    if (failure) {
      return { status: failure.status, body: errorBody(failure.code, 'The server failed') };
    }
    const id = params.id ?? '';
    const { content, baseRevision } = body as { content: string; baseRevision: number };
    const current = scriptOf(id);
    if (baseRevision !== current.revision) {
      return {
        status: 409,
        body: {
          error: {
            ...errorBody('script-conflict', 'Someone else saved this script').error,
            details: { script: current },
          },
        },
      };
    }
    const saved = buildScript({
      ideaId: id,
      content,
      revision: current.revision + 1,
      updatedAt: '2026-02-02T09:30:00.000Z',
      updatedByName: 'Me',
    });
    savedApi.scripts[id] = saved;
    // Like the server: the idea's list entry tells when its script was last saved.
    savedApi.ideas = savedApi.ideas.map((i) =>
      i.id === id ? { ...i, scriptUpdatedAt: saved.updatedAt } : i,
    );
    return { body: saved };
  }),
];

/** Every recorded request of a route. */
export function requestsOf(route: string) {
  return api.requests.filter((r) => r.route === route);
}
