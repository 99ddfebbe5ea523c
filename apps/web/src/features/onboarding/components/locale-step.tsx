import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Onboarding } from '@tubewise/contract';
import { FormMessage } from '../../../components/form-message.tsx';
import { usePublicLocales } from '../api/public-locales.ts';
import { useUpdateOnboarding } from '../api/update-onboarding.ts';
import { callErrorText } from '../call-error-text.ts';
import { LOCALES_FAILED_TEXT, SAVE_FAILED_TEXT } from '../onboarding-texts.ts';
import { StepActions } from './step-actions.tsx';
import { StepHeading } from './step-heading.tsx';

/** Step 3: the language and country of the keyword figures (a native select: phone friendly). */
export function LocaleStep({
  onboarding,
  focusHeading,
  onBack,
  onDone,
}: {
  onboarding: Onboarding;
  focusHeading: boolean;
  onBack: () => void;
  onDone: () => void;
}) {
  const locales = usePublicLocales();
  const [locale, setLocale] = useState(onboarding.locale);
  const save = useUpdateOnboarding(onboarding.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !locales.isSuccess) return;
    save.mutate({ locale }, { onSuccess: onDone });
  };

  let field;
  if (locales.isPending) {
    field = (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>Loading languages…</Typography>
      </Box>
    );
  } else if (locales.isError) {
    field = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        <FormMessage severity="error">{LOCALES_FAILED_TEXT}</FormMessage>
        <Button variant="outlined" onClick={() => void locales.refetch()}>
          Try again
        </Button>
      </Box>
    );
  } else {
    field = (
      <TextField
        select
        label="Keyword language"
        name="locale"
        value={locale}
        onChange={(e) => setLocale(e.target.value)}
        slotProps={{ select: { native: true } }}
        helperText="Search volumes and results are read for this language and country."
        sx={{ maxWidth: 420 }}
        fullWidth
      >
        {locales.data.map((language) => (
          <option key={language.id} value={language.id}>
            {language.name}
          </option>
        ))}
      </TextField>
    );
  }

  return (
    <Box component="form" aria-label="Keyword language" noValidate onSubmit={submit}>
      <StepHeading focus={focusHeading}>Which language do your viewers search in?</StepHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        We check your keywords where your viewers are.
      </Typography>
      {field}
      {save.isError ? (
        <Box sx={{ mt: 2 }}>
          <FormMessage severity="error">{callErrorText(save.error, SAVE_FAILED_TEXT)}</FormMessage>
        </Box>
      ) : null}
      <StepActions pending={save.isPending} onBack={onBack} />
    </Box>
  );
}
