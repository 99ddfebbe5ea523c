import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PASSWORD_MIN_LENGTH } from '@tubewise/contract/constants';
import { isApiError } from '../../../lib/api-error.ts';
import { newPasswordError } from '../../../lib/form-validation.ts';
import { useSetPassword } from '../api/set-password.ts';

/** The password rules shown under the new-password field. */
export const PASSWORD_RULES_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters. Very common passwords are refused.`;

/** The three outcomes of setting a password (spec section 4), plus a refused password. */
export type SetPasswordOutcome = 'success' | 'invalid-token' | 'weak-password' | 'internal-error';

/** Classifies a set-password failure. */
export function setPasswordOutcome(err: unknown): Exclude<SetPasswordOutcome, 'success'> {
  if (isApiError(err) && (err.code === 'weak-password' || err.code === 'validation-failed')) {
    return 'weak-password';
  }
  if (isApiError(err, 400)) return 'invalid-token';
  return 'internal-error';
}

function InvalidToken() {
  return (
    <FormMessage severity="error">
      This link is invalid or has expired.{' '}
      <Link component={RouterLink} to={paths.forgetPassword}>
        Request a new link
      </Link>
      .
    </FormMessage>
  );
}

/** Shown under the confirmation field when it differs from the new password. */
export const PASSWORDS_DIFFER_TEXT = 'The passwords do not match.';

/**
 * New-password form for the token from the e-mail link (`?token=`). The contract's password
 * rule is applied by a zod-free copy (lib/form-validation.ts) to keep the page light.
 */
export function SetPasswordForm({ token }: { token: string | null }) {
  const setPassword = useSetPassword();
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const passwordError = submitted ? newPasswordError(password) : null;
  const confirmError = submitted && confirm !== password ? PASSWORDS_DIFFER_TEXT : null;

  if (!token) return <InvalidToken />;
  if (setPassword.isSuccess) {
    return (
      <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <FormMessage severity="success">Your password has been set.</FormMessage>
        <Button component={RouterLink} to={paths.login} variant="contained">
          Go to log in
        </Button>
      </Box>
    );
  }
  const outcome = setPassword.isError ? setPasswordOutcome(setPassword.error) : null;
  if (outcome === 'invalid-token') return <InvalidToken />;

  const serverRefusal =
    outcome === 'weak-password' && isApiError(setPassword.error) ? setPassword.error.message : null;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (newPasswordError(password)) return passwordRef.current?.focus();
    if (confirm !== password) return confirmRef.current?.focus();
    setPassword.mutate({ token, password });
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Set a new password"
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {outcome === 'internal-error' ? (
        <FormMessage severity="error">
          Something went wrong on our side and your password was not changed. Please try again.
        </FormMessage>
      ) : null}
      <FormTextField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        required
        name="password"
        ref={passwordRef}
        value={password}
        onChange={(e) => setPasswordValue(e.target.value)}
        error={Boolean(passwordError) || Boolean(serverRefusal)}
        helperText={passwordError ?? serverRefusal ?? PASSWORD_RULES_TEXT}
      />
      <FormTextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        name="confirm"
        ref={confirmRef}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={Boolean(confirmError)}
        helperText={confirmError}
      />
      <Button type="submit" variant="contained" size="large" disabled={setPassword.isPending}>
        Set password
      </Button>
    </Box>
  );
}
