import { useId } from 'react';
import type { Channel } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { notify } from '../../../lib/notify.ts';
import { REMOVE_CHANNEL_FAILED_TEXT, useRemoveChannel } from '../api/remove-channel.ts';

/** Props of the removal confirmation. */
export interface RemoveChannelDialogProps {
  channel: Channel;
  /** Owners remove (disconnect) the channel; members leave it. */
  owner: boolean;
  onClose: () => void;
}

/**
 * Asks before removing (owner) or leaving (member) a channel. Both are the same call; what it
 * does differs, so the dialog spells it out.
 */
export default function RemoveChannelDialog({ channel, owner, onClose }: RemoveChannelDialogProps) {
  const remove = useRemoveChannel();
  const titleId = useId();
  const textId = useId();
  const close = (): void => {
    if (!remove.isPending) onClose();
  };
  const confirm = (): void => {
    remove.mutate(channel, {
      onSuccess: () => {
        notify(owner ? `${channel.name} was removed.` : `You left ${channel.name}.`, {
          variant: 'success',
        });
        onClose();
      },
    });
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>
        {owner ? `Remove ${channel.name}?` : `Leave ${channel.name}?`}
      </DialogTitle>
      <DialogContent>
        {remove.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {REMOVE_CHANNEL_FAILED_TEXT}
          </Alert>
        ) : null}
        <DialogContentText id={textId}>
          {owner
            ? 'This disconnects the channel from YouTube and deletes its data in Tubewise (drafts, keywords, ideas and settings) for you and for everyone it is shared with. You can connect it again later.'
            : 'You will no longer have access to this channel. Its owner and the other people it is shared with keep it.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={confirm} loading={remove.isPending}>
          {owner ? 'Remove' : 'Leave'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
