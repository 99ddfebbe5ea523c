import Paper from '@mui/material/Paper';
import { trackEvent } from '../../lib/tracking.ts';
import { ChannelPicker } from '../../features/channels/components/channel-picker.tsx';
import { useActiveChannel } from '../../lib/channels/use-active-channel.ts';
import { AccountMenu } from './account-menu.tsx';

/** Header size in px (spec section 9). */
export const HEADER_WIDTH = 416;
export const HEADER_HEIGHT = 64;

/** The floating header at the top right: channel switcher and account menu. */
export function Header() {
  const { channels, activeChannel, isLoading, chooseChannel } = useActiveChannel();
  return (
    <Paper
      component="header"
      elevation={2}
      sx={{
        position: 'fixed',
        top: 0,
        right: 0,
        zIndex: (t) => t.zIndex.appBar,
        width: { xs: 'calc(100% - 56px)', sm: HEADER_WIDTH },
        height: HEADER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        borderRadius: 0,
        borderBottomLeftRadius: 12,
      }}
    >
      <ChannelPicker
        channels={channels}
        activeChannel={activeChannel}
        loading={isLoading}
        onChoose={(channelId) => {
          trackEvent('channel_changed', { newChannelId: channelId });
          chooseChannel(channelId);
        }}
      />
      <AccountMenu />
    </Paper>
  );
}
