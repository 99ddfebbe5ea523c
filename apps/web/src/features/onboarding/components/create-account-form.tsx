import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { PASSWORD_MAX_LENGTH } from '@tubewise/contract/constants';
import { FormMessage } from '../../../components/form-message.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { newPasswordError } from '../../../lib/form-validation.ts';
import { useCreateOnboardingAccount } from '../api/create-account.ts';
import { callErrorText } from '../call-error-text.ts';
import { ACCOUNT_EXISTS_TEXT, ACCOUNT_FAILED_TEXT } from '../onboarding-texts.ts';

/**
 * "Create my account": a password and an optional name. On success the person is signed in and
 * goes home, which asks a new account to connect its channel; an e-mail that already has an
 * account is told so with a way to log in.
 */
export function CreateAccountForm({
  onboardingId,
  token,
}: {
  onboardingId: string;
  token: string;
}) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const create = useCreateOnboardingAccount(onboardingId);
  const navigate = useNavigate();

  const passwordError = submitted ? newPasswordError(password) : null;
  const exists = isApiError(create.error, 409) && create.error.code === 'account-exists';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setSubmitted(true);
    if (newPasswordError(password)) return passwordRef.current?.focus();
    create.mutate(
      { token, password, name: name.trim() || undefined },
      { onSuccess: () => void navigate(paths.home, { replace: true }) },
    );
  };

  return (
    <Box
      component="form"
      aria-label="Create my account"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {create.isError ? (
        <FormMessage severity="error">
          {exists ? (
            <>
              {ACCOUNT_EXISTS_TEXT}.{' '}
              <Link
                component={RouterLink}
                to={paths.login}
                sx={{ color: 'inherit', fontWeight: 600 }}
              >
                Log in
              </Link>
            </>
          ) : (
            callErrorText(create.error, ACCOUNT_FAILED_TEXT)
          )}
        </FormMessage>
      ) : null}
      <FormTextField
        label="Name (optional)"
        name="name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        inputProps={{ maxLength: 100 }}
      />
      <FormTextField
        label="Password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        ref={passwordRef}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(passwordError)}
        helperText={passwordError}
        inputProps={{ maxLength: PASSWORD_MAX_LENGTH }}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={create.isPending}
          loadingPosition="start"
        >
          {create.isPending ? 'Creating your account…' : 'Create my account'}
        </Button>
      </Box>
    </Box>
  );
}
