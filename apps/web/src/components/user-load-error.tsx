import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** Shown on a protected page when loading the user failed (HTTP 500, timeout, network). */
export default function UserLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        We could not load your account. Please check your connection and try again.
      </Alert>
    </Box>
  );
}
