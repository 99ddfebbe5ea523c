import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { RESEND_FAILED_TEXT } from '@tubewise/contract/onboarding-constants';
import { FormMessage } from '../../../components/form-message.tsx';
import { useResendCode } from '../api/resend-code.ts';
import { useSecondsUntil } from '../hooks/use-seconds-until.ts';
import { resendAnswerText } from '../onboarding-texts.ts';

/**
 * "Send a new code", unavailable while the cooldown runs (the seconds left are on the button),
 * with 'Failed to resend verification email' on failure and, on success, what the answer
 * allows us to say.
 */
export function ResendCode({
  email,
  resendAvailableAt,
  onSent,
}: {
  email: string;
  resendAvailableAt: string | null;
  onSent: () => void;
}) {
  const resend = useResendCode();
  const wait = useSecondsUntil(resendAvailableAt);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Button
        variant="text"
        disabled={wait > 0 || resend.isPending}
        loading={resend.isPending}
        onClick={() => resend.mutate(email, { onSuccess: onSent })}
      >
        {wait > 0 ? `Send a new code (available in ${wait} s)` : 'Send a new code'}
      </Button>
      {resend.isError ? <FormMessage severity="error">{RESEND_FAILED_TEXT}</FormMessage> : null}
      {resend.isSuccess ? (
        // The API answers the same whether or not it sent (an address's hourly sends are
        // limited silently), so this never claims more than it knows.
        <FormMessage severity="success">{resendAnswerText(email)}</FormMessage>
      ) : null}
    </Box>
  );
}
