import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Optimization (optimization route); its feature arrives in a later issue. */
export default function OptimizationPage() {
  return (
    <PlaceholderPage
      title="Optimization"
      description="Your channel's videos with their optimization level and impact, filters by visibility, playlist and time, and drafts will be listed here."
    />
  );
}
