import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../../lib/api-error.ts';
import type { CheckoutReturnState } from '../hooks/use-checkout-return.ts';

/** Shown while the payment is being confirmed. */
export const CONFIRMING_TEXT = 'Confirming your payment…';
/** Shown after the payment page's Cancel. */
export const CHECKOUT_CANCELED_TEXT = 'Checkout canceled. You have not been charged.';

/** What the return from the payment page says: confirming, done, canceled or taking longer. */
export function CheckoutReturnMessage({
  state,
  onClose,
}: {
  state: CheckoutReturnState;
  onClose: () => void;
}) {
  switch (state.phase) {
    case 'none':
      return null;
    case 'confirming':
      return (
        <Box role="status" sx={{ mb: 3 }}>
          <Typography sx={{ mb: 1 }}>{CONFIRMING_TEXT}</Typography>
          <LinearProgress aria-label={CONFIRMING_TEXT} />
        </Box>
      );
    case 'done':
      return (
        <Alert severity="success" role="status" sx={{ mb: 3 }} onClose={onClose}>
          <AlertTitle>Payment received</AlertTitle>
          You are on the {state.planName} plan now. Thank you!
        </Alert>
      );
    case 'canceled':
      return (
        <Alert severity="info" role="status" sx={{ mb: 3 }} onClose={onClose}>
          {CHECKOUT_CANCELED_TEXT}
        </Alert>
      );
    case 'slow':
      return (
        <Alert severity="warning" role={state.error ? 'alert' : 'status'} sx={{ mb: 3 }}>
          <AlertTitle>Your payment is not confirmed yet</AlertTitle>
          {isApiError(state.error) ? `${state.error.message} ` : ''}
          Confirmation is taking longer than usual. Your plan shows here as soon as it is through,
          so there is no need to pay again; reload this page in a minute.
        </Alert>
      );
  }
}
