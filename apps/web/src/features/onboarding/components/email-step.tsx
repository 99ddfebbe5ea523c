import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { Onboarding } from '@tubewise/contract';
import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
} from '@tubewise/contract/onboarding-constants';
import { FormMessage } from '../../../components/form-message.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { isValidEmail, normalizeEmail } from '../../../lib/form-validation.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useUpdateOnboarding } from '../api/update-onboarding.ts';
import { callErrorText } from '../call-error-text.ts';
import {
  EMAIL_INVALID_TEXT,
  ONBOARDING_INCOMPLETE_TEXT,
  SAVE_FAILED_TEXT,
  TERMS_REQUIRED_TEXT,
} from '../onboarding-texts.ts';
import { termsAcceptLabel } from '../onboarding-terms.ts';
import { StepActions } from './step-actions.tsx';
import { StepHeading } from './step-heading.tsx';

// Loaded when first opened: the dialog (MUI Modal) is not needed to fill the step.
const TermsDialog = lazy(() =>
  import('./terms-dialog.tsx').then((m) => ({ default: m.TermsDialog })),
);

/**
 * Step 4: the e-mail and the acceptance of the terms; saving them sends the code. A 409
 * onboarding-incomplete sends the visitor back to the missing step.
 */
export function EmailStep({
  onboarding,
  focusHeading,
  onBack,
  onIncomplete,
  onSent,
}: {
  onboarding: Onboarding;
  focusHeading: boolean;
  onBack: () => void;
  onIncomplete: () => void;
  onSent: () => void;
}) {
  const { productName } = usePublicConfig();
  const [email, setEmail] = useState(onboarding.email ?? '');
  const [accepted, setAccepted] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [termsLoaded, setTermsLoaded] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const save = useUpdateOnboarding(onboarding.id);

  const emailError = submitted && !isValidEmail(email) ? EMAIL_INVALID_TEXT : null;
  const termsError = submitted && !accepted ? TERMS_REQUIRED_TEXT : null;
  const incomplete = isApiError(save.error, 409) && save.error.code === 'onboarding-incomplete';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    if (!isValidEmail(email)) return emailRef.current?.focus();
    if (!accepted) return termsRef.current?.focus();
    save.mutate({ email: normalizeEmail(email), tosAccepted: true }, { onSuccess: onSent });
  };

  return (
    <Box component="form" aria-label="Your e-mail" noValidate onSubmit={submit}>
      <StepHeading focus={focusHeading}>Where should we send your insights?</StepHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        We will e-mail you a {VERIFICATION_CODE_LENGTH}-digit code (valid for{' '}
        {VERIFICATION_CODE_TTL_MINUTES} minutes) to confirm it is yours.
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, maxWidth: 480 }}>
        <FormTextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          ref={emailRef}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(emailError)}
          helperText={emailError}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={accepted}
              onChange={(e) => setAccepted(e.target.checked)}
              slotProps={{
                input: {
                  ref: termsRef,
                  'aria-invalid': Boolean(termsError),
                  'aria-describedby': termsError ? 'terms-error' : undefined,
                } as object,
              }}
            />
          }
          label={termsAcceptLabel(productName)}
        />
        <Box>
          <Button
            variant="text"
            size="small"
            onClick={() => {
              setTermsLoaded(true);
              setTermsOpen(true);
            }}
          >
            Read the terms
          </Button>
        </Box>
        {termsError ? (
          <FormHelperText id="terms-error" error>
            {termsError}
          </FormHelperText>
        ) : null}
      </Box>
      {save.isError ? (
        <Box
          sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}
        >
          <FormMessage severity="error">
            {incomplete ? ONBOARDING_INCOMPLETE_TEXT : callErrorText(save.error, SAVE_FAILED_TEXT)}
          </FormMessage>
          {incomplete ? (
            <Button variant="outlined" onClick={onIncomplete}>
              Go to the missing step
            </Button>
          ) : null}
        </Box>
      ) : null}
      <StepActions
        pending={save.isPending}
        onBack={onBack}
        submitLabel="Send the code"
        pendingLabel="Sending…"
      />
      {termsLoaded ? (
        <Suspense fallback={null}>
          <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
