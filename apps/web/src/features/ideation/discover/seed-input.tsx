import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { cleanSeeds, tooManySeedsText } from './idea-format.ts';
import { MAX_SEED_LENGTH } from './constants.ts';

/** Props of the seed keyword input. */
export interface SeedInputProps {
  seeds: string[];
  onSeedsChange: (seeds: string[]) => void;
  /** What is typed but not yet a chip (controlled, so "Find ideas" can take it too). */
  text: string;
  onTextChange: (text: string) => void;
  max: number;
  /** A message to show instead of the helper text (e.g. the server refused the seeds). */
  error: string | null;
  onError: (message: string | null) => void;
}

/** The helper text under the seed input. */
export function seedHelperText(count: number, max: number): string {
  return `${count} of ${max} seeds. Press Enter to add a seed, Backspace to remove the last one.`;
}

/**
 * The seed keywords as chips: Enter adds what was typed, Backspace on an empty input removes
 * the last chip, arrow keys move between chips. A seed beyond `max` is refused with a message
 * and stays typed, so nothing is lost.
 */
export function SeedInput({
  seeds,
  onSeedsChange,
  text,
  onTextChange,
  max,
  error,
  onError,
}: SeedInputProps) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={seeds}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        // Only typing (or clearing) changes the text: after an accepted seed onChange empties
        // it, and a refused seed stays typed, so MUI's reset on selection is ignored.
        if (reason !== 'input' && reason !== 'clear') return;
        onTextChange(value);
        if (error) onError(null);
      }}
      onChange={(_event, next) => {
        if (next.length > max) {
          onError(tooManySeedsText(max));
          return;
        }
        const cleaned = cleanSeeds(next, max);
        const typed = next.at(-1)?.trim() ?? '';
        if (next.length > seeds.length && cleaned.length === seeds.length && typed) {
          onError(`“${typed}” is already a seed.`);
          return;
        }
        onError(null);
        onSeedsChange(cleaned);
        onTextChange('');
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Seed keywords"
          placeholder={seeds.length === 0 ? 'e.g. sourdough bread' : undefined}
          error={Boolean(error)}
          helperText={error ?? seedHelperText(seeds.length, max)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_SEED_LENGTH },
            formHelperText: { role: error ? 'alert' : undefined } as object,
          }}
        />
      )}
    />
  );
}
