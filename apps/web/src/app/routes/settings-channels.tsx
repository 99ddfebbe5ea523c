import { Link as RouterLink } from 'react-router';
import type { Channel } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../components/page-heading.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useMyChannels } from '../../features/channels/api/get-my-channels.ts';
import { ChannelThumbnail } from '../../features/channels/components/channel-thumbnail.tsx';

function ChannelList({
  title,
  channels,
  empty,
}: {
  title: string;
  channels: Channel[];
  empty: string;
}) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h2" component="h2" gutterBottom>
        {title}
      </Typography>
      {channels.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List aria-label={title}>
          {channels.map((channel) => (
            <ListItem
              key={channel.id}
              divider
              secondaryAction={
                channel.needsReconnect ? (
                  <Chip label="Needs reconnecting" color="warning" size="small" />
                ) : null
              }
            >
              <ListItemAvatar>
                <ChannelThumbnail src={channel.thumbnailUrl} size={40} />
              </ListItemAvatar>
              <ListItemText primary={channel.name} secondary={channel.youtubeId} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** Channel settings: the user's own channels and channels shared with them (read-only for now). */
export default function SettingsChannelsPage() {
  const query = useMyChannels();
  return (
    <>
      <PageHeading title="Channel settings">
        The channels connected to your account and the channels shared with you.
      </PageHeading>
      {query.isPending ? <PageLoader /> : null}
      {query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          We could not load your channels.
        </Alert>
      ) : null}
      {query.data ? (
        <>
          <ChannelList
            title="My channels"
            channels={query.data.myChannels}
            empty="You have not connected a channel yet."
          />
          <ChannelList
            title="Shared with me"
            channels={query.data.invitedTo}
            empty="No channels are shared with you."
          />
          <Button component={RouterLink} to={paths.setupStep1} variant="outlined">
            Connect a channel
          </Button>
        </>
      ) : null}
    </>
  );
}
