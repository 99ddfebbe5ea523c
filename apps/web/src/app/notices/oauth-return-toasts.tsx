import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../lib/notify.ts';
import { TOAST_DURATION_MS } from '../../config/notifications.ts';
import { oauthReturnError, stripOAuthParams } from './oauth-return.ts';

/** Shows the OAuth return error toast on any page, then removes the OAuth parameters. */
export function OAuthReturnToasts() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const stripped = stripOAuthParams(location.search);
    if (stripped === null) return;
    const message = oauthReturnError(new URLSearchParams(location.search));
    if (message) {
      notify(message, {
        variant: 'error',
        autoHideDuration: TOAST_DURATION_MS,
        // Same key + preventDuplicate: a re-run of this effect (StrictMode) shows it once.
        key: `oauth-${message}`,
        preventDuplicate: true,
      });
    }
    void navigate(
      { pathname: location.pathname, search: stripped, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate]);

  return null;
}
