import { useForm } from 'react-hook-form';
import type { BodyOf } from '@tubewise/contract';
import { PASSWORD_MIN_LENGTH } from '@tubewise/contract/constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { notify } from '../../../lib/notify.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useUpdatePassword } from '../api/update-password.ts';

const validation = lazyZodResolver<BodyOf<'updatePassword'>>(
  async () => (await import('@tubewise/contract')).updatePasswordBody,
);

/** The message for a failed password change. */
export function updatePasswordErrorText(err: unknown): string {
  if (isApiError(err) && err.code === 'wrong-password')
    return 'Your current password is incorrect.';
  // The server explains why it refused the new password (e.g. too common).
  if (isApiError(err) && (err.code === 'weak-password' || err.code === 'validation-failed')) {
    return err.message;
  }
  return 'Failed to update your password. Please try again.';
}

/** Form to change the password with the current one. */
export function ChangePasswordForm() {
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: validation.resolver,
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Change password"
      onFocus={validation.preload}
      onSubmit={handleSubmit((values) =>
        update.mutate(values, {
          onSuccess: () => {
            reset();
            notify('Your password was changed.', { variant: 'success' });
          },
        }),
      )}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}
    >
      {update.isError ? (
        <Alert severity="error">{updatePasswordErrorText(update.error)}</Alert>
      ) : null}
      <FormTextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword ? 'Enter your current password' : undefined}
        {...register('currentPassword')}
      />
      <FormTextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        error={Boolean(errors.newPassword)}
        helperText={
          errors.newPassword?.message ??
          `At least ${PASSWORD_MIN_LENGTH} characters. Very common passwords are refused.`
        }
        {...register('newPassword')}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={update.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Change password
      </Button>
    </Box>
  );
}
