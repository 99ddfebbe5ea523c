import { useId, useRef, useState, type MouseEvent } from 'react';
import type { Channel } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  CHANNEL_FILTER_EMPTY,
  CHANNEL_FILTER_HEADING,
  CHANNEL_FILTER_PLACEHOLDER,
} from '../../../config/texts.ts';
import { ChannelThumbnail } from './channel-thumbnail.tsx';

/** Channel count from which the picker offers a filter input (spec section 5). */
export const CHANNEL_FILTER_MIN_CHANNELS = 7;
/** The button's text when no channel is connected. */
const NO_CHANNEL_TEXT = 'No channel connected';

/** The picker button's accessible name: its visible text, then what it does. */
export function channelPickerName(activeChannel: Channel | null): string {
  return `${activeChannel?.name ?? NO_CHANNEL_TEXT}, choose channel`;
}
/** Width of the channel menu in px (spec section 9). */
export const CHANNEL_MENU_WIDTH = 416;

/** Channels whose name contains the filter text (case-insensitive). */
export function filterChannels(channels: readonly Channel[], filter: string): Channel[] {
  const needle = filter.trim().toLowerCase();
  return needle ? channels.filter((c) => c.name.toLowerCase().includes(needle)) : [...channels];
}

/** Props of the channel picker. */
export interface ChannelPickerProps {
  channels: readonly Channel[];
  activeChannel: Channel | null;
  loading?: boolean;
  onChoose: (channelId: string) => void;
}

/** The header's channel switcher: a button with the active channel opening the channel menu. */
export function ChannelPicker({ channels, activeChannel, loading, onChoose }: ChannelPickerProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [filter, setFilter] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const headingId = useId();
  const open = anchor !== null;
  const withFilter = channels.length >= CHANNEL_FILTER_MIN_CHANNELS;
  const visible = withFilter ? filterChannels(channels, filter) : [...channels];

  const openMenu = (event: MouseEvent<HTMLElement>): void => {
    setFilter('');
    setAnchor(event.currentTarget);
  };
  const close = (): void => setAnchor(null);
  const choose = (channelId: string): void => {
    close();
    if (channelId !== activeChannel?.id) onChoose(channelId);
  };

  if (loading) {
    return <Skeleton variant="rounded" width="100%" height={40} aria-label="Loading channels" />;
  }

  return (
    <>
      <Button
        // The name starts with the text on the button (WCAG 2.5.3, label in name), then says
        // what the button does.
        aria-label={channelPickerName(activeChannel)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={openMenu}
        disabled={channels.length === 0}
        color="inherit"
        endIcon={<ExpandMore />}
        sx={{ minWidth: 0, flex: 1, justifyContent: 'flex-start', gap: 1, px: 1.5 }}
      >
        <ChannelThumbnail src={activeChannel?.thumbnailUrl} />
        <Typography
          component="span"
          noWrap
          sx={{ flex: 1, textAlign: 'left', fontWeight: 600, minWidth: 0 }}
        >
          {activeChannel?.name ?? NO_CHANNEL_TEXT}
        </Typography>
      </Button>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { width: CHANNEL_MENU_WIDTH, maxWidth: 'calc(100vw - 16px)', maxHeight: 480 },
          },
        }}
      >
        {withFilter ? (
          <Box sx={{ px: 2, pt: 2, pb: 1 }}>
            <Typography id={headingId} component="h2" variant="subtitle2" sx={{ mb: 1 }}>
              {CHANNEL_FILTER_HEADING}
            </Typography>
            <OutlinedInput
              size="small"
              fullWidth
              autoFocus
              value={filter}
              placeholder={CHANNEL_FILTER_PLACEHOLDER}
              onChange={(e) => setFilter(e.target.value)}
              onKeyDown={(e) => {
                // Down arrow moves from the filter into the list, like a combobox.
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
                }
              }}
              slotProps={{ input: { 'aria-labelledby': headingId } }}
            />
          </Box>
        ) : null}
        <MenuList
          id={menuId}
          ref={listRef}
          aria-label="Channels"
          autoFocusItem={!withFilter}
          sx={{ py: 1 }}
        >
          {visible.map((channel) => (
            <MenuItem
              key={channel.id}
              selected={channel.id === activeChannel?.id}
              onClick={() => choose(channel.id)}
            >
              <ListItemIcon sx={{ mr: 1.5 }}>
                <ChannelThumbnail src={channel.thumbnailUrl} />
              </ListItemIcon>
              <ListItemText
                primary={channel.name}
                secondary={channel.needsReconnect ? 'Needs to be reconnected' : undefined}
                slotProps={{ primary: { noWrap: true } }}
              />
            </MenuItem>
          ))}
        </MenuList>
        {visible.length === 0 ? (
          <Typography role="status" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {CHANNEL_FILTER_EMPTY}
          </Typography>
        ) : null}
      </Popover>
    </>
  );
}
