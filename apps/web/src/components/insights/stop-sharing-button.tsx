import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRevokeInsights } from '../../lib/revoke-insights.ts';
import { InsightsNotice } from './insights-notice.tsx';

/** Said when the owner's "Stop sharing" failed. */
export const STOP_SHARING_FAILED_TEXT = 'We could not stop sharing. Please try again.';
/** The confirmation's question and what it means. */
export const STOP_SHARING_QUESTION = 'Stop sharing?';
export const STOP_SHARING_CONSEQUENCE =
  'The link stops working for everyone. This cannot be undone.';

/**
 * "Stop sharing" for the owner of a report (the owner token proves it), confirmed in a dialog:
 * the link stops working for everyone. On success `onStopped` lets the page replace the button
 * with its status (SharingStopped, which takes the focus); a failure is said under the button,
 * where focus returns.
 */
export function StopSharingButton({
  insightsId,
  token,
  onStopped,
}: {
  insightsId: string;
  token: string;
  onStopped?: () => void;
}) {
  const revoke = useRevokeInsights(insightsId);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const textId = useId();
  const close = () => {
    if (!revoke.isPending) setAsking(false);
  };
  const confirm = () =>
    revoke.mutate(token, {
      onSuccess: () => onStopped?.(),
      onError: () => setAsking(false),
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        color="error"
        onClick={() => {
          revoke.reset();
          setAsking(true);
        }}
      >
        Stop sharing
      </Button>
      {revoke.isError ? (
        <InsightsNotice severity="error">{STOP_SHARING_FAILED_TEXT}</InsightsNotice>
      ) : null}
      <Dialog open={asking} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
        <DialogTitle id={titleId} component="h2">
          {STOP_SHARING_QUESTION}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{STOP_SHARING_CONSEQUENCE}</DialogContentText>
        </DialogContent>
        <DialogActions>
          {/* The safe choice first in focus: the dialog opens on "Cancel". */}
          <Button onClick={close} disabled={revoke.isPending} autoFocus>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={confirm} loading={revoke.isPending}>
            Stop sharing
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
