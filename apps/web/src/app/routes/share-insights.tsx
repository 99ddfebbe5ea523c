import { useParams } from 'react-router';
import { SharedInsightsPage } from '../../features/shared-insights/components/shared-insights-page.tsx';

/** Public shared insights page for the id in the URL. */
export default function ShareInsightsPage() {
  const { id = '' } = useParams();
  return <SharedInsightsPage key={id} insightsId={id} />;
}
