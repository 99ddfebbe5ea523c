import Alert from '@mui/material/Alert';
import { PlanErrorMessage } from '../../../components/plan-error.tsx';
import { NO_AUTH_URL_TEXT } from '../api/get-youtube-auth-url.ts';

/**
 * The failure of fetching the consent URL. A plan's channel limit says so, with the way to a
 * bigger plan; whatever else went wrong (no URL in the answer, server or network error), the
 * user could not be sent to the platform: the spec's one text says so.
 */
export function ConnectError({ show, error }: { show: boolean; error?: unknown }) {
  return show ? (
    <Alert severity="error" sx={{ mb: 2 }}>
      <PlanErrorMessage error={error} fallback={NO_AUTH_URL_TEXT} />
    </Alert>
  ) : null;
}
