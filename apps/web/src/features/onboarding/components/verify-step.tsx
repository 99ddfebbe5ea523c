import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Onboarding } from '@tubewise/contract';
import {
  INVALID_VALIDATION_CODE_TEXT,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
} from '@tubewise/contract/onboarding-constants';
import { FormMessage } from '../../../components/form-message.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useValidateEmailCode } from '../api/verify-email.ts';
import { callErrorText } from '../call-error-text.ts';
import { codeRefusalDetail } from '../code-refusal.ts';
import { CODE_CHECK_FAILED_TEXT, CODE_FORMAT_TEXT } from '../onboarding-texts.ts';
import { ResendCode } from './resend-code.tsx';
import { StepHeading } from './step-heading.tsx';

const CODE_PATTERN = new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`);

/**
 * Verification: the e-mailed code in one numeric field (paste friendly, one-time-code autofill),
 * 'Invalid validation code' with the tries left or why a new code is needed, and a new code on
 * request.
 */
export function VerifyStep({
  onboarding,
  focusHeading,
  onChangeEmail,
  onVerified,
}: {
  onboarding: Onboarding;
  focusHeading: boolean;
  onChangeEmail: () => void;
  onVerified: () => void;
}) {
  const email = onboarding.email ?? '';
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const validate = useValidateEmailCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate.isPending) return;
    const digits = code.replace(/\s/g, '');
    if (!CODE_PATTERN.test(digits)) {
      setFormatError(true);
      codeRef.current?.focus();
      return;
    }
    setFormatError(false);
    validate.mutate(
      { email, code: digits },
      {
        onSuccess: (answer) => {
          if (answer.token) onVerified();
          else {
            setCode('');
            codeRef.current?.focus();
          }
        },
      },
    );
  };

  const refused = validate.data && !validate.data.token ? validate.data : null;
  return (
    <Box>
      <StepHeading focus={focusHeading}>Check your e-mail</StepHeading>
      <Typography sx={{ mb: 2 }}>
        We sent a {VERIFICATION_CODE_LENGTH}-digit code to{' '}
        <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>. It is valid for{' '}
        {VERIFICATION_CODE_TTL_MINUTES} minutes. You can also open the link in the e-mail.
      </Typography>
      <Box
        component="form"
        aria-label="Verification code"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 360 }}
      >
        {refused ? (
          <FormMessage severity="error">
            <strong>{INVALID_VALIDATION_CODE_TEXT}</strong> {codeRefusalDetail(refused)}
          </FormMessage>
        ) : null}
        {validate.isError ? (
          <FormMessage severity="error">
            {callErrorText(validate.error, CODE_CHECK_FAILED_TEXT)}
          </FormMessage>
        ) : null}
        <FormTextField
          label="Verification code"
          name="code"
          ref={codeRef}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/[^0-9]/g, ''))}
          error={formatError}
          helperText={formatError ? CODE_FORMAT_TEXT : undefined}
          inputProps={{
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: VERIFICATION_CODE_LENGTH,
            pattern: '[0-9]*',
          }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={validate.isPending}
            loadingPosition="start"
          >
            {validate.isPending ? 'Checking…' : 'Verify'}
          </Button>
        </Box>
      </Box>
      <Box
        sx={{ mt: 3, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}
      >
        <ResendCode
          email={email}
          resendAvailableAt={onboarding.resendAvailableAt}
          onSent={() => {
            validate.reset();
            codeRef.current?.focus();
          }}
        />
        <Button variant="text" onClick={onChangeEmail}>
          Use a different e-mail
        </Button>
      </Box>
    </Box>
  );
}
