import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { PublishResponse, Template, VideoDetails } from '@tubewise/contract';
import type { LimitError, Tip, TipGroup } from '@tubewise/recommendations';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMyChannels } from '../../../lib/channels/get-my-channels.ts';
import { READ_ONLY_TEXT } from '../../../lib/plan-errors.ts';
import { useTemplates } from '../api/templates.ts';
import { hasChanges, workingCopy, workingDirty } from './editor-state.ts';
import { useHardLimitErrors, useLiveTips } from './live-tips.ts';
import { useSaveShortcut, useVideoEditor } from './use-video-editor.ts';
import { AiSuggestionsPanel } from './components/ai-suggestions-panel.tsx';
import { DescriptionField } from './components/description-field.tsx';
import { EditorHeader, PUBLISH_BLOCKED_ID } from './components/editor-header.tsx';
import { DraftMessages, PublishMessages } from './components/editor-messages.tsx';
import { LanguageSelect, TagsField, TitleField } from './components/metadata-fields.tsx';
import { CompactLevel, RecommendationsPanel } from './components/recommendations-panel.tsx';
import { SearchTermField } from './components/search-term-field.tsx';
import { ThumbnailField } from './components/thumbnail-field.tsx';

const NO_TEMPLATES: Template[] = [];

const byField = (errors: LimitError[], field: LimitError['field']) =>
  errors.filter((e) => e.field === field);
const byGroup = (tips: Tip[], group: TipGroup) => tips.filter((t) => t.group === group);

/** Why Publish is disabled, or null when it may be pressed. */
export function publishBlockedReason(
  errors: LimitError[],
  changed: boolean,
  paused = false,
): string | null {
  // First: while the account is read-only nothing else the person could fix would help.
  if (paused) return READ_ONLY_TEXT;
  if (errors.length > 0) {
    return 'YouTube would refuse these changes: fix the errors marked below to publish.';
  }
  if (!changed) return 'Nothing to publish yet: the fields match what is live on YouTube.';
  return null;
}

/**
 * `?searchTerm=` (from "Optimise for this keyword" on the rankings page): chosen once as the
 * video's search term, then dropped from the address so a reload does not choose it again.
 */
function useSearchTermFromUrl(current: string | null, choose: (term: string | null) => void) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('searchTerm')?.trim() ?? '';
  const handled = useRef(false);
  useEffect(() => {
    if (!wanted || handled.current) return;
    handled.current = true;
    if (wanted !== current) choose(wanted);
    const next = new URLSearchParams(params);
    next.delete('searchTerm');
    setParams(next, { replace: true });
  }, [wanted, current, choose, params, setParams]);
}

/** What `VideoEditorHooks.publishActions` gets: the editor's own publish flow. */
export interface PublishControls {
  /** Publishes like the Publish button; `onSuccess` runs once this publish succeeded. */
  publish: (onSuccess?: (response: PublishResponse) => void) => void;
  publishing: boolean;
  /** Whether Publish is disabled (nothing to publish, a hard-limit error, an undo running). */
  disabled: boolean;
  /** Id of the text saying why Publish is disabled, for `aria-describedby`, when it shows. */
  describedBy: string | undefined;
}

/** Optional hooks for a page that embeds the editor (the optimize queue). */
export interface VideoEditorHooks {
  /** Runs after every successful publish of the video (not after an undo). */
  onPublished?: (videoId: string, response: PublishResponse) => void;
  /**
   * More buttons after Publish, built from the editor's publish flow. When given, the page
   * leads to the next video itself, so the editor's "Next video" prompt stays hidden.
   */
  publishActions?: (controls: PublishControls) => ReactNode;
}

/**
 * The editor of one loaded video: fields on the left, AI suggestions and recommendations on the
 * right (from md; one column below).
 */
