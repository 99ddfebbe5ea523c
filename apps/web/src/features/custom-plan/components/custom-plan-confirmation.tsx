import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';

/**
 * What replaces the form once the request is sent: where the answer will come, and the way back
 * to the account settings. Focus moves to its heading, so keyboard and screen-reader users land
 * on it (the form they were in is gone).
 */
export function CustomPlanConfirmation({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper
      role="status"
      variant="outlined"
      sx={(t) => ({ p: { xs: 2, sm: 3 }, maxWidth: 640, borderColor: t.palette.success.main })}
    >
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h2"
        component="h2"
        gutterBottom
        sx={{ outline: 'none' }}
      >
        Your request was sent
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Thank you. Our team will look at what you need and answer you at{' '}
        <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A confirmation with a copy of your request is on its way to that address.
      </Typography>
      <Link component={RouterLink} to={paths.settingsAccount}>
        Back to account settings
      </Link>
    </Paper>
  );
}
