import { useId, useState, type FormEvent } from 'react';
import type { Channel, ChannelMember } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PlanErrorLink } from '../../../components/plan-error.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { isValidEmail, normalizeEmail } from '../../../lib/form-validation.ts';
import { notify } from '../../../lib/notify.ts';
import { planErrorText } from '../../../lib/plan-errors.ts';
import { ownerFirst, useChannelMembers } from '../api/get-channel-members.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { useRemoveMember } from '../api/remove-member.ts';

/** Shown when the invited person already has access (409 `conflict`). */
export const ALREADY_MEMBER_TEXT = 'This person already has access.';

/** The invited person already has access (not the plan's people limit, also a 409). */
const isAlreadyMember = (err: unknown): boolean => isApiError(err, 409) && err.code === 'conflict';

/** The message for a failed invitation or removal. */
export function memberErrorText(err: unknown): string {
  const plan = planErrorText(err);
  if (plan) return plan;
  if (isAlreadyMember(err)) return ALREADY_MEMBER_TEXT;
  if (isApiError(err, 403)) return 'Only the owner of this channel can change who has access.';
  if (err instanceof Error && err.message) return err.message;
  return 'Something went wrong. Please try again.';
}

function InviteForm({ channelId }: { channelId: string }) {
  const invite = useInviteMember(channelId);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!isValidEmail(email)) return setInvalid(true);
    const address = normalizeEmail(email);
    invite.mutate(address, {
      onSuccess: () => {
        setEmail('');
        notify(`${address} can now work on this channel.`, { variant: 'success' });
      },
    });
  };
  const conflict = invite.isError && isAlreadyMember(invite.error);
  let fieldError: string | null = null;
  if (invalid) fieldError = 'Enter a valid e-mail address';
  else if (conflict) fieldError = ALREADY_MEMBER_TEXT;

  return (
    <Box component="form" noValidate aria-label="Invite someone" onSubmit={submit}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Invite someone
      </Typography>
      {invite.isError && !conflict ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {memberErrorText(invite.error)}
          <PlanErrorLink error={invite.error} />
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <FormTextField
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="off"
          size="small"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid(false);
            if (invite.isError) invite.reset();
          }}
          error={Boolean(fieldError)}
          helperText={fieldError}
        />
        <Button type="submit" variant="contained" loading={invite.isPending}>
          Invite
        </Button>
      </Box>
    </Box>
  );
}

function MemberList({
  channelId,
  members,
  canManage,
}: {
  channelId: string;
  members: ChannelMember[];
  canManage: boolean;
}) {
  const removeMember = useRemoveMember(channelId);
  return (
    <>
      {removeMember.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {memberErrorText(removeMember.error)}
        </Alert>
      ) : null}
      <List aria-label="People with access" dense>
        {ownerFirst(members).map((member) => (
          <ListItem
            key={member.email}
            divider
            secondaryAction={
              canManage && member.role !== 'owner' ? (
                <Button
                  size="small"
                  color="error"
                  aria-label={`Remove ${member.email}`}
                  disabled={removeMember.isPending}
                  onClick={() => removeMember.mutate(member.email)}
                >
                  Remove
                </Button>
              ) : null
            }
            sx={{ pr: canManage ? 12 : 2 }}
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  {member.name || member.email}
                  {member.role === 'owner' ? <Chip size="small" label="Owner" /> : null}
                  {member.joined ? null : <Chip size="small" color="info" label="Invited" />}
                </Box>
              }
              secondary={member.name ? member.email : undefined}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** Props of the sharing dialog. */
export interface ShareChannelDialogProps {
  channel: Channel;
  /** Only the owner may invite and remove people; others just see who has access. */
  owner: boolean;
  onClose: () => void;
}

/** Who has access to a channel; its owner can invite people by e-mail and remove them. */
export default function ShareChannelDialog({ channel, owner, onClose }: ShareChannelDialogProps) {
  const members = useChannelMembers(channel.id);
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Share {channel.name}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          People you share this channel with can work on it with you.
          {owner ? null : ' Only its owner can invite or remove people.'}
        </Typography>
        {members.isPending ? <CircularProgress aria-label="Loading people" size={24} /> : null}
        {members.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void members.refetch()}>
                Retry
              </Button>
            }
          >
            We could not load who has access.
          </Alert>
        ) : null}
        {members.data ? (
          <MemberList channelId={channel.id} members={members.data} canManage={owner} />
        ) : null}
        {owner ? (
          <Box sx={{ mt: 2 }}>
            <InviteForm channelId={channel.id} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
