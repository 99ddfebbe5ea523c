import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { notify } from '../../../lib/notify.ts';
import { useUpdateEmailNotifications } from '../api/update-email-notifications.ts';

/** The e-mail notifications on/off switch; shows the pending value while saving. */
export function EmailNotificationsSwitch({ enabled }: { enabled: boolean }) {
  const update = useUpdateEmailNotifications();
  const checked = update.isPending ? (update.variables ?? enabled) : enabled;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          disabled={update.isPending}
          onChange={(_e, next) =>
            update.mutate(next, {
              onError: () =>
                notify('Failed to update your notification settings.', {
                  variant: 'error',
                }),
            })
          }
        />
      }
      label="Send me e-mail notifications"
    />
  );
}
