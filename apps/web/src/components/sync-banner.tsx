import { useId } from 'react';
import type { Channel, SyncStatus } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useActiveChannel } from '../lib/channels/use-active-channel.ts';
import { useAutoSync, useChannelSync, useStartChannelSync } from '../lib/channels/channel-sync.ts';

/** Accessible name of the sync progress bar (stable for browser journeys). */
export const SYNC_PROGRESS_LABEL = 'Channel sync progress';
/** Shown when a sync failed without a reason from the server. */
export const SYNC_FAILED_FALLBACK_TEXT = 'Syncing your videos failed.';

/** "Syncing videos… 150 / 400", or without counts while the total is unknown. */
export function syncProgressText(status: SyncStatus | undefined): string {
  if (!status?.videosTotal) return 'Syncing videos…';
  return `Syncing videos… ${status.videosDone} / ${status.videosTotal}`;
}

/** A determinate or (total unknown) indeterminate progress bar of a running sync. */
export function SyncProgress({ status, label }: { status: SyncStatus | undefined; label: string }) {
  const total = status?.videosTotal ?? 0;
  if (total <= 0) return <LinearProgress aria-label={label} />;
  const done = Math.min(status?.videosDone ?? 0, total);
  return (
    <LinearProgress
      variant="determinate"
      aria-label={label}
      value={done}
      min={0}
      max={total}
      aria-valuetext={`${done} of ${total} videos`}
    />
  );
}

function Banner({ channel }: { channel: Channel }) {
  const { tracked, status } = useChannelSync(channel, false);
  const start = useStartChannelSync();
  const textId = useId();
  if (!tracked) return null;

  const failure =
    tracked.phase === 'start-failed'
      ? tracked.error
      : status?.state === 'failed'
        ? (status.error ?? SYNC_FAILED_FALLBACK_TEXT)
        : null;
  if (failure) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => start(channel)}>
            Retry
          </Button>
        }
      >
        Syncing {channel.name} failed: {failure}
      </Alert>
    );
  }
  if (status && !status.isSyncing) return null;
  return (
    <Box
      component="section"
      aria-labelledby={textId}
      sx={{ mb: 2, px: 2, py: 1, borderRadius: 2, bgcolor: 'background.paper', boxShadow: 1 }}
    >
      <Typography id={textId} variant="body2" sx={{ mb: 0.5 }}>
        {syncProgressText(status)}
      </Typography>
      <SyncProgress status={status} label={SYNC_PROGRESS_LABEL} />
    </Box>
  );
}

/**
 * The slim banner under the header while the active channel syncs: progress, or the failure
 * with Retry. It also runs the automatic first sync of the active channel.
 */
export function ChannelSyncBanner() {
  const { activeChannel } = useActiveChannel();
  useAutoSync(activeChannel);
  return activeChannel ? <Banner key={activeChannel.id} channel={activeChannel} /> : null;
}
