import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Reporting (reporting overview route); its feature arrives in a later issue. */
export default function ReportingOverviewPage() {
  return (
    <PlaceholderPage
      title="Reporting"
      description="An overview of how your videos perform in search will appear here."
    />
  );
}
