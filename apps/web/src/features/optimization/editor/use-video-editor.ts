/**
 * Drives the editor reducer: loads recommendations when they are not loaded, and runs the
 * calls (search term, ignore, drafts, publish, undo) with their state transitions.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PublishResponse, Template, VideoDetails } from '@tubewise/contract';
import { isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useUser } from '../../../lib/user.ts';
import { deleteDraft, saveDraft } from '../api/drafts.ts';
import { publishVideo, restorePublish } from '../api/publish.ts';
import { optimizationQueryKeys } from '../api/query-keys.ts';
import { getRecommendations, ignoreTip, unignoreTip } from '../api/recommendations.ts';
import { setSearchTerm } from '../api/search-term.ts';
import {
  editorReducer,
  initialEditorState,
  publishBody,
  saveDraftBody,
  unsavedEditOf,
  workingCopy,
  type EditorAction,
  type EditorError,
  type EditorState,
} from './editor-state.ts';
import { readUnsavedEdit, writeUnsavedEdit, type UnsavedEditOwner } from './unsaved-edit.ts';

/** An error of a call as the editor keeps it (with the server's details, e.g. a draft conflict). */
export function toEditorError(err: unknown): EditorError & { details?: unknown } {
  if (isApiError(err)) return { code: err.code, message: err.message, details: err.details };
  return { code: 'failed', message: 'Something went wrong. Please try again.' };
}

/** What the editor's components use: the state, raw dispatch and the calls. */
export interface VideoEditor {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  chooseSearchTerm: (term: string | null) => void;
  toggleIgnore: (tipType: string) => void;
  saveDraft: (baseRevision?: number | null) => void;
  deleteDraft: () => void;
  /** Publishes the working copy; `onSuccess` runs once this very publish succeeded. */
  publish: (onSuccess?: (response: PublishResponse) => void) => void;
  undoLastPublish: () => void;
  reloadRecommendations: () => void;
}

const NO_TEMPLATES: Template[] = [];

/** What the page around the editor wants to hear about. */
export interface VideoEditorOptions {
  /** Runs after every successful publish of the video (not after an undo). */
  onPublished?: (videoId: string, response: PublishResponse) => void;
}

