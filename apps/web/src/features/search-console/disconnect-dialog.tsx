import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { notify } from '../../lib/notify.ts';
import { useDisconnectSearchConsole } from './api/search-console.ts';

/**
 * The confirmation's own words when Search Console has a grant of its own at Google (its own
 * OAuth client): revoking it touches nothing else.
 */
export const DISCONNECT_TEXT =
  "Disconnecting revokes Tubewise's access to your Search Console data at Google, and the Google search section stops showing the properties you chose for your channels, for everyone on them. Your connected YouTube channels are not affected.";

/**
 * The words when Search Console shares the channels' grant at Google (no OAuth client of its
 * own): revoking it would end the channels' access too, so Tubewise only forgets it.
 */
export const FORGET_TEXT =
  "Tubewise will forget this connection, and the Google search section stops showing the properties you chose for your channels, for everyone on them. Your Google account still lists Tubewise's access, which your YouTube channels use too; to remove it, visit your Google Account's third-party access page (myaccount.google.com/connections).";

/** The toast after disconnecting. */
export const DISCONNECTED_TEXT = 'Google Search Console disconnected.';

/**
 * Asks before disconnecting Search Console (Cancel focused: nothing happens by accident), then
 * calls `onDisconnected` so the section can put focus somewhere that still exists.
 */
export function DisconnectDialog({
  separateGrant,
  onClose,
  onDisconnected,
}: {
  /** Search Console has its own grant at Google (answered by the connection; absent: shared). */
  separateGrant: boolean;
  onClose: () => void;
  onDisconnected: () => void;
}) {
  const disconnect = useDisconnectSearchConsole();
  const titleId = useId();
  const textId = useId();
  const close = (): void => {
    if (!disconnect.isPending) onClose();
  };
  const confirm = (): void => {
    disconnect.mutate(undefined, {
      onSuccess: () => {
        notify(DISCONNECTED_TEXT, { variant: 'success' });
        onDisconnected();
      },
    });
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Disconnect Google Search Console?</DialogTitle>
      <DialogContent>
        {disconnect.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            We could not disconnect Search Console. Please try again.
          </Alert>
        ) : null}
        <DialogContentText id={textId}>
          {separateGrant ? DISCONNECT_TEXT : FORGET_TEXT}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={disconnect.isPending} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={confirm} loading={disconnect.isPending}>
          Disconnect
        </Button>
      </DialogActions>
    </Dialog>
  );
}
