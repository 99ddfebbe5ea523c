import { useId, type ReactNode } from 'react';
import type { Channel, SyncStatus } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useChannelSync, useStartChannelSync } from '../../../lib/channels/channel-sync.ts';
import { ChannelThumbnail } from './channel-thumbnail.tsx';
import { syncProgressText } from '../../../components/sync-banner.tsx';

/** The row's sync line: progress while syncing, else the last successful sync. */
export function syncSummary(status: SyncStatus | undefined, starting: boolean): string {
  if (starting || status?.isSyncing) return syncProgressText(status);
  const last = status?.lastSyncedAt;
  const parts: string[] = [];
  if (status) {
    parts.push(
      last
        ? `Last synced ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(last))}`
        : 'Not synced yet',
    );
  }
  if (status?.state === 'failed')
    parts.push(`last sync failed: ${status.error ?? 'unknown error'}`);
  return parts.join(' · ');
}

/** What a channel row lets the user do. */
export interface ChannelRowActions {
  onReconnect?: () => void;
  reconnecting?: boolean;
  onSettings: () => void;
  onShare: () => void;
  onRemove: () => void;
}

/**
 * One channel in the channel settings: thumbnail, name, reconnection mark, sync state, and its
 * actions. Every action button is described by the channel's name, so "Remove" says which one.
 */
export function ChannelRow({
  channel,
  owner,
  actions,
}: {
  channel: Channel;
  owner: boolean;
  actions: ChannelRowActions;
}) {
  const nameId = useId();
  const { tracked, status } = useChannelSync(channel);
  const startSync = useStartChannelSync();
  const starting = tracked?.phase === 'starting';
  const syncing = starting || Boolean(status?.isSyncing);
  const described = { 'aria-describedby': nameId };
  const action = (
    label: string,
    onClick: () => void,
    extra: Record<string, unknown> = {},
  ): ReactNode => (
    <Button size="small" variant="outlined" onClick={onClick} {...described} {...extra}>
      {label}
    </Button>
  );

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <ChannelThumbnail src={channel.thumbnailUrl} size={48} />
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={nameId} component="span" sx={{ fontWeight: 600 }}>
            {channel.name}
          </Typography>
          {channel.needsReconnect ? (
            <Chip size="small" color="warning" label="Needs reconnection" />
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {syncSummary(status, starting)}
        </Typography>
        {tracked?.phase === 'start-failed' ? (
          <Typography variant="body2" color="error" role="alert">
            The sync could not start: {tracked.error}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {channel.needsReconnect && actions.onReconnect ? (
          <Button
            size="small"
            variant="contained"
            color="warning"
            onClick={actions.onReconnect}
            loading={actions.reconnecting}
            {...described}
          >
            Reconnect
          </Button>
        ) : null}
        {action('Sync now', () => startSync(channel), {
          disabled: syncing || channel.needsReconnect,
        })}
        {action('Settings', actions.onSettings)}
        {action('Share', actions.onShare)}
        {action(owner ? 'Remove' : 'Leave', actions.onRemove, { color: 'error' })}
      </Box>
    </Box>
  );
}
