/**
 * The video editor's state (spec sections 3 and 4): the live ("current") metadata, the edited
 * copy of it, the shared draft's copy, dirty flags for each, and the publishing, draft,
 * recommendation and template states. A pure reducer; the hook that drives it lives in
 * use-video-editor.ts.
 */
import type {
  PublishRecord,
  PublishResponse,
  RecommendationsResponse,
  Template,
  UploadedThumbnail,
  VideoDetails,
  VideoDraft,
  VideoRow,
} from '@tubewise/contract';

/** The fields that carry dirty flags (spec section 3). */
export const EDITABLE_FIELDS = ['title', 'description', 'tags', 'thumbnailUrl'] as const;
/** One of the fields with a dirty flag. */
export type EditableField = (typeof EDITABLE_FIELDS)[number];
/** Dirty flag per editable field. */
export type DirtyFlags = Record<EditableField, boolean>;

/** One copy of a video's optimisation data (spec section 3). */
export interface VideoData {
  title: string;
  description: string;
  tags: string[];
  thumbnailUrl: string | null;
  searchTerm: string | null;
  recommendedTags: string[];
  publishedAt: string | null;
  thumbnailHeight: number | null;
  thumbnailWidth: number | null;
  abTest: boolean;
  /** The running thumbnail test (Labs) when `abTest`: its id and when it ends. */
  thumbnailTest: VideoDetails['thumbnailTest'];
  /** The copy's thumbnail is a new upload, not the live one. */
  hasThumbnailChanged: boolean;
  /** The person uploaded a new thumbnail while working on the draft (this visit). */
  hasUserChangedThumbnailInDraft: boolean;
  /** The uploaded thumbnail to publish, or null to keep the live one. */
  thumbnailId: string | null;
}

/** An error as the editor shows it: the server's stable code and message. */
export interface EditorError {
  code: string;
  message: string;
}

/** Where recommendations stand (spec: cleared, not loaded, loaded). */
export type RecommendationsStatus = 'not-loaded' | 'loading' | 'loaded' | 'error';

/** The recommendations of the video (spec section 3 "Recommendation"). */
export interface RecommendationsState {
  status: RecommendationsStatus;
  data: RecommendationsResponse | null;
  /** Types of the ignored tips. */
  ignored: string[];
  /** Type of the open tip; one at a time. */
  open: string | null;
  error: EditorError | null;
}

/** A template with its transient flags (spec section 3 "Templates per channel"). */
export interface TemplateItem extends Template {
  /** Not saved yet (id 'create'). */
  create?: boolean;
  /** Being edited. */
  edit?: boolean;
}

/** Id of a new, unsaved template (spec section 4). */
export const NEW_TEMPLATE_ID = 'create';

/** Facts about the video the editor shows or the rules need, besides the copies. */
export interface VideoFacts {
  privacyStatus: VideoDetails['privacyStatus'];
  durationSeconds: number | null;
  hasCaptions: boolean | null;
  playlistCount: number;
  views: number | null;
  updatedOnPlatform: boolean;
}

/** The whole editor state. */
export interface EditorState {
  channelId: string;
  videoId: string;
  mode: 'draft' | 'original';
  hasDraft: boolean;
  /** The default language to publish (edited). */
  language: string | null;
  /** The video's default language on the platform. */
  currentLanguage: string | null;
  hasUserResetChanges: boolean;
  /** The live metadata. */
  current: VideoData;
  /** The edited copy of the live metadata (used without a draft). */
  edited: VideoData;
  /** The draft's copy (used with a draft), null without one. */
  draft: VideoData | null;
  /** Dirty flags of the live edited copy. */
  dirty: DirtyFlags;
  /** Dirty flags of the draft copy. */
  draftDirty: DirtyFlags;
  facts: VideoFacts;
  draftRevision: number | null;
  draftUpdatedAt: string | null;
  draftUpdatedBy: string | null;
  draftSaving: boolean;
  draftDeleting: boolean;
  draftError: EditorError | null;
  /** The other person's draft after a 409 `draft-conflict`. */
  draftConflict: VideoDraft | null;
  publishing: boolean;
  publishError: EditorError | null;
  /** The last publish failed because the video has no default language. */
  noDefaultLanguage: boolean;
  showNextVideo: boolean;
  nextVideo: VideoRow | null;
  /** The publish just made in this visit (for the success message). */
  publishResult: PublishRecord | null;
  lastPublish: PublishRecord | null;
  restoring: boolean;
  restoreError: EditorError | null;
  restoreResult: PublishRecord | null;
  /** The publish the last undo undid (what its thumbnail note is about). */
  undonePublish: PublishRecord | null;
  thumbnailWarnings: UploadedThumbnail['warnings'];
  recommendations: RecommendationsState;
  templates: TemplateItem[];
  /**
   * The person changed something since the editor opened or last saved, published or discarded:
   * the browser keeps those changes (unsaved-edit.ts) until one of those happens.
   */
  unsavedEdits: boolean;
  /**
   * The changes kept in the browser were put back when the editor opened ("Unsaved changes
   * restored"); holds what the editor showed before, so they can be discarded.
   */
  restoredUnsaved: { copy: VideoData; language: string | null } | null;
}

