import { Link as RouterLink } from 'react-router';
import type { Channel } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../components/page-heading.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../lib/user.ts';
import { useConnectChannel } from '../../features/channels/api/get-youtube-auth-url.ts';
import { ChannelThumbnail } from '../../features/channels/components/channel-thumbnail.tsx';
import { ConnectError } from '../../features/channels/components/connect-error.tsx';
import { useActiveChannel } from '../../lib/channels/use-active-channel.ts';

/**
 * The channels to offer for reconnection: those flagged as needing it, or, when none is (the
 * user followed a "reconnect" notice about the channel in use), the active channel.
 */
export function channelsToReconnect(
  channels: readonly Channel[],
  activeChannel: Channel | null,
): Channel[] {
  const flagged = channels.filter((c) => c.needsReconnect);
  if (flagged.length > 0) return flagged;
  return activeChannel ? [activeChannel] : [];
}

/** Reconnect channels whose platform authorisation was lost. */
export default function ReconnectChannelPage() {
  const user = useUser().data;
  const { channels, activeChannel, isLoading } = useActiveChannel();
  const connect = useConnectChannel();
  const busy = connect.isPending;
  const list = channelsToReconnect(channels, activeChannel);

  return (
    <Box sx={{ maxWidth: 680, mx: 'auto', py: 2 }}>
      <PageHeading title="Reconnect your channel">
        YouTube no longer accepts our access to{' '}
        {list.length > 1 ? 'these channels' : 'this channel'}: the permission was withdrawn or has
        expired. Reconnect to keep working on it, and choose the same channel on Google&apos;s page,
        keeping &lsquo;Manage your YouTube account&rsquo; ticked.
      </PageHeading>
      <ConnectError show={connect.isError} />
      {isLoading ? <PageLoader /> : null}
      {!isLoading && list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography sx={{ mb: 2 }}>You have no connected channel to reconnect.</Typography>
          <Button component={RouterLink} to={paths.setupStep1} variant="contained">
            Connect a channel
          </Button>
        </Paper>
      ) : null}
      {list.length > 0 ? (
        <Paper variant="outlined">
          <List aria-label="Channels to reconnect">
            {list.map((channel) => (
              <ListItem
                key={channel.id}
                divider
                secondaryAction={
                  <Button
                    variant="contained"
                    disabled={!user || busy}
                    loading={busy && connect.variables?.reconnectChannelId === channel.id}
                    aria-describedby={`reconnect-${channel.id}`}
                    onClick={() =>
                      user && connect.mutate({ userId: user.id, reconnectChannelId: channel.id })
                    }
                  >
                    Reconnect
                  </Button>
                }
                sx={{ pr: 18 }}
              >
                <ListItemAvatar>
                  <ChannelThumbnail src={channel.thumbnailUrl} size={40} />
                </ListItemAvatar>
                <ListItemText
                  id={`reconnect-${channel.id}`}
                  primary={channel.name}
                  secondary={channel.needsReconnect ? 'Needs reconnection' : undefined}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
    </Box>
  );
}
