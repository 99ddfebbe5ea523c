import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Channel } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { PageHeading } from '../../components/page-heading.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useUser } from '../../lib/user.ts';
import { useMyChannels } from '../../lib/channels/get-my-channels.ts';
import { useConnectChannel } from '../../features/channels/api/get-youtube-auth-url.ts';
import { ChannelRow } from '../../features/channels/components/channel-row.tsx';
import { ConnectError } from '../../features/channels/components/connect-error.tsx';

// Dialogs load on first use: the list itself stays light.
const RemoveChannelDialog = lazy(
  () => import('../../features/channels/components/remove-channel-dialog.tsx'),
);
const ShareChannelDialog = lazy(
  () => import('../../features/channels/components/share-channel-dialog.tsx'),
);
const ChannelSettingsDialog = lazy(
  () => import('../../features/channels/components/channel-settings-dialog.tsx'),
);

type OpenDialog = { kind: 'remove' | 'share' | 'settings'; channel: Channel; owner: boolean };

function Section({
  title,
  empty,
  channels,
  owner,
  renderRow,
}: {
  title: string;
  empty: string;
  channels: Channel[];
  owner: boolean;
  renderRow: (channel: Channel, owner: boolean) => ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h2" component="h2" gutterBottom>
        {title}
      </Typography>
      {channels.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {channels.map((channel) => renderRow(channel, owner))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * Channel settings: the user's own channels and those shared with them, each with sync,
 * settings, sharing and removal; connecting another channel.
 */
export default function SettingsChannelsPage() {
  const user = useUser().data;
  const query = useMyChannels();
  const connect = useConnectChannel();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = (): void => setDialog(null);

  const renderRow = (channel: Channel, owner: boolean) => (
    <ChannelRow
      key={channel.id}
      channel={channel}
      owner={owner}
      actions={{
        onReconnect: user
          ? () => connect.mutate({ userId: user.id, reconnectChannelId: channel.id })
          : undefined,
        reconnecting: connect.isPending && connect.variables?.reconnectChannelId === channel.id,
        onSettings: () => setDialog({ kind: 'settings', channel, owner }),
        onShare: () => setDialog({ kind: 'share', channel, owner }),
        onRemove: () => setDialog({ kind: 'remove', channel, owner }),
      }}
    />
  );

  return (
    <>
      <PageHeading title="Channel settings">
        The channels connected to your account and the channels shared with you.
      </PageHeading>
      <ConnectError show={connect.isError} error={connect.error} />
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
          <Section
            title="My channels"
            empty="You have not connected a channel yet."
            channels={query.data.myChannels}
            owner
            renderRow={renderRow}
          />
          <Section
            title="Shared with me"
            empty="No channels are shared with you."
            channels={query.data.invitedTo}
            owner={false}
            renderRow={renderRow}
          />
          <Button
            variant="contained"
            startIcon={<Add />}
            disabled={!user}
            loading={connect.isPending && !connect.variables?.reconnectChannelId}
            onClick={() => user && connect.mutate({ userId: user.id })}
          >
            Connect another channel
          </Button>
        </>
      ) : null}
      <Suspense fallback={null}>
        {dialog?.kind === 'remove' ? (
          <RemoveChannelDialog channel={dialog.channel} owner={dialog.owner} onClose={close} />
        ) : null}
        {dialog?.kind === 'share' ? (
          <ShareChannelDialog channel={dialog.channel} owner={dialog.owner} onClose={close} />
        ) : null}
        {dialog?.kind === 'settings' ? (
          <ChannelSettingsDialog channel={dialog.channel} onClose={close} />
        ) : null}
      </Suspense>
    </>
  );
}
