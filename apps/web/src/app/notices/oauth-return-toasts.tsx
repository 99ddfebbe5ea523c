import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate, type Location } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import { PLANS_HREF } from '../../config/paths.ts';
import { closeNotice, notify } from '../../lib/notify.ts';
import { userQueryKey } from '../../lib/user.ts';
import { TOAST_DURATION_MS } from '../../config/notifications.ts';
import { myChannelsQueryOptions, pickerChannels } from '../../lib/channels/get-my-channels.ts';
import { activeChannelStore, CHANNEL_CHANGED_EVENT } from '../../lib/channels/active-channel.ts';
import {
  oauthOutsidePlan,
  oauthReturnError,
  oauthReturnSuccess,
  searchConsoleReturn,
  stripOAuthParams,
} from './oauth-return.ts';

/**
 * After a channel was connected or reconnected: reload the user and the channel list (the new
 * channel, or the cleared "needs reconnection" mark) and make the connected channel active.
 */
async function activateConnectedChannel(
  queryClient: QueryClient,
  youtubeId: string | null,
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: userQueryKey });
  if (!youtubeId) return;
  try {
    const data = await queryClient.fetchQuery(myChannelsQueryOptions());
    const channel = pickerChannels(data).find((c) => c.youtubeId === youtubeId);
    if (!channel) return;
    activeChannelStore.set(channel.id);
    window.dispatchEvent(
      new CustomEvent(CHANNEL_CHANGED_EVENT, { detail: { channelId: channel.id } }),
    );
  } catch {
    // Signed out meanwhile or the list failed: the usual active-channel rules apply.
  }
}

// StrictMode runs effects twice for the same location; the return must be handled once.
let handledLocation: Location | null = null;

/**
 * Handles the OAuth return on any page: the error toast on failure; on success the success
 * toast, a reload of the channels and the connected channel made active. Then removes the
 * OAuth parameters. Loaded lazily, only when the URL carries them.
 */
export default function OAuthReturnToasts() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const stripped = stripOAuthParams(location.search);
    if (stripped === null || handledLocation === location) return;
    handledLocation = location;
    const params = new URLSearchParams(location.search);
    const message = oauthReturnError(params);
    if (message) {
      const key = `oauth-${message}`;
      notify(message, {
        variant: 'error',
        autoHideDuration: TOAST_DURATION_MS,
        key,
        preventDuplicate: true,
        action: oauthOutsidePlan(params)
          ? () => (
              // Inline rather than the shared plan-error component: this chunk stays small.
              <Button
                component={RouterLink}
                to={PLANS_HREF}
                color="inherit"
                size="small"
                variant="outlined"
                onClick={() => closeNotice(key)}
              >
                See plans
              </Button>
            )
          : undefined,
      });
    }
    const success = oauthReturnSuccess(params);
    if (success) {
      notify(success.message, {
        variant: 'success',
        autoHideDuration: TOAST_DURATION_MS,
        key: `oauth-${success.message}`,
        preventDuplicate: true,
      });
      void activateConnectedChannel(queryClient, success.youtubeId);
    }
    // Search Console's return is a fresh page load, so its section reads the new state anyway.
    const searchConsole = searchConsoleReturn(params);
    if (searchConsole) {
      notify(searchConsole.message, {
        variant: searchConsole.variant,
        autoHideDuration: TOAST_DURATION_MS,
        key: `search-console-${searchConsole.message}`,
        preventDuplicate: true,
      });
    }
    void navigate(
      { pathname: location.pathname, search: stripped, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate, queryClient]);

  return null;
}
