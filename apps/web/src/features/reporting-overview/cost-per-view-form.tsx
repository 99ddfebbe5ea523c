import { useId, useState, type FormEvent } from 'react';
import type { CostPerViewSetting } from '@tubewise/contract';
import { COST_PER_VIEW_MAX } from '@tubewise/contract/reporting-constants';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { notify } from '../../lib/notify.ts';
import { useSetCostPerView } from './api/organic-stats.ts';
import { parseCostPerView, rateText } from './overview-format.ts';

/**
 * The channel's own cost per view for the monetary value: a labelled field (Enter saves), and a
 * button back to the location's documented default when an override is set.
 */
export function CostPerViewForm({
  channelId,
  setting,
}: {
  channelId: string;
  setting: CostPerViewSetting;
}) {
  const id = useId();
  const [text, setText] = useState(setting.override === null ? '' : String(setting.override));
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetCostPerView(channelId);

  const save = (value: number | null) => {
    mutation.mutate(value, {
      onSuccess: (next) => {
        setText(next.override === null ? '' : String(next.override));
        notify(
          next.override === null
            ? `Using the default cost per view for ${next.locationName} (${rateText(next.locationDefault)}).`
            : `Cost per view set to ${rateText(next.costPerView)}.`,
        );
      },
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCostPerView(text, COST_PER_VIEW_MAX);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    save(parsed.value);
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <Typography variant="h4" component="h3" id={`${id}-title`} sx={{ mb: 0.5 }}>
        Your cost per view
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        If you know what a view of your ads costs, use it instead of the default for{' '}
        {setting.locationName} ({rateText(setting.locationDefault)}). It values every view from
        search whose term has no known cost per click.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id={`${id}-input`}
          label="Cost per view (USD)"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          size="small"
          error={error !== null}
          helperText={error ?? `More than $0, at most ${rateText(COST_PER_VIEW_MAX)}`}
          slotProps={{
            input: {
              startAdornment: <InputAdornment position="start">$</InputAdornment>,
            },
            htmlInput: {
              inputMode: 'decimal',
              autoComplete: 'off',
              maxLength: 20,
            },
          }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          Save
        </Button>
        {setting.override !== null ? (
          <Button
            type="button"
            variant="outlined"
            disabled={mutation.isPending}
            onClick={() => {
              setError(null);
              save(null);
            }}
          >
            Use the default
          </Button>
        ) : null}
      </Stack>
      {mutation.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          We could not save the cost per view. Please try again.
        </Alert>
      ) : null}
    </form>
  );
}