export function VideoEditor({
  details,
  onPublished,
  publishActions,
}: { details: VideoDetails } & VideoEditorHooks) {
  const templatesQuery = useTemplates(details.channelId);
  const editor = useVideoEditor(details, templatesQuery.data ?? NO_TEMPLATES, { onPublished });
  const { state, dispatch } = editor;
  const copy = workingCopy(state);
  const dirty = workingDirty(state);
  const live = useLiveTips(state);
  const errors = useHardLimitErrors(state);
  useSaveShortcut(() => editor.saveDraft());
  useSearchTermFromUrl(copy.searchTerm, editor.chooseSearchTerm);
  const theme = useTheme();
  // One column below md: the recommendations panel (with the level) ends up below every field.
  const stacked = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });

  const manager = useMemo(
    () => ({
      channelId: state.channelId,
      templates: state.templates,
      dispatch,
      loadError: templatesQuery.isError,
    }),
    [state.channelId, state.templates, dispatch, templatesQuery.isError],
  );

  const focusLanguage = (): void => {
    const el = document.getElementById('video-language');
    el?.scrollIntoView?.({ block: 'center' });
    el?.focus();
  };

  // From the latest details (not the state made at load): a plan chosen meanwhile lifts it.
  const paused = details.publishingPaused;
  const publishBlocked = publishBlockedReason(errors, hasChanges(state), paused);
  const myChannels = useMyChannels().data;
  // Only an owner's plan lifts the pause; a person the channel is shared with asks the owner.
  const ownsChannel = myChannels?.myChannels.some((c) => c.id === details.channelId) ?? true;

  return (
    <Box>
      <EditorHeader
        editor={editor}
        publishBlocked={publishBlocked}
        paused={paused ? (ownsChannel ? 'owner' : 'member') : null}
        actions={publishActions?.({
          publish: editor.publish,
          publishing: state.publishing,
          disabled: publishBlocked !== null || state.restoring,
          describedBy: publishBlocked ? PUBLISH_BLOCKED_ID : undefined,
        })}
      />
      <PublishMessages
        state={publishActions ? { ...state, showNextVideo: false } : state}
        dispatch={dispatch}
        onChooseLanguage={focusLanguage}
      />
      <DraftMessages
        state={state}
        dispatch={dispatch}
        onOverwrite={(rev) => editor.saveDraft(rev)}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack sx={{ gap: 4 }}>
            {stacked ? <CompactLevel live={live} /> : null}
            <SearchTermField
              channelId={state.channelId}
              videoId={state.videoId}
              value={copy.searchTerm}
              onChoose={editor.chooseSearchTerm}
              tips={byGroup(live.tips, 'search-term')}
            />
            <TitleField
              value={copy.title}
              onChange={(value) => dispatch({ type: 'edit', field: 'title', value })}
              dirty={dirty.title}
              onReset={() => dispatch({ type: 'reset', field: 'title' })}
              errors={byField(errors, 'title')}
              tips={byGroup(live.tips, 'title')}
            />
            <DescriptionField
              value={copy.description}
              onChange={(value) => dispatch({ type: 'edit', field: 'description', value })}
              dirty={dirty.description}
              onReset={() => dispatch({ type: 'reset', field: 'description' })}
              errors={byField(errors, 'description')}
              tips={byGroup(live.tips, 'description')}
              templates={state.templates}
              manager={manager}
            />
            <TagsField
              value={copy.tags}
              onChange={(value) => dispatch({ type: 'edit', field: 'tags', value })}
              dirty={dirty.tags}
              onReset={() => dispatch({ type: 'reset', field: 'tags' })}
              errors={byField(errors, 'tags')}
              tips={byGroup(live.tips, 'tags')}
              recommended={state.recommendations.data?.recommendedTags ?? copy.recommendedTags}
            />
            <LanguageSelect
              value={state.language}
              onChange={(language) => dispatch({ type: 'setLanguage', language })}
              dirty={state.language !== state.currentLanguage}
              onReset={() => dispatch({ type: 'reset', field: 'language' })}
              highlight={state.noDefaultLanguage}
            />
            <ThumbnailField
              state={state}
              copy={copy}
              dirty={dirty.thumbnailUrl}
              dispatch={dispatch}
              tips={byGroup(live.tips, 'thumbnail')}
            />
          </Stack>
        </Paper>
        {/* Stretched to the row: the recommendations stay in view (sticky) below the AI panel. */}
        <Stack sx={{ gap: 3, minWidth: 0, alignSelf: 'stretch' }}>
          <AiSuggestionsPanel
            channelId={state.channelId}
            videoId={state.videoId}
            searchTerm={copy.searchTerm}
            durationSeconds={state.facts.durationSeconds}
            currentTitle={copy.title}
            currentDescription={copy.description}
            // Through the same edit as typing: live tips, level, dirty flags and drafts follow.
            onUseTitle={(value) => dispatch({ type: 'edit', field: 'title', value })}
            onUseDescription={(value) => dispatch({ type: 'edit', field: 'description', value })}
          />
          <RecommendationsPanel
            live={live}
            recommendations={state.recommendations}
            dispatch={dispatch}
            onIgnore={editor.toggleIgnore}
            onRetry={editor.reloadRecommendations}
          />
        </Stack>
      </Box>
    </Box>
  );
}
