import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { InsightsNotice } from '../../../components/insights/insights-notice.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { InsightsProgress } from '../../../components/insights/insights-progress.tsx';
import { SharingStopped } from '../../../components/insights/sharing-stopped.tsx';
import { InsightsReport } from '../../../components/insights/insights-report.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { readInsightsOwnerToken } from '../../../lib/insights-owner.ts';
import { useSharedInsights } from '../../../lib/insights-queries.ts';
import {
  INSIGHTS_FAILED_TEXT,
  INSIGHTS_LOAD_FAILED_TEXT,
  INSIGHTS_NOT_FOUND_TEXT,
  LINK_EXPIRED_TEXT,
} from '../shared-insights-texts.ts';

// Only the report's owner gets it, and it brings the mutation code: loaded when needed.
const StopSharingButton = lazy(() =>
  import('../../../components/insights/stop-sharing-button.tsx').then((m) => ({
    default: m.StopSharingButton,
  })),
);

/** The message for a report that cannot be shown. */
function unavailableText(error: unknown): string {
  if (isApiError(error, 410)) return LINK_EXPIRED_TEXT;
  if (isApiError(error, 404)) return INSIGHTS_NOT_FOUND_TEXT;
  return INSIGHTS_LOAD_FAILED_TEXT;
}

/**
 * The shared report for a signed-out visitor: loading, being made (progress), ready (the report,
 * its expiry, "Stop sharing" for its owner), or why it cannot be shown (unknown, expired or
 * turned off, failed).
 */
export function SharedInsightsView({ insightsId }: { insightsId: string }) {
  const query = useSharedInsights(insightsId);
  // Read once: the owner's token lives in this browser only.
  const [ownerToken, setOwnerToken] = useState(() => readInsightsOwnerToken(insightsId));
  // The owner stopped sharing here: said (and focused) in place of the button, and the 410
  // the report answers from now on is not said again.
  const [stopped, setStopped] = useState(false);

  let body;
  if (query.isPending) {
    body = <PageLoader />;
  } else if (query.isError) {
    const retryable = !isApiError(query.error, 404) && !isApiError(query.error, 410);
    body =
      stopped && isApiError(query.error, 410) ? null : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
          <InsightsNotice severity="error">{unavailableText(query.error)}</InsightsNotice>
          {retryable ? (
            <Button variant="outlined" onClick={() => void query.refetch()}>
              Try again
            </Button>
          ) : null}
        </Box>
      );
  } else {
    const insights = query.data;
    body = (
      <>
        {stopped ? null : (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            This link works until {formatDate(insights.expiresAt)}.
          </Typography>
        )}
        {ownerToken ? (
          <Box sx={{ mb: 3 }}>
            <Typography sx={{ mb: 1 }}>You created these insights.</Typography>
            <Suspense fallback={null}>
              <StopSharingButton
                insightsId={insightsId}
                token={ownerToken}
                onStopped={() => {
                  setOwnerToken(null);
                  setStopped(true);
                }}
              />
            </Suspense>
          </Box>
        ) : null}
        {insights.status === 'pending' ? <InsightsProgress insights={insights} /> : null}
        {insights.status === 'failed' ? (
          <InsightsNotice severity="error">{INSIGHTS_FAILED_TEXT}</InsightsNotice>
        ) : null}
        {insights.status === 'ready' && insights.report ? (
          <InsightsReport report={insights.report} />
        ) : null}
      </>
    );
  }

  return (
    <Box>
      {stopped ? (
        <Box sx={{ mb: 3 }}>
          <SharingStopped focus />
        </Box>
      ) : null}
      {body}
    </Box>
  );
}
