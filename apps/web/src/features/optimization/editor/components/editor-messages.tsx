import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PlanErrorLink } from '../../../../components/plan-error.tsx';
import { optimizationVideoHref } from '../../../../config/paths.ts';
import { useConnectChannel } from '../../../../lib/channels/youtube-auth-url.ts';
import { useUser } from '../../../../lib/user.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import type { EditorAction, EditorState } from '../editor-state.ts';
import { NO_DEFAULT_LANGUAGE_TEXT, publishedFields, quotaText } from '../editor-texts.ts';
import { UNSAVED_RESTORED_TEXT } from '../unsaved-edit.ts';

const PUBLISH_ERROR_TITLES: Record<string, string> = {
  'platform-quota-exceeded': 'YouTube quota exceeded',
  'invalid-grant': 'The channel needs to be reconnected',
  'video-platform-access-forbidden': 'YouTube refused access',
  'platform-unavailable': 'YouTube is not answering',
  'metadata-invalid': 'YouTube refused the changes',
  'not-found': 'The video is no longer on YouTube',
  'account-read-only': 'Publishing is paused',
};

/**
 * Reconnect from the editor: the consent comes back to this very page (the server validates the
 * path), where the unsaved changes kept in the browser are put back.
 */
export function ReconnectButton({ channelId }: { channelId: string }) {
  const user = useUser().data;
  const location = useLocation();
  const connect = useConnectChannel();
  return (
    <Button
      color="inherit"
      size="small"
      variant="outlined"
      disabled={!user}
      loading={connect.isPending}
      onClick={() =>
        user &&
        connect.mutate({
          userId: user.id,
          reconnectChannelId: channelId,
          returnTo: `${location.pathname}${location.search}`,
        })
      }
    >
      Reconnect
    </Button>
  );
}

/** The alert of a failed publish or undo, with Reconnect when the channel needs it. */
function FailureAlert({
  title,
  error,
  channelId,
}: {
  title: string;
  error: { code: string; message: string };
  channelId: string;
}) {
  const reconnect = error.code === 'invalid-grant';
  return (
    <Alert
      severity="error"
      action={reconnect ? <ReconnectButton channelId={channelId} /> : undefined}
    >
      <AlertTitle>{title}</AlertTitle>
      {error.message}
      <PlanErrorLink error={error} />
      {reconnect ? (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          Your changes stay here while you reconnect.
        </Box>
      ) : null}
    </Alert>
  );
}

/** Undo thumbnail texts: what an undo does with the thumbnail the undone publish replaced. */
export const UNDO_THUMBNAIL_TEXTS = {
  restored:
    'The earlier thumbnail is set back as a custom image. If it was one YouTube picked from the video, it looks the same, but YouTube’s API cannot make it automatic again (YouTube Studio can).',
  notKept:
    'The thumbnail stays as it is: Tubewise has no copy of the one it replaced, so choose it again in the thumbnail field or in YouTube Studio.',
} as const;

/** What an undo did with the thumbnail, when the undone publish had set one. */
function UndoThumbnailNote({
  restored,
  undone,
}: {
  restored: { thumbnailChanged: boolean };
  undone: { thumbnailChanged: boolean; id: string } | null;
}) {
  if (!undone?.thumbnailChanged) return null;
  return (
    <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
      {restored.thumbnailChanged ? UNDO_THUMBNAIL_TEXTS.restored : UNDO_THUMBNAIL_TEXTS.notKept}
    </Box>
  );
}

