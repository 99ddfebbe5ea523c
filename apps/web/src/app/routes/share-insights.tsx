import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import { PageHeading } from '../../components/page-heading.tsx';

/** Public shared insights page for the id in the URL. */
export default function ShareInsightsPage() {
  const { id } = useParams();
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 1200, mx: 'auto' }}>
      <PageHeading title="Shared insights">
        Insights shared with you{id ? ` (${id})` : ''} will appear here.
      </PageHeading>
    </Box>
  );
}