/** The editor of one video, started from its loaded details and the channel's templates. */
export function useVideoEditor(
  details: VideoDetails,
  templates: Template[] = NO_TEMPLATES,
  options: VideoEditorOptions = {},
): VideoEditor {
  const [state, dispatch] = useReducer(editorReducer, details, (d) => initialEditorState(d));
  const queryClient = useQueryClient();
  const { channelId, videoId } = state;
  useUnsavedEdits(state, dispatch, useUser().data?.id ?? null);

  // Calls read the latest state when they run (e.g. a Ctrl+S right after typing).
  const stateRef = useRef(state);
  const onPublishedRef = useRef(options.onPublished);
  useLayoutEffect(() => {
    stateRef.current = state;
    onPublishedRef.current = options.onPublished;
  });

  // Only the answer of the newest recommendations request counts.
  const recommendationsRequest = useRef(0);
  const loadRecommendations = useCallback((call: () => ReturnType<typeof getRecommendations>) => {
    const id = ++recommendationsRequest.current;
    dispatch({ type: 'recommendationsLoading' });
    call().then(
      (data) => {
        if (id === recommendationsRequest.current)
          dispatch({ type: 'recommendationsLoaded', data });
      },
      (err: unknown) => {
        if (id === recommendationsRequest.current) {
          dispatch({ type: 'recommendationsFailed', error: toEditorError(err) });
        }
      },
    );
  }, []);

  const searchTerm = workingCopy(state).searchTerm;
  const status = state.recommendations.status;
  useEffect(() => {
    if (status !== 'not-loaded') return;
    loadRecommendations(() => getRecommendations(channelId, videoId, searchTerm));
  }, [status, channelId, videoId, searchTerm, loadRecommendations]);

  const templatesRef = useRef<Template[] | null>(null);
  useEffect(() => {
    if (templatesRef.current === templates) return;
    templatesRef.current = templates;
    dispatch({ type: 'templatesLoaded', templates });
  }, [templates]);

  const refreshList = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: optimizationQueryKeys.lists(channelId) });
    void queryClient.invalidateQueries({
      queryKey: optimizationQueryKeys.next(channelId, videoId),
    });
  }, [queryClient, channelId, videoId]);

  const chooseSearchTerm = useCallback(
    (term: string | null) => {
      const value = term?.trim() || null;
      dispatch({ type: 'setSearchTerm', searchTerm: value });
      loadRecommendations(() => setSearchTerm(channelId, videoId, value));
    },
    [channelId, videoId, loadRecommendations],
  );

  const reloadRecommendations = useCallback(() => {
    const term = workingCopy(stateRef.current).searchTerm;
    loadRecommendations(() => getRecommendations(channelId, videoId, term));
  }, [channelId, videoId, loadRecommendations]);

  const toggleIgnore = useCallback(
    (tipType: string) => {
      const wasIgnored = stateRef.current.recommendations.ignored.includes(tipType);
      dispatch({ type: 'ignore', tipType });
      // A recommendations load started meanwhile answers for the newer state; this one then yields.
      const id = recommendationsRequest.current;
      (wasIgnored ? unignoreTip : ignoreTip)(channelId, videoId, tipType).then(
        (data) => {
          if (id === recommendationsRequest.current)
            dispatch({ type: 'recommendationsLoaded', data });
        },
        (err: unknown) => {
          // Put the tip back as it was; the person keeps working.
          dispatch({ type: 'ignore', tipType });
          notify(toEditorError(err).message, { variant: 'error' });
        },
      );
    },
    [channelId, videoId],
  );

  const save = useCallback(
    (baseRevision?: number | null) => {
      const current = stateRef.current;
      if (current.draftSaving || current.draftDeleting) return;
      const body = saveDraftBody(
        current,
        baseRevision === undefined ? current.draftRevision : baseRevision,
      );
      dispatch({ type: 'draftSaving' });
      saveDraft(channelId, videoId, body).then(
        (draft) => {
          dispatch({ type: 'draftSaved', draft });
          notify('Draft saved', { variant: 'success', key: 'draft-saved', preventDuplicate: true });
          refreshList();
        },
        (err: unknown) => dispatch({ type: 'draftFailed', error: toEditorError(err) }),
      );
    },
    [channelId, videoId, refreshList],
  );

  const remove = useCallback(() => {
    const current = stateRef.current;
    if (current.draftRevision === null || current.draftSaving || current.draftDeleting) return;
    dispatch({ type: 'draftDeleting' });
    deleteDraft(channelId, videoId, current.draftRevision).then(
      () => {
        dispatch({ type: 'draftDeleted' });
        notify('Draft deleted', { variant: 'success' });
        refreshList();
      },
      (err: unknown) => dispatch({ type: 'draftFailed', error: toEditorError(err) }),
    );
  }, [channelId, videoId, refreshList]);

  const publish = useCallback(
    (onSuccess?: (response: PublishResponse) => void) => {
      const current = stateRef.current;
      if (current.publishing) return;
      dispatch({ type: 'publishing' });
      // One key per click: the client's automatic retries (network failure, 502) resend the same
      // body, so the server answers a retry with the first attempt's result instead of publishing twice.
      const body = { ...publishBody(current), idempotencyKey: crypto.randomUUID() };
      publishVideo(channelId, videoId, body).then(
        (response) => {
          dispatch({ type: 'published', response, thumbnailId: body.thumbnailId });
          refreshList();
          onPublishedRef.current?.(videoId, response);
          onSuccess?.(response);
        },
        (err: unknown) => dispatch({ type: 'publishFailed', error: toEditorError(err) }),
      );
    },
    [channelId, videoId, refreshList],
  );

  const undoLastPublish = useCallback(() => {
    const current = stateRef.current;
    if (!current.lastPublish || current.restoring) return;
    dispatch({ type: 'restoring' });
    restorePublish(channelId, videoId, current.lastPublish.id).then(
      (response) => {
        dispatch({ type: 'restored', response });
        refreshList();
      },
      (err: unknown) => dispatch({ type: 'restoreFailed', error: toEditorError(err) }),
    );
  }, [channelId, videoId, refreshList]);

  return useMemo(
    () => ({
      state,
      dispatch,
      chooseSearchTerm,
      toggleIgnore,
      saveDraft: save,
      deleteDraft: remove,
      publish,
      undoLastPublish,
      reloadRecommendations,
    }),
    [
      state,
      chooseSearchTerm,
      toggleIgnore,
      save,
      remove,
      publish,
      undoLastPublish,
      reloadRecommendations,
    ],
  );
}

/**
 * Keeps the person's unsaved changes in the browser: puts them back when the editor opens
 * (once per person and video, with the "Unsaved changes restored" notice), writes them after
 * every change, and forgets them once saved, published or discarded.
 */
function useUnsavedEdits(
  state: EditorState,
  dispatch: (action: EditorAction) => void,
  userId: string | null,
): void {
  const { channelId, videoId } = state;
  const owner = useMemo<UnsavedEditOwner | null>(
    () => (userId ? { userId, channelId, videoId } : null),
    [userId, channelId, videoId],
  );
  // Until the kept changes were read, nothing may be written (it would overwrite them).
  const restoredFor = useRef<UnsavedEditOwner | null>(null);
  useEffect(() => {
    if (!owner || restoredFor.current === owner) return;
    restoredFor.current = owner;
    const edit = readUnsavedEdit(owner);
    if (edit) dispatch({ type: 'restoreUnsaved', edit });
  }, [owner, dispatch]);

  const kept = state.unsavedEdits ? JSON.stringify(unsavedEditOf(state)) : null;
  useEffect(() => {
    if (!owner || restoredFor.current !== owner) return;
    writeUnsavedEdit(owner, kept === null ? null : JSON.parse(kept));
  }, [owner, kept]);
}

/** Ctrl+S / Cmd+S anywhere on the page saves the draft instead of the browser's "Save page". */
export function useSaveShortcut(onSave: () => void, enabled = true): void {
  const latest = useRef(onSave);
  useLayoutEffect(() => {
    latest.current = onSave;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent): void => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
