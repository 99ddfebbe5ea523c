import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Ideation (video idea discover route); its feature arrives in a later issue. */
export default function VideoIdeaDiscoverPage() {
  return (
    <PlaceholderPage title="Ideation" description="Discover video ideas from seed keywords here." />
  );
}
