import { useForm } from 'react-hook-form';
import type { BodyOf } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { notify } from '../../../lib/notify.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SNACKBAR_DURATION_MS } from '../../../config/notifications.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { setEmailErrorText, useSetEmail } from '../api/set-email.ts';

const validation = lazyZodResolver<BodyOf<'setEmail'>>(
  async () => (await import('@tubewise/contract')).setEmailBody,
);

/** Form to change the account e-mail, confirmed with the current password. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const setEmail = useSetEmail();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Change e-mail"
      onFocus={validation.preload}
      onSubmit={handleSubmit((values) =>
        setEmail.mutate(values, {
          onSuccess: () => {
            reset();
            notify('Your e-mail address was updated.', {
              variant: 'success',
              autoHideDuration: SNACKBAR_DURATION_MS,
            });
          },
        }),
      )}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}
    >
      {setEmail.isError ? (
        <Alert severity="error">{setEmailErrorText(setEmail.error)}</Alert>
      ) : null}
      <FormTextField label="Current e-mail" value={currentEmail} disabled />
      <FormTextField
        label="New e-mail"
        type="email"
        autoComplete="email"
        required
        error={Boolean(errors.email)}
        helperText={errors.email ? 'Enter a valid e-mail address' : undefined}
        {...register('email')}
      />
      <FormTextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={Boolean(errors.password)}
        helperText={errors.password ? 'Enter your current password' : undefined}
        {...register('password')}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={setEmail.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Change e-mail
      </Button>
    </Box>
  );
}
