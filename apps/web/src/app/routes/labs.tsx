import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Labs (labs route); its feature arrives in a later issue. */
export default function LabsPage() {
  return (
    <PlaceholderPage
      title="Labs"
      description="Experimental features to try before everyone else will appear here."
    />
  );
}
