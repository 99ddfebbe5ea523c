import { useQueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '@tubewise/contract';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DEFAULT_PUBLIC_CONFIG, publicConfigQueryOptions } from '../lib/public-config.ts';
import { CenteredCard } from './centered-card.tsx';

/**
 * Shown when rendering crashed. It avoids router hooks and reads the config from the cache
 * without fetching, so it works whatever part of the app failed.
 */
export function ErrorPage() {
  const queryClient = useQueryClient();
  const config =
    queryClient.getQueryData<PublicConfig>(publicConfigQueryOptions().queryKey) ??
    DEFAULT_PUBLIC_CONFIG;
  return (
    <CenteredCard maxWidth={520}>
      <Typography variant="h1" component="h1" gutterBottom>
        Oops! Something went wrong
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Please try again. If it keeps happening, report it by mail to{' '}
        <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>.
      </Typography>
      {/* A full page load resets whatever state broke the render. */}
      <Button variant="contained" href="/">
        Back to home
      </Button>
    </CenteredCard>
  );
}
