import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Keywords (reporting keywords route); its feature arrives in a later issue. */
export default function ReportingKeywordsPage() {
  return (
    <PlaceholderPage
      title="Keywords"
      description="The keywords you track for your channel will be listed here."
    />
  );
}
