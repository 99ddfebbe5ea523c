import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import { PageHeading } from '../../components/page-heading.tsx';
import { paths } from '../../config/paths.ts';
import { notify } from '../../lib/notify.ts';
import { hasOnboardingCarryOver } from '../../lib/onboarding-carry-over.ts';
import { useUser } from '../../lib/user.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useConnectChannel } from '../../features/channels/api/get-youtube-auth-url.ts';
import { ConnectError } from '../../features/channels/components/connect-error.tsx';

/** The scope the platform's consent page lists; unticking it makes the connection fail. */
export const MANAGE_SCOPE_LABEL = 'Manage your YouTube account';

/** Connect the first channel: what connecting does, the permission it needs, and the button. */
export default function SetupStep1Page() {
  const user = useUser().data;
  const connect = useConnectChannel();
  const logout = useLogout();
  const navigate = useNavigate();
  const busy = connect.isPending;

  return (
    <Box sx={{ maxWidth: 680, mx: 'auto', py: 2 }}>
      <PageHeading title="Connect your channel">
        Connect your YouTube channel to find better keywords, optimise your videos and track how
        they rank.
      </PageHeading>
      {hasOnboardingCarryOver() ? (
        <Typography role="note" sx={{ mb: 2 }}>
          Your keywords and competitors from your insights will be carried over once a channel is
          connected.
        </Typography>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" component="h2" gutterBottom>
          What connecting does
        </Typography>
        <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2, '& li': { mb: 0.5 } }}>
          <li>You sign in with Google and choose the channel to connect.</li>
          <li>We read your videos, playlists and their search statistics.</li>
          <li>
            We change a video&apos;s title, description, tags or thumbnail only when you publish
            your edits.
          </li>
          <li>You can disconnect the channel at any time in the channel settings.</li>
        </Box>
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            alignItems: 'flex-start',
            p: 2,
            mb: 3,
            borderRadius: 1,
            bgcolor: 'rgba(109, 40, 217, 0.06)',
          }}
        >
          <CheckBoxOutlined color="primary" aria-hidden sx={{ mt: 0.25 }} />
          <Typography>
            On Google&apos;s permission screen, keep <strong>{MANAGE_SCOPE_LABEL}</strong> ticked.
            Without it we cannot update your videos and the connection fails.
          </Typography>
        </Box>
        <ConnectError show={connect.isError} error={connect.error} />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="contained"
            size="large"
            disabled={!user || busy}
            loading={busy}
            onClick={() => user && connect.mutate({ userId: user.id, firstChannel: true })}
          >
            Connect channel
          </Button>
          <Button
            variant="text"
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onSuccess: () => void navigate(paths.login, { replace: true }),
                onError: (err) => {
                  console.error('Error while signing out:', err);
                  notify('Could not log out. Please try again.', { variant: 'error' });
                },
              })
            }
          >
            Log out
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
