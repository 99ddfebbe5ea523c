import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AddTrackedKeywordsResult, Language } from '@tubewise/contract';
import { TRACKED_KEYWORDS_PASTE_MAX_LENGTH } from '@tubewise/contract/reporting-constants';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LOCALES_FAILED_TEXT } from '../../lib/channels/get-locales.ts';
import { formatNumber } from '../../lib/format.ts';
import { keywordCount, REFUSAL_TEXT } from './format.ts';

/** The label of the paste box. */
export const PASTE_LABEL = 'Keywords to track';

/** What the last add did, as the form reports it. */
export function AddResult({ result }: { result: AddTrackedKeywordsResult }) {
  const { added, refused } = result;
  const severity = refused.length === 0 ? 'success' : added.length === 0 ? 'warning' : 'info';
  return (
    <Alert severity={severity} role="status" aria-live="polite">
      <AlertTitle>
        {added.length === 0
          ? 'No keyword was added'
          : `Added ${keywordCount(added.length)}${refused.length > 0 ? `; ${formatNumber(refused.length)} not added` : ''}`}
      </AlertTitle>
      {added.length > 0 ? (
        <Box component="p" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          Added: {added.map((k) => k.keyword).join(', ')}.
        </Box>
      ) : null}
      {refused.length > 0 ? (
        <>
          <Box component="p" sx={{ m: 0, mt: added.length > 0 ? 1 : 0 }}>
            Not added:
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {refused.map((r, i) => (
              <li key={`${r.keyword}-${i}`} style={{ overflowWrap: 'anywhere' }}>
                “{r.keyword}”: {REFUSAL_TEXT[r.reason]}
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}

/**
 * The paste box: one keyword per line or comma separated, in a keyword language (the channel's
 * by default). Ctrl+Enter or Cmd+Enter submits too. The text stays when nothing was added.
 */
export function AddKeywordsForm({
  language,
  locales,
  localesFailed,
  adding,
  onLanguageChange,
  onAdd,
}: {
  language: string | undefined;
  locales: Language[] | undefined;
  localesFailed: boolean;
  /** An add is under way (addingKeywords). */
  adding: boolean;
  onLanguageChange: (language: string) => void;
  /** Adds the text; resolves whether anything was added (the box is then emptied). */
  onAdd: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const tooLong = text.length > TRACKED_KEYWORDS_PASTE_MAX_LENGTH;

  const submit = async (): Promise<void> => {
    if (adding) return;
    if (text.trim().replace(/[\s,;]+/g, '') === '') {
      setEmpty(true);
      return;
    }
    if (tooLong) return;
    if (await onAdd(text)) setText('');
  };
  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  let helper = 'One per line or separated by commas. Ctrl+Enter (⌘+Enter on a Mac) adds them.';
  if (empty) helper = 'Enter at least one keyword.';
  if (tooLong)
    helper = `That is more than ${formatNumber(TRACKED_KEYWORDS_PASTE_MAX_LENGTH)} characters; add the list in parts.`;

  return (
    <Box component="form" aria-label="Add keywords" noValidate onSubmit={onSubmit}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={PASTE_LABEL}
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          value={text}
          error={empty || tooLong}
          helperText={helper}
          placeholder={'camp cooking\ndutch oven bread, cast iron care'}
          onChange={(e) => {
            setText(e.target.value);
            setEmpty(false);
          }}
          onKeyDown={onKeyDown}
        />
        <TextField
          select
          label="Keyword language"
          value={language ?? ''}
          disabled={!locales}
          error={localesFailed}
          helperText={localesFailed ? LOCALES_FAILED_TEXT : 'Where the ranks are checked'}
          onChange={(e) => onLanguageChange(e.target.value)}
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
          disabled={adding || !language}
          sx={{ height: 56, flexShrink: 0, width: { xs: '100%', md: 'auto' } }}
        >
          {adding ? 'Adding keywords…' : 'Add keywords'}
        </Button>
      </Stack>
    </Box>
  );
}
