import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

const DeleteAccountDialog = lazy(() => import('./delete-account-dialog.tsx'));

/** The danger zone: what deleting the account does, and the button that asks for it. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        maxWidth: 640,
        // The danger zone, marked in the error colour.
        borderLeft: 4,
        borderColor: 'error.main',
        pl: 2,
      }}
    >
      <Typography>
        Deleting your account deletes your channels in Tubewise with everything in them, removes you
        from the channels others shared with you, cancels your subscription and signs you out
        everywhere. It cannot be undone. Export your data first if you want to keep it.
      </Typography>
      <Button
        variant="outlined"
        color="error"
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Delete my account…
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
