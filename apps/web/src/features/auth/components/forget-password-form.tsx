import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormTextField } from '../../../components/form-text-field.tsx';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { isValidEmail, normalizeEmail } from '../../../lib/form-validation.ts';
import { useForgetPassword } from '../api/forget-password.ts';

/**
 * Whether a failed reset request still shows the "sent" state: the server never reveals whether
 * an account exists, so only rate limiting and "no answer / server down" are reported as errors.
 */
function isReportable(err: unknown): boolean {
  return !isApiError(err) || err.status === 0 || err.status === 429 || err.status >= 500;
}

/**
 * Password-reset request: e-mail in, then always the "if an account exists" confirmation.
 * A controlled input with its own check keeps the page free of form and schema libraries.
 */
export function ForgetPasswordForm() {
  const forget = useForgetPassword();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const emailError = submitted && !isValidEmail(email) ? 'Enter a valid e-mail address' : null;

  const sent = forget.isSuccess || (forget.isError && !isReportable(forget.error));
  if (sent) {
    return (
      <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>
          If an account exists for <strong>{normalizeEmail(email)}</strong>, we sent a link to set a
          new password. Check your inbox (and your spam folder).
        </Typography>
        <Link component={RouterLink} to={paths.login}>
          Back to log in
        </Link>
      </Box>
    );
  }

  let failure: string | null = null;
  if (forget.isError) {
    failure =
      isApiError(forget.error) && forget.error.status === 429
        ? forget.error.message
        : 'We could not send the e-mail right now. Please try again.';
  }

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (!isValidEmail(email)) return emailRef.current?.focus();
    forget.mutate({ email: normalizeEmail(email) });
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Reset your password"
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography color="text.secondary">
        Enter the e-mail address of your account and we will send you a link to set a new password.
      </Typography>
      {failure ? <FormMessage severity="error">{failure}</FormMessage> : null}
      <FormTextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        ref={emailRef}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(emailError)}
        helperText={emailError}
      />
      <Button type="submit" variant="contained" size="large" disabled={forget.isPending}>
        Send reset link
      </Button>
      <Link component={RouterLink} to={paths.login} sx={{ alignSelf: 'center' }}>
        Back to log in
      </Link>
    </Box>
  );
}
