import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Inbox settings (video idea settings route); its feature arrives in a later issue. */
export default function VideoIdeaSettingsPage() {
  return (
    <PlaceholderPage
      title="Inbox settings"
      description="Settings of your weekly video ideas inbox will appear here."
    />
  );
}
