import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/** Props of a free-text chip list input. */
export interface ChipListFieldProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** Most entries allowed (the contract's array limit). */
  maxItems: number;
  /** Longest entry allowed (the contract's string limit). */
  maxLength: number;
  helperText: string;
  placeholder?: string;
}

/**
 * Trimmed, non-empty, case-insensitively unique entries within the limits; entries beyond
 * `maxItems` are dropped, too long ones cut to `maxLength`.
 */
export function cleanChipValues(values: readonly string[], maxItems: number, maxLength: number) {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().slice(0, maxLength);
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out.slice(0, maxItems);
}

/**
 * A labelled text input that turns entries into chips: Enter (or leaving the field) adds what
 * was typed, Backspace on an empty input removes the last chip, and arrow keys move between
 * chips so each can be deleted from the keyboard.
 */
export function ChipListField({
  label,
  value,
  onChange,
  maxItems,
  maxLength,
  helperText,
  placeholder,
}: ChipListFieldProps) {
  const full = value.length >= maxItems;
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={value}
      onChange={(_event, next) => onChange(cleanChipValues(next, maxItems, maxLength))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={full ? undefined : placeholder}
          helperText={
            full ? `${helperText} You have reached the limit of ${maxItems}.` : helperText
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength, readOnly: full },
          }}
        />
      )}
    />
  );
}