/** Changes kept in the browser for a video (the working copy's editable parts). */
export interface UnsavedEdit {
  title: string;
  description: string;
  tags: string[];
  searchTerm: string | null;
  language: string | null;
  /** A new thumbnail upload of the edit, or null to keep the live one. */
  thumbnail: { id: string; url: string; width: number | null; height: number | null } | null;
}

/** Every action of the reducer. */
export type EditorAction =
  | { type: 'init'; details: VideoDetails }
  | { type: 'edit'; field: 'title' | 'description'; value: string }
  | { type: 'edit'; field: 'tags'; value: string[] }
  | { type: 'setLanguage'; language: string | null }
  | { type: 'thumbnailUploaded'; thumbnail: UploadedThumbnail }
  | { type: 'reset'; field: EditableField | 'language' }
  | { type: 'resetAll' }
  | { type: 'setSearchTerm'; searchTerm: string | null }
  | { type: 'recommendationsLoading' }
  | { type: 'recommendationsLoaded'; data: RecommendationsResponse }
  | { type: 'recommendationsFailed'; error: EditorError }
  | { type: 'toggleRecommendation'; tipType: string }
  | { type: 'ignore'; tipType: string }
  | { type: 'draftSaving' }
  | { type: 'draftSaved'; draft: VideoDraft }
  | { type: 'draftDeleting' }
  | { type: 'draftDeleted' }
  | { type: 'draftFailed'; error: EditorError & { details?: unknown } }
  | { type: 'loadTheirDraft' }
  | { type: 'publishing' }
  /** `thumbnailId`: the upload the publish sent (publishBody's), now live; null for none. */
  | { type: 'published'; response: PublishResponse; thumbnailId: string | null }
  | { type: 'publishFailed'; error: EditorError }
  | { type: 'closeNext' }
  | { type: 'restoring' }
  | { type: 'restored'; response: PublishResponse }
  | { type: 'restoreFailed'; error: EditorError }
  | { type: 'templatesLoaded'; templates: Template[] }
  | { type: 'templateNew' }
  | { type: 'templateEdit'; id: string }
  | { type: 'templateCancel'; id: string }
  | { type: 'templateSaved'; id: string; template: Template }
  | { type: 'templateDeleted'; id: string }
  /** Puts back changes kept in the browser (when the editor opens). */
  | { type: 'restoreUnsaved'; edit: UnsavedEdit }
  /** Drops the restored changes: the editor shows what it showed before them. */
  | { type: 'discardUnsaved' }
  /** Keeps the restored changes: the notice goes. */
  | { type: 'keepUnsaved' };

const CLEAN: DirtyFlags = { title: false, description: false, tags: false, thumbnailUrl: false };

const clearedRecommendations = (): RecommendationsState => ({
  status: 'not-loaded',
  data: null,
  ignored: [],
  open: null,
  error: null,
});

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, i) => tag === b[i]);
}

/** Whether `field` of `copy` differs from the live copy. */
function differs(copy: VideoData, current: VideoData, field: EditableField): boolean {
  switch (field) {
    case 'tags':
      return !sameTags(copy.tags, current.tags);
    case 'thumbnailUrl':
      return copy.thumbnailId !== null || copy.thumbnailUrl !== current.thumbnailUrl;
    default:
      return copy[field] !== current[field];
  }
}