/** The outcome of a publish or an undo: success with quota, the next-video prompt, errors. */
export function PublishMessages({
  state,
  dispatch,
  onChooseLanguage,
}: {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  onChooseLanguage: () => void;
}) {
  const { publishResult, restoreResult, publishError, restoreError } = state;
  return (
    <Stack
      sx={{
        gap: 2,
        mb:
          publishResult || restoreResult || publishError || restoreError || state.showNextVideo
            ? 3
            : 0,
      }}
    >
      {publishResult ? (
        <Alert severity="success" role="status">
          Published {publishedFields(publishResult)} to YouTube.{' '}
          {quotaText(publishResult.quotaUnits)} of the channel's daily YouTube quota spent.
        </Alert>
      ) : null}
      {restoreResult ? (
        <Alert severity="success" role="status">
          Undone: the earlier version of {publishedFields(restoreResult)} is live on YouTube again.{' '}
          {quotaText(restoreResult.quotaUnits)} spent.
          <UndoThumbnailNote restored={restoreResult} undone={state.undonePublish} />
        </Alert>
      ) : null}
      {state.showNextVideo ? (
        <Paper
          variant="outlined"
          role="region"
          aria-label="Next video"
          sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography sx={{ flex: 1, minWidth: 200 }}>
            {state.nextVideo
              ? `Next video: ${state.nextVideo.title}`
              : 'No other video needs work right now.'}
          </Typography>
          {state.nextVideo ? (
            <Button
              component={RouterLink}
              to={optimizationVideoHref(state.nextVideo.videoId)}
              variant="contained"
            >
              Open
            </Button>
          ) : null}
          <Button onClick={() => dispatch({ type: 'closeNext' })}>Close</Button>
        </Paper>
      ) : null}
      {publishError && state.noDefaultLanguage ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onChooseLanguage}>
              Choose language
            </Button>
          }
        >
          <AlertTitle>Choose the video's language</AlertTitle>
          {NO_DEFAULT_LANGUAGE_TEXT}
        </Alert>
      ) : null}
      {publishError && !state.noDefaultLanguage ? (
        <FailureAlert
          title={PUBLISH_ERROR_TITLES[publishError.code] ?? 'The changes were not published'}
          error={publishError}
          channelId={state.channelId}
        />
      ) : null}
      {restoreError ? (
        <FailureAlert
          title="The publish was not undone"
          error={restoreError}
          channelId={state.channelId}
        />
      ) : null}
    </Stack>
  );
}

/**
 * A draft save refused because someone else saved first: their version, and the choice to load
 * it or to overwrite it with the person's own text (which stays in the editor either way until
 * they choose).
 */
export function DraftMessages({
  state,
  dispatch,
  onOverwrite,
}: {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  onOverwrite: (theirRevision: number) => void;
}) {
  const theirs = state.draftConflict;
  if (state.restoredUnsaved && !theirs) {
    return (
      <Alert
        severity="info"
        role="status"
        sx={{ mb: 3 }}
        action={
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button color="inherit" size="small" onClick={() => dispatch({ type: 'keepUnsaved' })}>
              Keep
            </Button>
            <Button
              color="inherit"
              size="small"
              onClick={() => dispatch({ type: 'discardUnsaved' })}
            >
              Discard
            </Button>
          </Stack>
        }
      >
        <AlertTitle>{UNSAVED_RESTORED_TEXT}</AlertTitle>
        Your changes from before you left this page are back in the editor. They are not saved or
        published yet.
      </Alert>
    );
  }
  if (theirs) {
    return (
      <Alert
        severity="warning"
        sx={{ mb: 3 }}
        role="alert"
        slotProps={{ message: { sx: { width: '100%' } } }}
      >
        <AlertTitle>
          Someone else saved this draft at {formatDateTime(theirs.updatedAt)} — review their version
        </AlertTitle>
        <Typography variant="body2">
          Saved by {theirs.updatedBy}. Your text is still in the editor; nothing was overwritten.
        </Typography>
        <Box
          component="dl"
          aria-label="Their version"
          sx={{
            my: 1,
            '& dt': { fontWeight: 600 },
            '& dd': { m: 0, mb: 1, whiteSpace: 'pre-wrap' },
          }}
        >
          <dt>Title</dt>
          <dd>{theirs.title}</dd>
          <dt>Description</dt>
          <dd>
            {theirs.description.length > 400
              ? `${theirs.description.slice(0, 400)}…`
              : theirs.description}
          </dd>
          <dt>Tags</dt>
          <dd>{theirs.tags.join(', ') || '(none)'}</dd>
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => dispatch({ type: 'loadTheirDraft' })}
          >
            Load their version
          </Button>
          <Button
            variant="contained"
            color="warning"
            loading={state.draftSaving}
            onClick={() => onOverwrite(theirs.revision)}
          >
            Overwrite with mine
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (state.draftError) {
    return (
      <Alert severity="error" sx={{ mb: 3 }}>
        <AlertTitle>The draft was not updated</AlertTitle>
        {state.draftError.message}
      </Alert>
    );
  }
  return null;
}
