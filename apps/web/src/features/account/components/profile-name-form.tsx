import { useForm } from 'react-hook-form';
import type { BodyOf } from '@tubewise/contract';
import { PROFILE_NAME_MAX_LENGTH } from '@tubewise/contract/billing-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { notify } from '../../../lib/notify.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SNACKBAR_DURATION_MS } from '../../../config/notifications.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSetProfileName } from '../api/profile-name.ts';

const validation = lazyZodResolver<BodyOf<'setProfileName'>>(
  async () => (await import('@tubewise/contract')).profileNameBody,
);

/** The person's name, shown to the people they work with (drafts, publishes, ideas). */
export function ProfileNameForm({ name }: { name: string }) {
  const setName = useSetProfileName();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: validation.resolver, values: { name } });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Your name"
      onFocus={validation.preload}
      onSubmit={handleSubmit((values) =>
        setName.mutate(values.name, {
          onSuccess: (user) => {
            reset({ name: user.name });
            notify('Your name was saved.', {
              variant: 'success',
              autoHideDuration: SNACKBAR_DURATION_MS,
            });
          },
        }),
      )}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}
    >
      {setName.isError ? (
        <Alert severity="error">Your name could not be saved. Please try again.</Alert>
      ) : null}
      <FormTextField
        label="Name"
        autoComplete="name"
        required
        inputProps={{ maxLength: PROFILE_NAME_MAX_LENGTH }}
        error={Boolean(errors.name)}
        helperText={errors.name?.message ?? 'Shown to the people you share channels with.'}
        {...register('name')}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={setName.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save name
      </Button>
    </Box>
  );
}