function dirtyOf(copy: VideoData, current: VideoData): DirtyFlags {
  return {
    title: differs(copy, current, 'title'),
    description: differs(copy, current, 'description'),
    tags: differs(copy, current, 'tags'),
    thumbnailUrl: differs(copy, current, 'thumbnailUrl'),
  };
}

function liveData(details: VideoDetails, recommendedTags: string[] = []): VideoData {
  return {
    title: details.live.title,
    description: details.live.description,
    tags: [...details.live.tags],
    thumbnailUrl: details.live.thumbnailUrl,
    searchTerm: details.searchTerm,
    recommendedTags,
    publishedAt: details.publishedAt,
    thumbnailHeight: details.live.thumbnailHeight,
    thumbnailWidth: details.live.thumbnailWidth,
    abTest: details.abTest,
    thumbnailTest: details.abTest ? details.thumbnailTest : null,
    hasThumbnailChanged: false,
    hasUserChangedThumbnailInDraft: false,
    thumbnailId: null,
  };
}

function draftData(draft: VideoDraft, current: VideoData): VideoData {
  const newThumbnail = draft.thumbnailId !== null;
  return {
    ...current,
    title: draft.title,
    description: draft.description,
    tags: [...draft.tags],
    searchTerm: draft.searchTerm ?? current.searchTerm,
    thumbnailId: draft.thumbnailId,
    thumbnailUrl: newThumbnail ? draft.thumbnailUrl : current.thumbnailUrl,
    thumbnailWidth: newThumbnail ? draft.thumbnailWidth : current.thumbnailWidth,
    thumbnailHeight: newThumbnail ? draft.thumbnailHeight : current.thumbnailHeight,
    hasThumbnailChanged: newThumbnail,
    hasUserChangedThumbnailInDraft: false,
  };
}

function factsOf(details: VideoDetails): VideoFacts {
  return {
    privacyStatus: details.privacyStatus,
    durationSeconds: details.durationSeconds,
    hasCaptions: details.hasCaptions,
    playlistCount: details.playlistCount,
    views: details.views,
    updatedOnPlatform: details.updatedOnPlatform,
  };
}

/** The editor state for freshly loaded video details (spec: initialising with a draft → draft mode). */
export function initialEditorState(
  details: VideoDetails,
  templates: TemplateItem[] = [],
): EditorState {
  const current = liveData(details);
  const draft = details.draft ? draftData(details.draft, current) : null;
  return {
    channelId: details.channelId,
    videoId: details.videoId,
    mode: draft ? 'draft' : 'original',
    hasDraft: draft !== null,
    language: details.draft?.language ?? details.language,
    currentLanguage: details.language,
    hasUserResetChanges: false,
    current,
    edited: { ...current },
    draft,
    dirty: { ...CLEAN },
    draftDirty: draft ? dirtyOf(draft, current) : { ...CLEAN },
    facts: factsOf(details),
    draftRevision: details.draft?.revision ?? null,
    draftUpdatedAt: details.draft?.updatedAt ?? null,
    draftUpdatedBy: details.draft?.updatedBy ?? null,
    draftSaving: false,
    draftDeleting: false,
    draftError: null,
    draftConflict: null,
    publishing: false,
    publishError: null,
    noDefaultLanguage: false,
    showNextVideo: false,
    nextVideo: null,
    publishResult: null,
    lastPublish: details.lastPublish,
    restoring: false,
    restoreError: null,
    restoreResult: null,
    undonePublish: null,
    thumbnailWarnings: [],
    recommendations: clearedRecommendations(),
    templates,
    unsavedEdits: false,
    restoredUnsaved: null,
  };
}

/** The working copy's editable parts, as the browser keeps them until they are saved. */
export function unsavedEditOf(state: EditorState): UnsavedEdit {
  const copy = workingCopy(state);
  return {
    title: copy.title,
    description: copy.description,
    tags: [...copy.tags],
    searchTerm: copy.searchTerm,
    language: state.language,
    thumbnail:
      copy.thumbnailId !== null && copy.thumbnailUrl !== null
        ? {
            id: copy.thumbnailId,
            url: copy.thumbnailUrl,
            width: copy.thumbnailWidth,
            height: copy.thumbnailHeight,
          }
        : null,
  };
}

