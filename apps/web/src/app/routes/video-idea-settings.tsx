import { InboxSettingsPage } from '../../features/ideation/settings/inbox-settings.tsx';

/** Inbox settings (video idea settings route): the weekly ideas e-mail per channel. */
export default function VideoIdeaSettingsPage() {
  return <InboxSettingsPage />;
}
