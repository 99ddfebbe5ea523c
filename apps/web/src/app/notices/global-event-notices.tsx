import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { closeNotice, notify } from '../../lib/notify.ts';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import {
  INVALID_GRANT_EVENT,
  SESSION_EXPIRED_EVENT,
  YT_ACCESS_FORBIDDEN_EVENT,
} from '../../lib/api-client.ts';
import {
  PLATFORM_ERROR_DURATION_MS,
  SESSION_EXPIRED_DURATION_MS,
} from '../../config/notifications.ts';
import { paths } from '../../config/paths.ts';
import { ACCESS_FORBIDDEN_TEXT, INVALID_GRANT_TEXT } from '../../config/texts.ts';
import { userQueryKey } from '../../lib/user.ts';
import { myChannelsQueryKey } from '../../lib/channels/get-my-channels.ts';

const SESSION_KEY = 'session-expired';
const INVALID_GRANT_KEY = 'invalid-grant';

/** Turns the HTTP client's browser events into the notices of spec section 8. */
export function GlobalEventNotices() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = `${location.pathname}${location.search}`;

  useEffect(() => {
    const forgetUser = (): void => {
      closeNotice(SESSION_KEY);
      // Forget the stale user so the login page does not bounce a "signed-in" user home.
      queryClient.removeQueries({ queryKey: userQueryKey });
    };
    const onSessionExpired = (): void => {
      notify(
        <span>
          Your session has expired. Please{' '}
          <Link
            component={RouterLink}
            to={paths.login}
            state={{ from }}
            onClick={forgetUser}
            color="inherit"
            underline="always"
            sx={{ fontWeight: 700 }}
          >
            click here
          </Link>{' '}
          to login
        </span>,
        {
          variant: 'warning',
          key: SESSION_KEY,
          preventDuplicate: true,
          autoHideDuration: SESSION_EXPIRED_DURATION_MS,
        },
      );
    };
    const onInvalidGrant = (): void => {
      // The server has just flagged the channel: reload the list so its "Needs reconnection"
      // mark and the reconnect page show the channel that lost its grant.
      void queryClient.invalidateQueries({ queryKey: myChannelsQueryKey });
      notify(INVALID_GRANT_TEXT, {
        variant: 'error',
        key: INVALID_GRANT_KEY,
        preventDuplicate: true,
        autoHideDuration: PLATFORM_ERROR_DURATION_MS,
        action: () => (
          <Button
            component={RouterLink}
            to={paths.reconnectChannel}
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => closeNotice(INVALID_GRANT_KEY)}
          >
            Reconnect
          </Button>
        ),
      });
    };
    const onForbidden = (): void => {
      notify(ACCESS_FORBIDDEN_TEXT, {
        variant: 'error',
        key: 'yt-access-forbidden',
        preventDuplicate: true,
        autoHideDuration: PLATFORM_ERROR_DURATION_MS,
      });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onSessionExpired);
    window.addEventListener(INVALID_GRANT_EVENT, onInvalidGrant);
    window.addEventListener(YT_ACCESS_FORBIDDEN_EVENT, onForbidden);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onSessionExpired);
      window.removeEventListener(INVALID_GRANT_EVENT, onInvalidGrant);
      window.removeEventListener(YT_ACCESS_FORBIDDEN_EVENT, onForbidden);
    };
  }, [queryClient, from]);

  return null;
}
