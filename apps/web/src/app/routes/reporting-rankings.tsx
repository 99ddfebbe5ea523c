import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Keyword rankings (reporting rankings route); its feature arrives in a later issue. */
export default function ReportingRankingsPage() {
  return (
    <PlaceholderPage
      title="Keyword rankings"
      description="Where your videos rank for each tracked keyword, with changes over time, will appear here."
    />
  );
}
