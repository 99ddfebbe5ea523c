import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdeaFolder, SavedIdea } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ideationQueryKeys } from './query-keys.ts';

/** Fetches a channel's idea folders (the default 'Your saved ideas' first). */
export async function getIdeaFolders(channelId: string, signal?: AbortSignal) {
  return (await apiRequest('ideaFolders', { query: { channelId }, signal })).items;
}

/** A channel's idea folders; disabled until the channel is known or when not `enabled`. */
export function useIdeaFolders(channelId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ideationQueryKeys.folders(channelId ?? ''),
    queryFn: ({ signal }) => getIdeaFolders(channelId ?? '', signal),
    enabled: enabled && Boolean(channelId),
  });
}

/** Creates a folder of the channel. */
export function createIdeaFolder(channelId: string, name: string): Promise<IdeaFolder> {
  return apiRequest('createIdeaFolder', { body: { channelId, name } });
}

/** Saves an idea (phrase + language) into a folder (the channel's default one when absent). */
export function saveIdea(
  channelId: string,
  phrase: string,
  language: string | undefined,
  folderId?: string,
): Promise<SavedIdea> {
  return apiRequest('saveIdea', { body: { channelId, phrase, language, folderId } });
}

/** The saved idea with one of `ids` among the channel's saved ideas, or null. */
export async function findSavedIdea(
  channelId: string,
  ids: readonly string[],
): Promise<SavedIdea | null> {
  if (ids.length === 0) return null;
  const { items } = await apiRequest('savedIdeas', { query: { channelId } });
  return items.find((item) => ids.includes(item.id)) ?? null;
}

/** Where to save an idea: an existing folder, or a new folder by name. */
export type SaveTarget = { folderId: string } | { newFolderName: string };

/** What a save did: the saved idea and the folder it went into. */
export interface SaveResult {
  savedIdea: SavedIdea;
  folder: IdeaFolder | null;
}

/**
 * Saves an idea into an existing folder or a new one (created first), then refreshes every
 * ideation query that shows folders, saved ideas or an idea's saved state.
 */
export function useSaveIdea(channelId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      phrase: string;
      language: string | undefined;
      target?: SaveTarget;
    }): Promise<SaveResult> => {
      const id = channelId ?? '';
      let folder: IdeaFolder | null = null;
      let folderId: string | undefined;
      if (input.target && 'newFolderName' in input.target) {
        folder = await createIdeaFolder(id, input.target.newFolderName);
        folderId = folder.id;
      } else if (input.target) {
        folderId = input.target.folderId;
      }
      const savedIdea = await saveIdea(id, input.phrase, input.language, folderId);
      return { savedIdea, folder };
    },
    onSettled: () => {
      if (!channelId) return;
      void queryClient.invalidateQueries({ queryKey: ideationQueryKeys.folders(channelId) });
      void queryClient.invalidateQueries({ queryKey: ideationQueryKeys.savedAll(channelId) });
      void queryClient.invalidateQueries({ queryKey: ideationQueryKeys.detailsAll(channelId) });
      void queryClient.invalidateQueries({ queryKey: ideationQueryKeys.discoverAll(channelId) });
      void queryClient.invalidateQueries({ queryKey: ideationQueryKeys.suggested(channelId) });
    },
  });
}
