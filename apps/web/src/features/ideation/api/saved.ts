/**
 * Saved ideas and folder changes of the saved-ideas page. Listing and creating folders live in
 * api/folders.ts (shared with discover and details); every change here refreshes the queries
 * that show folders, saved ideas or an idea's saved state.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { IdeaFolder, SavedIdea, VideoScript } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ideationQueryKeys } from './query-keys.ts';

/** Fetches the saved ideas of one folder of a channel, newest first. */
export async function getSavedIdeas(
  channelId: string,
  folderId: string,
  signal?: AbortSignal,
): Promise<SavedIdea[]> {
  return (await apiRequest('savedIdeas', { query: { channelId, folder: folderId }, signal })).items;
}

/** The saved ideas of a folder; disabled until both the channel and the folder are known. */
export function useSavedIdeas(channelId: string | undefined, folderId: string | undefined) {
  return useQuery({
    queryKey: ideationQueryKeys.saved(channelId ?? '', folderId ?? ''),
    queryFn: ({ signal }) => getSavedIdeas(channelId ?? '', folderId ?? '', signal),
    enabled: Boolean(channelId && folderId),
  });
}

/**
 * Finds a saved idea of the channel in any folder (a link may name an idea that was moved);
 * enabled only when the idea is not in the folder shown.
 */
export function useSavedIdeaAnywhere(
  channelId: string | undefined,
  ideaId: string | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...ideationQueryKeys.savedAll(channelId ?? ''), 'any-folder'],
    queryFn: async ({ signal }) =>
      (await apiRequest('savedIdeas', { query: { channelId: channelId ?? '' }, signal })).items,
    enabled: enabled && Boolean(channelId && ideaId),
    select: (items) => items.find((item) => item.id === ideaId) ?? null,
  });
}

/** Renames a folder (never the default one). */
export function renameIdeaFolder(folderId: string, name: string): Promise<IdeaFolder> {
  return apiRequest('renameIdeaFolder', { params: { id: folderId }, body: { name } });
}

/** Deletes a folder; the server moves its ideas to the channel's default folder. */
export async function deleteIdeaFolder(folderId: string): Promise<void> {
  await apiRequest('deleteIdeaFolder', { params: { id: folderId } });
}

/** Moves a saved idea into another folder of its channel. */
export function moveSavedIdea(ideaId: string, folderId: string): Promise<SavedIdea> {
  return apiRequest('moveSavedIdea', { params: { id: ideaId }, body: { folderId } });
}

/** Deletes a saved idea and its script. */
export async function deleteSavedIdea(ideaId: string): Promise<void> {
  await apiRequest('deleteSavedIdea', { params: { id: ideaId } });
}

/** Marks stale everything that shows the channel's folders, saved ideas or saved state. */
export function refreshSavedIdeas(queryClient: QueryClient, channelId: string): void {
  for (const queryKey of [
    ideationQueryKeys.folders(channelId),
    ideationQueryKeys.savedAll(channelId),
    ideationQueryKeys.detailsAll(channelId),
    ideationQueryKeys.discoverAll(channelId),
    ideationQueryKeys.suggested(channelId),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * Puts a script save's answer into every cached saved-ideas list of the channel, so the idea's
 * card shows its script as saved without reloading the lists after each autosave.
 */
export function showScriptSaved(
  queryClient: QueryClient,
  channelId: string,
  script: VideoScript,
): void {
  queryClient.setQueriesData<SavedIdea[]>(
    { queryKey: ideationQueryKeys.savedAll(channelId) },
    (ideas) =>
      ideas?.map((idea) =>
        idea.id === script.ideaId ? { ...idea, scriptUpdatedAt: script.updatedAt } : idea,
      ),
  );
}
