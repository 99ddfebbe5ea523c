import { useId, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import Logout from '@mui/icons-material/Logout';
import { paths } from '../../config/paths.ts';
import { notify } from '../../lib/notify.ts';
import { trackEvent } from '../../lib/tracking.ts';
import { useLogout } from '../../features/auth/api/logout.ts';

/** Width of the account menu in px (spec section 9). */
export const ACCOUNT_MENU_WIDTH = 160;

/** The header's user icon and its menu: Account, Channels, Log out. */
export function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const logout = useLogout();
  const menuId = useId();
  const open = anchor !== null;
  const close = (): void => setAnchor(null);

  const go = (item: 'account' | 'channels', to: string): void => {
    trackEvent('account_menu_click', { item });
    close();
    void navigate(to);
  };
  const signOut = (): void => {
    trackEvent('account_menu_click', { item: 'logout' });
    close();
    logout.mutate(undefined, {
      onSuccess: () => void navigate(paths.login, { replace: true }),
      onError: (err) => {
        console.error('Error while signing out:', err);
        notify('Could not log out. Please try again.', { variant: 'error' });
      },
    });
  };

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        size="large"
      >
        <AccountCircle />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: ACCOUNT_MENU_WIDTH } } }}
      >
        <MenuItem onClick={() => go('account', paths.settingsAccount)}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Account</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go('channels', paths.settingsChannels)}>
          <ListItemIcon>
            <VideoLibraryOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Channels</ListItemText>
        </MenuItem>
        <MenuItem onClick={signOut} disabled={logout.isPending}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>Log out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
