import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SharedInsights } from '@tubewise/contract';
import { insightsProgressPercent } from '../../lib/insights-queries.ts';

/** The progress of a report being made: a labelled bar and "2 of 4 keywords checked". */
export function InsightsProgress({ insights }: { insights: Pick<SharedInsights, 'progress'> }) {
  const { done, total } = insights.progress;
  const text =
    total > 0 ? `${done} of ${total} keywords checked` : 'Starting to check your keywords';
  return (
    <Box role="status" sx={{ my: 2 }}>
      <Typography gutterBottom>Preparing the insights… {text}.</Typography>
      <LinearProgress
        variant="determinate"
        value={insightsProgressPercent(insights)}
        aria-label="Insights progress"
        aria-valuetext={text}
      />
    </Box>
  );
}
