import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRevokeInsights } from '../../lib/revoke-insights.ts';
import { InsightsNotice } from './insights-notice.tsx';

/** Said when the owner's "Stop sharing" failed. */
export const STOP_SHARING_FAILED_TEXT = 'We could not stop sharing. Please try again.';

/**
 * "Stop sharing" for the owner of a report (the owner token proves it): the link stops working
 * for everyone; `onStopped` lets the page say so.
 */
export function StopSharingButton({
  insightsId,
  token,
  onStopped,
}: {
  insightsId: string;
  token: string;
  onStopped?: () => void;
}) {
  const revoke = useRevokeInsights(insightsId);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        color="error"
        loading={revoke.isPending}
        onClick={() => revoke.mutate(token, { onSuccess: () => onStopped?.() })}
      >
        Stop sharing
      </Button>
      {revoke.isError ? (
        <InsightsNotice severity="error">{STOP_SHARING_FAILED_TEXT}</InsightsNotice>
      ) : null}
    </Box>
  );
}
