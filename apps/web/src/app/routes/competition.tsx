import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Competition (competition route); its feature arrives in a later issue. */
export default function CompetitionPage() {
  return (
    <PlaceholderPage
      title="Competition"
      description="How your channel compares with your competitors will appear here."
    />
  );
}
