import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Connect your channel (setup step1 route); its feature arrives in a later issue. */
export default function SetupStep1Page() {
  return (
    <PlaceholderPage
      title="Connect your channel"
      description="Connect a YouTube channel to get started. The connection flow will appear here."
    />
  );
}