/** Whether a kept edit differs from what the editor shows (else there is nothing to restore). */
export function differsFromEditor(state: EditorState, edit: UnsavedEdit): boolean {
  const shown = unsavedEditOf(state);
  return (
    shown.title !== edit.title ||
    shown.description !== edit.description ||
    !sameTags(shown.tags, edit.tags) ||
    shown.searchTerm !== edit.searchTerm ||
    shown.language !== edit.language ||
    (shown.thumbnail?.id ?? null) !== (edit.thumbnail?.id ?? null)
  );
}

/** The copy edits go to and the screen shows: the draft's with a draft, else the live edited one. */
export function workingCopy(state: EditorState): VideoData {
  return state.hasDraft && state.draft ? state.draft : state.edited;
}

/** Dirty flags of the working copy. */
export function workingDirty(state: EditorState): DirtyFlags {
  return state.hasDraft && state.draft ? state.draftDirty : state.dirty;
}

/** Whether the working copy or the language differs from what is live. */
export function hasChanges(state: EditorState): boolean {
  const dirty = workingDirty(state);
  return EDITABLE_FIELDS.some((f) => dirty[f]) || state.language !== state.currentLanguage;
}

/** What a draft save sends; `baseRevision` defaults to the revision the editor holds. */
export function saveDraftBody(
  state: EditorState,
  baseRevision: number | null = state.draftRevision,
) {
  const copy = workingCopy(state);
  return {
    title: copy.title,
    description: copy.description,
    tags: copy.tags,
    searchTerm: copy.searchTerm,
    language: state.language,
    thumbnailId: copy.thumbnailId,
    baseRevision,
  };
}

/** What a publish sends: the working copy, deleting the draft when there is one. */
export function publishBody(state: EditorState) {
  const copy = workingCopy(state);
  return {
    title: copy.title,
    description: copy.description,
    tags: copy.tags,
    searchTerm: copy.searchTerm,
    language: state.language === state.currentLanguage ? null : state.language,
    thumbnailId: copy.thumbnailId,
    fromDraft: state.hasDraft,
  };
}

/** Writes `copy` and its dirty flags to wherever edits go (spec: draft copy with a draft). */
function withWorkingCopy(state: EditorState, copy: VideoData): EditorState {
  const dirty = dirtyOf(copy, state.current);
  return state.hasDraft && state.draft
    ? { ...state, draft: copy, draftDirty: dirty }
    : { ...state, edited: copy, dirty };
}

/**
 * Moves the editor onto new live metadata (after a publish or an undo): fields the person has
 * changed keep their text, the others follow the new live values; the draft goes if the server
 * deleted it. `publishedThumbnailId` is the upload just published: it is live now, so the copy
 * follows the live thumbnail instead of keeping it as new (which would let it be published twice).
 */
function rebase(
  state: EditorState,
  details: VideoDetails,
  publishedThumbnailId: string | null = null,
): EditorState {
  const current = liveData(details, state.current.recommendedTags);
  const source = workingCopy(state);
  const dirty = workingDirty(state);
  const copy: VideoData = {
    ...current,
    searchTerm: source.searchTerm,
    title: dirty.title ? source.title : current.title,
    description: dirty.description ? source.description : current.description,
    tags: dirty.tags ? source.tags : current.tags,
  };
  const pendingThumbnail =
    source.thumbnailId !== null && source.thumbnailId !== publishedThumbnailId;
  if (dirty.thumbnailUrl && pendingThumbnail) {
    Object.assign(copy, {
      thumbnailUrl: source.thumbnailUrl,
      thumbnailWidth: source.thumbnailWidth,
      thumbnailHeight: source.thumbnailHeight,
      thumbnailId: source.thumbnailId,
      hasThumbnailChanged: true,
      hasUserChangedThumbnailInDraft: source.hasUserChangedThumbnailInDraft,
    });
  }
  const base = {
    ...state,
    current,
    currentLanguage: details.language,
    language: state.language === state.currentLanguage ? details.language : state.language,
    facts: factsOf(details),
    thumbnailWarnings: [],
    recommendations: { ...state.recommendations, status: 'not-loaded' as const },
  };
  if (details.draft) {
    return {
      ...base,
      mode: 'draft',
      hasDraft: true,
      draft: copy,
      draftDirty: dirtyOf(copy, current),
      draftRevision: details.draft.revision,
      draftUpdatedAt: details.draft.updatedAt,
      draftUpdatedBy: details.draft.updatedBy,
      edited: { ...current },
      dirty: { ...CLEAN },
    };
  }
  return {
    ...base,
    mode: 'original',
    hasDraft: false,
    draft: null,
    draftDirty: { ...CLEAN },
    draftRevision: null,
    draftUpdatedAt: null,
    draftUpdatedBy: null,
    draftConflict: null,
    edited: copy,
    dirty: dirtyOf(copy, current),
  };
}

