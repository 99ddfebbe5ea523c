import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Custom plan (custom plan route); its feature arrives in a later issue. */
export default function CustomPlanPage() {
  return (
    <PlaceholderPage title="Custom plan" description="Details of custom plans will appear here." />
  );
}
