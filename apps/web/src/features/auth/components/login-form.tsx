import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { isValidEmail, isValidPassword, normalizeEmail } from '../../../lib/form-validation.ts';
import { useLogin } from '../api/login.ts';

/** Shown on 401 from login. */
export const INVALID_CREDENTIALS_TEXT = 'Invalid e-mail or password';
/** Shown when login got no HTTP answer at all (spec: treated as a cross-origin error). */
export const CROSS_ORIGIN_TEXT =
  'We could not reach the server: the request was blocked (a cross-origin error) or you are offline. Please check your connection and try again.';

/** The message for a failed login. */
export function loginErrorText(err: unknown): string {
  if (!isApiError(err) || err.status === 0 || err.code === 'cross-origin') {
    return CROSS_ORIGIN_TEXT;
  }
  if (err.status === 401) return INVALID_CREDENTIALS_TEXT;
  // Rate limiting: the server's message says how long to wait.
  if (err.status === 429) return err.message;
  return 'Something went wrong on our side. Please try again.';
}

/**
 * E-mail + password form; on success the route guard takes the user where they were going.
 * Plain controlled inputs (no form library) keep the login page's JavaScript small. Like the
 * form library it replaced, errors appear on submit and then follow the input as it changes.
 */
export function LoginForm() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const emailError = submitted && !isValidEmail(email) ? 'Enter a valid e-mail address' : null;
  const passwordError = submitted && !isValidPassword(password) ? 'Enter your password' : null;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (!isValidEmail(email)) return emailRef.current?.focus();
    if (!isValidPassword(password)) return passwordRef.current?.focus();
    login.mutate({ email: normalizeEmail(email), password });
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Log in"
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {login.isError ? (
        <FormMessage severity="error">{loginErrorText(login.error)}</FormMessage>
      ) : null}
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
      <FormTextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        ref={passwordRef}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(passwordError)}
        helperText={passwordError}
      />
      <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log in'}
      </Button>
      <Link component={RouterLink} to={paths.forgetPassword} sx={{ alignSelf: 'center' }}>
        Forgot your password?
      </Link>
    </Box>
  );
}