function isDraft(value: unknown): value is VideoDraft {
  const d = value as Partial<VideoDraft> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.title === 'string' &&
    typeof d.description === 'string' &&
    Array.isArray(d.tags) &&
    typeof d.revision === 'number'
  );
}

/** The other person's draft in a `draft-conflict` error's details (`{ draft }` or the draft). */
function conflictDraft(details: unknown): VideoDraft | null {
  if (isDraft(details)) return details;
  const inner = (details as { draft?: unknown } | null | undefined)?.draft;
  return isDraft(inner) ? inner : null;
}

function withRecommendedTags(copy: VideoData, tags: string[]): VideoData {
  return { ...copy, recommendedTags: tags };
}

/** The editor's reducer: one case per transition of spec section 4. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'init': {
      const keepTemplates = action.details.channelId === state.channelId ? state.templates : [];
      return initialEditorState(action.details, keepTemplates);
    }

    case 'edit':
      return {
        ...withWorkingCopy(state, { ...workingCopy(state), [action.field]: action.value }),
        unsavedEdits: true,
      };

    case 'setLanguage':
      return { ...state, language: action.language, unsavedEdits: true };

    case 'thumbnailUploaded': {
      // A running thumbnail test owns the video's thumbnail until it ends.
      if (state.current.abTest) return state;
      const { thumbnail } = action;
      const inDraft = state.hasDraft && state.draft !== null;
      const copy = workingCopy(state);
      return {
        ...withWorkingCopy(state, {
          ...copy,
          thumbnailId: thumbnail.thumbnailId,
          thumbnailUrl: thumbnail.url,
          thumbnailWidth: thumbnail.width,
          thumbnailHeight: thumbnail.height,
          hasThumbnailChanged: true,
          hasUserChangedThumbnailInDraft: inDraft || copy.hasUserChangedThumbnailInDraft,
        }),
        thumbnailWarnings: thumbnail.warnings,
        unsavedEdits: true,
      };
    }

    case 'reset': {
      if (action.field === 'language') {
        return {
          ...state,
          language: state.currentLanguage,
          hasUserResetChanges: true,
          unsavedEdits: true,
        };
      }
      const copy = { ...workingCopy(state) };
      const { current } = state;
      if (action.field === 'thumbnailUrl') {
        Object.assign(copy, {
          thumbnailUrl: current.thumbnailUrl,
          thumbnailWidth: current.thumbnailWidth,
          thumbnailHeight: current.thumbnailHeight,
          thumbnailId: null,
          hasThumbnailChanged: false,
          hasUserChangedThumbnailInDraft: false,
        });
      } else if (action.field === 'tags') {
        copy.tags = [...current.tags];
      } else {
        copy[action.field] = current[action.field];
      }
      return {
        ...withWorkingCopy(state, copy),
        hasUserResetChanges: true,
        thumbnailWarnings: action.field === 'thumbnailUrl' ? [] : state.thumbnailWarnings,
        unsavedEdits: true,
      };
    }

    case 'resetAll': {
      const copy = { ...state.current, searchTerm: workingCopy(state).searchTerm };
      return {
        ...withWorkingCopy(state, copy),
        language: state.currentLanguage,
        hasUserResetChanges: true,
        thumbnailWarnings: [],
        recommendations: clearedRecommendations(),
        unsavedEdits: true,
      };
    }

    case 'setSearchTerm':
      return {
        ...withWorkingCopy(state, { ...workingCopy(state), searchTerm: action.searchTerm }),
        recommendations: { ...state.recommendations, status: 'not-loaded', error: null },
      };

    case 'recommendationsLoading':
      return { ...state, recommendations: { ...state.recommendations, status: 'loading' } };

    case 'recommendationsLoaded': {
      const tags = action.data.recommendedTags;
      return {
        ...state,
        current: withRecommendedTags(state.current, tags),
        edited: withRecommendedTags(state.edited, tags),
        draft: state.draft ? withRecommendedTags(state.draft, tags) : null,
        recommendations: {
          ...state.recommendations,
          status: 'loaded',
          data: action.data,
          ignored: [...action.data.ignored],
          error: null,
        },
      };
    }

    case 'recommendationsFailed':
      return {
        ...state,
        recommendations: { ...state.recommendations, status: 'error', error: action.error },
      };

    case 'toggleRecommendation': {
      const { open } = state.recommendations;
      return {
        ...state,
        recommendations: {
          ...state.recommendations,
          open: open === action.tipType ? null : action.tipType,
        },
      };
    }

    case 'ignore': {
      const { ignored, open } = state.recommendations;
      return {
        ...state,
        recommendations: {
          ...state.recommendations,
          ignored: ignored.includes(action.tipType)
            ? ignored.filter((t) => t !== action.tipType)
            : [...ignored, action.tipType],
          open: open === action.tipType ? null : open,
        },
      };
    }

    case 'draftSaving':
      return { ...state, draftSaving: true, draftError: null };

    case 'draftSaved': {
      const { draft } = action;
      // The person may have typed while saving: the draft copy keeps their text.
      const copy = state.hasDraft && state.draft ? state.draft : { ...state.edited };
      return {
        ...state,
        mode: 'draft',
        hasDraft: true,
        draft: copy,
        draftDirty: dirtyOf(copy, state.current),
        draftRevision: draft.revision,
        draftUpdatedAt: draft.updatedAt,
        draftUpdatedBy: draft.updatedBy,
        draftSaving: false,
        draftError: null,
        draftConflict: null,
        unsavedEdits: false,
        restoredUnsaved: null,
      };
    }

    case 'draftDeleting':
      return { ...state, draftDeleting: true, draftError: null };

    case 'draftDeleted':
      return {
        ...state,
        mode: 'original',
        hasDraft: false,
        draft: null,
        draftDirty: { ...CLEAN },
        draftRevision: null,
        draftUpdatedAt: null,
        draftUpdatedBy: null,
        draftConflict: null,
        edited: { ...state.current, searchTerm: workingCopy(state).searchTerm },
        dirty: { ...CLEAN },
        language: state.currentLanguage,
        thumbnailWarnings: [],
        draftDeleting: false,
        draftError: null,
        unsavedEdits: false,
        restoredUnsaved: null,
      };

    case 'draftFailed': {
      const { details, ...error } = action.error;
      const conflict = error.code === 'draft-conflict' ? conflictDraft(details) : null;
      return {
        ...state,
        draftSaving: false,
        draftDeleting: false,
        draftError: error,
        draftConflict: conflict ?? (error.code === 'draft-conflict' ? state.draftConflict : null),
      };
    }

    case 'loadTheirDraft': {
      const theirs = state.draftConflict;
      if (!theirs) return state;
      const copy = withRecommendedTags(
        draftData(theirs, state.current),
        state.current.recommendedTags,
      );
      return {
        ...state,
        mode: 'draft',
        hasDraft: true,
        draft: copy,
        draftDirty: dirtyOf(copy, state.current),
        language: theirs.language ?? state.currentLanguage,
        draftRevision: theirs.revision,
        draftUpdatedAt: theirs.updatedAt,
        draftUpdatedBy: theirs.updatedBy,
        draftConflict: null,
        draftError: null,
        unsavedEdits: false,
        restoredUnsaved: null,
      };
    }

    case 'publishing':
      return {
        ...state,
        publishing: true,
        publishError: null,
        noDefaultLanguage: false,
        restoreError: null,
      };

    case 'published':
      return {
        ...rebase(state, action.response.video, action.thumbnailId),
        publishing: false,
        showNextVideo: true,
        nextVideo: action.response.next,
        publishResult: action.response.publish,
        restoreResult: null,
        lastPublish: action.response.publish,
        unsavedEdits: false,
        restoredUnsaved: null,
      };

    case 'publishFailed':
      return {
        ...state,
        publishing: false,
        publishError: action.error,
        noDefaultLanguage: action.error.code === 'no-default-language',
      };

    case 'closeNext':
      return { ...state, showNextVideo: false };

    case 'restoring':
      return { ...state, restoring: true, restoreError: null, publishError: null };

    case 'restored':
      return {
        ...rebase(state, action.response.video),
        restoring: false,
        restoreResult: action.response.publish,
        undonePublish: state.lastPublish,
        publishResult: null,
        showNextVideo: false,
        lastPublish: action.response.publish,
      };

    case 'restoreFailed':
      return { ...state, restoring: false, restoreError: action.error };

    case 'templatesLoaded': {
      const editing = new Set(state.templates.filter((t) => t.edit).map((t) => t.id));
      const unsaved = state.templates.filter((t) => t.create);
      return {
        ...state,
        templates: [
          ...unsaved,
          ...action.templates.map((t) => (editing.has(t.id) ? { ...t, edit: true } : { ...t })),
        ],
      };
    }

    case 'templateNew':
      if (state.templates.some((t) => t.id === NEW_TEMPLATE_ID)) return state;
      return {
        ...state,
        templates: [
          { id: NEW_TEMPLATE_ID, title: '', content: '', updatedAt: '', create: true, edit: true },
          ...state.templates,
        ],
      };

    case 'templateEdit':
      return {
        ...state,
        templates: state.templates.map((t) => (t.id === action.id ? { ...t, edit: true } : t)),
      };

    case 'templateCancel':
      return {
        ...state,
        templates: state.templates.flatMap((t) => {
          if (t.id !== action.id) return [t];
          return t.create ? [] : [{ ...t, edit: false }];
        }),
      };

    case 'templateSaved': {
      const saved: TemplateItem = { ...action.template };
      if (action.id === NEW_TEMPLATE_ID) {
        // Spec: saving replaces the first item (where the new one was added).
        return { ...state, templates: [saved, ...state.templates.slice(1)] };
      }
      return {
        ...state,
        templates: state.templates.map((t) => (t.id === action.id ? saved : t)),
      };
    }

    case 'templateDeleted':
      return { ...state, templates: state.templates.filter((t) => t.id !== action.id) };

    case 'restoreUnsaved': {
      if (!differsFromEditor(state, action.edit)) return state;
      const { edit } = action;
      const before = workingCopy(state);
      const copy: VideoData = {
        ...before,
        title: edit.title,
        description: edit.description,
        tags: [...edit.tags],
        searchTerm: edit.searchTerm,
      };
      if (edit.thumbnail) {
        Object.assign(copy, {
          thumbnailId: edit.thumbnail.id,
          thumbnailUrl: edit.thumbnail.url,
          thumbnailWidth: edit.thumbnail.width,
          thumbnailHeight: edit.thumbnail.height,
          hasThumbnailChanged: true,
        });
      } else if (before.thumbnailId !== null) {
        Object.assign(copy, {
          thumbnailId: null,
          thumbnailUrl: state.current.thumbnailUrl,
          thumbnailWidth: state.current.thumbnailWidth,
          thumbnailHeight: state.current.thumbnailHeight,
          hasThumbnailChanged: false,
        });
      }
      return {
        ...withWorkingCopy(state, copy),
        language: edit.language,
        unsavedEdits: true,
        restoredUnsaved: { copy: before, language: state.language },
        recommendations:
          copy.searchTerm === before.searchTerm
            ? state.recommendations
            : { ...state.recommendations, status: 'not-loaded', error: null },
      };
    }

    case 'discardUnsaved': {
      const previous = state.restoredUnsaved;
      if (!previous) return state;
      const searchTermChanged = previous.copy.searchTerm !== workingCopy(state).searchTerm;
      return {
        ...withWorkingCopy(state, previous.copy),
        language: previous.language,
        unsavedEdits: false,
        restoredUnsaved: null,
        recommendations: searchTermChanged
          ? { ...state.recommendations, status: 'not-loaded', error: null }
          : state.recommendations,
      };
    }

    case 'keepUnsaved':
      return { ...state, restoredUnsaved: null };
  }
}
