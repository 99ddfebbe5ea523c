import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useNoIndex } from '../hooks/use-noindex.ts';
import { GetInsightsCta } from './get-insights-cta.tsx';
import { SharedInsightsView } from './shared-insights-view.tsx';

/** The public shared insights page: product name, heading, the report and the call to action. */
export function SharedInsightsPage({ insightsId }: { insightsId: string }) {
  const { productName } = usePublicConfig();
  useNoIndex();
  return (
    <Box sx={{ px: { xs: 2, sm: 4 }, py: { xs: 2, sm: 4 }, maxWidth: 1100, mx: 'auto' }}>
      <Typography sx={{ fontWeight: 700, color: 'primary.main', mb: 2 }}>{productName}</Typography>
      <Typography variant="h1" component="h1" gutterBottom>
        YouTube keyword and competitor insights
      </Typography>
      <SharedInsightsView insightsId={insightsId} />
      <GetInsightsCta />
    </Box>
  );
}
