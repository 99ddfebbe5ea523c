import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormMessage } from '../../../components/form-message.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { InsightsProgress } from '../../../components/insights/insights-progress.tsx';
import { InsightsReport } from '../../../components/insights/insights-report.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useSharedInsights } from '../../../lib/insights-queries.ts';

/** Said once the owner stopped sharing (the report is no longer served to anyone). */
export const SHARING_STOPPED_TEXT =
  'You stopped sharing these insights: the link no longer works for anyone.';

/** The onboarding's report: its progress while it is made (polled), then the report itself. */
export function OnboardingReport({ insightsId }: { insightsId: string }) {
  const query = useSharedInsights(insightsId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (isApiError(query.error, 410)) {
      return <FormMessage severity="success">{SHARING_STOPPED_TEXT}</FormMessage>;
    }
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        <FormMessage severity="error">
          We could not load your insights. Please try again.
        </FormMessage>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Box>
    );
  }
  const insights = query.data;
  if (insights.status === 'pending') return <InsightsProgress insights={insights} />;
  if (insights.status === 'failed' || !insights.report) {
    return (
      <FormMessage severity="error">
        We could not prepare your insights. Please try again later.
      </FormMessage>
    );
  }
  return <InsightsReport report={insights.report} />;
}
