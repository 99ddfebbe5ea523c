import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PASSWORD_MIN_LENGTH } from '../../../config/limits.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
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

// The contract's password rule plus a confirmation the server does not need.
const validation = lazyZodResolver<{ password: string; confirm: string }>(async () => {
  const [{ z }, { setPasswordBody }] = await Promise.all([
    import('zod'),
    import('@tubewise/contract'),
  ]);
  return z
    .object({ password: setPasswordBody.shape.password, confirm: z.string() })
    .refine((v) => v.password === v.confirm, {
      path: ['confirm'],
      message: 'The passwords do not match.',
    });
});

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

/** New-password form for the token from the e-mail link (`?token=`). */
export function SetPasswordForm({ token }: { token: string | null }) {
  const setPassword = useSetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: validation.resolver, defaultValues: { password: '', confirm: '' } });

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

  return (
    <Box
      component="form"
      noValidate
      aria-label="Set a new password"
      onFocus={validation.preload}
      onSubmit={handleSubmit(({ password }) => setPassword.mutate({ token, password }))}
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
        error={Boolean(errors.password) || Boolean(serverRefusal)}
        helperText={errors.password?.message ?? serverRefusal ?? PASSWORD_RULES_TEXT}
        {...register('password')}
      />
      <FormTextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={Boolean(errors.confirm)}
        helperText={errors.confirm?.message}
        {...register('confirm')}
      />
      <Button type="submit" variant="contained" size="large" disabled={setPassword.isPending}>
        Set password
      </Button>
    </Box>
  );
}
