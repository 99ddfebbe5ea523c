import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { BodyOf } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useLogin } from '../api/login.ts';

/** Shown on 401 from login. */
export const INVALID_CREDENTIALS_TEXT = 'Invalid e-mail or password';
/** Shown when login got no HTTP answer at all (spec: treated as a cross-origin error). */
export const CROSS_ORIGIN_TEXT =
  'We could not reach the server: the request was blocked (a cross-origin error) or you are offline. Please check your connection and try again.';

const validation = lazyZodResolver<BodyOf<'login'>>(
  async () => (await import('@tubewise/contract')).loginBody,
);

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

/** E-mail + password form; on success the route guard takes the user where they were going. */
export function LoginForm() {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '' },
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Log in"
      onFocus={validation.preload}
      onSubmit={handleSubmit((values) => login.mutate(values))}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {login.isError ? (
        <FormMessage severity="error">{loginErrorText(login.error)}</FormMessage>
      ) : null}
      <FormTextField
        label="E-mail"
        type="email"
        autoComplete="email"
        autoFocus
        required
        error={Boolean(errors.email)}
        helperText={errors.email ? 'Enter a valid e-mail address' : undefined}
        {...register('email')}
      />
      <FormTextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={Boolean(errors.password)}
        helperText={errors.password ? 'Enter your password' : undefined}
        {...register('password')}
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
