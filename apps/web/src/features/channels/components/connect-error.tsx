import Alert from '@mui/material/Alert';
import { NO_AUTH_URL_TEXT } from '../api/get-youtube-auth-url.ts';

/**
 * The failure of fetching the consent URL. Whatever went wrong (no URL in the answer, server or
 * network error), the user could not be sent to the platform: the spec's one text says so.
 */
export function ConnectError({ show }: { show: boolean }) {
  return show ? (
    <Alert severity="error" sx={{ mb: 2 }}>
      {NO_AUTH_URL_TEXT}
    </Alert>
  ) : null;
}
