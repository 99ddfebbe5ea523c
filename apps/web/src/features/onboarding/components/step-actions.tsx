import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** A step's buttons: Back (when there is a step before) and the submit button. */
export function StepActions({
  onBack,
  pending,
  submitLabel = 'Continue',
  pendingLabel = 'Saving…',
}: {
  onBack?: () => void;
  pending: boolean;
  submitLabel?: string;
  pendingLabel?: string;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={pending}
        loadingPosition="start"
      >
        {pending ? pendingLabel : submitLabel}
      </Button>
      {onBack ? (
        <Button type="button" variant="text" size="large" onClick={onBack} disabled={pending}>
          Back
        </Button>
      ) : null}
    </Box>
  );
}
