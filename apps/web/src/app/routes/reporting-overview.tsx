import { OverviewPage } from '../../features/reporting-overview/overview-page.tsx';

/** Reporting (reporting overview route): organic search performance and its monetary value. */
export default function ReportingOverviewPage() {
  return <OverviewPage />;
}
