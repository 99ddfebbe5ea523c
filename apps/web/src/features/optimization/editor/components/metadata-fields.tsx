import type { ChangeEvent } from 'react';
import {
  codePointLength,
  PLATFORM_LIMITS,
  platformTagsLength,
  type LimitError,
  type Tip,
} from '@tubewise/recommendations';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { LANGUAGES } from '../editor-texts.ts';
import { Counter, FieldHeader, FieldTips, LimitErrors } from './field-parts.tsx';

/** What every metadata field gets. */
interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  dirty: boolean;
  onReset: () => void;
}

const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;

/** The title with its x/100 counter, hard-limit errors and live tips. */
export function TitleField({
  value,
  onChange,
  dirty,
  onReset,
  errors,
  tips,
}: FieldProps<string> & { errors: LimitError[]; tips: Tip[] }) {
  return (
    <Box component="section" aria-label="Title">
      <FieldHeader label="Title" htmlFor="video-title" dirty={dirty} onReset={onReset}>
        <Counter
          used={codePointLength(value)}
          max={PLATFORM_LIMITS.TITLE_MAX_CHARS}
          label="Title length"
        />
      </FieldHeader>
      <TextField
        id="video-title"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={errors.length > 0}
        fullWidth
        slotProps={{
          htmlInput: {
            'aria-invalid': errors.length > 0,
            'aria-describedby': describedBy(errors.length > 0 && 'video-title-errors'),
          },
        }}
      />
      <LimitErrors errors={errors} id="video-title-errors" />
      <FieldTips tips={tips} label="Title tips" />
    </Box>
  );
}

/** Cleans tag input: splits on commas, trims, drops empty and repeated (case-insensitive) tags. */
export function cleanTags(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of values.flatMap((v) => v.split(','))) {
    const value = tag.trim();
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/** Tags as chips with the used/500 counter and the recommended tags to add. */
export function TagsField({
  value,
  onChange,
  dirty,
  onReset,
  errors,
  tips,
  recommended,
}: FieldProps<string[]> & { errors: LimitError[]; tips: Tip[]; recommended: string[] }) {
  const used = new Set(value.map((t) => t.toLowerCase()));
  const missing = recommended.filter((t) => !used.has(t.toLowerCase()));
  return (
    <Box component="section" aria-label="Tags">
      <FieldHeader label="Tags" htmlFor="video-tags" dirty={dirty} onReset={onReset}>
        <Counter
          used={platformTagsLength(value)}
          max={PLATFORM_LIMITS.TAGS_MAX_CHARS}
          label="Tag characters"
        />
      </FieldHeader>
      <Autocomplete
        multiple
        freeSolo
        autoSelect
        id="video-tags"
        options={missing}
        value={value}
        onChange={(_event, next) => onChange(cleanTags(next))}
        renderInput={(params) => (
          <TextField
            {...params}
            error={errors.length > 0}
            placeholder={value.length === 0 ? 'Type a tag and press Enter' : undefined}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-describedby': describedBy(
                  'video-tags-help',
                  errors.length > 0 && 'video-tags-errors',
                ),
              },
            }}
          />
        )}
      />
      <Typography id="video-tags-help" variant="caption" color="text.secondary">
        Press Enter or type a comma after each tag. Commas between tags count toward the limit, and
        a tag with spaces counts 2 more.
      </Typography>
      <LimitErrors errors={errors} id="video-tags-errors" />
      {missing.length > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" id="recommended-tags-label" sx={{ mb: 0.5 }}>
            Recommended tags
          </Typography>
          <Stack
            direction="row"
            role="list"
            aria-labelledby="recommended-tags-label"
            sx={{ flexWrap: 'wrap', gap: 1 }}
          >
            {missing.map((tag) => (
              <Chip
                key={tag}
                role="listitem"
                icon={<Add />}
                label={tag}
                variant="outlined"
                color="primary"
                aria-label={`Add tag ${tag}`}
                onClick={() => onChange(cleanTags([...value, tag]))}
              />
            ))}
          </Stack>
        </Box>
      ) : null}
      <FieldTips tips={tips} label="Tag tips" />
    </Box>
  );
}

/** The video's default language (a select of common YouTube language codes). */
export function LanguageSelect({
  value,
  onChange,
  dirty,
  onReset,
  highlight,
}: FieldProps<string | null> & { highlight: boolean }) {
  const known = value === null || LANGUAGES.some((l) => l.code === value);
  return (
    <Box component="section" aria-label="Language">
      <FieldHeader
        label="Default language"
        htmlFor="video-language"
        dirty={dirty}
        onReset={onReset}
      />
      <TextField
        select
        id="video-language"
        value={value ?? ''}
        error={highlight}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value || null)}
        fullWidth
        slotProps={{ select: { native: true } }}
        helperText={
          highlight
            ? 'Choose the language spoken in the video.'
            : 'The language of the title and description.'
        }
      >
        <option value="">Not set</option>
        {!known && value ? <option value={value}>{value}</option> : null}
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name} ({l.code})
          </option>
        ))}
      </TextField>
    </Box>
  );
}
