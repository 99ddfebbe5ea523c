import { useState, type FormEvent } from 'react';
import type { Language } from '@tubewise/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { LOCALES_FAILED_TEXT } from '../../../lib/channels/get-locales.ts';
import { cleanSeeds, tooManySeedsText } from './idea-format.ts';
import { SeedInput } from './seed-input.tsx';

/** Props of the discover form. */
export interface DiscoverFormProps {
  /** The seeds searched for now (from the URL); the form starts from them. */
  initialSeeds: string[];
  /** The keyword language in use (URL, else the channel's setting). */
  language: string | undefined;
  locales: Language[] | undefined;
  localesFailed: boolean;
  max: number;
  /** A refusal from the server (e.g. 'too-many-seeds'), shown under the seed input. */
  serverError: string | null;
  onSearch: (seeds: string[], language: string | undefined) => void;
}

/**
 * Seeds (1 to `max`, as chips) and the keyword language; "Find ideas" searches with them.
 * Enter on an empty input also submits. Changing the language searches again at once.
 */
export function DiscoverForm({
  initialSeeds,
  language,
  locales,
  localesFailed,
  max,
  serverError,
  onSearch,
}: DiscoverFormProps) {
  const [seeds, setSeeds] = useState(initialSeeds);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shownError = error ?? serverError;

  const submit = (nextLanguage: string | undefined) => {
    const typed = text.trim();
    if (typed && !seeds.some((s) => s.toLowerCase() === typed.toLowerCase())) {
      if (seeds.length >= max) {
        setError(tooManySeedsText(max));
        return;
      }
      const next = cleanSeeds([...seeds, typed], max);
      setSeeds(next);
      setText('');
      onSearch(next, nextLanguage);
      return;
    }
    if (seeds.length === 0) {
      setError('Add at least one seed keyword.');
      return;
    }
    setText('');
    onSearch(seeds, nextLanguage);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(language);
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Discover video ideas"
      onSubmit={onSubmit}
      noValidate
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' }, mb: 3 }}
    >
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <SeedInput
          seeds={seeds}
          onSeedsChange={setSeeds}
          text={text}
          onTextChange={setText}
          max={max}
          error={shownError}
          onError={setError}
        />
      </Stack>
      <TextField
        select
        label="Keyword language"
        value={language ?? ''}
        disabled={!locales}
        error={localesFailed}
        helperText={localesFailed ? LOCALES_FAILED_TEXT : ' '}
        onChange={(e) => {
          const next = e.target.value || undefined;
          if (seeds.length > 0) submit(next);
          else onSearch([], next);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}
      >
        {!locales || !locales.some((l) => l.id === language) ? (
          <option value={language ?? ''}>{language ?? ''}</option>
        ) : null}
        {locales?.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </TextField>
      <Button
        type="submit"
        variant="contained"
        size="large"
        startIcon={<SearchIcon />}
        sx={{ height: 56, flexShrink: 0 }}
      >
        Find ideas
      </Button>
    </Stack>
  );
}
