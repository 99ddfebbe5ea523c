import { useUpdateEmailNotifications } from '../api/update-email-notifications.ts';
import { SavingSwitch } from './saving-switch.tsx';

/** The e-mail notifications on/off switch; shows the pending value while saving. */
export function EmailNotificationsSwitch({ enabled }: { enabled: boolean }) {
  return (
    <SavingSwitch
      value={enabled}
      label="Send me e-mail notifications"
      failedText="Failed to update your notification settings."
      mutation={useUpdateEmailNotifications()}
    />
  );
}
