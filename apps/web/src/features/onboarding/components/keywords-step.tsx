import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Onboarding } from '@tubewise/contract';
import {
  ONBOARDING_KEYWORD_MAX_LENGTH,
  ONBOARDING_KEYWORDS_MAX,
  ONBOARDING_KEYWORDS_MIN,
} from '@tubewise/contract/onboarding-constants';
import { FormMessage } from '../../../components/form-message.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useUpdateOnboarding } from '../api/update-onboarding.ts';
import { callErrorText } from '../call-error-text.ts';
import { addKeywords, splitKeywords } from '../keyword-list.ts';
import {
  KEYWORDS_FULL_TEXT,
  KEYWORDS_TOO_FEW_TEXT,
  SAVE_FAILED_TEXT,
} from '../onboarding-texts.ts';
import { KeywordSuggestions } from './keyword-suggestions.tsx';
import { StepActions } from './step-actions.tsx';
import { StepHeading } from './step-heading.tsx';

/** Step 2: 1 to 10 keywords, typed or taken from the competitors' videos, then saved. */
export function KeywordsStep({
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
  const [keywords, setKeywords] = useState<string[]>(onboarding.keywords);
  const [text, setText] = useState('');
  const [tooFew, setTooFew] = useState(false);
  const [overflow, setOverflow] = useState(false);
  const save = useUpdateOnboarding(onboarding.id);
  const full = keywords.length >= ONBOARDING_KEYWORDS_MAX;

  const add = (added: string[]) => {
    const result = addKeywords(keywords, added);
    setKeywords(result.list);
    setOverflow(result.overflow);
    setTooFew(false);
  };
  const addTyped = (event: FormEvent) => {
    event.preventDefault();
    add(splitKeywords(text));
    setText('');
  };
  const remove = (keyword: string) => {
    setKeywords((list) => list.filter((k) => k !== keyword));
    setOverflow(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (keywords.length < ONBOARDING_KEYWORDS_MIN) {
      setTooFew(true);
      return;
    }
    save.mutate({ keywords }, { onSuccess: onDone });
  };

  return (
    <Box>
      <StepHeading focus={focusHeading}>Which keywords matter to you?</StepHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Enter {ONBOARDING_KEYWORDS_MIN} to {ONBOARDING_KEYWORDS_MAX} search terms people use to find
        videos like yours.
      </Typography>
      <Box
        component="form"
        aria-label="Add keywords"
        noValidate
        onSubmit={addTyped}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <FormTextField
          label="Keyword"
          name="keyword"
          autoComplete="off"
          value={text}
          disabled={full}
          onChange={(e) => setText(e.target.value)}
          helperText="Separate several keywords with commas."
          inputProps={{ maxLength: ONBOARDING_KEYWORD_MAX_LENGTH * ONBOARDING_KEYWORDS_MAX }}
        />
        <Button
          type="submit"
          variant="outlined"
          size="large"
          disabled={full}
          sx={{ height: 56, flexShrink: 0 }}
        >
          Add
        </Button>
      </Box>
      <Box component="section" aria-labelledby="chosen-keywords" sx={{ mt: 3 }}>
        <Typography id="chosen-keywords" variant="h3" component="h3" gutterBottom>
          Your keywords
        </Typography>
        <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
          {keywords.length} of {ONBOARDING_KEYWORDS_MAX} entered
        </Typography>
        {keywords.length > 0 ? (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
            {keywords.map((keyword) => (
              <Box
                component="li"
                key={keyword}
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {keyword}
                </Typography>
                <Button
                  size="small"
                  color="inherit"
                  aria-label={`Remove ${keyword}`}
                  onClick={() => remove(keyword)}
                >
                  Remove
                </Button>
              </Box>
            ))}
          </Box>
        ) : null}
        {full || overflow ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {KEYWORDS_FULL_TEXT}
          </Typography>
        ) : null}
      </Box>
      <KeywordSuggestions
        onboardingId={onboarding.id}
        competitorIds={onboarding.competitors.map((c) => c.youtubeId)}
        chosen={keywords}
        full={full}
        onAdd={(keyword) => add([keyword])}
      />
      <Box component="form" aria-label="Save keywords" noValidate onSubmit={submit} sx={{ mt: 2 }}>
        {tooFew ? <FormMessage severity="error">{KEYWORDS_TOO_FEW_TEXT}</FormMessage> : null}
        {save.isError ? (
          <FormMessage severity="error">{callErrorText(save.error, SAVE_FAILED_TEXT)}</FormMessage>
        ) : null}
        <StepActions pending={save.isPending} onBack={onBack} />
      </Box>
    </Box>
  );
}
