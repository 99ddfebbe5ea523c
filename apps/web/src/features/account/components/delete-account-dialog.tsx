import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DELETE_ACCOUNT_CONFIRMATION } from '@tubewise/contract/billing-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { notify } from '../../../lib/notify.ts';
import { deleteAccountErrorText, useDeleteAccount } from '../api/delete-account.ts';

/** The notice the login page shows after the account was deleted. */
export const ACCOUNT_DELETED_TEXT = 'Your account was deleted. We are sorry to see you go.';

/**
 * Confirms the deletion: says what goes and what stays (invoices, as the law requires), asks for
 * the current password and for DELETE typed out. On success the person is signed out and lands
 * on the login page with a notice.
 */
export default function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [tried, setTried] = useState(false);
  const confirmed = confirmation === DELETE_ACCOUNT_CONFIRMATION;
  const close = (): void => {
    if (!remove.isPending) onClose();
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setTried(true);
    if (!password || !confirmed || remove.isPending) return;
    remove.mutate(
      { password, confirmation: DELETE_ACCOUNT_CONFIRMATION },
      {
        onSuccess: () => {
          notify(ACCOUNT_DELETED_TEXT, { variant: 'success' });
          void navigate(paths.login, { replace: true });
        },
      },
    );
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <Box component="form" noValidate aria-label="Delete your account" onSubmit={submit}>
        <DialogTitle id={titleId}>Delete your account?</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={textId} component="div">
            <p style={{ marginTop: 0 }}>This cannot be undone. Deleting your account:</p>
            <ul>
              <li>
                disconnects your channels and deletes them in Tubewise, with their videos, drafts,
                ideas, scripts, tracked keywords and settings, for everyone you shared them with;
              </li>
              <li>removes you from channels others shared with you (their data stays);</li>
              <li>revokes Tubewise&apos;s access to your YouTube channels;</li>
              <li>cancels your subscription and signs you out on every device.</li>
            </ul>
            <p style={{ marginBottom: 0 }}>
              Invoices already issued are kept, without your name or e-mail, because tax law
              requires us to keep them.
            </p>
          </DialogContentText>
          {remove.isError ? (
            <Alert severity="error">{deleteAccountErrorText(remove.error)}</Alert>
          ) : null}
          <FormTextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={tried && !password}
            helperText={tried && !password ? 'Enter your current password' : undefined}
          />
          <FormTextField
            label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
            required
            autoComplete="off"
            spellCheck={false}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={tried && !confirmed}
            helperText={
              tried && !confirmed
                ? `Type ${DELETE_ACCOUNT_CONFIRMATION} in capital letters.`
                : undefined
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" loading={remove.isPending}>
            Delete my account
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
