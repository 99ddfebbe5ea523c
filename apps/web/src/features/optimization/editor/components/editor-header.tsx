import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { SeePlansLink } from '../../../../components/plan-error.tsx';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatRelativeDate,
} from '../../../../lib/format.ts';
import { UNTITLED, VideoThumbnail } from '../../list/video-cells.tsx';
import { hasChanges, type EditorState } from '../editor-state.ts';
import type { VideoEditor } from '../use-video-editor.ts';

const VISIBILITY: Record<string, string> = {
  public: 'Public',
  private: 'Private',
  unlisted: 'Unlisted',
};

/** Id of the text saying why Publish is disabled (for other publish buttons to point at). */
export const PUBLISH_BLOCKED_ID = 'publish-blocked';

/** "Ctrl+S" or "⌘S" for the platform. */
function saveShortcut(): string {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? '⌘S' : 'Ctrl+S';
}

function LastPublish({
  state,
  onUndo,
  paused,
}: {
  state: EditorState;
  onUndo: () => void;
  paused: boolean;
}) {
  const last = state.lastPublish;
  if (!last) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="last-publish">
      {last.restoresId ? 'Restored' : 'Published'} via Tubewise{' '}
      <time dateTime={last.at} title={formatDateTime(last.at)}>
        {formatRelativeDate(last.at)}
      </time>{' '}
      by {last.by} —{' '}
      <Button
        size="small"
        onClick={onUndo}
        loading={state.restoring}
        // An undo is a publish: refused while the account is read-only (said under Publish).
        disabled={paused || state.publishing}
        aria-describedby={paused ? PUBLISH_BLOCKED_ID : undefined}
        sx={{ minWidth: 0, p: 0, verticalAlign: 'baseline' }}
        aria-label={`Undo the publish of ${formatDateTime(last.at)}`}
      >
        Undo
      </Button>
    </Typography>
  );
}

/**
 * The editor's header: the live thumbnail and title, visibility and date, a link to the video
 * on YouTube, Draft / Live mode, and Save draft (Ctrl/Cmd+S), Delete draft and Publish.
 */
export function EditorHeader({
  editor,
  publishBlocked,
  paused = null,
  actions,
}: {
  editor: VideoEditor;
  /** Why Publish is disabled, or null. */
  publishBlocked: string | null;
  /**
   * Publishing waits for a plan (the channel's account is read-only): `owner` may choose one
   * (See plans); a `member` the channel is shared with asks the owner. Null otherwise.
   */
  paused?: 'owner' | 'member' | null;
  /** More buttons after Publish (the optimize queue's "Publish and next"). */
  actions?: ReactNode;
}) {
  const { state } = editor;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = state.draftSaving || state.draftDeleting;
  const { privacyStatus, views } = state.facts;

  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <VideoThumbnail src={state.current.thumbnailUrl} width={160} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1" component="h1" sx={{ wordBreak: 'break-word' }}>
            {state.current.title || UNTITLED}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Chip
              size="small"
              label={state.mode === 'draft' ? 'Draft' : 'Live'}
              color={state.mode === 'draft' ? 'secondary' : 'success'}
              aria-label={state.mode === 'draft' ? 'Mode: Draft' : 'Mode: Live'}
            />
            {privacyStatus ? (
              <Typography variant="body2" color="text.secondary">
                {VISIBILITY[privacyStatus] ?? privacyStatus}
              </Typography>
            ) : null}
            {state.current.publishedAt ? (
              <Typography variant="body2" color="text.secondary">
                · {formatDate(state.current.publishedAt)}
              </Typography>
            ) : null}
            {views !== null ? (
              <Typography variant="body2" color="text.secondary">
                · {formatNumber(views)} views
              </Typography>
            ) : null}
            <Link
              href={`https://www.youtube.com/watch?v=${encodeURIComponent(state.videoId)}`}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
            >
              Open on YouTube
              <OpenInNew sx={{ fontSize: 16 }} aria-label="(opens in a new tab)" />
            </Link>
          </Stack>
          {state.hasDraft && state.draftUpdatedAt ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Shared draft, last saved {formatRelativeDate(state.draftUpdatedAt)}
              {state.draftUpdatedBy ? ` by ${state.draftUpdatedBy}` : ''}.
            </Typography>
          ) : null}
          <LastPublish state={state} onUndo={editor.undoLastPublish} paused={paused !== null} />
        </Box>
      </Stack>

      <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Tooltip title={`Save the shared draft (${saveShortcut()})`}>
          <span>
            <Button
              variant="outlined"
              onClick={() => editor.saveDraft()}
              loading={state.draftSaving}
              disabled={state.draftDeleting}
              aria-keyshortcuts="Control+S Meta+S"
            >
              Save draft
            </Button>
          </span>
        </Tooltip>
        {state.hasDraft ? (
          <Button
            color="error"
            onClick={() => setConfirmDelete(true)}
            loading={state.draftDeleting}
            disabled={busy && !state.draftDeleting}
          >
            Delete draft
          </Button>
        ) : null}
        {hasChanges(state) ? (
          <Button onClick={() => editor.dispatch({ type: 'resetAll' })}>Reset all changes</Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          onClick={() => editor.publish()}
          loading={state.publishing}
          disabled={publishBlocked !== null || state.restoring}
          aria-describedby={publishBlocked ? PUBLISH_BLOCKED_ID : undefined}
        >
          Publish
        </Button>
        {actions}
      </Stack>
      {publishBlocked ? (
        <Typography
          id={PUBLISH_BLOCKED_ID}
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1, textAlign: { sm: 'right' } }}
        >
          {publishBlocked}
          {paused === 'owner' ? (
            <>
              {' '}
              <SeePlansLink />
            </>
          ) : paused === 'member' ? (
            ' Ask the channel’s owner to choose a plan.'
          ) : null}
        </Typography>
      ) : null}

      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        aria-labelledby="delete-draft-title"
      >
        <DialogTitle id="delete-draft-title">Delete the draft?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The draft is shared with everyone on this channel. Its changes will be lost; what is
            live on YouTube stays as it is.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmDelete(false);
              editor.deleteDraft();
            }}
          >
            Delete draft
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
