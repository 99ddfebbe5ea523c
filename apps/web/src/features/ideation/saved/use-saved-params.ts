import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Query parameter of the selected folder (a channel switch removes it; spec section 3). */
export const SELECTED_FOLDER_PARAM = 'selectedFolder';
/** Query parameter of the saved idea whose script is open. */
export const OPEN_IDEA_PARAM = 'idea';

/** The saved-ideas page's URL state: the selected folder and the open script. */
export function useSavedParams() {
  const [params, setParams] = useSearchParams();
  const folderParam = params.get(SELECTED_FOLDER_PARAM);
  const ideaParam = params.get(OPEN_IDEA_PARAM);

  const change = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return {
    folderParam,
    ideaParam,
    /** Selects a folder (closing any open script). */
    selectFolder: useCallback(
      (folderId: string | null, replace = false) =>
        change({ [SELECTED_FOLDER_PARAM]: folderId, [OPEN_IDEA_PARAM]: null }, replace),
      [change],
    ),
    /** Forgets a folder that no longer exists (the open script, if any, stays). */
    dropFolder: useCallback(() => change({ [SELECTED_FOLDER_PARAM]: null }, true), [change]),
    /** Opens (or with null closes) an idea's script. */
    openIdea: useCallback(
      (ideaId: string | null, replace = false) => change({ [OPEN_IDEA_PARAM]: ideaId }, replace),
      [change],
    ),
    /** Shows an idea's script in its own folder. */
    showIdeaIn: useCallback(
      (folderId: string, ideaId: string) =>
        change({ [SELECTED_FOLDER_PARAM]: folderId, [OPEN_IDEA_PARAM]: ideaId }, true),
      [change],
    ),
  };
}
