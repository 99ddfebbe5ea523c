import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Rankings (new rankings route); its feature arrives in a later issue. */
export default function NewRankingsPage() {
  return (
    <PlaceholderPage
      title="Rankings"
      description="The new rankings view of your tracked keywords will appear here."
    />
  );
}
