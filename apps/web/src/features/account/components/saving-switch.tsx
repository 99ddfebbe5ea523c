import type { UseMutationResult } from '@tanstack/react-query';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { notify } from '../../../lib/notify.ts';

/**
 * A switch bound to a saved on/off setting: it shows the value being saved, ignores further
 * clicks until the save answers (aria-disabled, so keyboard focus stays on it), and says so when
 * saving failed (the switch then shows the saved value again).
 */
export function SavingSwitch({
  value,
  label,
  failedText,
  describedBy,
  mutation,
}: {
  value: boolean;
  label: string;
  failedText: string;
  describedBy?: string;
  mutation: UseMutationResult<unknown, Error, boolean>;
}) {
  const checked = mutation.isPending ? (mutation.variables ?? value) : value;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          slotProps={{
            input: {
              'aria-disabled': mutation.isPending,
              ...(describedBy ? { 'aria-describedby': describedBy } : {}),
            },
          }}
          onChange={(_e, next) => {
            if (mutation.isPending) return;
            mutation.mutate(next, {
              onError: () => notify(failedText, { variant: 'error' }),
            });
          }}
        />
      }
      label={label}
    />
  );
}
