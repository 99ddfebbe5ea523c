import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Reconnect your channel (reconnect channel route); its feature arrives in a later issue. */
export default function ReconnectChannelPage() {
  return (
    <PlaceholderPage
      title="Reconnect your channel"
      description="Your channel lost its connection to YouTube. The reconnection flow will appear here."
    />
  );
}
